/** An in-process SMTP server for e-mail tests: keeps every message it receives, parsed, can
 * refuse the next few with a temporary failure (450) to exercise retries, and refuses the
 * recipients in `rejectRecipients` for good (550 User unknown), as a server does for a bounce. */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  /** The messages received so far, in order; tests may empty it (`received.length = 0`). */
  readonly received: ParsedMail[];
  /** How many of the next messages to refuse with "450 Mailbox unavailable". */
  failNext: number;
  /** Addresses refused at RCPT TO with "550 5.1.1 User unknown" (lower case). */
  readonly rejectRecipients: Set<string>;
  /** `smtp://127.0.0.1:<port>`, for the `SMTP_URL` setting. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const state = { failNext: 0 };
  const rejectRecipients = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (!rejectRecipients.has(address.address.toLowerCase())) return callback();
      callback(
        Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
          responseCode: 550,
        }),
      );
    },
    onData(stream, _session, callback) {
      if (state.failNext > 0) {
        state.failNext--;
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 450 })),
        );
        return;
      }
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    received,
    rejectRecipients,
    get failNext() {
      return state.failNext;
    },
    set failNext(n: number) {
      state.failNext = n;
    },
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

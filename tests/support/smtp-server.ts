/** An in-process SMTP server for e-mail tests: keeps every message it receives, parsed, and can
 * refuse the next few with a temporary failure (450) to exercise retries. */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  /** The messages received so far, in order; tests may empty it (`received.length = 0`). */
  readonly received: ParsedMail[];
  /** How many of the next messages to refuse with "450 Mailbox unavailable". */
  failNext: number;
  /** `smtp://127.0.0.1:<port>`, for the `SMTP_URL` setting. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const state = { failNext: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
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

/**
 * The batch job: every waiting event is taken (and deleted) in one transaction that also queues
 * one e-mail per admin with an account, listing the events of the kinds that admin asked for
 * (Settings). An admin who asked for none of them gets nothing; an event no admin wants is
 * dropped all the same (the admin pages still list it).
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { renderEmail, type EmailBlock } from "~/platform/email/templates.server";
import { enqueueAdminBatch, type AdminEventKind, type NotifyConfig } from "./notify-admins.server";

/** At most this many events per e-mail; the rest go in the next batch at once. */
export const BATCH_MAX = 200;

const KINDS: Record<AdminEventKind, { one: string; many: string; flag: NotifyFlag }> = {
  claim: { one: "claim request", many: "claim requests", flag: "notify_claims" },
  report: { one: "carrier report", many: "carrier reports", flag: "notify_reports" },
  message: { one: "contact message", many: "contact messages", flag: "notify_messages" },
};
type NotifyFlag = "notify_claims" | "notify_reports" | "notify_messages";

interface Event {
  kind: AdminEventKind;
  title: string;
  path: string;
}

const counted = (n: number, kind: AdminEventKind) => `${n} ${n === 1 ? KINDS[kind].one : KINDS[kind].many}`;

/** "New claim request: Acme Waste Ltd…" for one event, "New: 2 claim requests, 1 carrier report" for more. */
export function digestSubject(events: readonly Event[]): string {
  if (events.length === 1) {
    const [e] = events;
    const one = KINDS[e.kind].one;
    return `New ${one}: ${e.title}`;
  }
  const parts = (Object.keys(KINDS) as AdminEventKind[])
    .map((kind) => [kind, events.filter((e) => e.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => counted(n, kind));
  return `New in the admin area: ${parts.join(", ")}`;
}

function digestEmail(to: string, events: readonly Event[], publicUrl: string) {
  const blocks: EmailBlock[] = [];
  for (const kind of Object.keys(KINDS) as AdminEventKind[]) {
    const mine = events.filter((e) => e.kind === kind);
    if (!mine.length) continue;
    blocks.push({ heading: `New ${KINDS[kind].many} (${mine.length})` });
    for (const e of mine) blocks.push({ link: { label: e.title, url: `${publicUrl}${e.path}` } });
  }
  return renderEmail({
    to,
    subject: digestSubject(events),
    template: "admin_notification",
    heading: events.length === 1 ? `A new ${KINDS[events[0].kind].one}` : "New in the admin area",
    blocks,
    footnote: `You get these e-mails because your notifications are on. Change them in Admin Settings: ${publicUrl}/admin/settings`,
  });
}

export interface BatchResult {
  events: number;
  emails: number;
}

/** Sends the waiting events; queues the next batch when more are left. */
export async function sendAdminNotifications(
  db: Database,
  config: NotifyConfig & { publicUrl: string },
): Promise<BatchResult> {
  const result = await db.transaction().execute(async (trx) => {
    const events = await trx
      .deleteFrom("admin_notifications")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("admin_notifications")
          .select("id")
          .orderBy("id")
          .limit(BATCH_MAX)
          .forUpdate()
          .skipLocked(),
      )
      .returning(["id", "kind", "title", "path"])
      .execute();
    if (!events.length) return { events: 0, emails: 0 };
    events.sort((a, b) => Number(a.id) - Number(b.id));
    const admins = await trx
      .selectFrom("admin_emails as a")
      .innerJoin("users as u", "u.email", "a.email")
      .select(["a.email", "a.notify_claims", "a.notify_reports", "a.notify_messages"])
      .where("u.password_hash", "is not", null)
      .where("u.email_confirmed_at", "is not", null)
      .where(sql<boolean>`(a.notify_claims OR a.notify_reports OR a.notify_messages)`)
      .orderBy("a.email")
      .execute();
    let emails = 0;
    for (const admin of admins) {
      const wanted = events.filter((e) => admin[KINDS[e.kind].flag]);
      if (!wanted.length) continue;
      await queueEmail(trx, digestEmail(admin.email, wanted, config.publicUrl));
      emails++;
    }
    return { events: events.length, emails };
  });
  // Events stored while this batch ran (their own job may have seen this one still running).
  const left = await db
    .selectFrom("admin_notifications")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(left.n) > 0) await enqueueAdminBatch(db, { ADMIN_NOTIFY_DELAY_SECONDS: 1 });
  return result;
}

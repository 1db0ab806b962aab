/**
 * Forwarding a general lead to chosen carriers (issue 20, item 7; decision 0807). Admins only (the
 * route guards). The carriers chosen are checked again here against the eligible ones around the
 * lead's postcode (never trusted from the form); a lead goes to a carrier once (lead_forwards'
 * primary key, checked first so the whole request is refused with a message); a closed lead is
 * never forwarded. In one transaction, with the lead's row locked: the forwards, the status
 * 'forwarded', an e-mail to each carrier and one to the visitor naming them, and the audit entry.
 * Anything refused changes nothing.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { findForwardCandidates, type ForwardCandidate } from "./forward-candidates.server";
import { forwardedCarrierEmail, forwardedVisitorEmail, type ForwardedLead } from "./forward-emails.server";
import { MAX_FORWARD_CARRIERS } from "./forwarding";
import { selectLeads, type LeadRow } from "./list-leads.server";

export type ForwardResult =
  | { status: "forwarded"; carriers: ForwardCandidate[] }
  | { status: "not-found" }
  | { status: "closed" }
  | { status: "none-chosen" }
  | { status: "too-many" }
  | { status: "not-eligible" }
  | { status: "already-forwarded"; businessNames: string[] };

/** What the admin is told when a forward is refused. */
export function forwardRefusal(result: Exclude<ForwardResult, { status: "forwarded" }>): string {
  switch (result.status) {
    case "not-found":
      return "This lead no longer exists.";
    case "closed":
      return "This lead is closed, so it cannot be forwarded.";
    case "none-chosen":
      return "Choose at least one carrier to forward this lead to.";
    case "too-many":
      return `Choose at most ${MAX_FORWARD_CARRIERS} carriers.`;
    case "not-eligible":
      return "One of the carriers chosen cannot receive leads near this postcode. Nothing was sent; choose again from the list.";
    case "already-forwarded":
      return `This lead has already been forwarded to ${result.businessNames.join(", ")}. Nothing was sent.`;
  }
}

export async function getLead(db: Database, id: string): Promise<LeadRow | null> {
  if (!isUuid(id)) return null;
  const row = await selectLeads(db).where("id", "=", id).executeTakeFirst();
  return (row as LeadRow | undefined) ?? null;
}

/** The lead's status, its row locked until the transaction ends; undefined when it is gone. */
function lockLeadStatus(trx: Database, leadId: string) {
  return trx
    .selectFrom("general_leads")
    .select("status")
    .where("id", "=", leadId)
    .forUpdate()
    .executeTakeFirst();
}

function setLeadStatus(trx: Database, leadId: string, status: "forwarded" | "closed") {
  return trx.updateTable("general_leads").set({ status }).where("id", "=", leadId).execute();
}

type Outcome = { ok: true } | { ok: false; result: ForwardResult };

/** The transaction's part: lock, re-check, write, queue, audit. */
async function writeForward(
  trx: Database,
  lead: ForwardedLead,
  chosen: ForwardCandidate[],
  args: { adminId: string; publicUrl: string; now: Date },
): Promise<Outcome> {
  const locked = await lockLeadStatus(trx, lead.id);
  if (!locked) return { ok: false, result: { status: "not-found" } };
  if (locked.status === "closed") return { ok: false, result: { status: "closed" } };
  const regs = chosen.map((c) => c.registrationNumber);
  const before = await trx
    .selectFrom("lead_forwards")
    .select("registration_number")
    .where("lead_id", "=", lead.id)
    .where("registration_number", "in", regs)
    .execute();
  if (before.length) {
    const done = new Set(before.map((r) => r.registration_number));
    const businessNames = chosen.filter((c) => done.has(c.registrationNumber)).map((c) => c.businessName);
    return { ok: false, result: { status: "already-forwarded", businessNames } };
  }
  await trx
    .insertInto("lead_forwards")
    .values(
      chosen.map((c) => ({
        lead_id: lead.id,
        registration_number: c.registrationNumber,
        forwarded_by: args.adminId,
        miles: c.distanceMiles,
        created_at: args.now,
      })),
    )
    .execute();
  await setLeadStatus(trx, lead.id, "forwarded");
  for (const c of chosen)
    await queueEmail(
      trx,
      forwardedCarrierEmail({
        to: c.email,
        businessName: c.businessName,
        lead,
        distanceMiles: c.distanceMiles,
        publicUrl: args.publicUrl,
      }),
    );
  await queueEmail(trx, forwardedVisitorEmail({ lead, carriers: chosen, publicUrl: args.publicUrl }));
  await recordAudit(trx, {
    actorUserId: args.adminId,
    action: "lead.forwarded",
    entity: "general_lead",
    entityId: lead.id,
    details: {
      from: locked.status,
      carriers: chosen.map((c) => ({
        registrationNumber: c.registrationNumber,
        businessName: c.businessName,
        miles: c.distanceMiles,
      })),
    },
    at: args.now,
  });
  return { ok: true };
}

export async function forwardLead(
  db: Database,
  config: { publicUrl: string },
  args: { leadId: string; registrationNumbers: string[]; adminId: string; now?: Date },
): Promise<ForwardResult> {
  const now = args.now ?? new Date();
  const wanted = [...new Set(args.registrationNumbers.map((r) => r.trim()).filter(Boolean))];
  const lead = await getLead(db, args.leadId);
  if (!lead) return { status: "not-found" };
  if (lead.status === "closed") return { status: "closed" };
  if (!wanted.length) return { status: "none-chosen" };
  if (wanted.length > MAX_FORWARD_CARRIERS) return { status: "too-many" };
  const { carriers } = await findForwardCandidates(db, lead.postcode, now);
  const byNumber = new Map(carriers.map((c) => [c.registrationNumber, c]));
  const chosen = wanted.map((r) => byNumber.get(r));
  if (chosen.some((c) => c === undefined)) return { status: "not-eligible" };
  const picked = (chosen as ForwardCandidate[]).sort((a, b) => a.distanceMiles - b.distanceMiles);
  const outcome = await db
    .transaction()
    .execute((trx) => writeForward(trx, lead, picked, { ...config, adminId: args.adminId, now }));
  return outcome.ok ? { status: "forwarded", carriers: picked } : outcome.result;
}

export type CloseResult = { status: "closed" } | { status: "not-found" } | { status: "already-closed" };

/** Closes a lead (new or forwarded): it can no longer be forwarded. Audited in the same transaction. */
export async function closeLead(
  db: Database,
  args: { leadId: string; adminId: string; now?: Date },
): Promise<CloseResult> {
  if (!isUuid(args.leadId)) return { status: "not-found" };
  return db.transaction().execute(async (trx) => {
    const row = await lockLeadStatus(trx, args.leadId);
    if (!row) return { status: "not-found" as const };
    if (row.status === "closed") return { status: "already-closed" as const };
    await setLeadStatus(trx, args.leadId, "closed");
    await recordAudit(trx, {
      actorUserId: args.adminId,
      action: "lead.closed",
      entity: "general_lead",
      entityId: args.leadId,
      details: { from: row.status },
      at: args.now,
    });
    return { status: "closed" as const };
  });
}

/**
 * What /admin/leads/:id/forward shows (decision 0807): the lead, the carriers it has been
 * forwarded to, and the eligible carriers around its postcode, nearest first, each marked when
 * the lead has already gone to it.
 */
import type { Database } from "~/platform/db/database.server";
import { findForwardCandidates, type ForwardCandidates } from "./forward-candidates.server";
import { getLead } from "./forward-lead.server";
import type { LeadRow } from "./list-leads.server";

export interface LeadForward {
  registrationNumber: string;
  businessName: string;
  miles: number | null;
  forwardedAt: Date;
}

export interface LeadForwarding {
  lead: LeadRow;
  forwards: LeadForward[];
  place: ForwardCandidates["place"];
  candidates: (ForwardCandidates["carriers"][number] & { alreadyForwarded: boolean })[];
}

export async function listLeadForwards(db: Database, leadId: string): Promise<LeadForward[]> {
  const rows = await db
    .selectFrom("lead_forwards as f")
    .innerJoin("directory_entries as d", "d.registration_number", "f.registration_number")
    .leftJoin("claimed_listings as cl", "cl.registration_number", "f.registration_number")
    .select(["f.registration_number", "f.miles", "f.created_at", "d.business_name", "cl.company_name"])
    .where("f.lead_id", "=", leadId)
    .orderBy("f.created_at")
    .orderBy("f.miles")
    .execute();
  return rows.map((r) => ({
    registrationNumber: r.registration_number,
    businessName: r.company_name?.trim() || r.business_name,
    miles: r.miles === null ? null : Number(r.miles),
    forwardedAt: r.created_at,
  }));
}

export async function getLeadForwarding(
  db: Database,
  id: string,
  now: Date = new Date(),
): Promise<LeadForwarding | null> {
  const lead = await getLead(db, id);
  if (!lead) return null;
  const forwards = await listLeadForwards(db, lead.id);
  const found = await findForwardCandidates(db, lead.postcode, now);
  const done = new Set(forwards.map((f) => f.registrationNumber));
  return {
    lead,
    forwards,
    place: found.place,
    candidates: found.carriers.map((c) => ({ ...c, alreadyForwarded: done.has(c.registrationNumber) })),
  };
}

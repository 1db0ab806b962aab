/**
 * Decision 0253, on PGlite and PostgreSQL: what the owner's note page offers, by the listing's
 * state (approved, suspended, awaiting approval, registration expired, at the month's limit). The
 * page's answer (`getNoteActionRefusals`, `getOwnerOffer`) is the one the actions give on submit:
 * each refusal's words are compared with what void, send and a season ticket's transfer answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import {
  getNoteActionRefusals,
  getNoteEligibility,
  type NoteActionRefusals,
} from "./note-eligibility.server";
import { NOTE_RULE_TEXT, PLAN_LIMIT_MESSAGE } from "./note-rules";
import { getOwnerOffer, ownerOffer } from "./owned-note.server";
import { addSeasonTransfer } from "./season-ticket.server";
import { sendNoteToCustomer } from "./send-to-customer.server";
import { insertNote } from "./test-support/note-rows";
import { voidWasteNote } from "./void-note.server";

// 20 November 2026, midday: the notes were collected on 15 November; a season ticket runs to 31 December.
const NOW = new Date("2026-11-20T12:00:00Z");
const REG = {
  approved: "CBDU725301",
  suspended: "CBDU725302",
  pending: "CBDU725303",
  expired: "CBDU725304",
  atLimit: "CBDU725305",
} as const;
type Company = keyof typeof REG;
const users = {} as Record<Company, string>;

const SUSPENDED = (verb: string) =>
  `Your listing is suspended: you cannot ${verb} waste notes while it is suspended. Please contact us to find out why and what to do.`;
const PENDING = (verb: string) =>
  `Your claim is awaiting approval: you can ${verb} waste notes once it is approved.`;
const EXPIRED =
  "Your registration CBDU725304 expired on 1 November 2026: you cannot issue new waste notes under an expired registration. " +
  "Renew with the Environment Agency; you can write notes again as soon as the register shows the renewal.";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntries(
    t.db,
    Object.values(REG).map((registration_number) => ({
      registration_number,
      // The expired one's last day in force was 31 October 2026.
      ...(registration_number === REG.expired ? { expiry_date: "2026-11-01" } : {}),
    })),
  );
  for (const company of Object.keys(REG) as Company[]) {
    const user = await insertUser(t.db, { email: `owner-${company.toLowerCase()}@note-actions.example` });
    users[company] = user.id;
    await insertClaimedListing(t.db, {
      registration_number: REG[company],
      user_id: user.id,
      verified: company !== "pending",
      suspended_at: company === "suspended" ? new Date("2026-11-18T09:00:00Z") : null,
    });
  }
  // The Standard plan's 20 notes of November, all written.
  for (let i = 0; i < 20; i++)
    await seasonNote("atLimit", { created_at: new Date(`2026-11-${10 + (i % 9)}T10:00:00Z`) });
});
afterAll(async () => {
  await t?.destroy();
});

/** A current season ticket of the company, collected on 15 November 2026, with a customer e-mail. */
function seasonNote(company: Company, overrides: Parameters<typeof insertNote>[1] = {}) {
  return insertNote(t.db, {
    registration_number: REG[company],
    carrier_license: REG[company],
    user_id: users[company],
    collection_date_time: new Date("2026-11-15T09:30:00Z"),
    created_at: new Date("2026-11-15T10:00:00Z"),
    season_ticket_until: "2026-12-31",
    customer_email: "accounts@harbourside.example",
    ...overrides,
  });
}

const refusalsOf = (company: Company) => getNoteActionRefusals(t.db, REG[company], { now: NOW });
const messages = (r: NoteActionRefusals) =>
  Object.fromEntries(Object.entries(r).map(([action, refusal]) => [action, refusal?.message ?? null]));

const CURRENT_TICKET = { current: true, voided: false, seasonTicket: true };

/** What the actions themselves answer now, for the company's note (each one refused changes nothing). */
async function actionsAnswer(company: Company, noteId: string) {
  const owner = { registrationNumber: REG[company], userId: users[company], now: NOW };
  const transfer = await addSeasonTransfer(t.db, {
    ...owner,
    noteId,
    fields: { at: "2026-11-21T08:00", quantity: "1", unit: "t", place: "Yard 2" },
  });
  const send = await sendNoteToCustomer(t.db, { ...owner, noteId });
  const voided = await voidWasteNote(t.db, { ...owner, noteId, reason: "Written for the wrong customer" });
  return {
    transfer: transfer.ok ? null : transfer.status === "not_allowed" ? transfer.error : transfer.status,
    send: send.ok ? null : send.reason === "not_allowed" ? send.message : send.reason,
    void: voided.ok ? null : voided.status === "not_allowed" ? voided.error : voided.status,
  };
}

describe("getNoteActionRefusals: each change's refusal, as the change decides it", () => {
  it("an approved listing in force and within its allowance: every action, no notice", async () => {
    const refusals = await refusalsOf("approved");
    expect(messages(refusals)).toEqual({
      send: null,
      void: null,
      transfer: null,
      correct: null,
      repeat: null,
      reason: null,
    });
    const id = await seasonNote("approved");
    expect(await getOwnerOffer(t.db, REG.approved, CURRENT_TICKET, { now: NOW })).toEqual({
      repeat: true,
      correct: true,
      void: true,
      send: true,
      transfer: true,
      notice: null,
    });
    // The actions agree: the transfer, the send and the void all go through.
    expect(await actionsAnswer("approved", id)).toEqual({ transfer: null, send: null, void: null });
  });

  it("a suspended listing: nothing that changes a note; one notice in the new note's words, naming what it stops", async () => {
    const refusals = await refusalsOf("suspended");
    expect(messages(refusals)).toEqual({
      send: SUSPENDED("send"),
      void: SUSPENDED("void"),
      transfer: NOTE_RULE_TEXT.suspended,
      correct: NOTE_RULE_TEXT.suspended,
      repeat: NOTE_RULE_TEXT.suspended,
      reason: SUSPENDED("write, send or void"),
    });
    expect(refusals.reason).toMatchObject({
      reason: "suspended",
      title: "Listing suspended",
      link: { label: "Contact us", href: "/contact" },
    });
    const id = await seasonNote("suspended");
    expect(await getOwnerOffer(t.db, REG.suspended, CURRENT_TICKET, { now: NOW })).toEqual({
      repeat: false,
      correct: false,
      void: false,
      send: false,
      transfer: false,
      notice: refusals.reason,
    });
    // What the page shows is what the actions answer on submit, word for word.
    expect(await actionsAnswer("suspended", id)).toEqual({
      transfer: refusals.transfer!.message,
      send: refusals.send!.message,
      void: refusals.void!.message,
    });
    // And what the company form answers for a correction and a new note.
    expect((await getNoteEligibility(t.db, REG.suspended, { now: NOW, correction: true })).refusal).toEqual(
      refusals.correct,
    );
    expect((await getNoteEligibility(t.db, REG.suspended, { now: NOW })).refusal).toEqual(refusals.repeat);
  });

  it("a listing awaiting approval: the same, in the approval's words", async () => {
    const refusals = await refusalsOf("pending");
    expect(messages(refusals)).toEqual({
      send: PENDING("send"),
      void: PENDING("void"),
      transfer: NOTE_RULE_TEXT.pending,
      correct: NOTE_RULE_TEXT.pending,
      repeat: NOTE_RULE_TEXT.pending,
      reason: PENDING("write, send or void"),
    });
    expect(refusals.reason).toMatchObject({ reason: "pending", title: "Awaiting approval" });
    const id = await seasonNote("pending");
    const offer = await getOwnerOffer(t.db, REG.pending, CURRENT_TICKET, { now: NOW });
    expect(offer).toMatchObject({ repeat: false, correct: false, void: false, send: false, transfer: false });
    expect(offer.notice?.message).toBe(PENDING("write, send or void"));
    expect(await actionsAnswer("pending", id)).toEqual({
      transfer: NOTE_RULE_TEXT.pending,
      send: PENDING("send"),
      void: PENDING("void"),
    });
  });

  it("an expired registration: send and void stay; no transfer, correction or repeat; the registration's notice", async () => {
    const refusals = await refusalsOf("expired");
    expect(messages(refusals)).toEqual({
      send: null,
      void: null,
      transfer: EXPIRED,
      correct: EXPIRED,
      repeat: EXPIRED,
      reason: EXPIRED,
    });
    expect(refusals.reason).toMatchObject({
      reason: "expired",
      title: "Registration expired",
      link: { label: "Renew with the Environment Agency" },
    });
    const id = await seasonNote("expired");
    expect(await getOwnerOffer(t.db, REG.expired, CURRENT_TICKET, { now: NOW })).toEqual({
      repeat: false,
      correct: false,
      void: true,
      send: true,
      transfer: false,
      notice: refusals.reason,
    });
    // The transfer is refused with the same words; the send and the void go through.
    expect(await actionsAnswer("expired", id)).toEqual({ transfer: EXPIRED, send: null, void: null });
  });

  it("at the month's limit: only Repeat (a new note) is held back, with the plan's notice", async () => {
    const refusals = await refusalsOf("atLimit");
    expect(messages(refusals)).toEqual({
      send: null,
      void: null,
      transfer: null,
      correct: null,
      repeat: PLAN_LIMIT_MESSAGE,
      reason: PLAN_LIMIT_MESSAGE,
    });
    expect(await getOwnerOffer(t.db, REG.atLimit, CURRENT_TICKET, { now: NOW })).toEqual({
      repeat: false,
      correct: true,
      void: true,
      send: true,
      transfer: true,
      notice: refusals.reason,
    });
  });
});

describe("ownerOffer: the note's own state first, then the listing's", () => {
  it("a void note offers only Repeat; a corrected one nothing; the notice only when something is held back", async () => {
    const suspended = await refusalsOf("suspended");
    const atLimit = await refusalsOf("atLimit");
    const approved = await refusalsOf("approved");
    const none = { repeat: false, correct: false, void: false, send: false, transfer: false };
    const voidNote = { current: false, voided: true, seasonTicket: true };
    const corrected = { current: false, voided: false, seasonTicket: false };

    expect(ownerOffer(voidNote, approved)).toEqual({ ...none, repeat: true, notice: null });
    expect(ownerOffer(voidNote, suspended)).toEqual({ ...none, notice: suspended.reason });
    expect(ownerOffer(corrected, approved)).toEqual({ ...none, notice: null });
    // A corrected note offers nothing to hold back: no notice, whatever the listing's state.
    expect(ownerOffer(corrected, suspended)).toEqual({ ...none, notice: null });
    expect(ownerOffer(corrected, atLimit)).toEqual({ ...none, notice: null });
    // Not a season ticket: no transfer to offer.
    expect(ownerOffer({ current: true, voided: false, seasonTicket: false }, approved)).toEqual({
      repeat: true,
      correct: true,
      void: true,
      send: true,
      transfer: false,
      notice: null,
    });
  });
});

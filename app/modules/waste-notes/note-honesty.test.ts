/**
 * What a note may claim (decisions 0273 and 0274): whom the carrier's number is registered to and
 * a name that is not it flagged; a collection date that is not in the future, not older than the
 * 2-year keeping period and before the registration's expiry; a customer e-mail that is not the
 * business's own; a remote signature worded as what the product knows; the Send toast from the
 * PDF's real state. On both databases.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { COLLECTION_DATE_MESSAGES, collectionDateProblem } from "./collection-date";
import { remoteSignatureText } from "./customer-status";
import { getNoteDescription } from "./describe-note.server";
import { issueSignatureLink, signNoteRemotely } from "./remote-signature.server";
import { OWN_ADDRESS_MESSAGE } from "./own-address.server";
import { pdfJobKey } from "./pdf-job.server";
import { nameMismatchText, sameBusinessName } from "./register-check";
import { sendNoteToCustomer, sentMessage } from "./send-to-customer.server";
import { submitWasteNote } from "./submit-note.server";
import { validForm } from "./test-support/valid-form";

const NOW = new Date("2027-02-28T12:00:00Z");
const REG = { real: "CBDU273001", company: "CBDU273002", lapsing: "CBDU273003" } as const;

let t: TestDatabase;
let dir: string;
let deps: { db: TestDatabase["db"]; storage: LocalDiskStorage };
let owner: { userId: string; registrationNumber: string };
let ownerEmail: string;
let ip = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "note-honesty-"));
  deps = { db: t.db, storage: new LocalDiskStorage(dir) };
  await insertRegisterEntries(t.db, [
    {
      registration_number: REG.real,
      business_name: "HONEST HAULAGE & SONS LIMITED",
      expiry_date: "2028-06-01",
    },
    { registration_number: REG.company, business_name: "TRUSTY SKIPS LTD", expiry_date: "2028-06-01" },
    // Expires tomorrow (1 March 2027), seen on 28 February.
    { registration_number: REG.lapsing, business_name: "LAPSING LOADS LTD", expiry_date: "2027-03-01" },
  ]);
  const user = await insertUser(t.db, { email: "owner.trusty@example.test" });
  ownerEmail = user.email;
  owner = { userId: user.id, registrationNumber: REG.company };
  await insertClaimedListing(t.db, {
    registration_number: REG.company,
    user_id: user.id,
    email: "office@trusty-skips.example",
  });
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The public generator's submit, from a client address of its own (no rate limit in the way). */
const submitPublic = (overrides: Record<string, string | string[] | null>, now = NOW) =>
  submitWasteNote(deps, validForm(overrides), { rateLimitKey: `198.51.100.${++ip}`, now });

const submitCompany = (overrides: Record<string, string | string[] | null>, now = NOW) =>
  submitWasteNote(deps, validForm({ carrierCompany: "Trusty Skips Ltd", ...overrides }), { owner, now });

async function created(result: Awaited<ReturnType<typeof submitWasteNote>>): Promise<string> {
  if (result.status !== "created") throw new Error(JSON.stringify(result));
  return result.id;
}

describe("whom the carrier's number is registered to (decision 0273)", () => {
  it("says the register's name beside a valid number, and flags a carrier name that is not it", async () => {
    const id = await created(
      await submitPublic({
        carrierLicense: REG.real,
        carrierCompany: "Dodgy Dumpers",
        collectionDateTime: "2027-02-27T09:30",
      }),
    );
    const row = await t.db
      .selectFrom("waste_notes")
      .select(["carrier_company", "carrier_register_name"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      carrier_company: "Dodgy Dumpers",
      carrier_register_name: "HONEST HAULAGE & SONS LIMITED",
    });
    const check = (await getNoteDescription(t.db, id))!.verification.check;
    const flag = nameMismatchText("Dodgy Dumpers", "HONEST HAULAGE & SONS LIMITED", REG.real);
    expect(check).toEqual({
      text: `Carrier registration ${REG.real} checked against the Environment Agency register on 28 February 2027: valid until 1 June 2028, registered to HONEST HAULAGE & SONS LIMITED. ${flag}`,
      checked: `Carrier registration ${REG.real} checked against the Environment Agency register on 28 February 2027: valid until 1 June 2028`,
      valid: false,
      registeredTo: "HONEST HAULAGE & SONS LIMITED",
      nameMismatch: flag,
      lookUp: null,
    });
    expect(flag).toBe(
      `Name does not match: this note names the carrier "Dodgy Dumpers", but the register gives ${REG.real} to HONEST HAULAGE & SONS LIMITED. Check that they are the same business before relying on this note.`,
    );
  });

  it("forgives case, punctuation, '&' for 'and', Ltd for Limited and a trading name", async () => {
    const id = await created(
      await submitPublic({ carrierLicense: REG.real, carrierCompany: "Honest Haulage and Sons Ltd." }),
    );
    const check = (await getNoteDescription(t.db, id))!.verification.check;
    expect(check).toMatchObject({
      valid: true,
      nameMismatch: null,
      registeredTo: "HONEST HAULAGE & SONS LIMITED",
    });
    expect(check.text).toMatch(/valid until 1 June 2028, registered to HONEST HAULAGE & SONS LIMITED$/);

    expect(sameBusinessName("the honest-haulage & sons", "HONEST HAULAGE AND SONS LTD")).toBe(true);
    expect(sameBusinessName("Bob's Skips", "ROBERT JONES T/A BOBS SKIPS")).toBe(true);
    expect(sameBusinessName("Robert Jones trading as Bob's Skips", "ROBERT JONES")).toBe(true);
    expect(sameBusinessName("Honest Haulage", "HONEST HAULAGE & SONS LIMITED")).toBe(false);
    expect(sameBusinessName("Ltd", "HONEST HAULAGE LTD")).toBe(false);
  });

  it("flags a company note whose carrier name is not its registration's either", async () => {
    const id = await created(await submitCompany({ carrierCompany: "Someone Else Ltd" }));
    const check = (await getNoteDescription(t.db, id))!.verification.check;
    expect(check.registeredTo).toBe("TRUSTY SKIPS LTD");
    expect(check.nameMismatch).toBe(nameMismatchText("Someone Else Ltd", "TRUSTY SKIPS LTD", REG.company));
    const own = await created(await submitCompany({}));
    expect((await getNoteDescription(t.db, own))!.verification.check.nameMismatch).toBeNull();
  });
});

describe("the collection date (decision 0273)", () => {
  it("refuses a collection after today, on the generator and the company form, and saves nothing", async () => {
    const before = await t.db
      .selectFrom("waste_notes")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const message = COLLECTION_DATE_MESSAGES.future("2027-02-28");
    expect(message).toBe(
      "The collection date can't be in the future: write the note when the waste is collected (today, 28 February 2027, at the latest).",
    );
    for (const when of ["2027-06-15T09:30", "2027-03-01T00:05", "2099-01-01T10:00"]) {
      expect(await submitPublic({ carrierLicense: REG.lapsing, collectionDateTime: when })).toMatchObject({
        status: "invalid",
        errors: { collectionDateTime: [message] },
        values: { collectionDateTime: when },
      });
      expect(await submitCompany({ collectionDateTime: when })).toMatchObject({
        status: "invalid",
        errors: { collectionDateTime: [message] },
      });
    }
    const after = await t.db
      .selectFrom("waste_notes")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // Later today is today: a note may be written as the job starts.
    await created(
      await submitPublic({ carrierLicense: REG.lapsing, collectionDateTime: "2027-02-28T23:30" }),
    );
  });

  it("refuses a collection more than 2 years ago, with the other errors at once", async () => {
    const tooOld = COLLECTION_DATE_MESSAGES.tooOld("2025-02-28");
    expect(tooOld).toBe(
      "The collection date is more than 2 years ago: a waste note is kept for 2 years, so it can't record a collection before 28 February 2025.",
    );
    expect(
      await submitPublic({
        carrierLicense: REG.real,
        collectionDateTime: "2001-05-01T09:00",
        "items[0].quantity": "",
      }),
    ).toMatchObject({
      status: "invalid",
      errors: { collectionDateTime: [tooOld], "items[0].quantity": ["Required"] },
    });
    expect(await submitCompany({ collectionDateTime: "2025-02-27T23:00" })).toMatchObject({
      status: "invalid",
      errors: { collectionDateTime: [tooOld] },
    });
    await created(await submitCompany({ collectionDateTime: "2025-02-28T08:00" }));
  });

  it("refuses a collection on or after the registration's expiry, and a season ticket running past it", () => {
    const lapsing = { number: REG.lapsing, expiry: "2027-03-01" };
    const later = new Date("2027-03-10T12:00:00Z");
    expect(collectionDateProblem(new Date("2027-03-01T10:00:00Z"), later, lapsing)).toBe(
      "The carrier's registration CBDU273003 expires on 1 March 2027: a collection on or after that day can't be recorded under it.",
    );
    expect(collectionDateProblem(new Date("2027-02-28T22:00:00Z"), later, lapsing)).toBeNull();
  });

  it("refuses a season ticket that runs on or past the registration's expiry", async () => {
    expect(
      await submitPublic({
        carrierLicense: REG.lapsing,
        collectionDateTime: "2027-02-28T09:00",
        seasonTicketUntil: "2027-06-30",
      }),
    ).toMatchObject({
      status: "invalid",
      errors: {
        seasonTicketUntil: [
          "The carrier's registration CBDU273003 expires on 1 March 2027: the season ticket must end before that day.",
        ],
      },
    });
    await created(
      await submitPublic({
        carrierLicense: REG.real,
        collectionDateTime: "2027-02-28T09:00",
        seasonTicketUntil: "2027-06-30",
      }),
    );
  });
});

describe("the customer's e-mail is not the business's own (decision 0274)", () => {
  it("refuses the owner's account address and the listing's, by mailbox, on the form and on Send", async () => {
    for (const email of [
      "owner.trusty@example.test",
      "OWNER.TRUSTY+notes@example.test",
      "office@trusty-skips.example",
    ]) {
      expect(await submitCompany({ customerEmail: email, transferorSignatureName: "" })).toMatchObject({
        status: "invalid",
        errors: { customerEmail: [OWN_ADDRESS_MESSAGE] },
      });
    }
    expect(OWN_ADDRESS_MESSAGE).toBe(
      "That is your business's own e-mail address (your account's or your listing's). Enter the customer's address: the customer signs the note and keeps it.",
    );
    const id = await created(
      await submitCompany({ customerEmail: "jane@customer.example", transferorSignatureName: "" }),
    );
    const send = (email: string | null) =>
      sendNoteToCustomer(t.db, {
        noteId: id,
        registrationNumber: REG.company,
        userId: owner.userId,
        email,
        now: NOW,
      });
    expect(await send(ownerEmail)).toEqual({ ok: false, reason: "own_email" });
    expect(await send("office@trusty-skips.example")).toEqual({ ok: false, reason: "own_email" });
    const row = await t.db
      .selectFrom("waste_notes")
      .select("customer_email")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.customer_email).toBe("jane@customer.example");
    expect(await send(null)).toMatchObject({ ok: true, email: "jane@customer.example" });
  });

  it("words a remote signature as the link and its address, kept when the note goes to another address", async () => {
    const id = await created(
      await submitCompany({ customerEmail: "jane@customer.example", transferorSignatureName: "" }),
    );
    const link = await issueSignatureLink(t.db, id, "jane@customer.example", NOW);
    expect(
      await signNoteRemotely(deps, {
        noteId: id,
        token: link.token,
        name: "Jane Holloway",
        signature: null,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    const signed = await t.db
      .selectFrom("waste_notes")
      .select("customer_signed_email")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(signed.customer_signed_email).toBe("jane@customer.example");
    await sendNoteToCustomer(t.db, {
      noteId: id,
      registrationNumber: REG.company,
      userId: owner.userId,
      email: "accounts@customer.example",
      now: NOW,
    });
    const customer = (await getNoteDescription(t.db, id))!.customer;
    expect(customer).toMatchObject({
      signedRemotelyAt: "28 February 2027 at 12:00",
      signedThrough: "j***@customer.example",
    });
    expect(remoteSignatureText(customer)).toBe(
      "Signed through a link sent to j***@customer.example, 28 February 2027 at 12:00",
    );
  });
});

describe("the Send toast says what the e-mail carries (decision 0274)", () => {
  it("promises the PDF only when it is made, and says so when it failed", async () => {
    const id = await created(await submitCompany({ customerEmail: "sam@customer.example" }));
    const send = () =>
      sendNoteToCustomer(t.db, {
        noteId: id,
        registrationNumber: REG.company,
        userId: owner.userId,
        now: NOW,
      });
    expect(await send()).toEqual({ ok: true, email: "sam@customer.example", pdf: "pending" });
    await t.db
      .updateTable("jobs")
      .set({ status: "failed" })
      .where("unique_key", "=", pdfJobKey(id))
      .execute();
    expect(await send()).toEqual({ ok: true, email: "sam@customer.example", pdf: "failed" });
    await t.db
      .updateTable("waste_notes")
      .set({ pdf_url: `/waste-note/${id}/pdf` })
      .where("id", "=", id)
      .execute();
    expect(await send()).toEqual({ ok: true, email: "sam@customer.example", pdf: "ready" });

    expect(sentMessage("sam@customer.example", "ready")).toBe(
      "The note and its PDF are on their way to sam@customer.example.",
    );
    expect(sentMessage("sam@customer.example", "pending")).toBe(
      "The note is on its way to sam@customer.example, with its PDF attached once it is made (a link to the note's page if the PDF can't be made).",
    );
    expect(sentMessage("sam@customer.example", "failed")).toBe(
      "The note is on its way to sam@customer.example with a link to its page, without the PDF: the PDF could not be made.",
    );
  });
});

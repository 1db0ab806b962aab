/**
 * Decisions 0712 and 0249, through the routes themselves: the public note page's loader (the
 * same loader answers `GET /waste-note/<id>.data`) gives the customer's e-mail address, its
 * status and the bounce reason to the owner only, never to a visitor with the note's link or to
 * another company's user; the owner's page offers only what its listing may do now (decision
 * 0253); a suspended listing's void, send and transfer are refused with why and change nothing
 * (a stale page still posts them); the remote signer's name is kept on one line.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "~/modules/leads/test-support/enquiry-fixtures";
import { insertNote } from "~/modules/waste-notes/test-support/note-rows";
import type { Config } from "~/platform/env.server";
import { createSessionRow } from "~/platform/session.server";
import { LocalDiskStorage } from "~/platform/storage/local-disk-storage.server";
import { issueSignatureLink } from "~/modules/waste-notes/remote-signature.server";
import { action as sendAction } from "~/routes/company/waste-note-send";
import { action as transfersAction, loader as transfersLoader } from "~/routes/company/waste-note-transfers";
import { action as voidAction, loader as voidLoader } from "~/routes/company/waste-note-void";
import { action as signAction } from "~/routes/waste-notes/sign";
import { loader as viewLoader } from "~/routes/waste-notes/view";
import { signedCookie } from "~/web/cookies.server";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { TOAST_COOKIE } from "~/web/toast.server";
import { routeContext } from "#tests/support/route-context";
import { insertClaimedListing, insertRegisterEntries, insertUser } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const OWNER_REG = "CBDU724901";
const OTHER_REG = "CBDU724902";
const SUSPENDED_REG = "CBDU724903";
const CUSTOMER = "accounts@harbourside-owner-only.example";
const BOUNCE = "550 5.1.1 <accounts@harbourside-owner-only.example>: mailbox unavailable";

let t: TestDatabase;
let storage: LocalDiskStorage;
let dir: string;
const config = {
  dataDir: path.join(os.tmpdir(), "waste-note-routes-test"),
  publicUrl: "http://localhost:9999",
  sessionSecret: "waste-note-owner-only-secret",
  isProduction: false,
} as Config;
const cookies: Record<"owner" | "other" | "suspended", string> = { owner: "", other: "", suspended: "" };
let noteId = "";
let suspendedNote = "";

function context() {
  return routeContext({
    config,
    db: t.db,
    storage,
    log,
  });
}

async function signedIn(reg: string, suspended = false) {
  const user = await insertUser(t.db, { email: `owner-${reg.toLowerCase()}@owner-only.example` });
  await insertClaimedListing(t.db, {
    registration_number: reg,
    user_id: user.id,
    suspended_at: suspended ? new Date() : null,
  });
  const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
  return { userId: user.id, cookie: (await serializeSessionCookie(config, token)).split(";")[0]! };
}

/** What the view loader answers, as the page's HTML and its .data serialise it. */
async function viewAs(cookie: string | null, id = noteId) {
  const url = `http://localhost:9999/waste-note/${id}.data`;
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const reply = (await viewLoader({
    request,
    params: { id },
    context: context(),
    url: new URL(url),
  } as never)) as { data: Awaited<ReturnType<typeof viewLoader>>["data"] };
  return reply.data;
}

function post(pathname: string, fields: Record<string, string>, cookie: string | null) {
  const url = `http://localhost:9999${pathname}`;
  return {
    request: new Request(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    }),
    url: new URL(url),
    context: context(),
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "waste-note-routes-"));
  storage = new LocalDiskStorage(dir);
  await insertRegisterEntries(t.db, [
    { registration_number: OWNER_REG, business_name: "Owner Only Skips Ltd" },
    { registration_number: OTHER_REG, business_name: "Someone Else Ltd" },
    { registration_number: SUSPENDED_REG, business_name: "Suspended Skips Ltd" },
  ]);
  const owner = await signedIn(OWNER_REG);
  cookies.owner = owner.cookie;
  cookies.other = (await signedIn(OTHER_REG)).cookie;
  const suspended = await signedIn(SUSPENDED_REG, true);
  cookies.suspended = suspended.cookie;
  noteId = await insertNote(t.db, {
    registration_number: OWNER_REG,
    carrier_license: OWNER_REG,
    user_id: owner.userId,
    transferor_signature_name: "",
    customer_email: CUSTOMER,
    customer_email_status: "bounced",
    customer_email_error: BOUNCE,
    customer_email_sent_at: new Date("2026-07-15T10:00:00Z"),
    customer_signature_requested_at: new Date("2026-07-15T09:30:00Z"),
  });
  suspendedNote = await insertNote(t.db, {
    registration_number: SUSPENDED_REG,
    carrier_license: SUSPENDED_REG,
    user_id: suspended.userId,
    collection_date_time: new Date(Date.now() - 86_400_000),
    season_ticket_until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    customer_email: CUSTOMER,
  });
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the public note page's data", () => {
  it("holds no customer e-mail, status or bounce reason for a visitor with the link", async () => {
    const reply = await viewAs(null);
    expect(reply.canManage).toBe(false);
    expect(reply.note?.customer).toEqual({
      email: null,
      emailStatus: null,
      emailError: null,
      emailSentAt: null,
      awaitingSignature: true,
      signedRemotelyAt: null,
      signedThrough: null,
    });
    const serialised = JSON.stringify(reply);
    expect(serialised).not.toContain(CUSTOMER);
    expect(serialised).not.toContain("mailbox unavailable");
  });

  it("holds none of them for another company's user either", async () => {
    const reply = await viewAs(cookies.other);
    expect(reply.canManage).toBe(false);
    expect(JSON.stringify(reply)).not.toContain(CUSTOMER);
    expect(JSON.stringify(reply)).not.toContain("mailbox unavailable");
  });

  it("gives them to the owner, who sees the status and can send again", async () => {
    const reply = await viewAs(cookies.owner);
    expect(reply.canManage).toBe(true);
    expect(reply.note?.customer).toMatchObject({
      email: CUSTOMER,
      emailStatus: "bounced",
      emailError: BOUNCE,
      emailSentAt: "15 July 2026 at 11:00",
      awaitingSignature: true,
    });
  });
});

describe("the owner's offer on the note page (decision 0253)", () => {
  it("an approved owner is offered every action on its current note, with no notice", async () => {
    const reply = await viewAs(cookies.owner);
    expect(reply.offer).toEqual({
      repeat: true,
      correct: true,
      void: true,
      send: true,
      transfer: false,
      notice: null,
    });
  });

  it("a suspended owner is offered nothing that changes the note, and told why once", async () => {
    const reply = await viewAs(cookies.suspended, suspendedNote);
    expect(reply.canManage).toBe(true);
    expect(reply.offer).toMatchObject({
      repeat: false,
      correct: false,
      void: false,
      send: false,
      transfer: false,
      notice: {
        reason: "suspended",
        title: "Listing suspended",
        message:
          "Your listing is suspended: you cannot write, send or void waste notes while it is suspended. Please contact us to find out why and what to do.",
      },
    });
  });

  it("the no-JavaScript void and transfer pages give the same refusal instead of their form", async () => {
    const page = async (loader: typeof voidLoader | typeof transfersLoader, cookie: string, id: string) => {
      const url = `http://localhost:9999/company/waste-notes/${id}/page`;
      const request = new Request(url, { headers: { Cookie: cookie } });
      const reply = await loader({ request, params: { id }, context: context(), url: new URL(url) } as never);
      return ("data" in reply ? reply.data : reply) as { refusal: { reason: string } | null };
    };
    expect((await page(voidLoader, cookies.suspended, suspendedNote)).refusal?.reason).toBe("suspended");
    expect((await page(transfersLoader, cookies.suspended, suspendedNote)).refusal?.reason).toBe("suspended");
    expect((await page(voidLoader, cookies.owner, noteId)).refusal).toBeNull();
  });

  it("no offer for a visitor or another company", async () => {
    expect((await viewAs(null, suspendedNote)).offer).toBeNull();
    expect((await viewAs(cookies.other, suspendedNote)).offer).toBeNull();
  });
});

describe("a suspended listing's note, through the routes", () => {
  it("void is refused with 403 and why; the note stays current", async () => {
    const reply = (await voidAction({
      ...post(`/company/waste-notes/${suspendedNote}/void`, { reason: "Wrong customer" }, cookies.suspended),
      params: { id: suspendedNote },
    } as never)) as { data: { formError?: string }; init: ResponseInit | null };
    expect(reply.init?.status).toBe(403);
    expect(reply.data.formError).toBe(
      "Your listing is suspended: you cannot void waste notes while it is suspended. Please contact us to find out why and what to do.",
    );
    const row = await t.db
      .selectFrom("waste_notes")
      .select(["voided_at", "void_reason"])
      .where("id", "=", suspendedNote)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ voided_at: null, void_reason: null });
  });

  it("a transfer is refused with 403 and the new note's message; nothing is added", async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const reply = (await transfersAction({
      ...post(
        `/company/waste-notes/${suspendedNote}/transfers`,
        { at: `${at}T09:00`, quantity: "2", unit: "t", place: "Yard 1" },
        cookies.suspended,
      ),
      params: { id: suspendedNote },
    } as never)) as { data: { formError?: string }; init: ResponseInit | null };
    expect(reply.init?.status).toBe(403);
    expect(reply.data.formError).toContain("Your listing is suspended: you cannot write waste notes");
    const transfers = await t.db
      .selectFrom("waste_note_transfers")
      .select("id")
      .where("note_id", "=", suspendedNote)
      .execute();
    expect(transfers).toEqual([]);
  });
});

describe("a suspended listing's send to the customer, through the route", () => {
  it("answers with the note's page and a toast that says why; nothing is queued or audited", async () => {
    const reply = (await sendAction({
      ...post(
        `/company/waste-notes/${suspendedNote}/send`,
        { email: "new@harbourside.example" },
        cookies.suspended,
      ),
      params: { id: suspendedNote },
    } as never)) as Response;
    expect(reply.status).toBe(302);
    expect(reply.headers.get("Location")).toBe(`/waste-note/${suspendedNote}`);
    const toast: unknown = await signedCookie(TOAST_COOKIE, config).parse(
      reply.headers.get("Set-Cookie")!.split(";")[0]!,
    );
    expect(toast).toMatchObject({
      title: "The note was not sent",
      description:
        "Your listing is suspended: you cannot send waste notes while it is suspended. Please contact us to find out why and what to do.",
    });
    const row = await t.db
      .selectFrom("waste_notes")
      .select(["customer_email", "customer_email_status"])
      .where("id", "=", suspendedNote)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_email: CUSTOMER, customer_email_status: null });
    const jobs = await t.db
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "waste-note.customer-email")
      .execute();
    expect(jobs).toEqual([]);
    const audits = await t.db
      .selectFrom("audit_log")
      .select("id")
      .where("entity_id", "=", suspendedNote)
      .execute();
    expect(audits).toEqual([]);
  });
});

describe("the remote signature's typed name", () => {
  it("is stored as one line: line breaks and tabs become spaces", async () => {
    const { token } = await t.db
      .transaction()
      .execute((trx) => issueSignatureLink(trx, noteId, CUSTOMER, new Date()));
    const reply = (await signAction({
      ...post(
        `/waste-note/${noteId}/sign`,
        {
          token,
          transferorSignatureName: " Jane\r\nSigned for ACME Ltd\t(director) ",
          transferorSignature: "",
        },
        null,
      ),
      params: { id: noteId },
    } as never)) as Response;
    expect(reply.status).toBe(302);
    const row = await t.db
      .selectFrom("waste_notes")
      .select(["transferor_signature_name", "customer_signed_at"])
      .where("id", "=", noteId)
      .executeTakeFirstOrThrow();
    expect(row.transferor_signature_name).toBe("Jane Signed for ACME Ltd (director)");
    expect(row.customer_signed_at).toBeInstanceOf(Date);
  });

  it("a name that is only line breaks is refused as empty", async () => {
    const other = await insertNote(t.db, {
      registration_number: OWNER_REG,
      carrier_license: OWNER_REG,
      transferor_signature_name: "",
      customer_email: CUSTOMER,
    });
    const { token } = await t.db
      .transaction()
      .execute((trx) => issueSignatureLink(trx, other, CUSTOMER, new Date()));
    const reply = (await signAction({
      ...post(
        `/waste-note/${other}/sign`,
        { token, transferorSignatureName: "\r\n\t", transferorSignature: "" },
        null,
      ),
      params: { id: other },
    } as never)) as { data: { errors?: { name?: string } }; init: ResponseInit | null };
    expect(reply.init?.status).toBe(400);
    expect(reply.data.errors?.name).toBe("Type your full name to sign the note");
  });
});

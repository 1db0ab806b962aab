/**
 * Issue 14, items 10, 15 and 21, as people meet them:
 *  - a claimant sends the licence document with the claim (a PDF with JavaScript, a photo without);
 *    what is not a clean PDF or image is refused with a message; the admin downloads or views it
 *    from the review dialogs, through an address only admins can open (decision 0506);
 *  - a registration that expired or left the register cannot be claimed (page and direct POST);
 *  - the sign-up limit of a network is said when the wizard starts and at the step where it is
 *    reached, with when to try again, and viewing counts nothing (decision 0508);
 *  - the approval opened from ?claim=…&action=approve keeps its success toast on a slow connection
 *    (the query is not cleared under it; item 15).
 * Claimants use networks of their own (support/network-proxy.ts), so their sign-ups do not use up
 * the shared browser address's limit that other specs sign up from.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { LICENCE_MAX_BYTES } from "../../app/modules/claims/licence-rules";
import { licencePdf, notAPdf, pdfWithJavaScript } from "../../app/modules/claims/test-support/licence-pdfs";
import { AUTH_PASSWORD, AUTH_USERS } from "../fixtures/20-accounts";
import {
  EVID,
  EVID_LIMITED_NETWORK,
  EVID_PASSWORD,
  EVID_USERS,
} from "../fixtures/55-evidence-and-invitations";
import { expectAccessible, expectToast, signIn, signInAsAdmin } from "./support/auth-helpers";
import { verifyBusinessStep } from "./support/claim-wizard";
import { shootAtPhoneWidth } from "./support/styles";
import { startNetworkProxy } from "./support/network-proxy";
import { confirmSuspension } from "./support/suspend-afterwards";
import { rawRequest } from "./support/raw-http";

const SHOTS = "tmp/shots-claims";
const CRAFTED = path.resolve(import.meta.dirname, "../fixtures/files/crafted");

/**
 * Runs `steps` in a page of a new context (with `options`) whose requests come from `address`
 * (support/network-proxy.ts); closes the context and the proxy afterwards, whatever happens.
 */
async function onNetwork(
  browser: Browser,
  address: string,
  options: BrowserContextOptions,
  steps: (page: Page) => Promise<void>,
): Promise<void> {
  const net = await startNetworkProxy(address);
  const context = await browser.newContext({ ...net.contextOptions, ...options });
  const page = await context.newPage();
  try {
    await steps(page);
  } finally {
    await context.close();
    await net.close();
  }
}

async function asAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAsAdmin(page, EVID_USERS.admin, EVID_PASSWORD);
  return page;
}

/** An administrator finds the claims matching `q` and opens the review dialog of `name`'s claim. */
async function openClaimAsAdmin(browser: Browser, q: string, name: string) {
  const admin = await asAdmin(browser);
  await admin.goto(`/admin/claim-requests?q=${q}`);
  await admin.getByRole("link", { name: `View claim for ${name}` }).click();
  return { admin, view: admin.getByRole("dialog", { name: "Claim Request" }) };
}

const EVIE = { name: "Evie Evidence", phone: "01632 960600", password: "evidence-pass" };

/** Steps 1 and 2 of the wizard as a new claimant, up to Choose Plan. */
async function toPlanStep(page: Page, number: string, email: string) {
  await page.goto(`/claim/${number}`);
  await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();
  await verifyBusinessStep(page, { ...EVIE, email });
  await page.getByLabel("Website (optional)").fill("evidence.example.test");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Step 3 of 4: Choose Plan" })).toBeVisible();
}

/** Posts a whole claim without a browser, from `localAddress` (a script, or a colleague's claim). */
async function postClaim(
  baseURL: string,
  localAddress: string,
  number: string,
  email: string,
): Promise<{ status: number; location: string | null; body: string }> {
  const url = new URL(`/claim/${number}`, baseURL);
  const body = new URLSearchParams({
    intent: "submit",
    step: "3",
    contactName: "Colin Colleague",
    contactEmail: email,
    contactPhone: "01632 960601",
    password: "colleague-pass",
    confirmPassword: "colleague-pass",
    plan: "standard",
    period: "monthly",
  }).toString();
  const r = await rawRequest(url.href, {
    method: "POST",
    localAddress,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body,
  });
  return {
    status: r.status,
    location: typeof r.headers.location === "string" ? r.headers.location : null,
    body: r.body,
  };
}

test("a claim with its licence PDF: wrong files are refused with a message, the admin downloads it from both review dialogs, nobody else can", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await onNetwork(browser, "127.0.0.61", { viewport: { width: 1280, height: 900 } }, async (page) => {
    await toPlanStep(page, EVID.pdf.number, "evid-pdf-owner@example.test");
    const evidence = page.getByRole("region", { name: "Evidence of ownership" });
    await expect(evidence).toContainText("speed up approval");
    const input = page.getByLabel("Licence document (optional)");
    await expect(input).toHaveAttribute("type", "file");
    await expectAccessible(page);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/wizard-upload-1280.png`, fullPage: true });
    await shootAtPhoneWidth(page, `${SHOTS}/wizard-upload-375.png`);

    // Over 10 MB: refused as soon as it is chosen.
    await input.setInputFiles({
      name: "huge.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.alloc(LICENCE_MAX_BYTES + 1, 0x20),
    });
    await expect(
      evidence.getByText("The licence document is too large: it must be 10 MB or smaller."),
    ).toBeVisible();
    await expect(input).toHaveValue("");

    // Named .pdf but plain text: refused by the server, the claim kept at this step.
    await page.getByRole("radio", { name: "Premium" }).check();
    await input.setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: notAPdf() });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await expect(
      evidence.getByText("The licence document must be a PDF or an image (JPEG, PNG, GIF or WebP)."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Step 3 of 4: Choose Plan" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Premium" })).toBeChecked();
    await expect(input).toHaveAttribute("aria-invalid", "true");

    // A PDF that runs a script when opened: refused.
    await input.setInputFiles({
      name: "licence.pdf",
      mimeType: "application/pdf",
      buffer: pdfWithJavaScript(),
    });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await expect(
      evidence.getByText(/The PDF contains scripts, embedded files or actions, which we do not accept/),
    ).toBeVisible();

    // The real certificate.
    await input.setInputFiles({
      name: "Registration certificate.pdf",
      mimeType: "application/pdf",
      buffer: licencePdf(),
    });
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await expect(page.getByRole("heading", { name: "Step 4 of 4: Complete" })).toBeVisible();
    await expectToast(page, "Check your email");
  });

  // The admin: the claim's review dialog offers the document as a download.
  const { admin, view } = await openClaimAsAdmin(browser, "evidpaper", EVID.pdf.name);
  const download = view.getByRole("link", { name: "Download licence document" });
  await expect(download).toBeVisible();
  await expect(view.getByText(/^PDF · \d+ KB · Registration certificate\.pdf$/)).toBeVisible();
  const href = (await download.getAttribute("href"))!;
  expect(href).toMatch(/^\/admin\/claim-requests\/[0-9a-f-]{36}\/licence$/);
  const [file] = await Promise.all([admin.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toBe(`licence-${EVID.pdf.number}.pdf`);
  expect(fs.readFileSync((await file.path())!).equals(licencePdf())).toBe(true);
  await expectAccessible(admin);
  await admin.screenshot({ path: `${SHOTS}/review-dialog-pdf-1280.png` });
  await admin.setViewportSize({ width: 375, height: 812 });
  await download.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/review-dialog-pdf-375.png` });
  await admin.setViewportSize({ width: 1280, height: 900 });

  // The dashboard's Review Claim dialog links to the same access-checked address.
  await admin.goto("/admin?tab=claims");
  await admin.getByRole("link", { name: `Review claim for ${EVID.pdf.name}` }).click();
  const review = admin.getByRole("dialog", { name: "Review Claim" });
  await expect(review.getByRole("link", { name: "View licence document" })).toHaveAttribute("href", href);
  const res = await admin.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect(res.headers()["content-disposition"]).toBe(`attachment; filename="licence-${EVID.pdf.number}.pdf"`);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["cache-control"]).toContain("no-store");
  await admin.context().close();

  // Nobody else: signed out, to sign in; a signed-in non-admin, Access Denied.
  const stranger = await browser.newContext();
  const anonymous = await stranger.request.get(href, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toMatch(/^\/login\?redirectTo=/);
  const user = await stranger.newPage();
  await signIn(user, AUTH_USERS.user, AUTH_PASSWORD);
  await expect(user).not.toHaveURL(/\/login/);
  const refused = await user.request.get(href, { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/unauthorized");
  expect((await refused.body()).includes(Buffer.from("%PDF-"))).toBe(false);
  await stranger.close();
});

test.describe("without JavaScript", () => {
  test("a photo of the certificate is sent with Submit Claim; a file over 10 MB is refused; the admin sees the re-encoded image", async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    await onNetwork(browser, "127.0.0.63", { javaScriptEnabled: false }, async (page) => {
      // Too large: the server refuses it as it arrives and says why (the form has to be filled again).
      await toPlanStep(page, EVID.photo.number, "evid-photo-owner@example.test");
      await page.getByLabel("Licence document (optional)").setInputFiles({
        name: "scan.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.alloc(LICENCE_MAX_BYTES + 300 * 1024, 0x20),
      });
      await page.getByRole("button", { name: "Submit Claim" }).click();
      await expect(
        page.getByText(
          /^The licence document is too large: it must be 10 MB or smaller\. Nothing you typed could be read with it/,
        ),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();

      await toPlanStep(page, EVID.photo.number, "evid-photo-owner@example.test");
      await expect(page.getByText("It is sent when you press Submit Claim.")).toBeVisible();
      await page
        .getByLabel("Licence document (optional)")
        .setInputFiles(path.join(CRAFTED, "jpeg-gps-exif.jpg"));
      await page.getByRole("button", { name: "Submit Claim" }).click();
      await expect(page.getByRole("heading", { name: "Step 4 of 4: Complete" })).toBeVisible();
    });

    const { admin, view } = await openClaimAsAdmin(browser, "evidphoto", EVID.photo.name);
    const image = view.getByRole("img", { name: "Licence document uploaded with the claim" });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expect(view.getByText(/^Image · \d+ KB · jpeg-gps-exif\.jpg$/)).toBeVisible();
    await expectAccessible(admin);
    await admin.screenshot({ path: `${SHOTS}/review-dialog-image-1280.png` });
    const src = (await image.getAttribute("src"))!;
    const res = await admin.request.get(src);
    expect(res.headers()["content-type"]).toBe("image/jpeg");
    expect(res.headers()["content-disposition"]).toBe(`inline; filename="licence-${EVID.photo.number}.jpg"`);
    const body = await res.body();
    expect(body.includes(Buffer.from("Exif"))).toBe(false);
    expect(body.includes(Buffer.from("GPS"))).toBe(false);
    await admin.setViewportSize({ width: 375, height: 812 });
    await image.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/review-dialog-image-375.png` });
    await admin.context().close();
  });
});

test("a registration that expired or left the register cannot be claimed: the finder, the wizard and a direct POST say so", async ({
  page,
}) => {
  await page.goto(`/claim/${EVID.expired.number}`);
  await expect(page.getByRole("heading", { name: "This registration has expired" })).toBeVisible();
  await expect(
    page.getByText(
      /The registration expired on 1 January 2024\. Only a registration that is in force can be claimed/,
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto(`/register?number=${EVID.expired.number}`);
  await expect(page.getByText("This registration has expired")).toBeVisible();
  await expect(page.getByRole("link", { name: "Claim This Listing" })).toHaveCount(0);
  await page.goto("/register?tab=name&name=evidlapsed");
  await expect(
    page.getByRole("list", { name: "Matching businesses" }).getByText("Registration expired"),
  ).toBeVisible();

  await page.goto(`/claim/${EVID.removed.number}`);
  await expect(
    page.getByRole("heading", { name: "This registration is no longer on the register" }),
  ).toBeVisible();
  await expect(page.getByText(/Removed on 1 February 2026\./)).toBeVisible();

  // A claim posted straight to the wizard is refused too, and nothing is created.
  for (const [b, status, text] of [
    [EVID.expired, 409, "This registration has expired"],
    [EVID.removed, 410, "This registration is no longer on the register"],
  ] as const) {
    const res = await page.request.post(`/claim/${b.number}`, {
      form: {
        intent: "submit",
        step: "3",
        contactName: "Pat Post",
        contactEmail: `evid-post-${b.number}@example.test`,
        contactPhone: "01632 960609",
        password: "post-pass",
        confirmPassword: "post-pass",
      },
    });
    expect(res.status(), b.number).toBe(status);
    expect(await res.text()).toContain(text);
  }
  await signIn(page, AUTH_USERS.admin, AUTH_PASSWORD);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/claim-requests?q=evid-post");
  await expect(page.getByText('No pending claim requests found for "evid-post".')).toBeVisible();
});

test("the sign-up limit of a network: said at the step where it is reached and when the wizard starts, with when to try again; viewing counts nothing", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await onNetwork(browser, EVID_LIMITED_NETWORK.address, {}, async (page) => {
    // One sign-up is left on this network: looking at the wizard again and again does not use it.
    for (let i = 0; i < 6; i++) {
      await page.goto(`/claim/${EVID.limited.number}`);
      await expect(page.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();
    }
    // The page reloads its data once step 1 is sent: a person reads step 2 after that, and only
    // then can the colleague below be first (were the reload to come after, it would find the
    // network's limit already reached).
    const settled = page.waitForResponse(
      (r) =>
        r.request().method() === "GET" && new URL(r.url()).pathname === `/claim/${EVID.limited.number}.data`,
    );
    await verifyBusinessStep(page, {
      name: "Lin Limit",
      phone: "01632 960602",
      email: "evid-limited-owner@example.test",
      password: "limited-pass",
    });
    await settled;

    // Meanwhile a colleague on the same network claims another business: the last sign-up of the hour.
    const colleague = await postClaim(
      baseURL!,
      EVID_LIMITED_NETWORK.address,
      EVID.colleague.number,
      "evid-colleague-claim@example.test",
    );
    expect(colleague.status).toBe(302);
    expect(colleague.location).toMatch(new RegExp(`^/claim/${EVID.colleague.number}/complete\\?email=`));

    // The next step says so at once, with when to try again; what was typed is kept.
    await page.getByLabel("About your business (optional)").fill("Limited but patient.");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Too many sign-up attempts from your network." });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(
      /You can try again in \d+ minutes?\. Already have an account\? Sign in and claim with it/,
    );
    await expectToast(page, "Sign up failed");
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Add Details" })).toBeVisible();
    await expect(page.getByLabel("About your business (optional)")).toHaveValue("Limited but patient.");

    // Starting again: the wizard says so straight away, and offers signing in instead.
    await page.goto(`/claim/${EVID.limited.number}`);
    await expect(page.getByRole("heading", { name: "Too many sign-ups from your network" })).toBeVisible();
    await expect(
      page.getByText(/^Too many sign-up attempts from your network\. You can try again in \d+ minutes?\.$/),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/claim/${EVID.limited.number}`)}`,
    );
    await expectAccessible(page);
  });
  // A claim posted straight from that network is refused (429, with Retry-After), creating nothing.
  const direct = await postClaim(
    baseURL!,
    EVID_LIMITED_NETWORK.address,
    EVID.limited.number,
    "evid-limited-direct@example.test",
  );
  expect(direct.status).toBe(429);
  expect(direct.body).toContain("Too many sign-up attempts from your network. You can try again in");
  // Another network is not affected.
  const other = await (await browser.newContext()).newPage();
  await other.goto(`/claim/${EVID.limited.number}`);
  await expect(other.getByRole("heading", { name: "Step 1 of 4: Verify Business" })).toBeVisible();
  await other.context().close();
});

test("approving from ?claim=…&action=approve on a slow connection: the toast says it worked (the query is not cleared under the approval)", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await asAdmin(browser);
  // A slow connection: the approval takes two seconds to reach the server.
  await admin.route(
    (url) => url.pathname.startsWith("/admin/claim-requests"),
    async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 2000));
      await route.continue().catch(() => undefined);
    },
  );
  // The page's clock is held, so the query-clearing timer (about 0.5 s) fires exactly while the
  // approval is on its way, whatever the machine's speed.
  await admin.clock.install();
  await admin.clock.pauseAt(new Date(Date.now() + 60_000));
  await admin.goto(`/admin/claim-requests?claim=${EVID.race.claimId}&action=approve`);
  const dialog = admin.getByRole("dialog", { name: "Approve Claim" });
  await dialog.getByRole("button", { name: "Approve Claim" }).click();
  await expect(dialog.getByRole("button", { name: "Approving..." })).toBeVisible();
  await admin.clock.runFor(1000);
  await expectToast(admin, "Claim approved successfully");
  await expect(admin.getByRole("dialog")).toBeHidden();
  await expect(admin).toHaveURL(/\/admin\/claim-requests\?status=approved$/);
  await expect(admin.getByRole("row").filter({ hasText: EVID.race.name })).toBeVisible();
  await admin.unrouteAll({ behavior: "ignoreErrors" });

  // Opened from the link and left alone, the query still comes off the address after about 0.5 s.
  await admin.goto(`/admin/claim-requests?claim=${EVID.race.claimId}`);
  await expect(admin.getByRole("dialog", { name: "Claim Request" })).toBeVisible();
  await expect(admin).toHaveURL(/claim=/);
  await admin.clock.runFor(1000);
  await expect(admin).not.toHaveURL(/claim=/);
  await expect(admin.getByRole("dialog", { name: "Claim Request" })).toBeVisible();

  // Leave the shared server as other specs expect it: the approved listing is suspended (featured block).
  await admin.goto("/admin/providers?status=verified");
  const raceRow = admin.getByRole("row").filter({ hasText: EVID.race.number });
  await confirmSuspension(
    admin,
    raceRow,
    "Suspend",
    EVID.race.name,
    "Test listing: kept out of the featured block",
  );
  await admin.context().close();
});

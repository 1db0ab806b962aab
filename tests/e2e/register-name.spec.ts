/**
 * Decision 0281: a verified owner renames the listing of a lower tier registration (never expires)
 * after a well-known-sounding carrier; the rename is published, but a visitor's licence check, the
 * profile, its JSON-LD and description and the API still name the registration's holder as the
 * register does, the new name only as a trading name beside it. On a phone the licence answer,
 * with the register's name, is on the first screen. (Fixture tests/fixtures/73-register-name.ts.)
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { RN } from "../fixtures/73-register-name";
import { expectAccessible, expectToast, signInAs } from "./support/auth-helpers";
import { expectNoSideScroll } from "./support/styles";

const PHONE = { width: 375, height: 667 };
const SHOTS = "tmp/shots-h10";
const CHECK = `/search-results?query=${RN.reg}&type=registration`;
const PROFILE = `/provider/${RN.reg}`;

/** The element is wholly inside the window as the page opens: no scrolling to read it. */
async function expectOnFirstScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

test("a verified owner's rename shows as a trading name: the licence check and the profile name the register's holder", async ({
  browser,
  request,
}) => {
  // The owner renames the listing on /company: published at once.
  const owner = await (await browser.newContext()).newPage();
  await signInAs(owner, RN.email, RN.password);
  await expect(owner).toHaveURL(/\/company$/);
  await owner.getByLabel("Business Name").fill(RN.renamed);
  await owner.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(owner, "Your changes have been published");

  // A visitor on a phone checks the number.
  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await visitor.goto(CHECK);
  const panel = visitor.getByRole("region", { name: "License Verification Result" });
  await expect(panel).toContainText("Valid Registration (lower tier registrations do not expire)");
  await expect(panel.getByTestId("licence-holder")).toHaveText(
    `Registered to: ${RN.registerName} · ${RN.reg}`,
  );
  await expect(panel.getByTestId("licence-trading-name")).toHaveText(
    `Listed here as ${RN.renamed}: a trading name the business gave its listing, not its name on the register.`,
  );
  await expect(panel.getByText(`Registered to: ${RN.renamed}`)).toHaveCount(0);
  await expectOnFirstScreen(visitor, panel.getByRole("heading", { name: "License Verification Result" }));
  await expectOnFirstScreen(visitor, panel.getByTestId("licence-holder"));
  await expectOnFirstScreen(visitor, panel.getByTestId("licence-trading-name"));
  await expectNoSideScroll(visitor);
  await visitor.screenshot({ path: `${SHOTS}/licence-check-375.png` });
  await visitor.screenshot({ path: `${SHOTS}/licence-check-375-full.png`, fullPage: true });
  await expectAccessible(visitor);

  // The profile: the listing's name, then whose trading name it is; the register's facts.
  await panel.getByRole("link", { name: "View full details" }).click();
  await expect(visitor).toHaveURL(new RegExp(`${PROFILE}$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(RN.renamed);
  const holder = visitor.getByTestId("profile-register-name");
  await expect(holder).toHaveText(
    `Trading name of ${RN.registerName}, the registration holder on the public register`,
  );
  await expectOnFirstScreen(visitor, holder);
  const details = visitor.locator("dl", { has: visitor.locator("dt", { hasText: "Registration number" }) });
  await expect(details.locator("dt").first()).toHaveText("Registered to");
  await expect(details.locator("dd").first()).toHaveText(RN.registerName);
  await expect(details).not.toContainText(RN.renamed);
  await expectNoSideScroll(visitor);
  await visitor.screenshot({ path: `${SHOTS}/profile-375.png` });
  await visitor.screenshot({ path: `${SHOTS}/profile-375-full.png`, fullPage: true });
  await expectAccessible(visitor);

  // What search engines and link previews read.
  const jsonLd = JSON.parse(
    (await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(jsonLd).toMatchObject({ name: RN.renamed, legalName: RN.registerName });
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    new RegExp(
      `^${RN.renamed}, trading name of ${RN.registerName} in ${RN.town}: waste carrier registration ${RN.reg} \\(lower tier\\), in force`,
    ),
  );

  // The API: the old fields as they were, the register's name beside them.
  const body = await (await request.get(`/api/v1/providers?query=${RN.reg}&type=registration`)).json();
  expect(body.licence).toMatchObject({
    registration_number: RN.reg,
    business_name: RN.renamed,
    register_name: RN.registerName,
  });

  // A search by the register's name: the card shows the listing's name and whose trading name it is.
  await visitor.goto(`/search-results?query=${encodeURIComponent(RN.registerName)}&type=name`);
  const card = visitor.getByRole("article").filter({ hasText: RN.reg });
  await expect(card.getByRole("heading")).toHaveText(RN.renamed);
  await expect(card.getByText(`Trading name of ${RN.registerName}`, { exact: true })).toBeVisible();
  await expectNoSideScroll(visitor);
});

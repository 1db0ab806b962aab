/**
 * The access matrix (signed-in areas spec, section 2): for every /company and /admin route that
 * exists, and every action, anonymous visitors go to /login with the location kept, signed-in
 * users reach /company/*, only administrators reach /admin/* (others get /unauthorized). Checked
 * on full page loads, on client-side data requests and on POSTs: the server decides every time.
 */
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { AUTH_PASSWORD, AUTH_USERS } from "../fixtures/20-accounts";
import { expectAccessible, signIn } from "./support/auth-helpers";

const COMPANY_ROUTES = ["/company", "/company/waste-note", "/company/waste-notes", "/company/anything/else"];
const ADMIN_ROUTES = [
  "/admin",
  "/admin/listings",
  "/admin/claim-requests",
  "/admin/leads",
  "/admin/providers",
  "/admin/reports",
  "/admin/settings",
  "/admin/verifications",
  "/admin/data-management",
  "/admin/quote-requests",
  "/admin/claim-requests?claim=1&action=approve",
];
const SIGNED_IN_ROUTES = ["/account/security"];

type Role = "anonymous" | "user" | "company" | "admin";
const EMAIL: Record<Exclude<Role, "anonymous">, string> = {
  user: AUTH_USERS.user,
  company: AUTH_USERS.company,
  admin: AUTH_USERS.admin,
};

async function requestAs(
  browser: Browser,
  role: Role,
  baseURL: string,
): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  if (role !== "anonymous") {
    const page = await context.newPage();
    await signIn(page, EMAIL[role], AUTH_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.close();
  }
  return { request: context.request, close: () => context.close() };
}

const loginFor = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

function expected(role: Role, path: string): { status: "ok" } | { redirect: string } {
  const admin = path.startsWith("/admin");
  if (role === "anonymous") return { redirect: loginFor(path) };
  if (admin && role !== "admin") return { redirect: "/unauthorized" };
  return { status: "ok" };
}

for (const role of ["anonymous", "user", "company", "admin"] as const) {
  test(`access matrix: ${role}`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { request, close } = await requestAs(browser, role, baseURL!);
    const origin = new URL(baseURL!).origin;
    for (const path of [...COMPANY_ROUTES, ...ADMIN_ROUTES, ...SIGNED_IN_ROUTES]) {
      const want = expected(role, path);
      // Full page load.
      const page = await request.get(path, { maxRedirects: 0 });
      if ("redirect" in want) {
        expect(page.status(), `${role} GET ${path}`).toBe(302);
        expect(page.headers()["location"], `${role} GET ${path}`).toBe(want.redirect);
      } else {
        expect([200, 404], `${role} GET ${path}`).toContain(page.status());
        expect(page.headers()["location"]).toBeUndefined();
        const html = await page.text();
        expect(html, `${role} GET ${path} renders the area`).toContain(
          path.startsWith("/admin")
            ? 'aria-label="Admin"'
            : path.startsWith("/company")
              ? 'aria-label="Company"'
              : "Account security",
        );
      }
      // Client-side navigation data request (single fetch).
      const u = new URL(path, origin);
      const dataUrl = `${u.pathname === "/" ? "/_root" : u.pathname}.data${u.search}`;
      const data = await request.get(dataUrl, { maxRedirects: 0 });
      const body = await data.text();
      if ("redirect" in want) {
        expect(body, `${role} GET ${dataUrl}`).toContain(
          want.redirect.startsWith("/login") ? "/login?redirectTo=" : "/unauthorized",
        );
        expect(body, `${role} GET ${dataUrl} leaks nothing`).not.toContain(AUTH_USERS.admin);
      } else {
        expect(body, `${role} GET ${dataUrl}`).not.toContain("/login?redirectTo=");
        expect(body).not.toContain('"/unauthorized"');
      }
      // A POST (any action, existing or future) is guarded the same way before it runs.
      const post = await request.post(path, {
        form: { intent: "probe" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      if ("redirect" in want) {
        expect(post.status(), `${role} POST ${path}`).toBe(302);
        expect(post.headers()["location"], `${role} POST ${path}`).toBe(want.redirect);
      } else {
        expect(post.headers()["location"] ?? "", `${role} POST ${path}`).not.toMatch(
          /^\/(login|unauthorized)/,
        );
      }
    }
    await close();
  });
}

test("Access Denied: the spec's text, 'Return to Home' and 'Sign Out'", async ({ page }) => {
  await signIn(page, AUTH_USERS.company);
  await expect(page).toHaveURL(/\/company$/);
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Access is restricted to authorized administrators only.")).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/company");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcompany$/);
});

test("the development mailbox lists messages outside production", async ({ page }) => {
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Development mailbox" })).toBeVisible();
});

/**
 * The server as an outsider meets it (issue 13): behind an HTTPS proxy, the development mailbox,
 * request bodies and their limits, bad input in URLs and bodies, cookies, caching, readiness and
 * start-up refusals. Run against real server processes: the shared e2e server and, where other
 * settings are needed, servers started here from the same build.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { residentMb, settledResidentMb, startServer, type ExtraServer } from "./support/extra-server";
import { rawRequest } from "./support/raw-http";

const CONTROL_MESSAGE = "Your request contained characters we cannot accept";
const form = "application/x-www-form-urlencoded";

/** The contact form as a browser posts it, from `name` (at name@example.test). */
function contactMessage(name: string, message: string, subject = "Hi"): string {
  const email = `${name.split(" ")[0]!.toLowerCase()}@example.test`;
  return new URLSearchParams({ name, email, subject, message }).toString();
}

/** The demo administrator an embedded server prints on its first start. */
function demoAdmin(output: string): { email: string; password: string } {
  const email = /e-mail:\s+(\S+)/.exec(output)?.[1];
  const password = /password:\s+(\S+)/.exec(output)?.[1];
  if (!email || !password) throw new Error(`no demo admin in the output:\n${output}`);
  return { email, password };
}

test.describe("behind an HTTPS reverse proxy (production, TRUST_PROXY=loopback)", () => {
  test.describe.configure({ mode: "serial" });
  let server: ExtraServer;
  // What nginx sends for https://carriers.test/... with `proxy_set_header Host $host;
  // X-Forwarded-For $proxy_add_x_forwarded_for; X-Forwarded-Proto $scheme;`.
  const proxied = (extra: Record<string, string> = {}) => ({
    host: "carriers.test",
    "x-forwarded-proto": "https",
    "x-forwarded-for": "198.51.100.7",
    ...extra,
  });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer({
      NODE_ENV: "production",
      PUBLIC_URL: "https://carriers.test",
      TRUST_PROXY: "loopback",
      SESSION_SECRET: "a-test-secret-that-is-long-enough-for-production-use",
      MAIL_TRANSPORT: "outbox",
    });
  });
  test.afterAll(() => server?.stop());

  test("a browser's sign-in form POST passes the origin checks and gets a __Host- cookie", async () => {
    const admin = demoAdmin(server.output());
    const res = await rawRequest(`${server.url}/login`, {
      method: "POST",
      headers: proxied({
        origin: "https://carriers.test",
        "sec-fetch-site": "same-origin",
        "content-type": form,
      }),
      body: new URLSearchParams({ email: admin.email, password: admin.password }).toString(),
    });
    expect(res.status, res.body.slice(0, 300)).toBe(302);
    expect(res.headers.location).toBe("/admin");
    const setCookie = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-session="));
    expect(setCookie).toBeTruthy();
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Domain=/i);

    // Signed-in pages are never stored by browsers or shared caches.
    const cookie = setCookie!.split(";")[0];
    const adminPage = await rawRequest(`${server.url}/admin`, { headers: proxied({ cookie }) });
    expect(adminPage.status).toBe(200);
    expect(adminPage.headers["cache-control"]).toBe("private, no-store");
    const home = await rawRequest(`${server.url}/`, { headers: proxied({ cookie }) });
    expect(home.headers["cache-control"]).toBe("private, no-store");
  });

  test("a contact form POST through the proxy is accepted, and a cross-site one refused", async () => {
    const body = contactMessage("Ada Lovelace", "A question about a carrier.", "Hello");
    const ok = await rawRequest(`${server.url}/contact`, {
      method: "POST",
      headers: proxied({
        origin: "https://carriers.test",
        "sec-fetch-site": "same-origin",
        "content-type": form,
      }),
      body,
    });
    expect(ok.status).toBeLessThan(400);
    const evil = await rawRequest(`${server.url}/contact`, {
      method: "POST",
      headers: proxied({
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        "content-type": form,
      }),
      body,
    });
    expect(evil.status).toBe(403);
  });

  test("a forged X-Forwarded-For does not give fresh attempts: the proxy's own entry is the client", async () => {
    // The contact form allows 5 messages an hour per client. The client writes its own first
    // entry each time; nginx appends the address it really saw (203.0.113.50).
    const send = (forged: string) =>
      rawRequest(`${server.url}/contact`, {
        method: "POST",
        headers: proxied({
          "x-forwarded-for": `${forged}, 203.0.113.50`,
          origin: "https://carriers.test",
          "content-type": form,
        }),
        body: contactMessage("Ada", "A question about a carrier."),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(`10.9.9.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another real client behind the same proxy is not affected.
    const other = await rawRequest(`${server.url}/contact`, {
      method: "POST",
      headers: proxied({
        "x-forwarded-for": "203.0.113.51",
        origin: "https://carriers.test",
        "content-type": form,
      }),
      body: contactMessage("Bo", "Another question."),
    });
    expect(other.status).toBe(200);
  });

  test("the page cache: an anonymous form does not empty it, a signed-in change does (decision 0265)", async () => {
    const home = async (extra: Record<string, string> = {}) =>
      (await rawRequest(`${server.url}/`, { headers: proxied(extra) })).headers["x-page-cache"] ?? "miss";
    const client = { "x-forwarded-for": "203.0.113.60" };
    await home(client);
    expect(await home(client)).toBe("hit");
    // A message sent through the contact form (carried out: 200) changes no page anyone sees.
    for (const name of ["Ada", "Bo", "Cy"]) {
      const sent = await rawRequest(`${server.url}/contact`, {
        method: "POST",
        headers: proxied({ ...client, origin: "https://carriers.test", "content-type": form }),
        body: contactMessage(name, "A question about a carrier."),
      });
      expect(sent.status).toBe(200);
    }
    expect(await home(client)).toBe("hit");
    // A signed-in person's change empties it: here the administrator signs out.
    const admin = demoAdmin(server.output());
    const signedIn = await rawRequest(`${server.url}/login`, {
      method: "POST",
      headers: proxied({ ...client, origin: "https://carriers.test", "content-type": form }),
      body: new URLSearchParams({ email: admin.email, password: admin.password }).toString(),
    });
    const cookie = (signedIn.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-session="))!;
    expect(await home(client)).toBe("hit");
    const out = await rawRequest(`${server.url}/logout`, {
      method: "POST",
      headers: proxied({
        ...client,
        cookie: cookie.split(";")[0]!,
        origin: "https://carriers.test",
        "content-type": form,
      }),
      body: "",
    });
    expect(out.status).toBeLessThan(400);
    expect(await home(client)).toBe("miss");
  });

  test("the development mailbox does not exist in production", async () => {
    const res = await rawRequest(`${server.url}/dev/mailbox`);
    expect(res.status).toBe(404);
  });
});

test.describe("a development server behind a local proxy (TRUST_PROXY=true)", () => {
  test.describe.configure({ mode: "serial" });
  let server: ExtraServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer({ NODE_ENV: "development", TRUST_PROXY: "true" });
  });
  test.afterAll(() => server?.stop());

  test("the mailbox is off for everyone, even a request that claims to come from 127.0.0.1", async () => {
    const variants: Record<string, string>[] = [
      {},
      { "x-forwarded-for": "127.0.0.1" },
      { "x-forwarded-for": "203.0.113.9" },
    ];
    for (const headers of variants) {
      const res = await rawRequest(`${server.url}/dev/mailbox`, { headers });
      expect(res.status).toBe(404);
      expect(res.body).not.toContain("Development mailbox");
    }
  });
});

test("the shared development server opens the mailbox to this machine only, never to a request a proxy passed on (decision 0266)", async () => {
  const local = await rawRequest(`${baseURL}/dev/mailbox`);
  expect(local.status).toBe(200);
  expect(local.body).toContain("Development mailbox");
  // An untrusted proxy on this machine connects from 127.0.0.1 for every visitor it passes on.
  for (const headers of [
    { "x-forwarded-for": "203.0.113.9" } as Record<string, string>,
    { forwarded: "for=203.0.113.9" },
    { "x-real-ip": "203.0.113.9" },
  ]) {
    const proxied = await rawRequest(`${baseURL}/dev/mailbox`, { headers });
    expect(proxied.status, JSON.stringify(headers)).toBe(404);
    expect(proxied.body).not.toContain("Development mailbox");
  }
});

test.describe("request bodies", () => {
  test("a plain form over 64 kB is refused with 413, with or without a declared length", async () => {
    const big = `email=a%40b.test&password=${"x".repeat(200 * 1024)}`;
    for (const chunked of [false, true]) {
      for (const url of ["/login", "/contact", "/request-reset"]) {
        const res = await rawRequest(`${baseURL}${url}`, {
          method: "POST",
          headers: { "content-type": form },
          body: big,
          chunked,
        });
        expect(res.status, `${url} chunked=${chunked}`).toBe(413);
        expect(res.body).toContain("This form is too large to send");
      }
    }
  });

  test("three 50 MB chunked bodies at once are cut off at the limit: the server's memory stays put", async () => {
    test.setTimeout(120_000);
    const server = await startServer({});
    try {
      const before = await settledResidentMb(server);
      async function* body() {
        const chunk = Buffer.alloc(1024 * 1024, "a");
        yield Buffer.from("email=a%40b.test&password=");
        for (let i = 0; i < 50; i++) yield chunk;
      }
      const results = await Promise.all(
        [0, 1, 2].map(() =>
          rawRequest(`${server.url}/login`, {
            method: "POST",
            headers: { "content-type": form },
            body: body(),
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([413, 413, 413]);
      expect(residentMb(server.pid) - before).toBeLessThan(100);
      // The upload form has its own, documented limit: 31 MB is over it.
      const upload = await rawRequest(`${server.url}/wastenotegeneration`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: Buffer.alloc(40 * 1024 * 1024, "a"),
        chunked: true,
      });
      expect(upload.status).toBe(413);
      expect(upload.body).toContain("Photos are too large");
    } finally {
      await server.stop();
    }
  });
});

test.describe("bad input gets 400 with a message, never 500", () => {
  test("a NUL byte or a broken escape anywhere in the address", async () => {
    for (const url of [
      "/?query=%00",
      "/search-results?query=%00",
      "/search-results?query=Leeds%00",
      "/search-results?location=%01",
      "/provider/%00",
      "/provider/CBDU%00123",
      "/api/v1/providers?query=%00",
      "/waste-note/%00",
      "/search-results?query=%E0%A4%A",
      "/login?redirectTo=%00",
    ]) {
      const res = await rawRequest(`${baseURL}${url}`);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatch(/characters we cannot accept|broken %-escape/);
    }
  });

  test("a control character in a form field", async () => {
    for (const [url, fields] of [
      ["/login", { email: "a\u0000@example.test", password: "x" }],
      ["/contact", { name: "Ada", email: "ada@example.test", subject: "Hi", message: "Hello\u0000there" }],
      ["/request-reset", { email: "someone\u0007@example.test" }],
    ] as const) {
      const res = await rawRequest(`${baseURL}${url}`, {
        method: "POST",
        headers: { "content-type": form },
        body: new URLSearchParams(fields).toString(),
      });
      expect(res.status, url).toBe(400);
      expect(res.body).toContain(CONTROL_MESSAGE);
    }
    // Tabs and line breaks in a message are fine.
    const ok = await rawRequest(`${baseURL}/contact`, {
      method: "POST",
      headers: { "content-type": form },
      body: contactMessage("Ada", "Line one\r\n\tLine two"),
    });
    expect(ok.status).toBeLessThan(400);
  });

  test("JSON, text, XML and broken multipart bodies sent to form actions", async () => {
    const bodies: Array<[string, string]> = [
      ["application/json", JSON.stringify({ email: "a@b.test", password: "x" })],
      ["text/plain", "email=a@b.test&password=x"],
      ["application/xml", "<login><email>a@b.test</email></login>"],
      [
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--xy',
      ],
      ["multipart/form-data", "no boundary at all"],
    ];
    for (const url of [
      "/login",
      "/contact",
      "/request-reset",
      "/wastenotegeneration",
      "/enquiries/lead",
      "/provider/CBDU100001/report",
    ]) {
      for (const [type, body] of bodies) {
        const res = await rawRequest(`${baseURL}${url}`, {
          method: "POST",
          headers: { "content-type": type },
          body,
        });
        expect(res.status, `${url} ${type}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${url} ${type}`).toBeLessThan(500);
      }
    }
  });

  test("a person who submits a control character sees what to do", async ({ page }) => {
    const response = await page.goto("/search-results?query=%00");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "We could not accept that request" })).toBeVisible();
    await expect(page.getByText(CONTROL_MESSAGE)).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });
});

test("readiness reports a nearly full disk", async () => {
  const server = await startServer(
    { READY_MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) },
    { waitReady: false },
  );
  try {
    let body = "";
    await expect(async () => {
      const res = await rawRequest(`${server.url}/readyz`);
      body = res.body;
      expect(res.status).toBe(503);
      expect(JSON.parse(body).status).toBe("disk full");
    }).toPass({ timeout: 120_000 });
  } finally {
    await server.stop();
  }
});

test("a DATA_DIR that cannot be written stops the start with one clear line", async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ro-")), "a-file");
  fs.writeFileSync(file, "");
  const server = await startServer({ DATA_DIR: path.join(file, "data") }, { waitReady: false });
  expect(await server.exited).toBe(1);
  const lines = server.output().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Invalid configuration: DATA_DIR: .* is not writable \(ENOTDIR\)/);
});

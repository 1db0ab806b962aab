import { expect, test } from "@playwright/test";

test("the server answers health checks and sends security headers", async ({ request }) => {
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
  const home = await request.get("/");
  const headers = home.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  // The map's tiles (MAP_TILE_URL, here the default) and nothing else from other sites.
  expect(headers["content-security-policy"]).toContain(
    "img-src 'self' data: blob: https://tile.openstreetmap.org;",
  );
  // "Use my location" on this site only; no camera or microphone.
  expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(self)");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toBeTruthy();

  // The scripts' nonce: 16 random bytes, on the page's own scripts, never the same twice (300
  // answers use more than one fill of the server's pool of random bytes).
  const nonceOf = (csp: string | undefined) => /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(csp ?? "")?.[1];
  const nonce = nonceOf(headers["content-security-policy"]);
  expect(Buffer.from(nonce ?? "", "base64")).toHaveLength(16);
  expect(await home.text()).toContain(`nonce="${nonce}"`);
  const nonces = new Set([nonce]);
  for (let i = 0; i < 300; i++)
    nonces.add(nonceOf((await request.get("/healthz")).headers()["content-security-policy"]));
  expect(nonces.size).toBe(301);
  expect(nonces.has(undefined)).toBe(false);

  // Every kind of answer carries its request id once: the caller's own when it sent a usable one
  // (answers made by the router, by Hono, by the API and by the static files alike).
  for (const path of ["/", "/no-such-page", "/healthz", "/api/v1/providers?query=leeds", "/favicon.ico"]) {
    const answer = await request.get(path, { headers: { "X-Request-Id": "trace-42" } });
    expect(answer.headers()["x-request-id"], path).toBe("trace-42");
    expect(answer.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
  const own = (await request.get("/api/v1/providers?query=leeds")).headers()["x-request-id"];
  expect(own).toMatch(/^[0-9a-f-]{36}$/);
});

test("an unknown path answers 404 with links home and to search", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /home/i })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: /search/i })).toHaveAttribute("href", "/search-results");
});

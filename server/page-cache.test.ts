import { Hono } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { pageCacheHeaders, profileViewEvent } from "../app/web/page-cache";
import { createPageCache, type PageCacheOptions } from "./page-cache";

/** A real Hono app: secure headers (per-response nonce), the cache, and a page that counts renders. */
function setup(options: Partial<PageCacheOptions> = {}) {
  let renders = 0;
  const hits: string[] = [];
  const cache = createPageCache({
    maxAgeSeconds: 10,
    maxEntries: 100,
    onHit: (e) => hits.push(e),
    ...options,
  });
  const app = new Hono<{ Variables: { secureHeadersNonce?: string; routePattern?: string } }>();
  const labels: (string | undefined)[] = [];
  app.use(async (c, next) => {
    await next();
    labels.push(c.get("routePattern")); // what the request metrics read
  });
  app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] } }));
  app.use(cache.middleware);
  const page = (
    c: { get: (k: "secureHeadersNonce") => string | undefined },
    extra: Record<string, string> = {},
    status = 200,
  ) => {
    renders++;
    const nonce = c.get("secureHeadersNonce");
    return new Response(`<html><script nonce="${nonce}">x</script><p>render ${renders}</p></html>`, {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", ...extra },
    });
  };
  app.get("/cached", (c) => {
    c.set("routePattern", "/cached");
    return page(c, pageCacheHeaders());
  });
  app.get("/profile", (c) => page(c, pageCacheHeaders(profileViewEvent("CBDU1"))));
  app.get("/plain", (c) => page(c));
  app.get("/wide", (c) => {
    renders++;
    const nonce = c.get("secureHeadersNonce");
    return new Response(
      `<script nonce="${nonce}">a</script><p>Showing 1–10 · “Leeds” … ${renders}</p><style nonce="${nonce}"></style>`,
      { headers: { "Content-Type": "text/html; charset=utf-8", ...pageCacheHeaders() } },
    );
  });
  app.get("/big", () => {
    renders++;
    return new Response(`<p>${"x".repeat(100_000)} ${renders}</p>`, {
      headers: { "Content-Type": "text/html; charset=utf-8", ...pageCacheHeaders() },
    });
  });
  app.get("/missing", (c) => page(c, pageCacheHeaders(), 404));
  app.get("/cookie", (c) => page(c, { ...pageCacheHeaders(), "Set-Cookie": "t=1" }));
  app.post("/form", (c) => c.text("ok"));
  app.post("/refused", (c) => c.text("Too many requests", 429));
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  return { app, cache, get, hits, labels, renders: () => renders };
}

const nonceOf = (res: Response) =>
  /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

describe("page cache", () => {
  it("labels a hit with the route that rendered the page, for the request metrics", async () => {
    const { get, labels, renders } = setup();
    await (await get("/cached")).text();
    await (await get("/cached")).text();
    expect(renders()).toBe(1);
    expect(labels).toEqual(["/cached", "/cached"]);
  });

  it("serves an opted-in page again without rendering, with this response's own nonce", async () => {
    const { get, renders } = setup();
    const first = await get("/cached");
    const firstBody = await first.text();
    const second = await get("/cached");
    const secondBody = await second.text();
    expect(renders()).toBe(1);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(first.headers.get("x-page-cache")).toBeNull();
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1 && n2 && n1 !== n2).toBe(true);
    expect(firstBody).toContain(`nonce="${n1}"`);
    expect(secondBody).toContain(`nonce="${n2}"`);
    expect(secondBody).not.toContain(n1!);
    expect(secondBody).toContain("render 1");
    // The opt-in headers never leave the server.
    for (const res of [first, second]) {
      expect(res.headers.get("x-page-cache-ttl")).toBeNull();
      expect(res.headers.get("x-page-cache-event")).toBeNull();
    }
  });

  it("serves a page's text exactly, whatever its characters, with every nonce in it replaced", async () => {
    const { get, renders } = setup();
    const first = await get("/wide");
    const firstBody = await first.text();
    const second = await get("/wide");
    const secondBody = await second.text();
    expect(renders()).toBe(1);
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(firstBody).toBe(
      `<script nonce="${n1}">a</script><p>Showing 1–10 · “Leeds” … 1</p><style nonce="${n1}"></style>`,
    );
    expect(secondBody).toBe(firstBody.replaceAll(n1!, n2!));
    expect(Number(second.headers.get("content-length") ?? Buffer.byteLength(secondBody))).toBe(
      Buffer.byteLength(secondBody),
    );
  });

  it("drops expired pages within a second, without waiting for them to be asked for again", async () => {
    let now = 1_000_000;
    const { get, cache } = setup({ now: () => now });
    await get("/cached?a=1");
    await get("/cached?a=2");
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeGreaterThan(0);
    now += 11_000; // both expired
    await get("/plain"); // any request: the sweep runs
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("holds at most maxBytes of pages, dropping the least recently used", async () => {
    const { get, cache, renders } = setup({ maxBytes: 250_000 });
    await get("/big?a=1");
    await get("/big?a=2");
    expect(cache.size).toBe(2);
    await get("/big?a=1"); // a hit: a=1 is now the most recently used
    await get("/big?a=3"); // over 250,000 bytes with three: drops a=2
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(250_000);
    expect(renders()).toBe(3);
    await get("/big?a=1");
    expect(renders()).toBe(3);
    await get("/big?a=2");
    expect(renders()).toBe(4);
    cache.clear();
    expect(cache.bytes).toBe(0);
    // Two misses of one page at once both store it: it is kept, and counted, once.
    await Promise.all([get("/big?a=9"), get("/big?a=9")]);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(Buffer.byteLength(`<p>${"x".repeat(100_000)} 6</p>`));
  });

  it("never serves or stores pages for requests with cookies or credentials", async () => {
    const { get, renders, cache } = setup();
    await get("/cached", { cookie: "__session=abc" });
    await get("/cached", { cookie: "__session=abc" });
    await get("/cached", { authorization: "Basic eDp5" });
    expect(renders()).toBe(3);
    expect(cache.size).toBe(0);
    await get("/cached"); // an anonymous visitor stores render 4
    const signedIn = await get("/cached", { cookie: "__session=abc" });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(await signedIn.text()).toContain("render 5");
    expect(renders()).toBe(5);
  });

  it("keeps only 200 HTML pages that opted in and set no cookie", async () => {
    const { get, renders, cache } = setup();
    for (const path of ["/plain", "/missing", "/cookie"]) {
      await get(path);
      await get(path);
    }
    expect(renders()).toBe(6);
    expect(cache.size).toBe(0);
    const missing = await get("/missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache-ttl")).toBeNull();
  });

  it("is emptied by a state-changing request that was carried out", async () => {
    const { app, get, renders, cache } = setup();
    await get("/cached");
    expect(cache.size).toBe(1);
    await app.request("/form", { method: "POST" });
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(await (await get("/cached")).text()).toContain("render 2");
    expect(renders()).toBe(2);
  });

  it("is kept after a state-changing request that the server says changes no page (an anonymous one)", async () => {
    const asked: string[] = [];
    const { app, get, renders, cache } = setup({
      changesPages: async (request) => {
        asked.push(request.headers.get("cookie") ?? "");
        return request.headers.get("cookie") === "session=signed";
      },
    });
    await get("/cached");
    for (let i = 0; i < 5; i++) expect((await app.request("/form", { method: "POST" })).status).toBe(200);
    expect(cache.size).toBe(1);
    expect(await (await get("/cached")).text()).toContain("render 1");
    await app.request("/form", { method: "POST", headers: { cookie: "session=signed" } });
    expect(cache.size).toBe(0);
    expect(await (await get("/cached")).text()).toContain("render 2");
    expect(renders()).toBe(2);
    expect(asked).toEqual(["", "", "", "", "", "session=signed"]);
  });

  it("is emptied, and the request keeps its answer, when the check of who sent it fails", async () => {
    const started: number[] = [];
    const { app, get, cache } = setup({
      now: () => 1_000,
      changesPages: async (_request, startedAt) => {
        started.push(startedAt);
        throw new Error("database unavailable");
      },
    });
    await get("/cached");
    const res = await app.request("/form", { method: "POST", headers: { cookie: "session=signed" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(cache.size).toBe(0);
    // The check is told when the request came in (it runs after the request was carried out).
    expect(started).toEqual([1_000]);
  });

  it("is kept when a state-changing request is refused or goes nowhere (it changed nothing)", async () => {
    const { app, get, renders, cache } = setup();
    await get("/cached");
    // A loop of refused POSTs (a limit, a route that does not exist) would otherwise keep every
    // anonymous page uncached.
    expect((await app.request("/refused", { method: "POST" })).status).toBe(429);
    expect((await app.request("/anything", { method: "POST" })).status).toBe(404);
    expect(cache.size).toBe(1);
    expect(await (await get("/cached")).text()).toContain("render 1");
    expect(renders()).toBe(1);
  });

  it("expires entries after their time to live, and can be turned off", async () => {
    let now = 1_000_000;
    const { get, renders } = setup({ now: () => now });
    await get("/cached");
    now += 9_000;
    await get("/cached");
    expect(renders()).toBe(1);
    now += 2_000;
    await get("/cached");
    expect(renders()).toBe(2);

    const off = setup({ maxAgeSeconds: 0 });
    await off.get("/cached");
    const again = await off.get("/cached");
    expect(off.renders()).toBe(2);
    expect(again.headers.get("x-page-cache-ttl")).toBeNull();
  });

  it("replays a page's event on every view served from the cache", async () => {
    const { get, hits } = setup();
    await get("/profile");
    expect(hits).toEqual([]); // the page itself counted the first view
    await get("/profile");
    await get("/profile");
    expect(hits).toEqual(["view CBDU1", "view CBDU1"]);
  });

  it("holds at most maxEntries pages, dropping the least recently used", async () => {
    const { get, cache, renders } = setup({ maxEntries: 2 });
    await get("/cached?a=1");
    await get("/cached?a=2");
    await get("/cached?a=1"); // a=1 is now the most recently used
    await get("/cached?a=3"); // drops a=2
    expect(cache.size).toBe(2);
    expect(renders()).toBe(3);
    await get("/cached?a=1");
    expect(renders()).toBe(3);
    await get("/cached?a=2");
    expect(renders()).toBe(4);
  });
});

/**
 * GET /api/v1/providers (server/api.ts) on a real Hono app and a real database with the
 * directory fixture: the answer is the domain's search, as JSON, for every spelling of the path
 * React Router's routes matched; bad input gets a clear 4xx and never reaches the database.
 */
import { Hono } from "hono";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { load } from "../tests/fixtures/10-directory";
import { parseApiSearchInput } from "../app/modules/directory/api-search-input.server";
import { clearSearchCache, searchProviders } from "../app/modules/directory/search-providers.server";
import { createLogger } from "../app/platform/logger.server";
import { isProvidersApiUrl, useApi } from "./api";
import type { Env } from "./http";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await load(t.db);
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(() => clearSearchCache(t.db));

function appOn(db: TestDatabase["db"]) {
  const app = new Hono<Env>();
  const patterns: (string | undefined)[] = [];
  app.use(async (c, next) => {
    c.set("requestId", "test");
    await next();
    patterns.push(c.get("routePattern")); // what the request metrics read
  });
  useApi(app, db, createLogger("silent"));
  app.all("*", (c) => c.text("the router", 404));
  return { app, patterns };
}

describe("GET /api/v1/providers", () => {
  it("answers the domain's search as JSON, cacheable for a minute, labelled for the metrics", async () => {
    const { app, patterns } = appOn(t.db);
    const qs = "query=sheffield&type=location&page=2";
    const res = await app.request(`/api/v1/providers?${qs}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = await res.json();
    clearSearchCache(t.db);
    const expected = await searchProviders(t.db, parseApiSearchInput(new URLSearchParams(qs)).input);
    expect(body).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(body.currentPage).toBe(2);
    expect(body.providers).toHaveLength(10);
    expect(patterns).toEqual(["/api/v1/providers"]);
  });

  it("matches the path in any letter case and with a final slash, and nothing longer", async () => {
    const { app } = appOn(t.db);
    const plain = await (await app.request("/api/v1/providers?query=sheffield&type=location")).json();
    for (const path of ["/API/V1/Providers", "/api/v1/providers/"]) {
      const res = await app.request(`${path}?query=sheffield&type=location`);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual(plain);
    }
    for (const path of ["/api/v1/providersx", "/api/v1/providers/1", "/api/v1"]) {
      const res = await app.request(path);
      expect(await res.text(), path).toBe("the router");
    }
    // The same addresses, as Node gives them, pass the compression middleware by (decision 0235).
    for (const url of ["/api/v1/providers?query=x", "/API/V1/Providers", "/api/v1/providers/?page=2"])
      expect(isProvidersApiUrl(url), url).toBe(true);
    for (const url of ["/api/v1/providersx", "/api/v1/providers/1?x", "/api/v1", "/?/api/v1/providers", "/"])
      expect(isProvidersApiUrl(url), url).toBe(false);
  });

  it("refuses impossible parameters with each problem named", async () => {
    const { app } = appOn(t.db);
    const res = await app.request("/api/v1/providers?near=sheffield&radius=500");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Invalid search parameters",
      problems: ["The radius must be a number of miles from 1 to 100."],
    });
    const half = await app.request("/api/v1/providers?lat=53.38");
    expect(half.status).toBe(400);
    expect((await half.json()).problems.length).toBeGreaterThan(0);
  });

  it("refuses control characters and broken %-escapes in the address", async () => {
    const { app } = appOn(t.db);
    for (const [qs, message] of [
      ["query=%00", /characters we cannot accept/],
      ["query=%E0%A4%A", /broken %-escape/],
      ["query=a%0Db", /characters we cannot accept/],
    ] as const) {
      const res = await app.request(`/api/v1/providers?${qs}`);
      expect(res.status, qs).toBe(400);
      expect((await res.json()).error, qs).toMatch(message);
    }
  });

  it("answers other methods 405, naming the ones it takes", async () => {
    const { app } = appOn(t.db);
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await app.request("/api/v1/providers?query=sheffield", { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(await res.json()).toEqual({ error: "Method not allowed: use GET" });
    }
    const head = await app.request("/api/v1/providers?query=sheffield", { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it("answers 500 with a message, not the error, when the database fails", async () => {
    const broken = await createTestDatabase();
    try {
      await sql`ALTER TABLE directory_entries RENAME TO directory_entries_gone`.execute(broken.db);
      const { app } = appOn(broken.db);
      const res = await app.request("/api/v1/providers?query=sheffield&type=location");
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: "Could not fetch provider information. Please try again later.",
      });
    } finally {
      await broken.destroy();
    }
  });
});

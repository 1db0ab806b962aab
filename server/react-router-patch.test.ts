/**
 * patches/react-router+*.patch (decision 0221): React Router's server render keeps, per build,
 * the route objects it used to rebuild on every request (ServerRouter, createStaticRouter) and
 * the route ids of the partial manifest's path prefixes (getPartialManifest), and matches a path
 * only against the routes its first segment can match (matchRoutesImpl); and (decision 0240) it
 * knows a Response by its class before reading its body, builds the entry's route modules once
 * per build, and reads the clock only when its data encoder may yield; and (decision 0241) it
 * builds a page's route modules script (with the partial manifest, not indented) once per build
 * and set of routes. A page built with that script hydrates and finds its routes: the e2e
 * suite's client-side navigations (public-home.spec.ts) load two pages of the same routes as
 * documents and navigate from each. `npm install`
 * applies the patch (postinstall: patch-package); these tests fail if it is missing, e.g. after
 * an upgrade of react-router that the patch no longer fits.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "about", path: "about" },
    ],
  },
];

describe("the React Router patch", () => {
  it("reuses the data routes of a route table across requests", async () => {
    const handler = createStaticHandler(routes);
    const first = await handler.query(new Request("http://localhost/about"));
    const second = await handler.query(new Request("http://localhost/"));
    if (first instanceof Response || second instanceof Response) throw new Error("unexpected response");
    const a = createStaticRouter(routes, first);
    const b = createStaticRouter(routes, second);
    expect(b.routes).toBe(a.routes);
    // Each request still gets its own state.
    expect(a.state.location.pathname).toBe("/about");
    expect(b.state.location.pathname).toBe("/");
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "about"]);
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
  });

  it("matches a path as the whole route table would, trying only the routes its first segment allows", async () => {
    const table: RouteObject[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "about", path: "about" },
          { id: "profile", path: "provider/:number" },
          { id: "call", path: "provider/:number/call" },
          { id: "results", path: "search-results/:location?" },
          { id: "robots", path: "robots.txt" },
          { id: "exact-case", path: "Exact", caseSensitive: true },
          { id: "optional-first", path: "en?/faq" },
          { id: "dynamic-first", path: ":lang/help" },
          { id: "layout", children: [{ id: "company", path: "company/notes/:id" }] },
          { id: "not-found", path: "*" },
        ],
      },
    ];
    const handler = createStaticHandler(table);
    const paths = [
      "/",
      "/about",
      "/ABOUT",
      "/About/",
      "/provider/CBDU1",
      "/provider/CBDU1/call",
      "/provider",
      "/search-results",
      "/search-results/Leeds",
      "/Search-Results/st%20albans",
      "/robots.txt",
      "/Exact",
      "/exact",
      "/en/faq",
      "/faq",
      "/fr/help",
      "/company/notes/5",
      "/company/notes",
      "/nothing/here",
      "/caf%C3%A9",
      "/%E2%82%AC/help",
      "//about",
      "/about//",
    ];
    for (const p of paths) {
      const context = await handler.query(new Request(`http://localhost${p}`));
      const ids = context instanceof Response ? null : context.matches.map((m) => m.route.id);
      const expected = matchRoutes(table, p)?.map((m) => m.route.id) ?? null;
      expect({ path: p, ids }).toEqual({ path: p, ids: expected });
    }
  });

  it("takes a page's Response as it is, without reading its body or status text", async () => {
    // @hono/node-server's light Response turns into a full one (a copy of the page, then a
    // stream) as soon as its body or statusText is read.
    class Probe extends Response {
      reads: string[] = [];
      get body() {
        this.reads.push("body");
        return super.body;
      }
      get statusText() {
        this.reads.push("statusText");
        return super.statusText;
      }
    }
    const page = new Probe("<html></html>", { status: 200 });
    const handler = createStaticHandler(routes);
    const result = await handler.query(new Request("http://localhost/about"), {
      requestContext: new RouterContextProvider(),
      generateMiddlewareResponse: async (query) => {
        await query(new Request("http://localhost/about"));
        return page;
      },
    });
    expect(result).toBe(page);
    expect(page.reads).toEqual([]);
  });

  it("keeps the server routes and the partial manifest's matches per build", () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve("react-router/package.json"));
    const read = (ext: string) =>
      fs
        .readdirSync(path.join(dir, "dist/development"))
        .filter((f) => f.endsWith(ext))
        .map((f) => fs.readFileSync(path.join(dir, "dist/development", f), "utf8"))
        .join("\n");
    // Both builds: Node loads the ES modules (the server), Vitest the CommonJS files.
    for (const code of [read(".mjs"), read(".js")]) {
      expect(code).toContain("serverRoutesCache.get(manifest.routes)");
      expect(code).toContain("partialManifestCache.get(manifest.routes)");
      expect(code).toContain("staticDataRoutesCache.get(routes)");
      expect(code).toContain("candidateBranches(precomputedBranches, decoded)");
      expect(code).toContain("value instanceof Response) return true;");
      expect(code).toContain("if (++i % 6e3 === 0 && getNow() - lastYieldTime >= TIME_LIMIT_MS)");
      expect(code).toContain("cachedRouteModulesScript(manifest, router, matches, enableFogOfWar, () =>");
      expect(code).toContain("routeModulesScriptCache.get(manifest)");
      expect(code).toContain("JSON.stringify(getPartialManifest(manifest, router))");
    }
    // The entry's route modules, in the server runtime (one ES module file, one CommonJS file).
    expect(read(".mjs")).toContain("entryRouteModulesCache.get(manifest)");
    expect(read(".js")).toContain("entryRouteModulesCache.get(manifest)");
  });
});

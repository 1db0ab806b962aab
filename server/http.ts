/**
 * The Hono application: request ids and logs, security headers, the JSON API (server/api.ts),
 * the page cache, health checks, static assets, then the React Router request handler
 * (compression is around it: server/compress.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { IncomingMessage } from "node:http";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import crypto from "node:crypto";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Metrics } from "../app/platform/metrics.server";
import { mapTileImageSource } from "../app/platform/env.server";
import { appContext, routePatternContext, type AppServices } from "../app/web/context";
import { isMigrated } from "../app/platform/db/migrate.server";
import type pg from "pg";
import type { Logger } from "../app/platform/logger.server";
import { parseProfileViewEvent } from "../app/web/page-cache";
import { isCrawler } from "../app/web/crawlers";
import { clientAddress, isLocalRequest, requestOrigin } from "../app/web/client-address.server";
import { bodyLimitFor, guardRequestBody, urlProblem } from "../app/web/request-input.server";
import { onChange } from "../app/platform/db/changes.server";
import { readSessionToken } from "../app/web/session-cookie.server";
import { wasSignedInAt } from "../app/platform/session.server";
import { createPageCache } from "./page-cache";
import { useApi } from "./api";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type Env = { Variables: { requestId: string; secureHeadersNonce?: string; routePattern?: string } };

export interface HttpOptions {
  services: AppServices;
  pool: pg.Pool;
  log: Logger;
  build: ServerBuild;
  /** `npm run dev` (decision 0014): the build as Vite has it now, asked for on each request. */
  loadBuild?: () => Promise<ServerBuild>;
  clientDir: string;
  metrics: Metrics;
}

type App = Hono<Env>;
type Config = AppServices["config"];

const incoming = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

export function createHttpApp(options: HttpOptions): Hono<Env> {
  const app = new Hono<Env>();
  const { services, pool, log, clientDir, metrics } = options;
  const { config } = services;

  app.use(requestId({ headerName: "X-Request-Id", limitLength: 64 }));
  useRequestLog(app, metrics, log);
  useSecurityHeaders(app, config);
  useApi(app, services.db, log);
  usePageCache(app, services);
  useCrossSiteCheck(app, config, log);
  useHealthChecks(app, config, pool, metrics, log);
  useStaticFiles(app, clientDir);
  useRouter(app, options);

  return app;
}

/** The request id in the answer, the request's metrics and its log line. */
function useRequestLog(app: App, metrics: Metrics, log: Logger): void {
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // On the answer itself: c.header() after the handler would turn @hono/node-server's light
    // answer into a stream-backed Response (and its body into a stream to read back), about a
    // third of a small answer's CPU (decision 0235). requestId() set it already on answers made by c.
    const answer = withHeader(c.res, "X-Request-Id", c.get("requestId"));
    if (answer !== c.res) c.res = answer;
    const path = new URL(c.req.url).pathname;
    metrics.observeRequest(
      routeLabel(c, path),
      c.req.method,
      c.res.status,
      (performance.now() - started) / 1000,
    );
    if (path.startsWith("/assets/") || path === "/healthz") return;
    log.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
}

/**
 * The page's CSP nonce, as hono's NONCE makes it (16 random bytes, base64, kept in the context for
 * the page's scripts), with the bytes taken from a pool that Node's CSPRNG fills 4 kB at a time, as
 * Node's own randomUUID does: hono asks the system for each one (crypto.getRandomValues), a system
 * call on every request that was 5% of the API's CPU profile. No byte is used twice.
 */
const NONCE_BYTES = 16;
let nonceBytes = Buffer.alloc(0);
let nonceOffset = 0;
function cspNonce(c: Context<Env>): string {
  let nonce = c.get("secureHeadersNonce");
  if (!nonce) {
    if (nonceOffset + NONCE_BYTES > nonceBytes.length) {
      nonceBytes = crypto.randomBytes(256 * NONCE_BYTES);
      nonceOffset = 0;
    }
    nonce = nonceBytes.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
    nonceOffset += NONCE_BYTES;
    c.set("secureHeadersNonce", nonce);
  }
  return `'nonce-${nonce}'`;
}

function useSecurityHeaders(app: App, config: Config): void {
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", cspNonce],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles come from MAP_TILE_URL's server (app/components/map).
        imgSrc: ["'self'", "data:", "blob:", mapTileImageSource(config.MAP_TILE_URL)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
      strictTransportSecurity: config.isProduction ? "max-age=63072000; includeSubDomains" : false,
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      xContentTypeOptions: "nosniff",
      crossOriginEmbedderPolicy: false,
      // "Use my location" asks for the position on this site only (frames of others never can).
      permissionsPolicy: { camera: [], microphone: [], geolocation: ["self"] },
    }),
  );
}

/**
 * Anonymous visitors' hot pages, kept for a few seconds (decision 0207). A profile served from
 * the cache still counts its view, as the page itself does: once per person, never for crawlers.
 */
export function usePageCache(app: App, services: Pick<AppServices, "config" | "db" | "events">): void {
  const pageCache = createPageCache({
    maxAgeSeconds: services.config.PAGE_CACHE_SECONDS,
    maxEntries: 500,
    onHit: (event, request) => {
      const registrationNumber = parseProfileViewEvent(event);
      if (!registrationNumber || isCrawler(request.headers.get("user-agent"))) return;
      services.events.record(registrationNumber, "view");
    },
    // Only a signed-in person's change (an admin's, a listing owner's) shows on a cached page at
    // once; anonymous forms wait for moderation or change nothing public (decision 0265). Signed in
    // means a live, full session when the request came in, not merely a well-signed cookie: one
    // kept after signing out (or a pending second factor's) is anyone's (decision 0270).
    changesPages: async (request, startedAt) => {
      const { token } = await readSessionToken(request, services.config);
      return token !== null && (await wasSignedInAt(services.db, token, new Date(startedAt)));
    },
  });
  app.use(pageCache.middleware);
  // A listing approved, suspended or edited, or a sync, here or on another instance (decision 0013).
  onChange(() => pageCache.clear());
}

/**
 * State-changing requests from another site are refused (CSRF): browsers send Sec-Fetch-Site
 * and/or Origin on every POST; both must say "this site". Clients that send neither (curl,
 * servers) are not browsers carrying a victim's cookies, so they pass.
 */
function useCrossSiteCheck(app: App, config: Config, log: Logger): void {
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const address = clientAddress(incoming(c), config.trustProxy);
    const allowed = new Set([
      new URL(config.publicUrl).origin,
      requestOrigin(new URL(c.req.url), c.req.raw.headers, config, address.viaTrustedProxy),
    ]);
    if ((site && site !== "same-origin" && site !== "none") || (origin && !allowed.has(origin))) {
      log.warn(
        { reqId: c.get("requestId"), origin, site, path: new URL(c.req.url).pathname },
        "cross-site request refused",
      );
      return c.text("Cross-site request refused", 403);
    }
    return next();
  });
}

/** /healthz, /metrics (with METRICS_TOKEN) and /readyz. */
function useHealthChecks(app: App, config: Config, pool: pg.Pool, metrics: Metrics, log: Logger): void {
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // Prometheus metrics here only with a bearer token (METRICS_TOKEN); METRICS_PORT serves them
  // on a port of their own instead (server/app.ts). Without either, there is no such page.
  app.get("/metrics", async (c, next) => {
    const token = config.METRICS_TOKEN;
    if (!token) return next();
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return c.text("Unauthorized", 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
  app.get("/readyz", async (c) => {
    try {
      await pool.query("SELECT 1");
      if (!(await isMigrated(pool))) return c.json({ status: "migrations pending" }, 503);
      const free = freeDiskBytes(config.dataDir);
      if (free !== null && free < config.READY_MIN_FREE_DISK_MB * 1024 * 1024) {
        log.warn({ free, dataDir: config.dataDir }, "readiness check failed: disk nearly full");
        return c.json({ status: "disk full", freeBytes: free }, 503);
      }
      return c.json({ status: "ready" });
    } catch (error) {
      log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "database unavailable" }, 503);
    }
  });
}

function useStaticFiles(app: App, clientDir: string): void {
  // Hashed build assets never change: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_p, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // The few files of public/ (favicons, the social card), listed once: any other path goes on to
  // the router without a file-system lookup (a stat per page request before, issue 18).
  const publicFiles = new Set(listPublicFiles(clientDir));
  const servePublic = serveStatic({
    root: clientDir,
    onFound: (_p, c) => {
      c.header("Cache-Control", "public, max-age=3600");
    },
  });
  app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
}

/** The URL paths of the files under the client build, apart from the hashed assets. */
function listPublicFiles(clientDir: string): string[] {
  try {
    return fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => "/" + path.relative(clientDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .filter((p) => !p.startsWith("/assets/"));
  } catch {
    return []; // no client build (tests of the server alone)
  }
}

/** Everything else: the React Router request handler. */
function useRouter(app: App, { services, log, build, loadBuild }: HttpOptions): void {
  const { config } = services;
  // Error details (messages, stacks) go only to a developer on this machine (decision 0008).
  const handleRequest = createRequestHandler(loadBuild ?? build, "production");
  const handleDevRequest = config.isProduction
    ? handleRequest
    : createRequestHandler(loadBuild ?? build, "development");
  app.all("*", async (c: Context<Env>) => {
    const context = new RouterContextProvider();
    const reqId = c.get("requestId");
    const raw = c.req.raw;
    const address = clientAddress(incoming(c), config.trustProxy);
    const local = isLocalRequest(address, config.trustProxy);
    // The URL the router sees is the one the browser used (https behind a proxy), so React
    // Router's own origin check on actions compares like with like.
    const rawUrl = new URL(raw.url);
    const url = new URL(
      rawUrl.pathname + rawUrl.search,
      requestOrigin(rawUrl, raw.headers, config, address.viaTrustedProxy),
    );
    // A form body is read only when the route asks, under its address's limit (413 beyond it).
    const problem = urlProblem(rawUrl);
    const request =
      SAFE_METHODS.has(raw.method) || problem
        ? new Request(url, { method: raw.method, headers: raw.headers, signal: raw.signal })
        : guardRequestBody(raw, bodyLimitFor(url.pathname), url.href, address.client);
    context.set(appContext, {
      ...services,
      log: log.child({ reqId }),
      requestId: reqId,
      nonce: c.get("secureHeadersNonce") ?? "",
      clientIp: address.client,
      localRequest: local,
      requestProblem: problem,
    });
    const response = await (local ? handleDevRequest : handleRequest)(request, context);
    const pattern = context.get(routePatternContext);
    if (pattern) c.set("routePattern", pattern);
    // Pages for signed-in people (or to them) are never kept by browsers or shared caches.
    if (signedIn(raw, url.pathname) && !response.headers.has("cache-control"))
      return withHeader(response, "Cache-Control", "private, no-store");
    return response;
  });
}

/** Compares a bearer token in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? "")?.[1] ?? "";
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * The metrics label for a request: the pattern of the React Router route that answered
 * ("/provider/:registrationNumber", from the root middleware), so /provider/CBDU1 and /provider/CBDU2 share one
 * series; assets and health checks by name; anything else (a static file, a request refused
 * before the routes) "unmatched".
 */
function routeLabel(c: Context<Env>, pathname: string): string {
  const pattern = c.get("routePattern");
  if (pattern) return pattern.startsWith("/") ? pattern : `/${pattern}`;
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") return pathname;
  return "unmatched";
}

const PRIVATE_AREAS = /^\/(admin|company|account|dev)(\/|\.data$|$)/;

function signedIn(request: Request, pathname: string): boolean {
  return (
    PRIVATE_AREAS.test(pathname) || /(^|;\s*)__(Host-)?session=/.test(request.headers.get("cookie") ?? "")
  );
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (Response.redirect): copy.
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

function freeDiskBytes(dir: string): number | null {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

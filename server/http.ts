/**
 * The Hono application: request ids and logs, security headers, compression, static assets,
 * health checks, then the React Router request handler.
 */
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext, type AppServices } from "../app/platform/context";
import { isMigrated } from "../app/platform/db/migrate.server";
import type pg from "pg";
import type { Logger } from "../app/platform/logger.server";
import { isbot } from "isbot";
import { parseProfileViewEvent } from "../app/platform/page-cache";
import { compress } from "./compress";
import { createPageCache } from "./page-cache";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type Env = { Variables: { requestId: string; secureHeadersNonce?: string } };

export interface HttpOptions {
  services: AppServices;
  pool: pg.Pool;
  log: Logger;
  build: ServerBuild;
  clientDir: string;
}

export function createHttpApp({ services, pool, log, build, clientDir }: HttpOptions): Hono<Env> {
  const app = new Hono<Env>();
  const { config } = services;
  const handleRequest = createRequestHandler(build, config.isProduction ? "production" : "development");

  app.use(requestId({ headerName: "X-Request-Id", limitLength: 64 }));

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    c.header("X-Request-Id", c.get("requestId"));
    const path = new URL(c.req.url).pathname;
    if (path.startsWith("/assets/") || path === "/healthz") return;
    log.info(
      { reqId: c.get("requestId"), method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
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
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );

  app.use(compress());

  // Anonymous visitors' hot pages, kept for a few seconds (decision 0207). A profile served from
  // the cache still counts its view, as the page itself does: once per person, never for crawlers.
  const pageCache = createPageCache({
    maxAgeSeconds: config.PAGE_CACHE_SECONDS,
    maxEntries: 500,
    onHit: (event, request) => {
      const registrationNumber = parseProfileViewEvent(event);
      const agent = request.headers.get("user-agent");
      if (!registrationNumber || (agent && isbot(agent))) return;
      services.events.record(registrationNumber, "view");
    },
  });
  app.use(pageCache.middleware);

  // State-changing requests from another site are refused (CSRF): browsers send Sec-Fetch-Site
  // and/or Origin on every POST; both must say "this site". Clients that send neither (curl,
  // servers) are not browsers carrying a victim's cookies, so they pass.
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const allowed = new Set([new URL(config.publicUrl).origin, new URL(c.req.url).origin]);
    if ((site && site !== "same-origin" && site !== "none") || (origin && !allowed.has(origin))) {
      log.warn({ reqId: c.get("requestId"), origin, site, path: new URL(c.req.url).pathname }, "cross-site request refused");
      return c.text("Cross-site request refused", 403);
    }
    return next();
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await pool.query("SELECT 1");
      if (!(await isMigrated(pool))) return c.json({ status: "migrations pending" }, 503);
      return c.json({ status: "ready" });
    } catch (error) {
      log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "database unavailable" }, 503);
    }
  });

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
  app.use(
    "*",
    serveStatic({
      root: clientDir,
      onFound: (_p, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );

  app.all("*", async (c: Context<Env>) => {
    const context = new RouterContextProvider();
    const reqId = c.get("requestId");
    context.set(appContext, {
      ...services,
      log: log.child({ reqId }),
      requestId: reqId,
      nonce: c.get("secureHeadersNonce") ?? "",
      clientIp: clientIp(c, config.TRUST_PROXY),
    });
    return handleRequest(c.req.raw, context);
  });

  return app;
}

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

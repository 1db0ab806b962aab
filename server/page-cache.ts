/**
 * A micro-cache for the hot public pages (home, search results, provider profiles) as anonymous
 * visitors see them: the rendered HTML is kept for a few seconds and served again without
 * running loaders or React. Decision 0207.
 *
 * - A route opts in with `pageCacheHeaders()` (app/web/page-cache.ts); those headers never
 *   leave the server. The shorter of the route's and the server's time to live applies.
 * - Only plain GETs without cookies or credentials are served from or stored in the cache, and
 *   only 200 HTML responses that set no cookie. Signed-in users (session cookie) and anyone with
 *   a pending toast always get a fresh page.
 * - The CSP nonce differs per response: the stored copy has the nonce replaced by a placeholder,
 *   and every hit gets this response's own nonce.
 * - Any state-changing request (POST, PUT, PATCH, DELETE) handled by this process empties the
 *   cache, so an approval, an edit or a form sent here is visible on the next view; changes made
 *   elsewhere (another instance, a background job) show within the time to live.
 * - `X-Page-Cache-Event` lets a page name what must still happen on every view (a profile view
 *   is counted): the cache keeps it with the entry and reports it through `onHit`.
 */
import type { MiddlewareHandler } from "hono";
import { PAGE_CACHE_EVENT_HEADER, PAGE_CACHE_TTL_HEADER } from "../app/web/page-cache";
const PLACEHOLDER = "\u0000nonce\u0000";
const MAX_BODY = 512 * 1024;
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

interface Entry {
  body: string;
  headers: [string, string][];
  expires: number;
  event: string | null;
  /** The pattern of the route that rendered it, for the request metrics of each hit. */
  routePattern: string | undefined;
}

export interface PageCacheOptions {
  /** 0 turns the cache off (routes' headers are still stripped). */
  maxAgeSeconds: number;
  maxEntries: number;
  /** Called for each response served from the cache that carries an event. */
  onHit?: (event: string, request: Request) => void;
  now?: () => number;
}

export interface PageCache {
  middleware: MiddlewareHandler<{ Variables: { secureHeadersNonce?: string; routePattern?: string } }>;
  clear(): void;
  readonly size: number;
}

export function createPageCache({
  maxAgeSeconds,
  maxEntries,
  onHit,
  now = Date.now,
}: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();

  const cacheable = (req: Request, url: URL) =>
    maxAgeSeconds > 0 &&
    req.method === "GET" &&
    !req.headers.has("cookie") &&
    !req.headers.has("authorization") &&
    !url.pathname.endsWith(".data");

  const middleware: PageCache["middleware"] = async (c, next) => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const key = url.pathname + url.search;
    const nonce = c.get("secureHeadersNonce") ?? "";
    const useCache = cacheable(req, url);

    if (useCache) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        // Refresh its place in the LRU order.
        entries.delete(key);
        entries.set(key, hit);
        if (hit.event && onHit) onHit(hit.event, req);
        const headers = new Headers(hit.headers);
        headers.set("X-Page-Cache", "hit");
        if (hit.routePattern) c.set("routePattern", hit.routePattern);
        c.res = new Response(nonce ? hit.body.replaceAll(PLACEHOLDER, nonce) : hit.body, {
          status: 200,
          headers,
        });
        return;
      }
      if (hit) entries.delete(key);
    }

    await next();

    if (!SAFE.has(req.method)) {
      entries.clear();
      return;
    }
    const res = c.res;
    const ttl = Number(res.headers.get(PAGE_CACHE_TTL_HEADER) ?? 0);
    const event = res.headers.get(PAGE_CACHE_EVENT_HEADER);
    if (!res.headers.has(PAGE_CACHE_TTL_HEADER) && event === null) return;
    res.headers.delete(PAGE_CACHE_TTL_HEADER);
    res.headers.delete(PAGE_CACHE_EVENT_HEADER);
    const storable =
      useCache &&
      ttl > 0 &&
      res.status === 200 &&
      !res.headers.has("set-cookie") &&
      (res.headers.get("content-type") ?? "").startsWith("text/html") &&
      !res.headers.has("content-encoding") &&
      Number(res.headers.get("content-length") ?? 0) <= MAX_BODY;
    if (!storable || !res.body) return;

    const body = await res.text();
    const headers = new Headers(res.headers);
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
    if (body.length > MAX_BODY) return;
    const stored = [...headers].filter(
      ([name]) => !["content-length", "x-request-id", "date"].includes(name),
    );
    entries.set(key, {
      body: nonce ? body.replaceAll(nonce, PLACEHOLDER) : body,
      headers: stored,
      expires: now() + Math.min(ttl, maxAgeSeconds) * 1000,
      event,
      routePattern: c.get("routePattern"),
    });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  return {
    middleware,
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

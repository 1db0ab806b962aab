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
 * - The CSP nonce differs per response: the stored copy is the page's bytes cut where its nonce
 *   was, and every hit gets this response's own nonce put in between (one copy of the bytes, no
 *   text to decode or encode again).
 * - Bounded: at most `maxEntries` pages and `maxBytes` bytes, the least recently used dropped
 *   first; expired pages are dropped within a second of expiring, not kept until pushed out.
 * - Any state-changing request (POST, PUT, PATCH, DELETE) this process carries out (answered
 *   below 400; a refused one changed nothing) empties the cache, so an approval, an edit or a
 *   form sent here is visible on the next view; changes made
 *   elsewhere (another instance, a background job) show within the time to live.
 * - `X-Page-Cache-Event` lets a page name what must still happen on every view (a profile view
 *   is counted): the cache keeps it with the entry and reports it through `onHit`.
 */
import type { MiddlewareHandler } from "hono";
import { PAGE_CACHE_EVENT_HEADER, PAGE_CACHE_TTL_HEADER } from "../app/web/page-cache";
/** The largest page kept, in bytes. */
const MAX_BODY = 512 * 1024;
/** How often, at most, expired pages are looked for (ms). */
const SWEEP_INTERVAL = 1_000;
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

interface Entry {
  /** The page's UTF-8 bytes, cut where its nonce was (one part when it had none). */
  parts: Uint8Array<ArrayBuffer>[];
  bytes: number;
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
  /** The most bytes of pages kept (default 32 MB). */
  maxBytes?: number;
  /** Called for each response served from the cache that carries an event. */
  onHit?: (event: string, request: Request) => void;
  /**
   * Whether a state-changing request that was carried out may have changed what anonymous visitors
   * see, so the cache is emptied (default: every one); `startedAt` is when it came in (`now()`).
   * The server says: only a signed-in person's (decisions 0265 and 0270): nothing an anonymous
   * visitor sends changes a cached page at once.
   */
  changesPages?: (request: Request, startedAt: number) => boolean | Promise<boolean>;
  now?: () => number;
}

export interface PageCache {
  middleware: MiddlewareHandler<{ Variables: { secureHeadersNonce?: string; routePattern?: string } }>;
  clear(): void;
  readonly size: number;
  /** The bytes of the pages kept. */
  readonly bytes: number;
}

export function createPageCache({
  maxAgeSeconds,
  maxEntries,
  maxBytes = 32 * 1024 * 1024,
  onHit,
  changesPages = () => true,
  now = Date.now,
}: PageCacheOptions): PageCache {
  const store = boundedStore(maxEntries, maxBytes);

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
    const hit = useCache ? store.take(key, now()) : undefined;
    if (hit) {
      if (hit.event && onHit) onHit(hit.event, req);
      const headers = new Headers(hit.headers);
      headers.set("X-Page-Cache", "hit");
      if (hit.routePattern) c.set("routePattern", hit.routePattern);
      c.res = new Response(withNonce(hit.parts, nonce), { status: 200, headers });
      return;
    }

    const startedAt = now();
    await next();

    if (!SAFE.has(req.method)) {
      // A refused request (4xx, 5xx) changed nothing, and an anonymous one changes no cached page:
      // emptying the cache for them would let a loop of such POSTs keep every page uncached.
      if (c.res.status < 400 && store.size > 0 && (await mayHaveChanged(changesPages, req, startedAt)))
        store.clear();
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

    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
    if (body.byteLength > MAX_BODY) return;
    store.put(key, {
      parts: cutAt(body, nonce),
      bytes: body.byteLength,
      headers: [...headers].filter(([name]) => !["content-length", "x-request-id", "date"].includes(name)),
      expires: now() + Math.min(ttl, maxAgeSeconds) * 1000,
      event,
      routePattern: c.get("routePattern"),
    });
  };

  return {
    middleware,
    clear: store.clear,
    get size() {
      return store.size;
    },
    get bytes() {
      return store.bytes;
    },
  };
}

/**
 * Whether a carried-out request may have changed a cached page. A check that fails (the database,
 * say) answers yes: a page rendered afresh is never wrong, and the request keeps its answer.
 */
async function mayHaveChanged(
  changesPages: NonNullable<PageCacheOptions["changesPages"]>,
  req: Request,
  startedAt: number,
): Promise<boolean> {
  try {
    return await changesPages(req, startedAt);
  } catch {
    return true;
  }
}

/**
 * The kept pages, least recently used first: at most maxEntries of them and maxBytes in all;
 * those expired are dropped when asked for, and all of them at most a second after expiring.
 */
function boundedStore(maxEntries: number, maxBytes: number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let sweepAt = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  return {
    /** The page kept for key and still fresh at time (now the most recently used), if any. */
    take(key: string, time: number): Entry | undefined {
      if (time >= sweepAt) {
        sweepAt = time + SWEEP_INTERVAL;
        for (const [k, entry] of entries) if (entry.expires <= time) remove(k);
      }
      const entry = entries.get(key);
      if (!entry || entry.expires <= time) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    put(key: string, entry: Entry): void {
      remove(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value as string);
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** A page's bytes cut at each occurrence of its nonce (none: the page whole). */
function cutAt(body: Uint8Array<ArrayBuffer>, nonce: string): Uint8Array<ArrayBuffer>[] {
  if (!nonce) return [body];
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const mark = Buffer.from(nonce);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let start = 0;
  for (let at = bytes.indexOf(mark); at >= 0; at = bytes.indexOf(mark, start)) {
    parts.push(body.subarray(start, at));
    start = at + mark.byteLength;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** A kept page with this response's nonce where the stored one was. */
function withNonce(parts: Uint8Array<ArrayBuffer>[], nonce: string): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0];
  const mark = Buffer.from(nonce);
  const pieces: Uint8Array<ArrayBuffer>[] = [parts[0]];
  for (let i = 1; i < parts.length; i++) pieces.push(mark, parts[i]);
  const page = Buffer.concat(pieces);
  return new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.byteLength);
}

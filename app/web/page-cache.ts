/**
 * How a route asks the server's page micro-cache (server/page-cache.ts, decision 0207) to keep
 * its HTML for anonymous visitors. The server decides the time to live (PAGE_CACHE_SECONDS);
 * these headers never reach the browser.
 */
export const PAGE_CACHE_TTL_HEADER = "X-Page-Cache-Ttl";
export const PAGE_CACHE_EVENT_HEADER = "X-Page-Cache-Event";

/** The route's HTML may be cached; `event` is replayed on every view served from the cache. */
export function pageCacheHeaders(event?: string): Record<string, string> {
  return { [PAGE_CACHE_TTL_HEADER]: "60", ...(event ? { [PAGE_CACHE_EVENT_HEADER]: event } : {}) };
}

/** A profile view, as a cache event: `view <registration number>`. */
export const profileViewEvent = (registrationNumber: string) => `view ${registrationNumber}`;

export function parseProfileViewEvent(event: string): string | null {
  return event.startsWith("view ") ? event.slice(5) : null;
}

/** A route's `headers` export that passes its loader's headers (the cache headers) through. */
export function loaderHeadersOnly({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  return loaderHeaders;
}

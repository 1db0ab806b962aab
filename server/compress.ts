/** gzip or brotli for text responses that are not already encoded. */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|ld\+json|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has("Content-Encoding") || c.req.method === "HEAD") return;
    const type = res.headers.get("Content-Type") ?? "";
    if (!COMPRESSIBLE.test(type)) return;
    const length = Number(res.headers.get("Content-Length") ?? NaN);
    if (length < MIN_BYTES) return;
    const accept = c.req.header("Accept-Encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    if (!encoding) return;
    const encoder =
      encoding === "br"
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : zlib.createGzip({ level: 6 });
    const body = Readable.fromWeb(res.body as NodeReadableStream).pipe(encoder);
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
    headers.append("Vary", "Accept-Encoding");
    // Hono's res setter copies the previous response's headers (Content-Length included) onto
    // the new one; clear it first so the compressed response keeps only its own headers.
    c.res = undefined as unknown as Response;
    c.res = new Response(Readable.toWeb(body) as ReadableStream, {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}

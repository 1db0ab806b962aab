/**
 * gzip or brotli for the server's text answers over 1 kB, by Express's `compression` middleware
 * around the Node request listener (decision 0222): brotli (quality 4) when the browser takes it,
 * else gzip; small answers, other types, HEAD requests and answers already encoded (the client's
 * files, compressed at build time and sent as they are) go out untouched. Streamed pages are
 * compressed as they stream.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import type { Context } from "hono";
import { accepts } from "hono/accepts";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const THRESHOLD = 1024;
/** The middleware's own brotli quality (its default): fast, and close to gzip -9 in size. */
const BROTLI_QUALITY = 4;
const compress = compression({
  threshold: THRESHOLD,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  filter: (req, res) => {
    // @hono/node-server hands a whole answer's length to Node itself (its `_contentLength`), not
    // as a header, so the middleware would not see that a small one is small.
    const length = (res as unknown as { _contentLength?: number | null })._contentLength;
    if (typeof length === "number" && length < THRESHOLD) return false;
    return compression.filter(req, res);
  },
}) as unknown as Middleware;

/**
 * `createServer` for @hono/node-server's `serve`, its listener behind the compression. Requests
 * whose address `bypass` names go to the listener directly: a handler that compresses its whole
 * answer itself (compressedJson) does not need the middleware's wrapping of every response
 * (about 0.1 ms of each API answer, issue 18).
 */
export function compressingServer(
  createServer: typeof http.createServer = http.createServer,
  bypass: (url: string) => boolean = () => false,
) {
  return ((options: http.ServerOptions, listener: RequestListener) =>
    createServer(options, (req, res) =>
      bypass(req.url ?? "") ? listener(req, res) : compress(req, res, () => listener(req, res)),
    )) as typeof http.createServer;
}

/**
 * The encoding the client takes with the highest q; on a tie the first of `supports`, whatever
 * order the client lists them in (browsers list gzip first: 'gzip, deflate, br, zstd').
 */
function preferred(list: { type: string; q: number }[], config: { supports: string[]; default: string }) {
  let best = config.default;
  let bestQ = 0;
  const wildcard = list.find((a) => a.type === "*")?.q ?? 0;
  for (const name of config.supports) {
    const q = list.find((a) => a.type.toLowerCase() === name)?.q ?? wildcard;
    if (q > bestQ) [best, bestQ] = [name, q];
  }
  return best;
}

/**
 * A whole JSON answer, compressed at once for a handler that has all of it (the API, decision
 * 0230): one synchronous call instead of the middleware's stream, about 0.1 ms less for a
 * search's 7 kB. Same threshold as the middleware, but gzip first (brotli for a client that takes
 * only brotli): on a search's 7 kB, brotli at quality 4 saves 4% (50 bytes, the same packet)
 * and costs 1.8 times gzip's CPU (decision 0235). The middleware, when it runs at all, leaves an
 * answer that carries its own Content-Encoding as it is.
 */
export function compressedJson(c: Context, value: unknown, headers: Record<string, string>): Response {
  const text = JSON.stringify(value);
  const type = { "Content-Type": "application/json", Vary: "Accept-Encoding", ...headers };
  const encoding =
    text.length < THRESHOLD || c.req.method === "HEAD"
      ? "identity"
      : accepts(c, {
          header: "Accept-Encoding",
          supports: ["gzip", "br"],
          default: "identity",
          match: preferred,
        });
  if (encoding === "identity") return c.body(text, 200, type);
  const body =
    encoding === "br"
      ? zlib.brotliCompressSync(text, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
          },
        })
      : zlib.gzipSync(text);
  return c.body(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), 200, {
    ...type,
    "Content-Encoding": encoding,
  });
}

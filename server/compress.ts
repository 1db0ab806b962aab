/**
 * gzip or brotli for the server's text answers over 1 kB, by Express's `compression` middleware
 * around the Node request listener (decision 0222): brotli (quality 4) when the browser takes it,
 * else gzip; small answers, other types, HEAD requests and answers already encoded (the client's
 * files, compressed at build time and sent as they are) go out untouched. Streamed pages are
 * compressed as they stream.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import compression from "compression";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const THRESHOLD = 1024;
const compress = compression({
  threshold: THRESHOLD,
  filter: (req, res) => {
    // @hono/node-server hands a whole answer's length to Node itself (its `_contentLength`), not
    // as a header, so the middleware would not see that a small one is small.
    const length = (res as unknown as { _contentLength?: number | null })._contentLength;
    if (typeof length === "number" && length < THRESHOLD) return false;
    return compression.filter(req, res);
  },
}) as unknown as Middleware;

/** `createServer` for @hono/node-server's `serve`, its listener behind the compression. */
export function compressingServer(createServer: typeof http.createServer = http.createServer) {
  return ((options: http.ServerOptions, listener: RequestListener) =>
    createServer(options, (req, res) =>
      compress(req, res, () => listener(req, res)),
    )) as typeof http.createServer;
}

/**
 * Raw HTTP for tests that must send what a browser would not: any Host header, forwarded
 * headers as a proxy sends them, chunked bodies, malformed bodies.
 */
import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer | AsyncIterable<Buffer>;
    chunked?: boolean;
    /** Send from this local address (127.x.y.z: another client of the server, over IPv4). */
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        // A connection of its own: a kept-alive socket the server is closing would reset the next
        // request sent on it.
        agent: false,
        host: options.localAddress ? "127.0.0.1" : target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? "GET",
        headers: options.headers,
        ...(options.localAddress ? { localAddress: options.localAddress, family: 4 } : {}),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
          req.destroy();
        });
      },
    );
    req.setTimeout(30_000, () =>
      req.destroy(new Error(`no answer from ${options.method ?? "GET"} ${url} within 30 s`)),
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server may answer and close while a large body is still being sent: the answer counts,
      // also when the failed write is noticed just before the answer already received is read.
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") return reject(error);
      if (!answered) setTimeout(() => answered || reject(error), 1000);
    });
    const body = options.body;
    if (body === undefined) return req.end();
    if (typeof body === "string" || Buffer.isBuffer(body)) {
      if (options.chunked) {
        req.setHeader("transfer-encoding", "chunked");
        const bytes = Buffer.from(body);
        for (let i = 0; i < bytes.length; i += 64 * 1024) req.write(bytes.subarray(i, i + 64 * 1024));
        return req.end();
      }
      req.setHeader("content-length", Buffer.byteLength(body));
      return req.end(body);
    }
    req.setHeader("transfer-encoding", "chunked");
    void (async () => {
      try {
        for await (const chunk of body) {
          // A client stops sending once it has the server's answer, as browsers do.
          if (req.destroyed || answered) return;
          if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        }
        req.end();
      } catch {
        req.destroy();
      }
    })();
  });
}

/**
 * A browser on a network of its own. Limits are counted per client address (sign-ups: 5 an hour
 * per network), and every spec's browser reaches the shared e2e server from 127.0.0.1, so a spec
 * that signs up several times, or fills a network's limit on purpose, would take other specs'
 * sign-ups. This forward proxy relays a browser context's requests from another loopback address
 * (127.0.0.x), which the server sees as the client, as it would a visitor on another network.
 *
 *   const net = await startNetworkProxy("127.0.0.61");
 *   const context = await browser.newContext(net.contextOptions);
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContextOptions } from "@playwright/test";

export interface NetworkProxy {
  /** The address the server sees. */
  address: string;
  contextOptions: BrowserContextOptions;
  close(): Promise<void>;
}

export async function startNetworkProxy(address: string): Promise<NetworkProxy> {
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      res.writeHead(400).end("This proxy takes absolute URLs only");
      return;
    }
    const upstream = http.request(
      {
        host: "127.0.0.1",
        family: 4,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
        localAddress: address,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address,
    // "<-loopback>": Chromium sends requests for localhost through the proxy too.
    contextOptions: { proxy: { server: `http://127.0.0.1:${port}`, bypass: "<-loopback>" } },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

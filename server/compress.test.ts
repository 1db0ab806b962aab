import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressedJson, compressingServer } from "./compress";

const big = "x".repeat(5000);
const json = JSON.stringify({
  rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Carrier ${i}` })),
});
const page = ["<!DOCTYPE html><html><body>" + "shell ".repeat(400), "rest ".repeat(2000), "</body></html>"];
let cancelled = false;

function streamed(chunks: string[]) {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (next === undefined) return controller.close();
      await new Promise((r) => setTimeout(r, 5));
      controller.enqueue(new TextEncoder().encode(next));
    },
  });
}

const app = new Hono();
app.get("/healthz", (c) => c.json({ status: "ok" }));
app.get("/json", (c) => c.body(json, 200, { "Content-Type": "application/json" }));
app.get("/text", (c) =>
  c.body(big, 200, { "Content-Type": "text/javascript", "Content-Length": String(big.length) }),
);
const rows = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Carrier ${i}` })) };
app.on(["GET", "HEAD"], "/whole", (c) => compressedJson(c, rows, { "Cache-Control": "public, max-age=60" }));
app.get("/whole-small", (c) => compressedJson(c, { ok: true }, {}));
// Past the middleware (as the API is): only what the handler compresses itself is compressed.
app.get("/bypassed/text", (c) => c.body(big, 200, { "Content-Type": "text/javascript" }));
app.get("/bypassed/whole", (c) => compressedJson(c, rows, {}));
app.get("/png", (c) => c.body(big, 200, { "Content-Type": "image/png" }));
// As serveStatic sends a file compressed at build time.
app.get("/prebuilt.js", (c) =>
  c.body(zlib.brotliCompressSync(big), 200, { "Content-Type": "text/javascript", "Content-Encoding": "br" }),
);
app.get("/page", (c) => c.body(streamed([...page]), 200, { "Content-Type": "text/html; charset=utf-8" }));
app.get("/endless", (c) =>
  c.body(
    new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        await new Promise((r) => setTimeout(r, 2));
        controller.enqueue(new TextEncoder().encode(crypto.randomBytes(3072).toString("base64")));
      },
      cancel: () => {
        cancelled = true;
      },
    }),
    200,
    { "Content-Type": "text/html" },
  ),
);

let server: ServerType;
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: app.fetch,
        port: 0,
        hostname: "127.0.0.1",
        createServer: compressingServer(undefined, (url) => url.startsWith("/bypassed/")),
      },
      (info) => {
        port = info.port;
        resolve();
      },
    );
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: (server.address() as AddressInfo | null)?.port ?? port,
        path,
        method,
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("compression around the server", () => {
  it("brotli-encodes text over 1 kB for a browser that takes it, gzip for one that does not", async () => {
    const br = await get("/text", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBeUndefined();
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(big);
    const gz = await get("/json", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(json);
  });

  it("sends a small answer as it is, with its length", async () => {
    const res = await get("/healthz", "gzip, br");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(JSON.stringify({ status: "ok" }));
  });

  it("leaves binary types, clients that accept no encoding and files compressed at build time alone", async () => {
    expect((await get("/png", "br")).headers["content-encoding"]).toBeUndefined();
    const plain = await get("/text");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(big);
    const prebuilt = await get("/prebuilt.js", "gzip, br");
    expect(prebuilt.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(prebuilt.body).toString()).toBe(big);
  });

  it("compresses a whole JSON answer at once, gzip first, and the middleware leaves it", async () => {
    for (const accepted of ["gzip, br", "br, gzip", "gzip"]) {
      const gz = await get("/whole", accepted);
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.headers["content-type"]).toBe("application/json");
      expect(gz.headers["cache-control"]).toBe("public, max-age=60");
      expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gz.headers["content-length"]).toBe(String(gz.body.length));
      expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(rows);
    }
    for (const accepted of ["br", "gzip;q=0.5, br", "br, *;q=0.1"]) {
      const br = await get("/whole", accepted);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(rows);
    }
    const plain = await get("/whole");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(plain.body.toString())).toEqual(rows);
    const refused = await get("/whole", "br;q=0, gzip;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toEqual(rows);
    const small = await get("/whole-small", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
    const head = await get("/whole", "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it("sends the addresses it is told to bypass past the middleware", async () => {
    const text = await get("/bypassed/text", "gzip, br");
    expect(text.headers["content-encoding"]).toBeUndefined();
    expect(text.headers.vary).toBeUndefined();
    expect(text.body.toString()).toBe(big);
    const whole = await get("/bypassed/whole", "gzip, br");
    expect(whole.headers["content-encoding"]).toBe("gzip");
    expect(whole.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(zlib.gunzipSync(whole.body).toString())).toEqual(rows);
  });

  it("compresses a streamed page as it streams: every chunk, in order", async () => {
    const res = await get("/page", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString()).toBe(page.join(""));
  });

  it("stops the page behind it when the visitor goes away", async () => {
    cancelled = false;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: "127.0.0.1", port, path: "/endless", headers: { "accept-encoding": "br" } },
        (res) => {
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on("error", (e: NodeJS.ErrnoException) => (e.code === "ECONNRESET" ? undefined : reject(e)));
    });
    await expect.poll(() => cancelled, { timeout: 10_000 }).toBe(true);
  });
});

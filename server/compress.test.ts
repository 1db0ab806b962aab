import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compress } from "./compress";

const big = "x".repeat(5000);

function app() {
  const a = new Hono();
  a.use(compress());
  a.get("/text", (c) =>
    c.body(big, 200, { "Content-Type": "text/javascript", "Content-Length": String(big.length) }),
  );
  a.get("/png", (c) => c.body(big, 200, { "Content-Type": "image/png" }));
  return a;
}

describe("compress", () => {
  it("brotli-encodes text and drops the uncompressed Content-Length", async () => {
    const res = await app().request("/text", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Length")).toBeNull();
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(big);
  });

  it("gzips for clients without brotli", async () => {
    const res = await app().request("/text", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
  });

  it("leaves binary types and clients that accept no encoding alone", async () => {
    expect(
      (await app().request("/png", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding"),
    ).toBeNull();
    const plain = await app().request("/text");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(big);
  });
});

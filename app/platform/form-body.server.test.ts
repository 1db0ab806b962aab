import { describe, expect, it } from "vitest";
import { readFormData } from "./form-body.server";

function chunked(body: string, contentType = "application/x-www-form-urlencoded"): Request {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
      controller.close();
    },
  });
  // No Content-Length: the body arrives in chunks, as with Transfer-Encoding: chunked.
  return new Request("http://x.test/form", { method: "POST", body: stream, headers: { "content-type": contentType }, duplex: "half" } as RequestInit);
}

describe("readFormData", () => {
  it("reads a form within the limit, with or without a declared length", async () => {
    const declared = new Request("http://x.test/form", { method: "POST", body: new URLSearchParams({ name: "Ada" }) });
    expect(((await readFormData(declared, 1000)) as FormData).get("name")).toBe("Ada");
    expect(((await readFormData(chunked(`name=${"a".repeat(5000)}`), 10_000)) as FormData).get("name")).toHaveLength(5000);
  });

  it("refuses a declared length over the limit before reading, and a chunked body once it passes the limit", async () => {
    const declared = new Request("http://x.test/form", {
      method: "POST",
      body: new URLSearchParams({ name: "a".repeat(3000) }),
      headers: { "content-length": "3005" },
    });
    expect(await readFormData(declared, 1000)).toBe("too-large");
    expect(await readFormData(chunked(`name=${"a".repeat(50_000)}`), 10_000)).toBe("too-large");
  });

  it("still reports a malformed body as an error, not as too large", async () => {
    await expect(readFormData(chunked("--nope\r\n", "multipart/form-data; boundary=xyz"), 10_000)).rejects.toThrow();
  });
});

import { describe, expect, it } from "vitest";
import {
  bodyLimitFor,
  createReadingGate,
  guardRequestBody,
  INPUT_MESSAGES,
  PLAIN_FORM_BYTES,
  readForm,
  routePath,
  urlProblem,
} from "./request-input.server";

function chunked(body: string | Uint8Array, contentType = "application/x-www-form-urlencoded"): Request {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
      controller.close();
    },
  });
  // No Content-Length: the body arrives in chunks, as with Transfer-Encoding: chunked.
  return new Request("http://x.test/form", {
    method: "POST",
    body: stream,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}
const declared = (body: string, contentType = "application/x-www-form-urlencoded") =>
  new Request("http://x.test/form", {
    method: "POST",
    body,
    headers: { "content-type": contentType, "content-length": String(Buffer.byteLength(body)) },
  });
const limit = { bytes: 10_000, message: "Too big" };

async function refusal(request: Request) {
  const read = await readForm(guardRequestBody(request, limit));
  if (read.ok) throw new Error("expected a refusal");
  return { status: read.status, message: read.message };
}

/** The guard refuses the request as a bad one (400) with the message. */
async function expectBadRequest(request: Request, message: string) {
  expect(await refusal(request)).toEqual({ status: 400, message });
}

describe("form bodies", () => {
  it("reads a form within the limit, with or without a declared length", async () => {
    const a = await guardRequestBody(declared("name=Ada"), limit).formData();
    expect(a.get("name")).toBe("Ada");
    const b = await guardRequestBody(chunked(`name=${"a".repeat(5000)}`), limit).formData();
    expect(b.get("name")).toHaveLength(5000);
  });

  it("refuses a declared length over the limit before reading, and a chunked body once it passes the limit", async () => {
    expect(await refusal(declared(`name=${"a".repeat(20_000)}`))).toEqual({
      status: 413,
      message: "Too big",
    });
    expect(await refusal(chunked(`name=${"a".repeat(50_000)}`))).toEqual({ status: 413, message: "Too big" });
  });

  it("throws the refusal as a 4xx response for routes that just call formData()", async () => {
    const error = await guardRequestBody(chunked(`name=${"a".repeat(50_000)}`), limit)
      .formData()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ data: "Too big", init: { status: 413 } });
  });

  it("refuses bodies that are not forms, and forms that do not parse, with 400", async () => {
    await expectBadRequest(declared('{"email":"a@b"}', "application/json"), INPUT_MESSAGES.notAForm);
    await expectBadRequest(declared("<a/>", "application/xml"), INPUT_MESSAGES.notAForm);
    await expectBadRequest(declared("email=a", "text/plain"), INPUT_MESSAGES.notAForm);
    await expectBadRequest(
      chunked("--nope\r\n", "multipart/form-data; boundary=xyz"),
      INPUT_MESSAGES.unreadable,
    );
    await expectBadRequest(declared("x", "multipart/form-data"), INPUT_MESSAGES.unreadable);
  });

  it("refuses control characters in field values, names and file names, but keeps tabs and line breaks", async () => {
    await expectBadRequest(declared("name=A%00da"), INPUT_MESSAGES.controlCharacters);
    await expectBadRequest(declared("na%07me=Ada"), INPUT_MESSAGES.controlCharacters);
    await expectBadRequest(declared("name=A%7Fda"), INPUT_MESSAGES.controlCharacters);
    const multipart = new FormData();
    multipart.append("photo", new File(["x"], "bad\u0000name.png", { type: "image/png" }));
    const request = new Request("http://x.test/form", { method: "POST", body: multipart });
    await expectBadRequest(request, INPUT_MESSAGES.controlCharacters);
    const ok = await guardRequestBody(declared("message=one%0D%0A%09two"), limit).formData();
    expect(ok.get("message")).toBe("one\r\n\ttwo");
  });
});

describe("upload bodies read at once (decision 0258)", () => {
  const upload = { bytes: 1_000_000, message: "Too big" };
  /** A multipart upload that has sent its first part and waits for `finish` to send the rest. */
  function slowUpload(declaredBytes?: number) {
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const head = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="note"\r\n\r\n');
    const tail = new TextEncoder().encode("hello\r\n--b--\r\n");
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(head);
        await rest;
        controller.enqueue(tail);
        controller.close();
      },
    });
    const headers: Record<string, string> = { "content-type": "multipart/form-data; boundary=b" };
    if (declaredBytes) headers["content-length"] = String(declaredBytes);
    const request = new Request("http://x.test/enquiries/lead", {
      method: "POST",
      body,
      headers,
      duplex: "half",
    } as RequestInit);
    return { request, finish };
  }

  it("admits two uploads per address and the bytes the process allows, and frees each place once", () => {
    const gate = createReadingGate(100, 2);
    const a1 = gate.admit("a", 40)!;
    const a2 = gate.admit("a", 10)!;
    expect(gate.admit("a", 1)).toBeNull(); // a third from the same address
    const b1 = gate.admit("b", 50)!;
    expect(gate.bytes).toBe(100);
    expect(gate.admit("c", 1)).toBeNull(); // no bytes left
    a1();
    a1(); // a second release changes nothing
    expect(gate.bytes).toBe(60);
    const a3 = gate.admit("a", 40)!;
    expect(gate.admit("c", 1)).toBeNull();
    for (const release of [a2, b1, a3]) release();
    expect(gate.bytes).toBe(0);
    expect(gate.admit("a", 100)).not.toBeNull();
  });

  it("refuses an upload with 503 while the sender's other uploads are still arriving, and reads it once they are in", async () => {
    const gate = createReadingGate(10_000_000, 2);
    const first = slowUpload(400);
    const second = slowUpload(); // chunked: holds a place for the address's whole limit
    const reading = [first, second].map((u) =>
      guardRequestBody(u.request, upload, undefined, "198.51.100.7", gate).formData(),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.bytes).toBe(400 + upload.bytes);

    const third = slowUpload(400);
    const refused = await readForm(guardRequestBody(third.request, upload, undefined, "198.51.100.7", gate));
    expect(refused).toEqual({ ok: false, status: 503, message: INPUT_MESSAGES.busy });
    const thrown = await guardRequestBody(slowUpload(400).request, upload, undefined, "198.51.100.7", gate)
      .formData()
      .catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 503, headers: { "Retry-After": "60" } } });
    // Another sender is not held up.
    const other = slowUpload(400);
    const otherForm = guardRequestBody(other.request, upload, undefined, "203.0.113.9", gate).formData();
    other.finish();
    expect((await otherForm).get("note")).toBe("hello");

    first.finish();
    second.finish();
    for (const form of await Promise.all(reading)) expect(form.get("note")).toBe("hello");
    expect(gate.bytes).toBe(0);
    const again = slowUpload(400);
    const read = guardRequestBody(again.request, upload, undefined, "198.51.100.7", gate).formData();
    again.finish();
    expect((await read).get("note")).toBe("hello");
  });

  it("frees the place of an upload that fails, and never holds one for a plain form", async () => {
    const gate = createReadingGate(10_000_000, 1);
    const tooBig = await readForm(
      guardRequestBody(
        chunked(`name=${"a".repeat(100_000)}`),
        { bytes: 70_000, message: "Too big" },
        undefined,
        "a",
        gate,
      ),
    );
    expect(tooBig).toEqual({ ok: false, status: 413, message: "Too big" });
    expect(gate.bytes).toBe(0);
    const plain = { bytes: PLAIN_FORM_BYTES, message: "Too big" };
    const slow = slowUpload(400);
    const held = guardRequestBody(slow.request, plain, undefined, "a", gate).formData();
    expect(
      (await guardRequestBody(declared("name=Ada"), plain, undefined, "a", gate).formData()).get("name"),
    ).toBe("Ada");
    slow.finish();
    await held;
    expect(gate.bytes).toBe(0);
  });
});

describe("body limits per address", () => {
  it("gives plain forms 64 kB and the upload forms their documented size", () => {
    expect(bodyLimitFor("/login").bytes).toBe(PLAIN_FORM_BYTES);
    expect(bodyLimitFor("/login.data").bytes).toBe(PLAIN_FORM_BYTES);
    expect(bodyLimitFor("/wastenotegeneration").bytes).toBeGreaterThan(30 * 1024 * 1024);
    expect(bodyLimitFor("/company/waste-note.data").bytes).toBe(bodyLimitFor("/wastenotegeneration").bytes);
    expect(bodyLimitFor("/enquiries/quote/CBDU1").bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimitFor("/enquiries/quote/CBDU1/extra").bytes).toBe(PLAIN_FORM_BYTES);
    expect(bodyLimitFor("/admin/data-management").bytes).toBeGreaterThan(50 * 1024 * 1024);
    expect(bodyLimitFor("/company").bytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(bodyLimitFor("/company/listing").bytes).toBe(PLAIN_FORM_BYTES);
  });

  it("reads single-fetch data requests as their page", () => {
    expect(routePath("/_.data")).toBe("/");
    expect(routePath("/company.data")).toBe("/company");
    expect(routePath("/company/")).toBe("/company");
  });
});

describe("addresses", () => {
  it("refuses control characters and broken escapes in the path and the query", () => {
    expect(urlProblem(new URL("http://x.test/search-results?query=Leeds"))).toBeNull();
    expect(urlProblem(new URL("http://x.test/search-results?query=St+Albans%27s"))).toBeNull();
    expect(urlProblem(new URL("http://x.test/?query=%00"))?.message).toBe(INPUT_MESSAGES.controlCharacters);
    expect(urlProblem(new URL("http://x.test/provider/%01"))?.message).toBe(INPUT_MESSAGES.controlCharacters);
    expect(urlProblem(new URL("http://x.test/?q=%0A"))?.status).toBe(400);
    expect(urlProblem(new URL("http://x.test/?q=%E0%A4%A"))?.message).toBe(INPUT_MESSAGES.badEscape);
  });
});

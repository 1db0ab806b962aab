import { describe, expect, it } from "vitest";
import {
  bodyLimitFor,
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

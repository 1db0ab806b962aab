/**
 * The S3 driver against a tiny S3-compatible server in this process (PUT/GET/DELETE object,
 * ListObjectsV2): every request's signature is recomputed from what actually arrived on the wire
 * (method, raw path, query, signed headers, body hash) and refused when it does not match, as S3
 * does. The signing itself is checked against AWS's published example.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "#tests/support/sigv4";
import { EMPTY_SHA256, S3Storage, S3StorageError, signS3Request } from "./s3-storage.server";

const ACCESS = "AKIDTESTEXAMPLE";
const SECRET = "test-secret/with+chars";
const REGION = "eu-west-2";

describe("SigV4 signing", () => {
  it("matches AWS's published GET object example", async () => {
    const headers = await signS3Request({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { Range: "bytes=0-9" },
      payloadHash: EMPTY_SHA256,
      credentials: {
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
      },
      now: new Date("2013-05-24T00:00:00Z"),
    });
    // AWS's example writes the parts without spaces after the commas; S3 accepts both.
    expect(headers.get("authorization")?.replace(/, /g, ",")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

const objects = new Map<string, { body: Buffer; type: string }>();
const seen: string[] = [];
let server: http.Server;
let endpoint: string;

function verify(req: http.IncomingMessage, body: Buffer): string | null {
  const auth = req.headers.authorization ?? "";
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return "MissingSecurityHeader";
  if (m[1] !== ACCESS) return "InvalidAccessKeyId";
  const hash = String(req.headers["x-amz-content-sha256"]);
  if (hash !== crypto.createHash("sha256").update(body).digest("hex")) return "XAmzContentSHA256Mismatch";
  const [rawPath, rawQuery = ""] = (req.url ?? "").split("?");
  const query = Object.fromEntries(new URLSearchParams(rawQuery.replace(/\+/g, "%2B")));
  const date = String(req.headers["x-amz-date"]);
  const headers: Record<string, string> = {};
  for (const name of m[4]!.split(";"))
    if (!["host", "x-amz-date", "x-amz-content-sha256"].includes(name))
      headers[name] = String(req.headers[name]);
  const expected = signRequest({
    method: req.method!,
    host: String(req.headers.host),
    path: rawPath!,
    query,
    headers,
    payloadHash: hash,
    credentials: { accessKeyId: ACCESS, secretAccessKey: SECRET, region: REGION },
    now: new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    ),
  });
  return expected.authorization!.endsWith(`Signature=${m[5]}`) ? null : "SignatureDoesNotMatch";
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push(`${req.method} ${req.url}`);
      const error = verify(req, body);
      if (error) {
        res.writeHead(403, { "content-type": "application/xml" }).end(`<Error><Code>${error}</Code></Error>`);
        return;
      }
      const [rawPath, rawQuery = ""] = (req.url ?? "").split("?");
      const parts = rawPath!.split("/").slice(1);
      const bucket = parts.shift();
      if (bucket !== "photos") {
        res.writeHead(404).end("<Error><Code>NoSuchBucket</Code></Error>");
        return;
      }
      const key = decodeURIComponent(parts.join("/"));
      if (req.method === "PUT") {
        objects.set(key, { body, type: String(req.headers["content-type"]) });
        res.writeHead(200).end();
      } else if (req.method === "GET" && key === "") {
        const q = new URLSearchParams(rawQuery);
        const prefix = q.get("prefix") ?? "";
        // Like S3, the continuation token marks a position in key order (here: the last key sent).
        const token = q.get("continuation-token");
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && (!token || k > token)).sort();
        const slice = keys.slice(0, 2); // tiny pages, so continuation is exercised
        const truncated = keys.length > 2;
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(
            `<ListBucketResult>${slice.map((k) => `<Contents><Key>${k.replace(/&/g, "&amp;")}</Key></Contents>`).join("")}<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${slice[1]}</NextContinuationToken>` : ""}</ListBucketResult>`,
          );
      } else if (req.method === "GET") {
        const o = objects.get(key);
        if (!o)
          res
            .writeHead(404, { "content-type": "application/xml" })
            .end("<Error><Code>NoSuchKey</Code></Error>");
        else res.writeHead(200, { "content-type": o.type, "content-length": o.body.length }).end(o.body);
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const storage = (secret = SECRET) =>
  new S3Storage({
    bucket: "photos",
    region: REGION,
    endpoint,
    accessKeyId: ACCESS,
    secretAccessKey: secret,
    forcePathStyle: true,
    prefix: "uploads",
  });

describe("S3 storage driver", () => {
  it("puts, gets and deletes an object under the prefix, with its content type", async () => {
    const s = storage();
    const bytes = crypto.randomBytes(2048);
    await s.put("generalleads/1700000000000-abc.png", bytes, { contentType: "image/png" });
    expect(objects.get("uploads/generalleads/1700000000000-abc.png")?.type).toBe("image/png");
    const got = await s.get("generalleads/1700000000000-abc.png");
    expect(got?.body.equals(bytes)).toBe(true);
    expect(got?.contentType).toBe("image/png");
    expect(got?.size).toBe(2048);
    await s.delete("generalleads/1700000000000-abc.png");
    expect(await s.get("generalleads/1700000000000-abc.png")).toBeNull();
  });

  it("answers null for a missing object and refuses keys that escape their folder", async () => {
    const s = storage();
    expect(await s.get("nothing/here.jpg")).toBeNull();
    await expect(s.put("../etc/passwd", Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(
      /Invalid storage key/,
    );
  });

  it("deletes every object under a prefix across several list pages, and nothing else", async () => {
    const s = storage();
    for (const n of [1, 2, 3, 4, 5])
      await s.put(`waste-notes/n1/photo-${n}.jpg`, Buffer.from([0xff, 0xd8, 0xff, n]), {
        contentType: "image/jpeg",
      });
    await s.put("waste-notes/n2/photo-1.jpg", Buffer.from([1]), { contentType: "image/jpeg" });
    await s.deletePrefix("waste-notes/n1");
    expect([...objects.keys()].filter((k) => k.startsWith("uploads/waste-notes/n1/"))).toEqual([]);
    expect(objects.has("uploads/waste-notes/n2/photo-1.jpg")).toBe(true);
    expect(seen.some((r) => r.includes("continuation-token=uploads%2Fwaste-notes%2Fn1%2Fphoto-2.jpg"))).toBe(
      true,
    );
  });

  it("reports the service's error when the signature is wrong", async () => {
    const bad = storage("wrong-secret");
    const error = await bad
      .put("x/y.png", Buffer.from([1, 2]), { contentType: "image/png" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as S3StorageError).status).toBe(403);
    expect((error as Error).message).toContain("SignatureDoesNotMatch");
    expect(objects.has("uploads/x/y.png")).toBe(false);
  });
});

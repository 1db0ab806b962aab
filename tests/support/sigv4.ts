/**
 * An independent AWS Signature Version 4 computation for the S3 driver's tests: the in-process
 * S3 server recomputes each request's signature with it from what arrived on the wire, so the
 * product's signer (aws4fetch, app/platform/storage/s3-storage.server.ts) is checked against a
 * second implementation as well as AWS's published example.
 */
import crypto from "node:crypto";

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export const sha256Hex = (data: string | Uint8Array) =>
  crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as S3 wants it; '/' kept in paths. */
export function uriEncode(value: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(value), (b) => {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) return c;
    return `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

export function amzDate(now: Date): string {
  return now.toISOString().replace(/[:-]|\.\d{3}/g, "");
}

/**
 * Returns the headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256 and
 * Authorization. `path` must already be encoded (uriEncode(..., true)); `query` is unencoded.
 */
export function signRequest(args: {
  method: string;
  host: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  payloadHash: string;
  credentials: Credentials;
  now: Date;
}): Record<string, string> {
  const { credentials: c } = args;
  const service = c.service ?? "s3";
  const stamp = amzDate(args.now);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(args.headers ?? {}))
    headers[k.toLowerCase()] = v.trim().replace(/\s+/g, " ");
  headers.host = args.host;
  headers["x-amz-date"] = stamp;
  headers["x-amz-content-sha256"] = args.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalQuery = Object.entries(args.query ?? {})
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [
    args.method,
    args.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    args.payloadHash,
  ].join("\n");
  const scope = `${day}/${c.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${c.secretAccessKey}`, day), c.region), service), "aws4_request");
  const signature = crypto.createHmac("sha256", key).update(stringToSign).digest("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${c.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

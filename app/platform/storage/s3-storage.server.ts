/**
 * S3-compatible driver for the Storage interface (STORAGE_DRIVER=s3): PUT, GET, DELETE object and
 * ListObjectsV2 over HTTPS, signed with AWS Signature Version 4 by aws4fetch's AwsV4Signer (a
 * maintained signer, decision 0601). Objects are private (no ACL is set), so nothing is
 * world-readable; the application's routes decide who may read what.
 */
import crypto from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import { checkKey, contentTypeFor, type Storage, type StoredFile } from "./storage.server";

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** RFC 3986 encoding as S3 wants it in URLs; '/' kept in paths (not '+' for spaces). */
function uriEncode(value: string, keepSlash: boolean): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

/**
 * The request's headers with x-amz-date, x-amz-content-sha256 and Authorization added. Every
 * header given is signed; `url` is encoded as it will be sent.
 */
export async function signS3Request(args: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payloadHash: string;
  credentials: Credentials;
  now: Date;
}): Promise<Headers> {
  const signer = new AwsV4Signer({
    method: args.method,
    url: args.url,
    headers: { ...args.headers, "x-amz-content-sha256": args.payloadHash },
    ...args.credentials,
    service: "s3",
    datetime: args.now.toISOString().replace(/[:-]|\.\d{3}/g, ""),
    allHeaders: true,
  });
  return (await signer.sign()).headers;
}

export interface S3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** e.g. https://s3.eu-west-2.amazonaws.com or http://127.0.0.1:9000; defaults to AWS for the region. */
  endpoint?: string;
  /** Bucket in the path (MinIO and most non-AWS services) instead of the host name. */
  forcePathStyle?: boolean;
  /** Keys are stored under this prefix (e.g. "uploads"). */
  prefix?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

export class S3StorageError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export class S3Storage implements Storage {
  private readonly base: URL;
  private readonly pathStyle: boolean;
  private readonly credentials: Credentials;
  private readonly doFetch: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly options: S3Options) {
    this.pathStyle = options.forcePathStyle ?? !!options.endpoint;
    const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
    this.base = this.pathStyle
      ? endpoint
      : new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}`);
    this.credentials = {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
    };
    this.doFetch = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
  }

  private objectKey(key: string): string {
    checkKey(key);
    const prefix = this.options.prefix?.replace(/^\/+|\/+$/g, "");
    return prefix ? `${prefix}/${key}` : key;
  }

  private bucketPath(objectKey = ""): string {
    const basePath = this.base.pathname.replace(/\/+$/, "");
    const bucket = this.pathStyle ? `/${uriEncode(this.options.bucket, false)}` : "";
    return `${basePath}${bucket}/${uriEncode(objectKey, true)}`;
  }

  private async send(
    method: string,
    path: string,
    init: { body?: Uint8Array; headers?: Record<string, string>; query?: Record<string, string> } = {},
  ) {
    const payloadHash = init.body
      ? crypto.createHash("sha256").update(init.body).digest("hex")
      : EMPTY_SHA256;
    // Encoded as S3 signs it (URLSearchParams would turn spaces into '+').
    const search = Object.entries(init.query ?? {})
      .map(([k, v]) => `${uriEncode(k, false)}=${uriEncode(v, false)}`)
      .join("&");
    const url = `${this.base.origin}${path}${search ? `?${search}` : ""}`;
    const headers = await signS3Request({
      method,
      url,
      headers: init.headers,
      payloadHash,
      credentials: this.credentials,
      now: this.now(),
    });
    return this.doFetch(url, { method, headers, body: init.body ? Buffer.from(init.body) : undefined });
  }

  private async fail(what: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new S3StorageError(
      `S3 ${what} failed: HTTP ${response.status}${code ? ` ${code}` : ""}`,
      response.status,
    );
  }

  async put(key: string, body: Buffer | Uint8Array, options: { contentType: string }): Promise<void> {
    const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
    const response = await this.send("PUT", this.bucketPath(this.objectKey(key)), {
      body: bytes,
      headers: { "content-type": options.contentType, "cache-control": "private, max-age=3600" },
    });
    if (!response.ok) await this.fail(`PUT ${key}`, response);
    await response.arrayBuffer().catch(() => undefined);
  }

  async get(key: string): Promise<StoredFile | null> {
    const response = await this.send("GET", this.bucketPath(this.objectKey(key)));
    if (response.status === 404) {
      await response.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!response.ok) await this.fail(`GET ${key}`, response);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      body,
      contentType: response.headers.get("content-type") ?? contentTypeFor(key),
      size: body.length,
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send("DELETE", this.bucketPath(this.objectKey(key)));
    // S3 answers 204 whether or not the object existed; some services answer 404.
    if (!response.ok && response.status !== 404) await this.fail(`DELETE ${key}`, response);
    await response.arrayBuffer().catch(() => undefined);
  }

  async deletePrefix(prefix: string): Promise<void> {
    const full = `${this.objectKey(prefix)}/`;
    let token: string | undefined;
    do {
      const query: Record<string, string> = { "list-type": "2", prefix: full };
      if (token) query["continuation-token"] = token;
      const response = await this.send("GET", this.bucketPath(), { query });
      if (!response.ok) await this.fail(`LIST ${prefix}`, response);
      const xml = await response.text();
      const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => decodeXml(m[1]!));
      for (const k of keys) {
        const r = await this.send("DELETE", this.bucketPath(k));
        if (!r.ok && r.status !== 404) await this.fail(`DELETE ${k}`, r);
        await r.arrayBuffer().catch(() => undefined);
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "")
        : undefined;
    } while (token);
  }
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&");
}

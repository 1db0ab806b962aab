/**
 * Opens a register source (a file path or an http(s) URL; CSV, JSON, or a ZIP holding one of
 * them) as a stream of its bytes and the format they are in; the staging worker reads them as rows
 * (read-csv-rows.server.ts, read-json-rows.server.ts). Nothing is held in memory beyond the chunk
 * being read: memory stays flat whatever the size of the source.
 *
 * A source is refused as a whole (SourceError) when it is larger than the size cap, and a ZIP
 * entry when it is compressed suspiciously well (zip bomb): from the sizes the ZIP's directory
 * declares before anything is inflated, and again while streaming, since declared sizes can lie
 * (register-limits.ts, decision 0109). The signal stops a read at once, even one waiting on a
 * slow source.
 *
 * A URL's user:password is sent as an Authorization: Basic header (Node's fetch refuses a URL that
 * holds credentials), and dropped by fetch if the source redirects to another origin. Messages
 * name the source without its secrets (redact-source.ts, decision 0264).
 */
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type yauzl from "yauzl";
import { isUrl, redactError, redactSource } from "./redact-source";
import { formatBytes, formatCount, SOURCE_LIMITS, type SourceLimits } from "./register-limits";
import { SourceError } from "./source-types";

export { SourceError };
export { isUrl };

export interface RegisterSource {
  /** What was opened, for logs ("file.zip > register.csv"). */
  description: string;
  format: "csv" | "json";
  /** Size of the (uncompressed) data when known, for progress. */
  bytesTotal: number | null;
  bytesRead(): number;
  /** The data's bytes (a ZIP's entry inflated), checked against the caps as they are read; once. */
  bytes(): AsyncIterable<Buffer>;
  close(): Promise<void>;
}

export interface OpenSourceOptions {
  /** Aborting stops the read at once (the pending read rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Bytes of a ZIP downloaded so far (a URL's ZIP is saved to a temporary file before it is read). */
  onDownload?: (bytes: number) => void;
  /** The caps (tests lower them); SOURCE_LIMITS by default. */
  limits?: Partial<SourceLimits>;
}

interface ByteSource {
  first: Buffer;
  rest: AsyncIterator<Buffer>;
  stream: Readable;
  size: number | null;
}

/** At most this many entries of a ZIP are looked at to find the register file. */
const MAX_ZIP_ENTRIES_SKIPPED = 1_000;

export async function openRegisterSource(
  source: string,
  options: OpenSourceOptions = {},
): Promise<RegisterSource> {
  const limits: SourceLimits = { ...SOURCE_LIMITS, ...options.limits };
  const signal = options.signal;
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) await fn();
    cleanups.length = 0;
  };
  try {
    signal?.throwIfAborted();
    let description = redactSource(source);
    const opened = await openBytes(source, limits, signal);
    cleanups.push(() => void opened.stream.destroy());
    let bytes = await peek(opened, signal);
    /** The most bytes the data may hold, and what to say when it holds more. */
    let cap = { bytes: limits.maxBytes, message: tooLargeMessage(limits.maxBytes) };
    let exact: { bytes: number; name: string } | null = null;

    if (isZip(bytes.first)) {
      let zipPath = source;
      if (isUrl(source)) {
        // A ZIP's directory sits at its end: download it to a temporary file first (streamed).
        zipPath = path.join(os.tmpdir(), `register-${crypto.randomBytes(6).toString("hex")}.zip`);
        cleanups.push(() => fs.promises.rm(zipPath, { force: true }));
        let downloaded = 0;
        const download = async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            downloaded += chunk.length;
            if (downloaded > limits.maxBytes) throw new SourceError(tooLargeMessage(limits.maxBytes));
            options.onDownload?.(downloaded);
            yield chunk;
          }
        };
        await pipeline(Readable.from(chain(bytes, signal)), download, fs.createWriteStream(zipPath), {
          signal,
        });
      } else {
        bytes.stream.destroy();
      }
      const entry = await openZipEntry(zipPath, limits, signal);
      cleanups.push(() => entry.zip.close());
      description = `${description} > ${entry.name}`;
      cleanups.push(() => void entry.stream.destroy());
      bytes = await peek({ stream: entry.stream, size: entry.size }, signal, entry.name);
      cap = { bytes: entry.size, message: zipEntryLiesMessage(entry.name, entry.size) };
      exact = { bytes: entry.size, name: entry.name };
    }

    const format = looksLikeJson(bytes.first) ? "json" : "csv";
    let read = 0;
    const zipName = exact?.name;
    const counted = (async function* () {
      for await (const chunk of chain(bytes, signal, zipName)) {
        read += chunk.length;
        if (read > cap.bytes) throw new SourceError(cap.message);
        yield chunk;
      }
      if (exact && read < exact.bytes) {
        throw new SourceError(
          `The ZIP file is not readable: ${exact.name} ends after ${formatCount(read)} of the ${formatCount(exact.bytes)} bytes its directory declares (truncated file?)`,
        );
      }
    })();
    let used = false;
    return {
      description,
      format,
      bytesTotal: bytes.size,
      bytesRead: () => read,
      bytes() {
        if (used) throw new Error("A register source can be read once");
        used = true;
        return counted;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** (Without the source: a URL may hold a password, and this message is shown and stored.) */
function tooLargeMessage(max: number): string {
  return `The register source is larger than ${formatBytes(max)}, the most the importer reads; it was refused`;
}

function zipEntryLiesMessage(name: string, declared: number): string {
  return (
    `The ZIP entry ${name} holds more data than the ${formatCount(declared)} bytes its directory declares: ` +
    "refused as a likely zip bomb"
  );
}

async function openBytes(
  source: string,
  limits: SourceLimits,
  signal?: AbortSignal,
): Promise<{ stream: Readable; size: number | null }> {
  if (isUrl(source)) {
    const shown = redactSource(source);
    const request = withBasicAuth(source);
    let res: Response;
    try {
      res = await fetch(request.url, { signal, redirect: "follow", headers: request.headers });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const safe = redactError(error, source);
      const reason = safe instanceof Error ? safe.message : String(safe);
      throw new SourceError(`Could not fetch ${shown}: ${reason}`, { cause: safe });
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new SourceError(`Fetching ${shown} failed: HTTP ${res.status} ${res.statusText}`);
    }
    const length = Number(res.headers.get("content-length"));
    const encoded = res.headers.get("content-encoding");
    if (Number.isFinite(length) && length > limits.maxBytes) {
      await res.body.cancel().catch(() => undefined);
      throw new SourceError(tooLargeMessage(limits.maxBytes));
    }
    return {
      stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      size: Number.isFinite(length) && length > 0 && !encoded ? length : null,
    };
  }
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(source);
  } catch (error) {
    throw new SourceError(
      `Cannot read the register source ${redactSource(source)}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (!stat.isFile()) throw new SourceError(`The register source ${redactSource(source)} is not a file`);
  if (stat.size > limits.maxBytes) throw new SourceError(tooLargeMessage(limits.maxBytes));
  return { stream: fs.createReadStream(source, { highWaterMark: 256 * 1024 }), size: stat.size };
}

/**
 * The URL fetch is given, and the headers: a user:password in the URL becomes an Authorization:
 * Basic header (RFC 7617: the user and password, percent-decoded, as UTF-8).
 */
function withBasicAuth(source: string): { url: string; headers?: Record<string, string> } {
  let u: URL;
  try {
    u = new URL(source);
  } catch {
    return { url: source }; // fetch says why; the message is redacted by the caller
  }
  if (!u.username && !u.password) return { url: source };
  const credentials = `${decodeUserinfo(u.username)}:${decodeUserinfo(u.password)}`;
  u.username = "";
  u.password = "";
  return {
    url: u.href,
    headers: { authorization: `Basic ${Buffer.from(credentials, "utf8").toString("base64")}` },
  };
}

function decodeUserinfo(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

async function peek(
  input: { stream: Readable; size: number | null },
  signal?: AbortSignal,
  zipName?: string,
): Promise<ByteSource> {
  const rest = input.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await nextChunk(rest, signal, zipName);
  return {
    first: first.done ? Buffer.alloc(0) : Buffer.from(first.value),
    rest,
    stream: input.stream,
    size: input.size,
  };
}

async function* chain(bytes: ByteSource, signal?: AbortSignal, zipName?: string): AsyncGenerator<Buffer> {
  if (bytes.first.length) yield bytes.first;
  for (;;) {
    const next = await nextChunk(bytes.rest, signal, zipName);
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The next chunk, or the signal's reason as soon as it aborts (a source that sends nothing does
 * not hold the run). A ZIP entry's inflate error becomes a SourceError.
 */
async function nextChunk(
  rest: AsyncIterator<Buffer>,
  signal?: AbortSignal,
  zipName?: string,
): Promise<IteratorResult<Buffer>> {
  const next =
    zipName === undefined
      ? rest.next()
      : rest.next().catch((error: unknown) => {
          if (error instanceof SourceError || signal?.aborted) throw error;
          throw new SourceError(`The ZIP file is not readable: ${zipName}: ${(error as Error).message}`, {
            cause: error,
          });
        });
  if (!signal) return next;
  next.catch(() => undefined); // if the signal wins, this settles later, once the stream is destroyed
  signal.throwIfAborted();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([next, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

function isZip(first: Buffer): boolean {
  return first.length >= 4 && first.readUInt32LE(0) === 0x04034b50;
}

function looksLikeJson(first: Buffer): boolean {
  const head = first
    .subarray(0, 64)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("{") || head.startsWith("[");
}

/** Refuses an entry whose declared size or compression ratio is over the caps. */
function checkZipEntrySizes(
  entry: { fileName: string; compressedSize: number; uncompressedSize: number },
  limits: SourceLimits,
): void {
  const { fileName: name, compressedSize, uncompressedSize } = entry;
  if (uncompressedSize > limits.maxBytes) {
    throw new SourceError(
      `The ZIP entry ${name} is ${formatBytes(uncompressedSize)} uncompressed, more than the ${formatBytes(limits.maxBytes)} the importer reads; it was refused`,
    );
  }
  if (uncompressedSize > limits.ratioCheckedAbove && uncompressedSize > compressedSize * limits.maxRatio) {
    const ratio =
      compressedSize > 0 ? `${formatCount(Math.round(uncompressedSize / compressedSize))}:1` : "infinitely";
    throw new SourceError(
      `The ZIP entry ${name} is compressed ${ratio} (${formatBytes(compressedSize)} to ${formatBytes(uncompressedSize)}); ` +
        `more than ${limits.maxRatio}:1 is refused as a likely zip bomb`,
    );
  }
}

async function openZipEntry(
  zipPath: string,
  limits: SourceLimits,
  signal?: AbortSignal,
): Promise<{ zip: yauzl.ZipFile; stream: Readable; name: string; size: number }> {
  // yauzl is loaded with the first ZIP file (decision 0246).
  const { default: unzip } = await import("yauzl");
  let zip: yauzl.ZipFile;
  try {
    // Entry sizes are checked here (declared) and while reading (actual), with clearer messages than yauzl's.
    zip = await unzip.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    throw new SourceError(`The ZIP file is not readable: ${(error as Error).message}`, { cause: error });
  }
  let skipped = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      signal?.throwIfAborted();
      const name = entry.fileName;
      if (name.endsWith("/") || name.startsWith("__MACOSX/") || !/\.(csv|json|txt)$/i.test(name)) {
        if (++skipped > MAX_ZIP_ENTRIES_SKIPPED) {
          throw new SourceError(
            `The ZIP file holds more than ${formatCount(MAX_ZIP_ENTRIES_SKIPPED)} other files before a CSV or JSON file`,
          );
        }
        continue;
      }
      // (The name is the file's to choose: shortened for messages.)
      const shown = name.length > 100 ? `${name.slice(0, 100)}...` : name;
      checkZipEntrySizes({ ...entry, fileName: shown }, limits);
      const stream = await zip.openReadStreamPromise(entry);
      return { zip, stream, name: shown, size: entry.uncompressedSize };
    }
  } catch (error) {
    zip.close();
    if (error instanceof SourceError || signal?.aborted) throw error;
    throw new SourceError(`The ZIP file is not readable: ${(error as Error).message}`, { cause: error });
  }
  zip.close();
  throw new SourceError("The ZIP file holds no CSV or JSON file");
}

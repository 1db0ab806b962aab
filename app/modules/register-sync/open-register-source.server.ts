/**
 * Opens a register source (a file path or an http(s) URL; CSV, JSON, or a ZIP holding one of
 * them) as a stream of source rows keyed by canonical field names. Nothing is held in memory
 * beyond the chunk being parsed: memory stays flat whatever the size of the source.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { readCsvRows } from "./read-csv-rows.server";
import { readJsonRows } from "./read-json-rows.server";
import { SourceError, type SourceItem } from "./source-types";

export { SourceError, type SourceItem };

export interface RegisterSource {
  /** What was opened, for logs ("file.zip > register.csv"). */
  description: string;
  format: "csv" | "json";
  /** Size of the (uncompressed) data when known, for progress. */
  bytesTotal: number | null;
  bytesRead(): number;
  items(): AsyncIterable<SourceItem>;
  close(): Promise<void>;
}

interface ByteSource {
  first: Buffer;
  rest: AsyncIterator<Buffer>;
  stream: Readable;
  size: number | null;
}

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

export async function openRegisterSource(source: string, options: { signal?: AbortSignal } = {}): Promise<RegisterSource> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) await fn();
    cleanups.length = 0;
  };
  try {
    let description = source;
    let bytes = await peek(await openBytes(source, options.signal));
    cleanups.push(() => void bytes.stream.destroy());

    if (isZip(bytes.first)) {
      let zipPath = source;
      if (isUrl(source)) {
        // A ZIP's directory sits at its end: download it to a temporary file first (streamed).
        zipPath = path.join(os.tmpdir(), `register-${crypto.randomBytes(6).toString("hex")}.zip`);
        cleanups.push(() => fs.promises.rm(zipPath, { force: true }));
        await pipeline(Readable.from(chain(bytes)), fs.createWriteStream(zipPath), { signal: options.signal });
      } else {
        bytes.stream.destroy();
      }
      const entry = await openZipEntry(zipPath);
      cleanups.push(() => entry.zip.close());
      description = `${source} > ${entry.name}`;
      bytes = await peek({ stream: entry.stream, size: entry.size });
      cleanups.push(() => void bytes.stream.destroy());
    }

    const format = looksLikeJson(bytes.first) ? "json" : "csv";
    let read = 0;
    const counted = (async function* () {
      for await (const chunk of chain(bytes)) {
        read += chunk.length;
        yield chunk;
      }
    })();
    let used = false;
    return {
      description,
      format,
      bytesTotal: bytes.size,
      bytesRead: () => read,
      items() {
        if (used) throw new Error("A register source can be read once");
        used = true;
        return format === "json" ? readJsonRows(counted) : readCsvRows(counted);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openBytes(source: string, signal?: AbortSignal): Promise<{ stream: Readable; size: number | null }> {
  if (isUrl(source)) {
    let res: Response;
    try {
      res = await fetch(source, { signal, redirect: "follow" });
    } catch (error) {
      throw new SourceError(`Could not fetch ${source}: ${(error as Error).message}`, { cause: error });
    }
    if (!res.ok || !res.body) throw new SourceError(`Fetching ${source} failed: HTTP ${res.status} ${res.statusText}`);
    const length = Number(res.headers.get("content-length"));
    const encoded = res.headers.get("content-encoding");
    return {
      stream: Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>),
      size: Number.isFinite(length) && length > 0 && !encoded ? length : null,
    };
  }
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(source);
  } catch (error) {
    throw new SourceError(`Cannot read the register source ${source}: ${(error as Error).message}`, { cause: error });
  }
  if (!stat.isFile()) throw new SourceError(`The register source ${source} is not a file`);
  return { stream: fs.createReadStream(source, { highWaterMark: 256 * 1024 }), size: stat.size };
}

async function peek(input: { stream: Readable; size: number | null }): Promise<ByteSource> {
  const rest = input.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await rest.next();
  return { first: first.done ? Buffer.alloc(0) : Buffer.from(first.value), rest, stream: input.stream, size: input.size };
}

async function* chain(bytes: ByteSource): AsyncGenerator<Buffer> {
  if (bytes.first.length) yield bytes.first;
  for (;;) {
    const next = await bytes.rest.next();
    if (next.done) return;
    yield next.value;
  }
}

function isZip(first: Buffer): boolean {
  return first.length >= 4 && first.readUInt32LE(0) === 0x04034b50;
}

function looksLikeJson(first: Buffer): boolean {
  const head = first.subarray(0, 64).toString("utf8").replace(/^\uFEFF/, "").trimStart();
  return head.startsWith("{") || head.startsWith("[");
}

async function openZipEntry(zipPath: string): Promise<{ zip: yauzl.ZipFile; stream: Readable; name: string; size: number }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new SourceError(`The ZIP file is not readable: ${(error as Error).message}`, { cause: error });
  }
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (name.endsWith("/") || name.startsWith("__MACOSX/") || !/\.(csv|json|txt)$/i.test(name)) continue;
      const stream = await zip.openReadStreamPromise(entry);
      return { zip, stream, name, size: entry.uncompressedSize };
    }
  } catch (error) {
    zip.close();
    throw new SourceError(`The ZIP file is not readable: ${(error as Error).message}`, { cause: error });
  }
  zip.close();
  throw new SourceError("The ZIP file holds no CSV or JSON file");
}

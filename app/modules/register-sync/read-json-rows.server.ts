/**
 * JSON adapter: the public-register API's `{ "meta": {...}, "items": [ {...}, ... ] }` (or a bare
 * array of items). A small streaming scanner cuts the items array into one item's text at a time,
 * so a file of any size is read with flat memory; each item is then parsed, flattened to dotted
 * paths ("holder.name", "site.siteAddress.postcode") and mapped by register-fields.ts. An item
 * longer than the record cap is skipped without being kept (decision 0109). Like the CSV reader, it
 * yields the items of one slice of the input at a time and hands the event loop back between slices.
 */
import { StringDecoder } from "node:string_decoder";
import { resolveField, type RawRegisterRow, type RegisterField } from "./register-fields";
import { MAX_RECORD_CHARS, recordTooLongReason } from "./register-limits";
import { SourceError, type SourceItem } from "./source-types";
import { EventLoopYielder, sliced } from "./yield-to-event-loop";

export async function* readJsonRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<SourceItem[]> {
  const decoder = new StringDecoder("utf8");
  const scanner = new JsonItemScanner();
  const yielder = new EventLoopYielder();
  const texts: string[] = [];
  const fields = new Map<string, RegisterField | null>();
  let n = 0;
  /** The captured item's text as a source item (`line`: its position in the items array). */
  const toItem = (text: string, line: number): SourceItem => {
    if (text === NOT_AN_OBJECT) return { kind: "reject", line, reason: "item is not an object" };
    if (text === TOO_LONG) return { kind: "reject", line, reason: recordTooLongReason("", "item") };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { kind: "reject", line, reason: `unreadable JSON item: ${(error as Error).message}` };
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return { kind: "reject", line, reason: "item is not an object" };
    }
    const raw: RawRegisterRow = {};
    if (!flatten(value as Record<string, unknown>, "", raw, fields, 0)) {
      return { kind: "reject", line, reason: `item nested more than ${MAX_DEPTH} levels deep` };
    }
    return { kind: "row", line, raw };
  };
  const input = sliced(bytes);
  try {
    let done = false;
    while (!done) {
      // The items of one slice of text at a time, handing the event loop back between them.
      const next = await input.next();
      if (next.done) {
        scanner.push(decoder.end(), texts);
        done = true;
      } else {
        scanner.push(decoder.write(next.value), texts);
      }
      const items: SourceItem[] = [];
      for (let i = 0; i < texts.length; i++) items.push(toItem(texts[i], ++n));
      texts.length = 0;
      if (items.length) yield items;
      if (yielder.due()) await yielder.yield();
    }
  } finally {
    await input.return?.();
  }
  if (!scanner.sawItems) throw new SourceError('The JSON source has no "items" array');
  if (scanner.depth !== 0)
    throw new SourceError("The JSON source ends in the middle of an item (truncated file?)");
}

/** Deeper objects are refused (a register item nests 3 levels: site.siteAddress.postcode). */
const MAX_DEPTH = 16;

/** False when the item nests deeper than MAX_DEPTH. */
function flatten(
  obj: Record<string, unknown>,
  prefix: string,
  out: RawRegisterRow,
  cache: Map<string, RegisterField | null>,
  depth: number,
): boolean {
  if (depth >= MAX_DEPTH) return false;
  for (const [key, value] of Object.entries(obj)) {
    const p = prefix ? `${prefix}.${key}` : key;
    const v = Array.isArray(value) ? value[0] : value;
    if (v !== null && typeof v === "object") {
      if (!flatten(v as Record<string, unknown>, p, out, cache, depth + 1)) return false;
      continue;
    }
    let field = cache.get(p);
    if (field === undefined) {
      field = resolveField(p) ?? null;
      cache.set(p, field);
    }
    if (field && out[field] === undefined && v !== null && v !== undefined && v !== "")
      out[field] = String(v);
  }
  return true;
}

/** Stands for an item that is a string, number, boolean or null. */
const NOT_AN_OBJECT = "\u0000";
/** Stands for an item longer than MAX_RECORD_CHARS (not kept). */
const TOO_LONG = "\u0001";
/** A top-level key longer than this is not kept (it is not "items"). */
const MAX_KEY_CHARS = 256;

/** Finds the elements of the top-level "items" array (or of a top-level array) in streamed text. */
class JsonItemScanner {
  depth = 0;
  sawItems = false;
  private inString = false;
  private escape = false;
  private topIsObject = false;
  private expectKey = false;
  private lastKey = "";
  /** Depth of the items array while inside it. */
  private itemsDepth = -1;
  private capture: "key" | "item" | null = null;
  /** Inside the items array, before an element. */
  private expectItem = false;
  private captureStart = 0;
  private pending: string[] = [];
  /** Characters of the capture held in `pending`; over the capture's cap it is dropped. */
  private pendingChars = 0;
  private oversize = false;

  push(chunk: string, out: string[]): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === 92) this.escape = true;
        else if (c === 34) {
          this.inString = false;
          if (this.capture === "key") {
            this.lastKey = this.take(chunk, i) ?? "";
            this.capture = null;
          }
        }
        continue;
      }
      if (this.expectItem && this.depth === this.itemsDepth && c !== 32 && c !== 10 && c !== 13 && c !== 9) {
        this.expectItem = false;
        if (c !== 123 && c !== 91 && c !== 93) out.push(NOT_AN_OBJECT);
      }
      if (c === 34) {
        this.inString = true;
        if (this.depth === 1 && this.topIsObject && this.expectKey && this.capture === null) {
          this.capture = "key";
          this.captureStart = i + 1;
          this.expectKey = false;
        }
      } else if (c === 123 || c === 91) {
        this.depth++;
        if (this.depth === 1) {
          this.topIsObject = c === 123;
          this.expectKey = this.topIsObject;
          if (!this.topIsObject) this.enterItems(1);
        } else if (this.depth === 2 && this.topIsObject && c === 91 && this.lastKey === "items") {
          this.enterItems(2);
        } else if (this.itemsDepth > 0 && this.depth === this.itemsDepth + 1 && this.capture === null) {
          this.capture = "item";
          this.captureStart = i;
        }
      } else if (c === 125 || c === 93) {
        if (this.capture === "item" && this.depth === this.itemsDepth + 1) {
          out.push(this.take(chunk, i + 1) ?? TOO_LONG);
          this.capture = null;
        } else if (this.depth === this.itemsDepth && c === 93) {
          this.itemsDepth = -1;
        }
        this.depth--;
      } else if (c === 44 && this.depth === 1 && this.topIsObject) {
        this.expectKey = true;
      } else if (c === 44 && this.depth === this.itemsDepth) {
        this.expectItem = true;
      }
    }
    if (this.capture !== null) {
      if (!this.oversize) {
        this.pendingChars += chunk.length - this.captureStart;
        if (this.pendingChars > this.captureLimit()) {
          this.oversize = true;
          this.pending = [];
        } else {
          this.pending.push(chunk.slice(this.captureStart));
        }
      }
      this.captureStart = 0;
    }
  }

  private captureLimit(): number {
    return this.capture === "key" ? MAX_KEY_CHARS : MAX_RECORD_CHARS;
  }

  private enterItems(depth: number): void {
    this.itemsDepth = depth;
    this.sawItems = true;
    this.expectItem = true;
  }

  /** The captured text ending at `end`, or null when it is over its cap (it was not kept). */
  private take(chunk: string, end: number): string | null {
    const over = this.oversize || this.pendingChars + end - this.captureStart > this.captureLimit();
    const pending = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    this.oversize = false;
    if (over) return null;
    const tail = chunk.slice(this.captureStart, end);
    return pending.length === 0 ? tail : pending.join("") + tail;
  }
}

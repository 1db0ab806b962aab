/**
 * JSON adapter: the public-register API's `{ "meta": {...}, "items": [ {...}, ... ] }` (or a bare
 * array of items). A small streaming scanner cuts the items array into one item's text at a time,
 * so a file of any size is read with flat memory; each item is then parsed, flattened to dotted
 * paths ("holder.name", "site.siteAddress.postcode") and mapped by register-fields.ts.
 */
import { StringDecoder } from "node:string_decoder";
import { resolveField, type RawRegisterRow, type RegisterField } from "./register-fields";
import { SourceError, type SourceItem } from "./source-types";

export async function* readJsonRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<SourceItem> {
  const decoder = new StringDecoder("utf8");
  const scanner = new JsonItemScanner();
  const texts: string[] = [];
  const fields = new Map<string, RegisterField | null>();
  let n = 0;
  const emit = function* (): Generator<SourceItem> {
    for (const text of texts) {
      n++;
      if (text === NOT_AN_OBJECT) {
        yield { kind: "reject", line: n, reason: "item is not an object" };
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        yield { kind: "reject", line: n, reason: `unreadable JSON item: ${(error as Error).message}` };
        continue;
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        yield { kind: "reject", line: n, reason: "item is not an object" };
        continue;
      }
      const raw: RawRegisterRow = {};
      flatten(value as Record<string, unknown>, "", raw, fields);
      yield { kind: "row", line: n, raw };
    }
    texts.length = 0;
  };
  for await (const chunk of bytes) {
    scanner.push(decoder.write(chunk), texts);
    yield* emit();
  }
  scanner.push(decoder.end(), texts);
  yield* emit();
  if (!scanner.sawItems) throw new SourceError('The JSON source has no "items" array');
  if (scanner.depth !== 0) throw new SourceError("The JSON source ends in the middle of an item (truncated file?)");
}

function flatten(
  obj: Record<string, unknown>,
  prefix: string,
  out: RawRegisterRow,
  cache: Map<string, RegisterField | null>,
): void {
  for (const [key, value] of Object.entries(obj)) {
    const p = prefix ? `${prefix}.${key}` : key;
    const v = Array.isArray(value) ? value[0] : value;
    if (v !== null && typeof v === "object") {
      flatten(v as Record<string, unknown>, p, out, cache);
      continue;
    }
    let field = cache.get(p);
    if (field === undefined) {
      field = resolveField(p) ?? null;
      cache.set(p, field);
    }
    if (field && out[field] === undefined && v !== null && v !== undefined && v !== "") out[field] = String(v);
  }
}

/** Stands for an item that is a string, number, boolean or null. */
const NOT_AN_OBJECT = "\u0000";

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

  push(chunk: string, out: string[]): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === 92) this.escape = true;
        else if (c === 34) {
          this.inString = false;
          if (this.capture === "key") {
            this.lastKey = this.take(chunk, i);
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
          out.push(this.take(chunk, i + 1));
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
      this.pending.push(chunk.slice(this.captureStart));
      this.captureStart = 0;
    }
  }

  private enterItems(depth: number): void {
    this.itemsDepth = depth;
    this.sawItems = true;
    this.expectItem = true;
  }

  private take(chunk: string, end: number): string {
    const tail = chunk.slice(this.captureStart, end);
    if (this.pending.length === 0) return tail;
    const text = this.pending.join("") + tail;
    this.pending = [];
    return text;
  }
}

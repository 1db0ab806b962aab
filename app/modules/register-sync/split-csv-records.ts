/**
 * A small streaming CSV reader (RFC 4180: commas, double quotes, "" escapes, quoted line breaks,
 * LF or CRLF), written for the import's hot path: a record without quotes is split with one
 * native `split`, a quoted one is cut with `indexOf` jumps. Each record carries the line it
 * starts on. Lenient like spreadsheet software: stray characters after a closing quote are kept,
 * a quote inside an unquoted field is an ordinary character.
 *
 * Linear in the input whatever its line lengths (decision 0109): each chunk is scanned from where
 * the last one stopped, never from the start of a buffer. A record cut by a chunk boundary is
 * kept as pieces while a small state machine (outside a field / in an unquoted field / in quotes
 * / just after a quote) looks for its end in the next chunks; the pieces are joined once, when
 * the record is complete. A record longer than `maxRecord` characters is not kept at all: its
 * pieces are dropped, the rest of it is skipped up to its real end (quoted line breaks counted,
 * so later line numbers stay right) and it comes out as one error. Memory held between chunks is
 * at most `maxRecord` characters plus one chunk, even for a quoted field that never closes.
 */
import { MAX_RECORD_CHARS, recordTooLongReason } from "./register-limits";

/** A record's fields, or why it cannot be read (`tooLong`: over the record cap, skipped). */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string; tooLong?: true };

// Where the end-of-record scan stands at the end of the text seen so far.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_SEEN = 3;

export class CsvRecordSplitter {
  private line = 1;
  private started = false;
  /** A record begun in an earlier chunk is still open. */
  private open = false;
  /** The open record's text so far (only while it is under the cap). */
  private pieces: string[] = [];
  private openChars = 0;
  /** The open record is over the cap: it is being skipped, not kept. */
  private skipping = false;
  /** Line breaks inside the record being skipped (quoted ones). */
  private skippedNewlines = 0;
  private state = FIELD_START;

  constructor(private readonly maxRecord = MAX_RECORD_CHARS) {}

  /** Characters held for a record cut by a chunk boundary (never more than the cap plus one chunk). */
  get bufferedChars(): number {
    return this.skipping ? 0 : this.openChars;
  }

  /** Adds text and appends every complete record to `out`. Call `end` after the last chunk. */
  push(text: string, out: CsvRecord[]): void {
    if (!this.started && text.length) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.length === 0) return;
    let pos = 0;
    if (this.open) {
      pos = this.continueOpen(text, out);
      if (pos < 0) return;
    }
    pos = this.splitFrom(text, pos, false, out);
    if (pos < text.length) this.openTail(text, pos);
  }

  end(out: CsvRecord[]): void {
    if (!this.open) return;
    if (this.skipping) {
      const note =
        this.state === QUOTED
          ? "; a quoted field on this line never closes: the file ends inside quotes"
          : "";
      out.push({ line: this.line, error: recordTooLongReason(note), tooLong: true });
    } else {
      const record = this.pieces.join("");
      this.splitFrom(record, 0, true, out);
    }
    this.reset();
  }

  private reset(): void {
    this.open = false;
    this.pieces = [];
    this.openChars = 0;
    this.skipping = false;
    this.skippedNewlines = 0;
    this.state = FIELD_START;
  }

  /** The open record goes on in `s`: returns where the next record starts, or -1 if `s` ends inside it. */
  private continueOpen(s: string, out: CsvRecord[]): number {
    const end = this.findEnd(s, 0);
    const upTo = end === -1 ? s.length : end;
    if (this.skipping) {
      this.skippedNewlines += countNewlines(s, 0, upTo);
      if (end === -1) return -1;
      out.push({ line: this.line, error: recordTooLongReason(), tooLong: true });
      this.line += this.skippedNewlines + 1;
      this.reset();
      return end + 1;
    }
    if (end === -1) {
      this.openChars += s.length;
      this.pieces.push(s);
      if (this.openChars > this.maxRecord) this.startSkipping();
      return -1;
    }
    if (this.openChars + end > this.maxRecord) {
      this.startSkipping();
      this.skippedNewlines += countNewlines(s, 0, end);
      out.push({ line: this.line, error: recordTooLongReason(), tooLong: true });
      this.line += this.skippedNewlines + 1;
      this.reset();
      return end + 1;
    }
    this.pieces.push(s.slice(0, end + 1));
    const record = this.pieces.join("");
    this.reset();
    this.splitFrom(record, 0, false, out);
    return end + 1;
  }

  /** The record starting at `pos` is not complete in `s`: keep it (or start skipping it). */
  private openTail(s: string, pos: number): void {
    this.open = true;
    this.state = FIELD_START;
    this.findEnd(s, pos); // sets the scan state at the end of `s` (the record's end is not in `s`)
    this.openChars = s.length - pos;
    if (this.openChars > this.maxRecord) {
      this.skipping = true;
      this.skippedNewlines = countNewlines(s, pos, s.length);
      this.openChars = 0;
    } else {
      this.pieces = [s.slice(pos)];
    }
  }

  private startSkipping(): void {
    let newlines = 0;
    for (const piece of this.pieces) newlines += countNewlines(piece, 0, piece.length);
    this.skipping = true;
    this.skippedNewlines = newlines;
    this.pieces = [];
    this.openChars = 0;
  }

  /**
   * The line feed that ends the open record, searched from `p` in the scan state left by the
   * text before; -1 when `s` ends first (the state is then kept for the next chunk). Same rules
   * as parseQuoted: a quote opens a quoted field only at the start of a field.
   */
  private findEnd(s: string, p: number): number {
    const n = s.length;
    let state = this.state;
    let nl = -2; // cached positions of the next line feed and quote (-2: not looked up yet)
    let q = -2;
    while (p < n) {
      if (state === FIELD_START) {
        if (s.charCodeAt(p) === 34) {
          state = QUOTED;
          p++;
        } else {
          state = UNQUOTED;
        }
      } else if (state === UNQUOTED) {
        if (nl !== -1 && nl < p) nl = s.indexOf("\n", p);
        const limit = nl === -1 ? n : nl;
        for (;;) {
          if (q !== -1 && q < p) q = s.indexOf('"', p);
          if (q === -1 || q >= limit) {
            if (nl !== -1) {
              this.state = FIELD_START;
              return nl;
            }
            state = s.charCodeAt(n - 1) === 44 ? FIELD_START : UNQUOTED;
            p = n;
            break;
          }
          if (q > p && s.charCodeAt(q - 1) === 44) {
            state = QUOTED;
            p = q + 1;
            break;
          }
          p = q + 1; // a quote inside an unquoted field is an ordinary character
        }
      } else if (state === QUOTED) {
        if (q !== -1 && q < p) q = s.indexOf('"', p);
        if (q === -1) {
          p = n;
        } else {
          state = QUOTE_SEEN;
          p = q + 1;
        }
      } else if (s.charCodeAt(p) === 34) {
        state = QUOTED; // "" inside quotes
        p++;
      } else {
        state = UNQUOTED; // the quoted field is closed; stray characters up to the delimiter
      }
    }
    this.state = state;
    return -1;
  }

  /** Splits the complete records of `s` from `pos`; returns where the first incomplete one starts. */
  private splitFrom(s: string, pos: number, final: boolean, out: CsvRecord[]): number {
    const n = s.length;
    const max = this.maxRecord;
    let nextQuote = s.indexOf('"', pos);
    while (pos < n) {
      const lineEnd = s.indexOf("\n", pos);
      if (lineEnd === -1 && !final) break;
      const end = lineEnd === -1 ? n : lineEnd;
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = s.indexOf('"', pos);
      if (nextQuote === -1 || nextQuote > end) {
        // Fast path: no quote in this record.
        if (end - pos > max) {
          out.push({ line: this.line, error: recordTooLongReason(), tooLong: true });
        } else {
          let text = s.slice(pos, end);
          if (text.charCodeAt(text.length - 1) === 13) text = text.slice(0, -1);
          if (text.length) out.push({ line: this.line, fields: text.split(",") });
        }
        this.line++;
        pos = end + 1;
        continue;
      }
      const record = parseQuoted(s, pos, final);
      if (record === null) break; // incomplete: wait for more text
      if ("error" in record) {
        out.push({ line: this.line, error: record.error });
        pos = n;
        break;
      }
      const length = record.end - pos - (s.charCodeAt(record.end - 1) === 10 ? 1 : 0);
      if (length > max) out.push({ line: this.line, error: recordTooLongReason(), tooLong: true });
      else out.push({ line: this.line, fields: record.fields });
      this.line += 1 + record.newlines;
      pos = record.end;
    }
    return Math.min(pos, n);
  }
}

/** Line feeds in s[from, to). */
function countNewlines(s: string, from: number, to: number): number {
  let count = 0;
  for (let i = s.indexOf("\n", from); i !== -1 && i < to; i = s.indexOf("\n", i + 1)) count++;
  return count;
}

/** Field end: the next comma or line feed at or after `i`. */
function delimiterAt(s: string, i: number): number {
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 44 || c === 10) return i;
    i++;
  }
  return n;
}

function parseQuoted(
  s: string,
  pos: number,
  final: boolean,
): { fields: string[]; end: number; newlines: number } | { error: string } | null {
  const n = s.length;
  const fields: string[] = [];
  let newlines = 0;
  let i = pos;
  for (;;) {
    if (i < n && s.charCodeAt(i) === 34) {
      let value = "";
      let p = i + 1;
      for (;;) {
        const q = s.indexOf('"', p);
        if (q === -1)
          return final ? { error: "unterminated quoted field (the file ends inside quotes)" } : null;
        if (q + 1 < n && s.charCodeAt(q + 1) === 34) {
          value += s.slice(p, q + 1);
          p = q + 2;
          continue;
        }
        if (q + 1 === n && !final) return null;
        value += s.slice(p, q);
        i = q + 1;
        break;
      }
      const d = delimiterAt(s, i);
      if (d > i) {
        let extra = s.slice(i, d);
        if (extra.charCodeAt(extra.length - 1) === 13) extra = extra.slice(0, -1);
        value += extra;
      }
      newlines += countNewlines(value, 0, value.length);
      fields.push(value);
      i = d;
    } else {
      const d = delimiterAt(s, i);
      let value = s.slice(i, d);
      if (value.charCodeAt(value.length - 1) === 13) value = value.slice(0, -1);
      fields.push(value);
      i = d;
    }
    if (i >= n) return final ? { fields, end: n, newlines } : null;
    if (s.charCodeAt(i) === 44) {
      i++;
      continue;
    }
    return { fields, end: i + 1, newlines };
  }
}

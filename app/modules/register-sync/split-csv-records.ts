/**
 * A small streaming CSV reader (RFC 4180: commas, double quotes, "" escapes, quoted line breaks,
 * LF or CRLF), written for the import's hot path: a record without quotes is split with one
 * native `split`, a quoted one is cut with `indexOf` jumps. Each record carries the line it
 * starts on. Lenient like spreadsheet software: stray characters after a closing quote are kept,
 * a quote inside an unquoted field is an ordinary character.
 */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

export class CsvRecordSplitter {
  private rest = "";
  private line = 1;
  private started = false;

  /** Adds text and appends every complete record to `out`. Call `end` after the last chunk. */
  push(text: string, out: CsvRecord[]): void {
    if (!this.started && text.length) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.rest = this.rest.length ? this.rest + text : text;
    this.split(out, false);
  }

  end(out: CsvRecord[]): void {
    this.split(out, true);
  }

  private split(out: CsvRecord[], final: boolean): void {
    const s = this.rest;
    const n = s.length;
    let pos = 0;
    let nextQuote = s.indexOf('"');
    while (pos < n) {
      const lineEnd = s.indexOf("\n", pos);
      if (lineEnd === -1 && !final) break;
      const end = lineEnd === -1 ? n : lineEnd;
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = s.indexOf('"', pos);
      if (nextQuote === -1 || nextQuote > end) {
        // Fast path: no quote in this record.
        let text = s.slice(pos, end);
        if (text.charCodeAt(text.length - 1) === 13) text = text.slice(0, -1);
        if (text.length) out.push({ line: this.line, fields: text.split(",") });
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
      out.push({ line: this.line, fields: record.fields });
      this.line += 1 + record.newlines;
      pos = record.end;
    }
    this.rest = pos >= n ? "" : s.slice(pos);
  }
}

function countNewlines(value: string): number {
  let count = 0;
  for (let i = value.indexOf("\n"); i !== -1; i = value.indexOf("\n", i + 1)) count++;
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
        if (q === -1) return final ? { error: "unterminated quoted field (the file ends inside quotes)" } : null;
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
      newlines += countNewlines(value);
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

/** The streamed CSV download and the bulk form's rules (decision 0806). */
import { describe, expect, it } from "vitest";
import type { CsvExport } from "~/platform/csv";
import { BULK_LIMIT, parseBulkSelection } from "./bulk-selection";
import { csvResponse } from "./csv-response.server";

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const context = {} as Parameters<typeof csvResponse>[0];

describe("csvResponse", () => {
  it("streams the header then each batch as it is read, named with the UK day", async () => {
    let read = 0;
    async function* batches() {
      for (let i = 0; i < 3; i++) {
        read++;
        yield [[`row ${i}`, "=SUM(A1)"]];
      }
    }
    const csv: CsvExport = { name: "leads", columns: ["Name", "Formula"], batches: batches() };
    // 23:30 UTC on 24 June is already the 25th in the UK (BST).
    const res = await csvResponse(context, csv, new Date("2026-06-24T23:30:00Z"));
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="leads-2026-06-25.csv"');
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    // Only the first batch has been read before the body is taken.
    expect(read).toBe(1);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const chunks: string[] = [];
    for (let step = await reader.read(); !step.done; step = await reader.read()) {
      chunks.push(decoder.decode(step.value));
      expect(read).toBeLessThanOrEqual(chunks.length);
    }
    expect(chunks.join("")).toBe(
      "\uFEFFName,Formula\r\nrow 0,'=SUM(A1)\r\nrow 1,'=SUM(A1)\r\nrow 2,'=SUM(A1)\r\n",
    );
    expect(read).toBe(3);
  });

  it("fails before the response starts when the first batch cannot be read", async () => {
    // eslint-disable-next-line require-yield -- a source that fails at once
    async function* broken(): AsyncGenerator<string[][]> {
      throw new Error("database down");
    }
    await expect(csvResponse(context, { name: "leads", columns: ["A"], batches: broken() })).rejects.toThrow(
      "database down",
    );
  });
});

function form(entries: Array<[string, string]>): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("parseBulkSelection", () => {
  const intents = ["delete-selected"];

  it("takes the ticked ids, or the whole page with 'select all', without repeats", () => {
    expect(
      parseBulkSelection(
        form([
          ["intent", "delete-selected"],
          ["id", ID(1)],
          ["id", ID(1)],
          ["pageId", ID(2)],
        ]),
        intents,
      ),
    ).toEqual({ ok: true, intent: "delete-selected", ids: [ID(1)], confirmed: false });
    expect(
      parseBulkSelection(
        form([
          ["intent", "delete-selected"],
          ["all", "page"],
          ["pageId", ID(1)],
          ["pageId", ID(2)],
          ["confirm", "yes"],
        ]),
        intents,
      ),
    ).toEqual({ ok: true, intent: "delete-selected", ids: [ID(1), ID(2)], confirmed: true });
  });

  it("refuses an unknown action, an empty or invalid selection and more than a page", () => {
    expect(
      parseBulkSelection(
        form([
          ["intent", "drop-table"],
          ["id", ID(1)],
        ]),
        intents,
      ),
    ).toEqual({
      ok: false,
      error: "Unknown action",
    });
    expect(parseBulkSelection(form([["intent", "delete-selected"]]), intents)).toEqual({
      ok: false,
      error: "Select at least one row first",
    });
    expect(
      parseBulkSelection(
        form([
          ["intent", "delete-selected"],
          ["id", "1 OR 1=1"],
        ]),
        intents,
      ),
    ).toEqual({
      ok: false,
      error: "The selection is not valid",
    });
    const many = Array.from({ length: BULK_LIMIT + 1 }, (_, i): [string, string] => ["id", ID(i)]);
    expect(parseBulkSelection(form([["intent", "delete-selected"], ...many]), intents)).toEqual({
      ok: false,
      error: `Select at most ${BULK_LIMIT} rows at a time`,
    });
  });
});

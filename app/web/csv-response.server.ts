/**
 * An export as a streamed download (decision 0806): the header, then each batch written as the
 * module reads it (the next batch is read only when the client has taken the last one), named
 * `<name>-<UK day>.csv`. The first batch is read before the response starts, so a failing query
 * is an error page, not a truncated file; a later failure is logged and ends the download.
 */
import type { RouterContextProvider } from "react-router";
import { csvLine, type CsvExport } from "~/platform/csv";
import { ukToday } from "~/platform/dates";
import { getApp } from "./context";

export async function csvResponse(
  context: Readonly<RouterContextProvider>,
  csv: CsvExport,
  now: Date = new Date(),
): Promise<Response> {
  const encoder = new TextEncoder();
  const iterator = csv.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  let pending: IteratorResult<string[][]> | null = first;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte-order mark makes spreadsheet programs read the file as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(csv.columns)}`));
    },
    async pull(controller) {
      try {
        const step = pending ?? (await iterator.next());
        pending = null;
        if (step.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(step.value.map(csvLine).join("")));
      } catch (error) {
        getApp(context).log.error({ err: error }, `${csv.name} export failed`);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const file = `${csv.name}-${ukToday(now)}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

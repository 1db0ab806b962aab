/**
 * A JSON array as a streamed download (decision 0713, like the CSV exports of decision 0806):
 * each batch is written as the module reads it; the first batch is read before the response
 * starts, so a failing query is an error page, not a truncated file.
 */
import type { RouterContextProvider } from "react-router";
import { getApp } from "./context";

export async function jsonArrayResponse(
  context: Readonly<RouterContextProvider>,
  batches: AsyncIterable<unknown[]>,
  fileName: string,
): Promise<Response> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let pending: IteratorResult<unknown[]> | null = await iterator.next();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("["));
    },
    async pull(controller) {
      try {
        const step = pending ?? (await iterator.next());
        pending = null;
        if (step.done) {
          controller.enqueue(encoder.encode("\n]\n"));
          controller.close();
          return;
        }
        let text = "";
        for (const value of step.value) {
          text += `${first ? "\n" : ",\n"}${JSON.stringify(value, null, 2)}`;
          first = false;
        }
        controller.enqueue(encoder.encode(text));
      } catch (error) {
        getApp(context).log.error({ err: error }, `${fileName} export failed`);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { appContext } from "~/web/context";
import { isCrawler } from "~/web/crawlers";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(appContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The render's time limit; cleared once everything is rendered.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; browsers the shell first, then the rest as it comes.
    const waitForAll = isCrawler(userAgent) || routerContext.isSpaMode;
    const headers = () => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      return { headers: responseHeaders, status: responseStatusCode };
    };
    // Streamed: the shell now, what is still loading as it comes.
    const stream = () => {
      shellRendered = true;
      const body = new PassThrough();
      resolve(new Response(createReadableStreamFromReadable(body), headers()));
      pipe(body);
    };
    // Rendered whole before anything was sent: one body, sent (and compressed) in one piece
    // rather than in React's 2 kB chunks (issue 18: brotli over 37 chunks cost 2.6 ms a page).
    const whole = () => {
      shellRendered = true;
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      sink.on("finish", () => resolve(new Response(Buffer.concat(chunks), headers())));
      pipe(sink);
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A finished Suspense boundary is always written in place: React would otherwise move a
        // large one (the deferred forms, decision 0208) behind a script, out of reach of
        // visitors without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          // A page with nothing left to load is ready at once (onAllReady follows in the same
          // task): it goes out whole; one still loading streams from its shell.
          if (!waitForAll) setImmediate(() => shellRendered || stream());
        },
        onAllReady() {
          // Everything is rendered: the time limit no longer holds the render (and its page) in
          // memory for its 6 seconds (issue 18's soak).
          clearTimeout(timer);
          if (!shellRendered) whole();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

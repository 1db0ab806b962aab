import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { appContext } from "~/web/context";

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
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
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
          if (!waitForAll) respond();
        },
        onAllReady() {
          // Everything is rendered: the time limit no longer holds the render (and its page) in
          // memory for its 6 seconds (issue 18's soak).
          clearTimeout(timer);
          if (waitForAll) respond();
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

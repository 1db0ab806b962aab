/**
 * Reads a form body (multipart or urlencoded) of at most `maxBytes`. A declared Content-Length
 * over the limit is refused before anything is read; a body sent without one (chunked) is
 * counted as it arrives and cut off at the limit, so no upload is ever buffered past it.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData | "too-large"> {
  const declared = request.headers.get("content-length");
  if (declared !== null || !request.body) {
    if (Number(declared ?? 0) > maxBytes) return "too-large";
    return request.formData();
  }
  let seen = 0;
  let over = false;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          over = true;
          controller.error(new Error(`The form body is over ${maxBytes} bytes`));
        } else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(limited, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch (error) {
    if (over) return "too-large";
    throw error;
  }
}

/**
 * sharp (libvips), loaded the first time an image is cleaned or a card is drawn (decision 0246):
 * a server that serves pages and searches never needs it, and loading it costs about 10-20 MB of
 * resident memory for good. Configured once, for every caller: one libvips thread per image and
 * no operation cache (uploads are untrusted and the machine is small).
 */
import type SharpFn from "sharp";

let loading: Promise<typeof SharpFn> | undefined;

export function loadSharp(): Promise<typeof SharpFn> {
  loading ??= import("sharp").then(
    ({ default: sharp }) => {
      sharp.concurrency(1);
      sharp.cache(false);
      return sharp;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The loader and meta of a static page: its canonical address (built from config.publicUrl in the
 * loader), its title and its description.
 *   export const loader = canonicalLoader("/about");
 *   export const meta = staticPageMeta({ title: "About Us", description: "…" });
 */
import type { RouterContextProvider } from "react-router";
import { canonicalUrl, pageMeta } from "~/web/meta";

export function canonicalLoader(path: string) {
  return async ({ context }: { context: Readonly<RouterContextProvider> }) => ({
    canonical: canonicalUrl(context, path),
  });
}

export function staticPageMeta(meta: { title: string; description: string }) {
  return ({ loaderData }: { loaderData?: { canonical: string } }) =>
    pageMeta({ ...meta, canonical: loaderData?.canonical });
}

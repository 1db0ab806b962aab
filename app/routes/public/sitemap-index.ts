import { sitemapChunkCount } from "~/modules/directory/sitemap.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/sitemap-index";

/** /sitemap.xml: the index of the town-pages sitemap and the chunked profile sitemaps. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const chunks = await sitemapChunkCount(db);
  const base = config.publicUrl;
  const entries = [`${base}/sitemaps/pages.xml`];
  for (let i = 1; i <= chunks; i++) entries.push(`${base}/sitemaps/providers-${i}.xml`);
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    entries.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>`).join("\n") +
    `\n</sitemapindex>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

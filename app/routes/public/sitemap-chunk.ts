import { sitemapChunkCount, sitemapProviders, sitemapTowns } from "~/modules/directory/sitemap.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/sitemap-chunk";

const STATIC_PATHS = [
  "/",
  "/search-results",
  "/about",
  "/contact",
  "/resources",
  "/register",
  "/privacy",
  "/terms",
  "/cookies",
  "/resources/carrier-licensing",
  "/resources/duty-of-care",
  "/resources/fly-tipping-risks",
  "/resources/household-recycling",
  "/resources/hazardous-waste-basics",
  "/resources/avoiding-fly-tipping",
  "/resources/using-directory",
  "/resources/checking-license",
  "/wastenotegeneration",
];

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string,
  );

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const TAIL = `</urlset>\n`;
const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemaps/pages.xml (site pages and town searches) and /sitemaps/providers-N.xml (streamed). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, log } = getApp(context);
  const base = config.publicUrl;
  const name = params.name;
  if (name === "pages.xml") {
    const towns = await sitemapTowns(db);
    const urls = [
      ...STATIC_PATHS.map((p) => `${base}${p}`),
      ...towns.map((t) => `${base}/search-results/${encodeURIComponent(t)}`),
    ];
    const body = HEAD + urls.map((u) => `  <url><loc>${xmlEscape(u)}</loc></url>`).join("\n") + "\n" + TAIL;
    return new Response(body, { headers });
  }
  const m = /^providers-(\d{1,4})\.xml$/.exec(name);
  const chunk = m ? Number(m[1]) : 0;
  if (!m || chunk < 1 || chunk > (await sitemapChunkCount(db)))
    throw new Response("Not found", { status: 404 });

  const encoder = new TextEncoder();
  const rows = sitemapProviders(db, chunk - 1);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(HEAD));
    },
    async pull(controller) {
      try {
        const next = await rows.next();
        if (next.done) {
          controller.enqueue(encoder.encode(TAIL));
          controller.close();
          return;
        }
        const lines = next.value.map(
          (r) =>
            `  <url><loc>${base}/provider/${xmlEscape(encodeURIComponent(r.registration_number))}</loc><lastmod>${new Date(r.updated_at).toISOString().slice(0, 10)}</lastmod></url>\n`,
        );
        controller.enqueue(encoder.encode(lines.join("")));
      } catch (error) {
        log.error({ err: error }, "sitemap stream failed");
        controller.error(error);
      }
    },
    cancel() {
      void rows.return(undefined);
    },
  });
  return new Response(stream, { headers });
}

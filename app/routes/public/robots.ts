import { getApp } from "~/web/context";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = getApp(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /company",
    "Disallow: /claim/",
    "Disallow: /claim-listing/",
    "Disallow: /provider/*/call",
    "Disallow: /login",
    "",
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

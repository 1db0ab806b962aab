/**
 * Meta tags for the static pages: title, description, canonical URL and Open Graph.
 * The canonical URL is built in each loader from config.publicUrl, so it is absolute and
 * never depends on the Host header a visitor sent.
 */
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { getApp } from "~/web/context";
import { SITE_NAME } from "~/content/site";

export function canonicalUrl(context: Readonly<RouterContextProvider>, path: string): string {
  return `${getApp(context).config.publicUrl.replace(/\/+$/, "")}${path}`;
}

export interface PageMeta {
  title: string;
  description: string;
  canonical?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

export function pageMeta({
  title,
  description,
  canonical,
  type = "website",
  noindex,
}: PageMeta): MetaDescriptor[] {
  const fullTitle = `${title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary" },
  ];
  if (canonical) {
    tags.push(
      { tagName: "link", rel: "canonical", href: canonical },
      { property: "og:url", content: canonical },
    );
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * The one meta builder for route `meta` exports: "<title> | UK Waste Carrier Directory", and
 * for public pages a description, canonical URL, Open Graph and JSON-LD. The canonical URL is
 * built in the loader from config.publicUrl (`canonicalUrl`), so it is absolute and never depends
 * on the Host header a visitor sent.
 */
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { SITE_NAME } from "~/platform/brand";
import { getApp } from "./context";

export interface PageMeta {
  /** The page's own title; the site's name is added after it. */
  title: string;
  /** Public pages: the search result's snippet and the Open Graph description. */
  description?: string;
  /** Absolute canonical URL (config.publicUrl + path). */
  canonical?: string;
  type?: "website" | "article" | "profile";
  /** Signed-in, private and temporary pages stay out of search results. */
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
}

/** A page's address on the public site (config.publicUrl + path). */
export function canonicalUrl(context: Readonly<RouterContextProvider>, path: string): string {
  return `${getApp(context).config.publicUrl.replace(/\/+$/, "")}${path}`;
}

export function pageMeta(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [{ title: SITE_NAME }];
  const { title, description, canonical, type = "website", noindex, jsonLd } = meta;
  // A title that starts with the site's name (the home page's) is whole already.
  const tags: MetaDescriptor[] = [{ title: title.startsWith(SITE_NAME) ? title : `${title} | ${SITE_NAME}` }];
  if (description !== undefined) {
    tags.push(
      { name: "description", content: description },
      { property: "og:site_name", content: SITE_NAME },
      { property: "og:title", content: title },
      { property: "og:description", content: description },
      { property: "og:type", content: type },
      { property: "og:locale", content: "en_GB" },
      { name: "twitter:card", content: "summary" },
    );
  }
  if (canonical) {
    tags.push(
      { tagName: "link", rel: "canonical", href: canonical },
      { property: "og:url", content: canonical },
    );
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  if (jsonLd) tags.push({ "script:ld+json": jsonLd });
  return tags;
}

/** The admin console's pages: "<page> | Admin | UK Waste Carrier Directory", never indexed. */
export function adminMeta(page: string): MetaDescriptor[] {
  return pageMeta({ title: `${page} | Admin`, noindex: true });
}

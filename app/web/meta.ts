/**
 * The one meta builder for route `meta` exports: "<title> | UK Waste Carrier Directory", and
 * for public pages a description, canonical URL, Open Graph and Twitter card tags and JSON-LD.
 * The canonical URL is built in the loader from config.publicUrl (`canonicalUrl`), so it is
 * absolute and never depends on the Host header a visitor sent; the card image's address is
 * absolute too: the page's own card (a profile's, a town's), or the site's card on the canonical
 * URL's origin (decision 0216).
 */
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { SITE_NAME } from "~/platform/brand";
import { getApp } from "./context";

/** The site's own card (public/social-card.png), for pages without one of their own. */
export const SITE_CARD_PATH = "/social-card.png";
/** Every card is this size (Open Graph's and Twitter's large image). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface PageMeta {
  /** The page's own title; the site's name is added after it. */
  title: string;
  /** Public pages: the search result's snippet and the Open Graph description. */
  description?: string;
  /** Absolute canonical URL (config.publicUrl + path). */
  canonical?: string;
  type?: "website" | "article" | "profile";
  /** Absolute URL of the page's own card (1200×630 PNG); the site's card otherwise. */
  image?: string;
  /** What the card shows, for those who cannot see it. */
  imageAlt?: string;
  /** Signed-in, private and temporary pages stay out of search results. */
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
}

/** A page's address on the public site (config.publicUrl + path). */
export function canonicalUrl(context: Readonly<RouterContextProvider>, path: string): string {
  return `${getApp(context).config.publicUrl.replace(/\/+$/, "")}${path}`;
}

/**
 * The link preview card of a profile or a town page (app/routes/public/social-card.ts):
 * /og/provider/CBDU1.png, /og/town/Leeds.png.
 */
export function socialCardUrl(publicUrl: string, kind: "provider" | "town", name: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/og/${kind}/${encodeURIComponent(name)}.png`;
}

/** Open Graph and Twitter card tags of a page with a description. */
function socialTags(meta: PageMeta & { description: string }): MetaDescriptor[] {
  const { title, description, canonical, type = "website", image, imageAlt } = meta;
  const tags: MetaDescriptor[] = [
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_GB" },
  ];
  // An image needs an absolute address: the page's own, or the site's on the canonical's origin.
  const card = image ?? (canonical ? new URL(SITE_CARD_PATH, canonical).href : null);
  if (card) {
    tags.push(
      { property: "og:image", content: card },
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: String(CARD_WIDTH) },
      { property: "og:image:height", content: String(CARD_HEIGHT) },
      { property: "og:image:alt", content: imageAlt ?? (image ? title : SITE_NAME) },
    );
  }
  tags.push({ name: "twitter:card", content: card ? "summary_large_image" : "summary" });
  return tags;
}

export function pageMeta(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [{ title: SITE_NAME }];
  const { title, description, canonical, noindex, jsonLd } = meta;
  // A title that starts with the site's name (the home page's) is whole already.
  const tags: MetaDescriptor[] = [{ title: title.startsWith(SITE_NAME) ? title : `${title} | ${SITE_NAME}` }];
  if (description !== undefined) {
    tags.push({ name: "description", content: description }, ...socialTags({ ...meta, description }));
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

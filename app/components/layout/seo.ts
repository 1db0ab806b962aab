/** Per-page title, description, canonical URL and Open Graph tags, for route `meta` functions. */
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "UK Waste Carrier Directory";

export interface Seo {
  title: string;
  description: string;
  /** Absolute canonical URL (config.publicUrl + path). */
  canonical?: string;
  noindex?: boolean;
  type?: "website" | "profile";
  jsonLd?: Record<string, unknown>;
}

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: SITE_NAME }];
  const title = seo.title.includes(SITE_NAME) ? seo.title : `${seo.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary" },
  ];
  if (seo.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: seo.canonical });
    tags.push({ property: "og:url", content: seo.canonical });
  }
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}

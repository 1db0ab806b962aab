import { data } from "react-router";
import {
  CitiesSection,
  FeaturedSection,
  HomeHero,
  HomeWarning,
  RegisterCta,
  WhyVerifiedSection,
} from "~/components/home/home-sections";
import { featuredProviders, type FeaturedProviders } from "~/modules/directory/featured-providers.server";
import { getApp } from "~/web/context";
import { loaderHeadersOnly, pageCacheHeaders } from "~/web/page-cache";
import type { Route } from "./+types/home";
import { pageMeta } from "~/web/meta";
import { cardProvider } from "~/modules/directory/provider";
import { SITE_NAME } from "~/platform/brand";

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  let featured: FeaturedProviders | null = null;
  try {
    featured = await featuredProviders(app.db);
  } catch (error) {
    app.log.error({ err: error }, "featured providers failed");
  }
  const url = app.config.publicUrl;
  // Cached for anonymous visitors, except when the featured block failed to load.
  return data(
    {
      // The cards' fields only: every uncached page serialises this for hydration.
      featured: featured && { ...featured, providers: featured.providers.map(cardProvider) },
      seo: {
        title: `${SITE_NAME}: find a licensed waste carrier`,
        description:
          "Search the UK directory of licensed waste carriers by town, postcode, business name or registration number. Check a carrier's licence and request free quotes.",
        canonical: `${url}/`,
        jsonLd: {
          "@context": "https://schema.org",
          "@type": "Organization",
          name: SITE_NAME,
          url: `${url}/`,
          logo: `${url}/favicon.svg`,
          description:
            "A UK directory of licensed waste carriers, built on the public register of waste carriers, brokers and dealers.",
        },
      },
    },
    { headers: featured ? pageCacheHeaders() : {} },
  );
}

export const headers = loaderHeadersOnly;

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.seo);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <HomeWarning />
      <HomeHero />
      <FeaturedSection featured={loaderData.featured} />
      <WhyVerifiedSection />
      <CitiesSection />
      <RegisterCta />
    </main>
  );
}

import { Cookie } from "lucide-react";
import { COOKIES_SUMMARY, cookiesSections } from "~/content/legal/cookies";
import type { Route } from "./+types/cookies";
import { LegalPage } from "./legal-page";
import { canonicalUrl, pageMeta } from "~/web/meta";

export async function loader({ context }: Route.LoaderArgs) {
  return { canonical: canonicalUrl(context, "/cookies") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ title: "Cookie Policy", description: COOKIES_SUMMARY, canonical: loaderData?.canonical });
}

export default function Cookies() {
  return (
    <LegalPage
      title="Cookie Policy"
      lead="We use four essential cookies and nothing else: no analytics, no advertising and no tracking."
      icon={Cookie}
      sections={cookiesSections}
    />
  );
}

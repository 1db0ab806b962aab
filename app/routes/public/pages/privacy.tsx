import { Lock } from "lucide-react";
import { PRIVACY_SUMMARY, privacySections } from "~/content/legal/privacy";
import type { Route } from "./+types/privacy";
import { LegalPage } from "./legal-page";
import { canonicalUrl, pageMeta } from "~/web/meta";

export async function loader({ context }: Route.LoaderArgs) {
  return { canonical: canonicalUrl(context, "/privacy") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Notice",
    description: PRIVACY_SUMMARY,
    canonical: loaderData?.canonical,
  });
}

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Notice"
      lead="How we collect, use and protect personal data under UK GDPR, and the rights you have over it."
      icon={Lock}
      sections={privacySections}
    />
  );
}

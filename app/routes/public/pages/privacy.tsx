import { Lock } from "lucide-react";
import { PRIVACY_SUMMARY, privacySections } from "~/content/legal/privacy";
import { LegalPage } from "./legal-page";
import { canonicalLoader, staticPageMeta } from "./static-page";

export const loader = canonicalLoader("/privacy");

export const meta = staticPageMeta({
  title: "Privacy Notice",
  description: PRIVACY_SUMMARY,
});

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

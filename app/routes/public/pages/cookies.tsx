import { Cookie } from "lucide-react";
import { COOKIES_SUMMARY, cookiesSections } from "~/content/legal/cookies";
import { LegalPage } from "./legal-page";
import { canonicalLoader, staticPageMeta } from "./static-page";

export const loader = canonicalLoader("/cookies");

export const meta = staticPageMeta({ title: "Cookie Policy", description: COOKIES_SUMMARY });

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

import { Scale } from "lucide-react";
import { TERMS_SUMMARY, termsSections } from "~/content/legal/terms";
import { LegalPage } from "./legal-page";
import { canonicalLoader, staticPageMeta } from "./static-page";

export const loader = canonicalLoader("/terms");

export const meta = staticPageMeta({ title: "Terms of Use", description: TERMS_SUMMARY });

export default function Terms() {
  return (
    <LegalPage
      title="Terms of Use"
      lead="The rules for using the directory, leaving reviews and listing your business, in plain English."
      icon={Scale}
      sections={termsSections}
    />
  );
}

import { Scale } from "lucide-react";
import { TERMS_SUMMARY, termsSections } from "~/content/legal/terms";
import type { Route } from "./+types/terms";
import { LegalPage } from "./legal-page";
import { canonicalUrl, pageMeta } from "~/web/meta";

export async function loader({ context }: Route.LoaderArgs) {
  return { canonical: canonicalUrl(context, "/terms") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ title: "Terms of Use", description: TERMS_SUMMARY, canonical: loaderData?.canonical });
}

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

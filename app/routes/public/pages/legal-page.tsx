/** Shared frame of the Privacy, Terms and Cookies pages: heading, date, contents and sections. */
import { Link } from "react-router";
import { Mail } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { GuideSection } from "~/content/guides";
import {
  ArticleSections,
  LastReviewed,
  OnThisPage,
  PageBody,
  PageHeader,
  PageMain,
  WithAside,
} from "./page-shell";
import { SITE_NAME } from "~/platform/brand";

export function LegalPage({
  title,
  lead,
  icon,
  sections,
}: {
  title: string;
  lead: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  sections: GuideSection[];
}) {
  return (
    <PageMain>
      <PageHeader eyebrow={SITE_NAME} title={title} lead={lead} icon={icon}>
        <LastReviewed label="Last updated" />
      </PageHeader>
      <PageBody>
        <WithAside
          aside={
            <>
              <OnThisPage items={sections} />
              <div className="rounded-xl border border-slate-200 p-5">
                <p className="font-semibold text-slate-900">Questions?</p>
                <p className="mt-1 text-sm text-slate-600">Our support team is happy to help.</p>
                <Button asChild variant="outline" size="sm" className="mt-3">
                  <Link to="/contact">
                    <Mail aria-hidden="true" className="size-4" />
                    Contact us
                  </Link>
                </Button>
              </div>
            </>
          }
        >
          <ArticleSections sections={sections} />
        </WithAside>
      </PageBody>
    </PageMain>
  );
}

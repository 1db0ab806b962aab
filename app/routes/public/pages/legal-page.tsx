/** Shared frame of the Privacy, Terms and Cookies pages: heading, date, contents and sections. */
import type { GuideSection } from "~/content/guides";
import {
  ArticleSections,
  ContactUsCard,
  LastReviewed,
  OnThisPage,
  PageBody,
  PageHeader,
  PageMain,
  WithAside,
  type PageIcon,
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
  icon: PageIcon;
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
              <ContactUsCard title="Questions?" text="Our support team is happy to help." />
            </>
          }
        >
          <ArticleSections sections={sections} />
        </WithAside>
      </PageBody>
    </PageMain>
  );
}

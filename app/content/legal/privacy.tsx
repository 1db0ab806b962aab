import { Callout, Official, Tel, To } from "../elements";
import type { GuideSection } from "../guides/types";
import { OFFICIAL, PHONE } from "../links";
import { COOKIES, SUPPORT_ROUTE } from "../site";
import { SITE_NAME } from "~/platform/brand";

export const PRIVACY_SUMMARY =
  "What personal data the UK Waste Carrier Directory holds, why, who sees it, how long we keep it and your rights under UK GDPR.";

export const privacySections: GuideSection[] = [
  {
    id: "who-we-are",
    heading: "Who we are",
    body: (
      <>
        <p>
          The {SITE_NAME} (“we”, “us”) runs this website and is the <strong>controller</strong> of the
          personal data described in this notice, under the UK General Data Protection Regulation (UK GDPR)
          and the Data Protection Act 2018.
        </p>
        <p>
          For any question about your data, or to use your rights, contact {SUPPORT_ROUTE}:{" "}
          <To to="/contact">contact us</To>.
        </p>
        <Callout tone="tip" title="The short version">
          <ul className="list-disc pl-5">
            <li>We keep only what we need to run the directory and the services you ask us for.</li>
            <li>We never sell your data and we show no advertising.</li>
            <li>
              We use four essential cookies and nothing else: no analytics, tracking or advertising cookies.
            </li>
          </ul>
        </Callout>
      </>
    ),
  },
  {
    id: "what-we-hold",
    heading: "What we hold and why",
    body: (
      <>
        <h3>Public register data</h3>
        <p>
          The directory is built from the Environment Agency's public register of waste carriers, brokers and
          dealers, which the Environment Agency publishes under the <Official link={OFFICIAL.ogl} />. It
          includes business names, registered addresses, registration numbers, tiers and dates. Where a
          carrier is a sole trader or partnership, some of this is personal data. We publish it because there
          is a strong public interest in people being able to check a waste carrier before handing over their
          waste (our <strong>legitimate interests</strong>, and yours). We keep it in line with the register
          and show expired registrations as expired.
        </p>
        <h3>Claims and business accounts</h3>
        <p>
          When you claim a listing we collect your name, e-mail address, phone number, the licence document
          you upload, your business details and the plan you choose. For your account we hold your e-mail
          address, your password (only as a secure one-way hash that nobody can read), two-factor
          authentication settings and your sign-in sessions. We use this to check that you represent the
          business, to run your account and to provide your plan (<strong>contract</strong>), and to prevent
          fraud (<strong>legitimate interests</strong>). The details you add to a claimed listing, such as a
          phone number, e-mail, website, description, services, areas and logo, are published on your profile:
          you choose what to add.
        </p>
        <h3>Quote requests</h3>
        <p>
          When you request a quote from a carrier's profile, we store your name, e-mail, phone number,
          postcode, the service you need, your message and any photo, and send them to that carrier so it can
          reply. When you use the quote request form on the search results page, we store your name, e-mail,
          phone number, postcode, the description and size of the job, your preferred date and time and any
          photo; our team reviews it and passes it to licensed carriers who can quote. We do this because you
          asked us to (<strong>steps before a contract</strong> and <strong>legitimate interests</strong>).
        </p>
        <h3>Reviews</h3>
        <p>
          For a review we collect your name, e-mail address, rating and text. We publish your name, rating and
          text; your e-mail address is never published. We use it to send you a link that confirms you wrote
          the review, to verify reviews and to stop more than one review per person for a business (
          <strong>legitimate interests</strong>).
        </p>
        <h3>Messages to us</h3>
        <p>When you contact us we keep your name, e-mail address and message so that we can reply.</p>
        <h3>Waste transfer notes</h3>
        <p>
          Businesses can create waste transfer notes in their company area. We store them on behalf of the
          business that created them, which is responsible for their content and for keeping them for the
          legally required 2 years.
        </p>
        <h3>Profile statistics, security and logs</h3>
        <p>
          We count how many times each carrier's profile is viewed and its phone number is clicked, so the
          business can see its statistics. These counts are not linked to you and use no cookies. Our servers
          record technical information such as IP addresses, pages requested and errors, and we keep records
          of repeated attempts (for example failed sign-ins) to protect the service from abuse (
          <strong>legitimate interests</strong>).
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    heading: "Who we share it with",
    body: (
      <ul>
        <li>
          <strong>Carriers</strong>: the carrier you send a quote request to, and licensed carriers we pass a
          general quote request to.
        </li>
        <li>
          <strong>Service providers</strong> who host the website, store files and deliver our e-mails, under
          contracts that only let them use the data to provide their service to us.
        </li>
        <li>
          <strong>Authorities</strong>, such as the police, councils or the Environment Agency, when the law
          requires it or to help investigate waste crime.
        </li>
      </ul>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep it",
    body: (
      <ul>
        <li>Quote requests and messages to us: 12 months from when you send them.</li>
        <li>Reviews: while the carrier's listing is published, unless you ask us to remove yours sooner.</li>
        <li>
          Reviews not confirmed from the e-mail we send to their address: 14 days from when they were written.
        </li>
        <li>
          Business accounts and claimed listings: while the account is open. Claim decisions and the record of
          who made them: 6 years, in case of disputes.
        </li>
        <li>Sign-in sessions: 30 days from your last visit, or until you log out.</li>
        <li>Server logs and abuse-prevention records: up to 90 days.</li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    heading: "Your rights",
    body: (
      <>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted, or its use restricted, in some circumstances;</li>
          <li>object to our use of your data where we rely on legitimate interests;</li>
          <li>receive data you gave us in a portable format.</li>
        </ul>
        <p>
          To use any of these rights, contact {SUPPORT_ROUTE}. We will reply within one month. Details that
          come from the public register can only be changed at source: registered businesses should update
          them with the Environment Agency, and our copy follows at the next refresh.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    heading: "Cookies",
    body: (
      <p>
        We use {COOKIES.length} cookies, both strictly necessary: a session cookie that keeps business and
        admin users signed in, and a short-lived cookie that shows a confirmation message after you submit a
        form. We use no tracking. Read our <To to="/cookies">cookie policy</To> for details.
      </p>
    ),
  },
  {
    id: "security",
    heading: "Keeping your data safe",
    body: (
      <p>
        All connections to the site are encrypted. Passwords are stored only as one-way hashes, photos you
        send are not publicly accessible, and only staff who need it can see personal data. The directory is
        intended for adults and we do not knowingly collect data from children.
      </p>
    ),
  },
  {
    id: "complaints",
    heading: "Complaints",
    body: (
      <p>
        If you are unhappy with how we have handled your data, please tell us first so that we can put it
        right. You can also complain to the{" "}
        <Official link={OFFICIAL.ico}>Information Commissioner's Office</Official>, the UK's data protection
        regulator, on <Tel number={PHONE.icoHelpline} />.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this notice",
    body: (
      <p>
        We will update this notice when what we do with personal data changes, and change the date at the top
        of the page.
      </p>
    ),
  },
];

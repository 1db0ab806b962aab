import { Callout, Official, Tel, To } from "../elements";
import type { GuideSection } from "../guides/types";
import { OFFICIAL, PHONE } from "../links";
import { CLAIM_REVIEW_TIME, OGL_ATTRIBUTION, SUPPORT_ROUTE } from "../site";
import { SITE_NAME } from "~/platform/brand";

export const TERMS_SUMMARY =
  "The terms for using the UK Waste Carrier Directory: what the directory is, your responsibilities, reviews, business listings and plans, and our liability.";

export const termsSections: GuideSection[] = [
  {
    id: "about",
    heading: "About these terms",
    body: (
      <>
        <p>
          These terms apply to everyone who uses this website, which is run by the {SITE_NAME} (“we”, “us”).
          By using the site you agree to them. If you create a business account, they form the agreement
          between your business and us. Our <To to="/privacy">privacy notice</To> and{" "}
          <To to="/cookies">cookie policy</To> explain how we handle personal data.
        </p>
      </>
    ),
  },
  {
    id: "what-we-are",
    heading: "What the directory is, and is not",
    body: (
      <>
        <p>
          The directory helps people find registered waste carriers and check their registration. We are an
          independent information service. We are <strong>not</strong> the Environment Agency or any other
          regulator, we do not collect or carry waste, and we are not an agent for any carrier.
        </p>
        <p>
          A listing is not a recommendation. A “claimed” listing means we have checked that the person who
          claimed it represents the registered business; it does not mean we have checked the quality of their
          work.
        </p>
      </>
    ),
  },
  {
    id: "register-data",
    heading: "Register data and your duty of care",
    body: (
      <>
        <p>
          Registration details come from the Environment Agency's public register, which we refresh regularly.
          Between refreshes a registration can change, and the register itself can contain mistakes.
        </p>
        <Callout tone="warning" title="Your legal duty of care stays with you">
          <p>
            Using the directory does not transfer your <To to="/resources/duty-of-care">duty of care</To> for
            your waste. Before handing waste to anyone, confirm their registration on the{" "}
            <Official link={OFFICIAL.eaRegister}>official public register</Official> and get a receipt or
            waste transfer note.
          </p>
        </Callout>
      </>
    ),
  },
  {
    id: "using-the-site",
    heading: "Using the site",
    body: (
      <>
        <p>You may use the directory for your own personal or business purposes. You must not:</p>
        <ul>
          <li>send false quote requests, reviews or claims, or pretend to be someone else;</li>
          <li>use carriers' contact details for unsolicited marketing;</li>
          <li>copy the directory in bulk by automated means, or put an unreasonable load on the service;</li>
          <li>
            try to get around our security, or upload anything harmful, unlawful or that you have no right to
            share.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "quotes",
    heading: "Quotes and dealing with carriers",
    body: (
      <p>
        When you request a quote, any agreement you make is between you and the carrier; we are not a party to
        it and are not responsible for the carrier's prices, work or conduct. If something goes wrong, raise
        it with the carrier first. For consumer advice, call the Citizens Advice consumer helpline on{" "}
        <Tel number={PHONE.citizensAdviceConsumer} />. Report illegal waste activity to your council or to the
        Environment Agency.
      </p>
    ),
  },
  {
    id: "reviews",
    heading: "Reviews",
    body: (
      <>
        <p>Reviews must be honest and about your own experience of the business. They must not:</p>
        <ul>
          <li>be written by, for or against a business you are connected to, or be paid for;</li>
          <li>contain abusive, discriminatory or defamatory content, or other people's personal details.</li>
        </ul>
        <p>
          Each e-mail address can review a business once. We check reviews before publishing them and may
          refuse or remove any that break these rules. By submitting a review you allow us to publish it on
          the site.
        </p>
      </>
    ),
  },
  {
    id: "business-accounts",
    heading: "Business listings and accounts",
    body: (
      <>
        <ul>
          <li>You may only claim a listing if you are authorised to act for the registered business.</li>
          <li>
            We review each claim, usually in {CLAIM_REVIEW_TIME}, and may ask for evidence or refuse a claim.
          </li>
          <li>
            You are responsible for the information you publish, which must be accurate and lawful, and you
            must have the right to use any logo or photo you upload.
          </li>
          <li>
            Keep your password safe and tell us straight away if you think your account has been misused.
          </li>
          <li>
            We may suspend a listing or account that breaks these terms, misleads the public, or whose
            registration is revoked.
          </li>
        </ul>
        <p>
          Records you create with the waste transfer note tool are your business's records: you are
          responsible for their accuracy and for keeping them for as long as the law requires.
        </p>
      </>
    ),
  },
  {
    id: "plans",
    heading: "Plans and payment",
    body: (
      <p>
        The Standard plan is free. The Premium plan costs £200 a month or £1,999 a year and adds a featured
        place in search results, quote requests and customer reviews. The plan, period, price and any free
        trial are confirmed when your claim is approved. Paid plans renew for the same period unless
        cancelled; to cancel or change plan, contact {SUPPORT_ROUTE}.
      </p>
    ),
  },
  {
    id: "content",
    heading: "Our content",
    body: (
      <p>
        The design, text and guides on this site belong to us. Register data is reproduced under the{" "}
        <Official link={OFFICIAL.ogl} />: {OGL_ATTRIBUTION}
      </p>
    ),
  },
  {
    id: "liability",
    heading: "Our responsibility to you",
    body: (
      <>
        <p>
          We work hard to keep the directory accurate and available, but we cannot promise it will always be
          complete, up to date or uninterrupted. We are not responsible for the acts or omissions of carriers
          listed on the site, or for loss caused by relying on directory information without checking the
          official register.
        </p>
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by our negligence,
          for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory
          rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: "law",
    heading: "Changes and governing law",
    body: (
      <p>
        We may update these terms; the date at the top of the page shows when they last changed. These terms
        are governed by the law of England and Wales and disputes go to the courts of England and Wales,
        except that if you live in Scotland or Northern Ireland you may bring proceedings in your local
        courts. Questions? Contact {SUPPORT_ROUTE}: <To to="/contact">contact us</To>.
      </p>
    ),
  },
];

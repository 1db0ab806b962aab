/** The questions people ask most, grouped; answers link to the guides for the detail. */
import { Official, To } from "./elements";
import { OFFICIAL } from "./links";
import { CLAIM_REVIEW_TIME, CONTACT_RESPONSE_TIME, SUPPORT_ROUTE } from "./site";

export interface FaqItem {
  id: string;
  question: string;
  answer: React.ReactNode;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: "checking-carriers",
    title: "Checking a waste carrier",
    items: [
      {
        id: "why-check",
        question: "Do I really need to check a waste carrier's licence?",
        answer: (
          <p>
            Yes. Everyone, including householders, has a legal{" "}
            <To to="/resources/duty-of-care">duty of care</To> to hand waste only to someone authorised to
            take it. If your rubbish is fly-tipped by someone you paid and you did not check they were
            registered, your council can fine you, even though you did not dump it yourself.
          </p>
        ),
      },
      {
        id: "how-to-check",
        question: "How do I check a carrier's licence?",
        answer: (
          <p>
            Ask for their registration number, then search for it here using the <strong>License No.</strong>{" "}
            option, or on the{" "}
            <Official link={OFFICIAL.eaRegister}>Environment Agency's public register</Official>. Check the
            name matches, the registration is upper tier and it has not expired. Our guide on{" "}
            <To to="/resources/checking-license">checking a licence</To> walks you through it.
          </p>
        ),
      },
      {
        id: "cbdu-cbdl",
        question: "What is the difference between CBDU and CBDL numbers?",
        answer: (
          <p>
            CBDU numbers are upper tier registrations, needed by businesses that carry other people's waste.
            They last 3 years and must be renewed. CBDL numbers are lower tier registrations, for
            organisations that only carry their own waste, charities and councils; they do not expire. Read
            more in <To to="/resources/carrier-licensing">waste carrier licensing explained</To>.
          </p>
        ),
      },
      {
        id: "expired",
        question: "A carrier's registration shows as expired. Can I still use them?",
        answer: (
          <p>
            Not until they renew. An expired upper tier registration means the business is not currently
            authorised to carry waste for others. They may simply have forgotten to renew, so ask them, and
            check again once they say it is sorted.
          </p>
        ),
      },
      {
        id: "not-found",
        question: "Why can't I find a carrier in the directory?",
        answer: (
          <p>
            Try searching by licence number as well as by name, since businesses often trade under a different
            name from the one they registered. Our listings come from the Environment Agency's register for
            England, so a carrier registered only in Wales, Scotland or Northern Ireland may not appear: check{" "}
            <Official link={OFFICIAL.nrw}>Natural Resources Wales</Official>,{" "}
            <Official link={OFFICIAL.sepa}>SEPA</Official> or the NIEA (
            <Official link={OFFICIAL.daera}>DAERA</Official>). Very new registrations appear after our next
            refresh.
          </p>
        ),
      },
    ],
  },
  {
    id: "using-directory",
    title: "Using the directory",
    items: [
      {
        id: "free",
        question: "Is the directory free to use?",
        answer: (
          <p>
            Yes. Searching, checking licences, reading the guides and requesting quotes are free for everyone.
          </p>
        ),
      },
      {
        id: "data-source",
        question: "Where does your information come from?",
        answer: (
          <p>
            From the Environment Agency's public register of waste carriers, brokers and dealers, published
            under the Open Government Licence, which we refresh regularly. Claimed listings also show details
            the business has added and we have verified. The register remains the official record.
          </p>
        ),
      },
      {
        id: "claimed",
        question: "What does a claimed or verified listing mean?",
        answer: (
          <p>
            It means our team has checked that the person who claimed the listing represents the registered
            business. It is not a recommendation of their work, and an unclaimed listing does not mean a
            business is unlicensed: the registration details shown come straight from the register.
          </p>
        ),
      },
      {
        id: "quotes",
        question: "How do I get a quote?",
        answer: (
          <p>
            Premium listings have a quote request form on their profile that goes straight to the carrier. You
            can also describe your job once with the quote request form on the{" "}
            <To to="/search-results">search results page</To>. Whoever you choose, check their licence before
            they collect anything.
          </p>
        ),
      },
      {
        id: "reviews",
        question: "Can I leave a review?",
        answer: (
          <p>
            Yes, on a carrier's Premium profile. We e-mail you a link to confirm your review, and we verify
            reviews before they appear. Each e-mail address can review a business once.
          </p>
        ),
      },
    ],
  },
  {
    id: "for-businesses",
    title: "For waste businesses",
    items: [
      {
        id: "claim",
        question: "How do I claim my business listing?",
        answer: (
          <p>
            Go to <To to="/register">Register My Business</To>, find your listing by registration number or
            business name, and follow the steps. Our team reviews claims in {CLAIM_REVIEW_TIME} and e-mails
            you when your listing is live.
          </p>
        ),
      },
      {
        id: "cost",
        question: "How much does a listing cost?",
        answer: (
          <p>
            The Standard plan is free and includes your profile and 20 waste transfer notes a month. Premium
            costs £200 a month or £1,999 a year and adds a featured place in search results, quote requests
            and customer reviews, with unlimited waste transfer notes.
          </p>
        ),
      },
      {
        id: "wrong-details",
        question: "My registration details are wrong. How do I fix them?",
        answer: (
          <p>
            Registration details come from the public register, so update them with the Environment Agency
            through <Official link={OFFICIAL.registerAsCarrier}>GOV.UK</Official> and our listing follows at
            the next refresh. Details you added yourself, such as your phone number, services and areas, can
            be changed in your company dashboard.
          </p>
        ),
      },
      {
        id: "not-registered",
        question: "My business isn't registered yet. Can I still list it?",
        answer: (
          <p>
            No: only registered businesses appear. Register with the Environment Agency on{" "}
            <Official link={OFFICIAL.registerAsCarrier}>GOV.UK</Official> first; once your registration is on
            the public register it will appear here and you can claim it.
          </p>
        ),
      },
    ],
  },
  {
    id: "fly-tipping-privacy",
    title: "Fly-tipping, privacy and support",
    items: [
      {
        id: "report",
        question: "How do I report fly-tipping?",
        answer: (
          <p>
            Report it to your local council; in England you can use{" "}
            <Official link={OFFICIAL.reportFlytipping}>GOV.UK's reporting service</Official>. Do not touch the
            waste. Our guide on <To to="/resources/fly-tipping-risks">fly-tipping</To> explains what to note
            and who to call for large or hazardous dumping.
          </p>
        ),
      },
      {
        id: "cookies",
        question: "Do you track me or use cookies?",
        answer: (
          <p>
            No tracking. We use four essential cookies: one keeps business users signed in, one shows a
            one-off confirmation message, one holds a password link while you use it and one remembers the
            reviews you confirmed from this browser. See our <To to="/cookies">cookie policy</To> and{" "}
            <To to="/privacy">privacy notice</To>.
          </p>
        ),
      },
      {
        id: "contact",
        question: "How do I contact you?",
        answer: (
          <p>
            Contact {SUPPORT_ROUTE}: <To to="/contact">contact us</To>. We respond {CONTACT_RESPONSE_TIME}.
          </p>
        ),
      },
    ],
  },
];

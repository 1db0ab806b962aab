import { Search } from "lucide-react";
import { Callout, Official, To } from "../elements";
import { OFFICIAL, OTHER_UK_REGULATORS } from "../links";
import { CLAIM_REVIEW_TIME } from "../site";
import type { Guide } from "./types";

export const usingDirectory: Guide = {
  slug: "using-directory",
  title: "How to use the UK Waste Carrier Directory",
  description:
    "Search for licensed waste carriers by location, business name or licence number, verify a registration, read claimed and verified listings, and request quotes.",
  summary:
    "The directory lists businesses on the Environment Agency's public register of waste carriers, brokers and dealers. Here is how to find a carrier near you, check their registration and get in touch.",
  audience: "Everyone",
  icon: Search,
  readingMinutes: 4,
  keyPoints: [
    "Search by location (town or postcode), business name or licence number.",
    "A licence number search shows a License Verification Result panel: valid or expired, tier and dates.",
    "Claimed listings have been verified by our team and show contact details, services and areas covered.",
    "Premium listings let you request a quote directly and read verified customer reviews.",
  ],
  sections: [
    {
      id: "where-listings-come-from",
      heading: "Where the listings come from",
      body: (
        <>
          <p>
            Every listing starts as an entry on the{" "}
            <Official link={OFFICIAL.eaRegister}>Environment Agency's public register</Official>, which we
            import and refresh regularly. Each listing shows the registration number, tier, registration and
            expiry dates, and the address on the register.
          </p>
          <p>
            The register covers businesses registered in England. Carriers registered only with Natural
            Resources Wales, SEPA in Scotland or the NIEA in Northern Ireland may not appear here: check their
            registers directly.
          </p>
        </>
      ),
    },
    {
      id: "searching",
      heading: "Searching",
      body: (
        <>
          <p>
            Use the search box on the <To to="/">home page</To> or the{" "}
            <To to="/search-results">search results page</To> and choose what you are searching by:
          </p>
          <ul>
            <li>
              <strong>Location</strong>: a town or a postcode. A full postcode or just its first part (such as
              LS6) both work. Carriers based in the town you searched for come first.
            </li>
            <li>
              <strong>Business Name</strong>: all or part of a name. Small spelling mistakes are forgiven.
            </li>
            <li>
              <strong>License No.</strong>: a registration number such as one starting CBDU or CBDL. Spaces
              and capital letters do not matter.
            </li>
            <li>
              <strong>All Types</strong> (on the results page) looks for your words in all three.
            </li>
          </ul>
          <p>
            On the results page you can narrow the list to carriers offering particular services, such as
            Garden Waste or Skip Hire, and sort by relevance or show claimed listings first.
          </p>
        </>
      ),
    },
    {
      id: "results",
      heading: "Reading the results",
      body: (
        <>
          <p>Results are grouped so you can see at a glance how much we know about each business:</p>
          <ul>
            <li>
              <strong>Featured Providers</strong>: claimed listings on our Premium plan. You can request a
              quote directly.
            </li>
            <li>
              <strong>Registered Providers</strong>: claimed listings whose owners have added their details.
            </li>
            <li>
              <strong>Available Providers</strong>: businesses on the public register that have not claimed
              their listing yet. Their registration details are shown, but not their contact details.
            </li>
          </ul>
          <p>
            A <strong>claimed</strong> listing means our team has checked that the person who claimed it
            represents the registered business. It is not an endorsement of their work, and an unclaimed
            listing is not a sign that a business is unlicensed.
          </p>
        </>
      ),
    },
    {
      id: "verify",
      heading: "Verifying a licence",
      body: (
        <>
          <p>
            Search by <strong>License No.</strong> with a number longer than five characters and you will see
            a <strong>License Verification Result</strong> panel for an exact match, showing whether the
            registration is valid or expired, its tier and its dates. If nothing matches, the panel says{" "}
            <strong>Invalid Registration Number</strong>.
          </p>
          <p>
            Each carrier's profile also shows a banner reading <strong>Valid Registration until</strong> or{" "}
            <strong>Expired Registration since</strong> a date. Our guide to{" "}
            <To to="/resources/checking-license">checking a licence</To> explains what to look for.
          </p>
          <Callout tone="info" title="The public register is the official record">
            <p>
              We refresh our data from the register regularly, but a registration can change at any time. For
              anything important, confirm it on the{" "}
              <Official link={OFFICIAL.eaRegister}>Environment Agency's register</Official> too.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "quotes-reviews",
      heading: "Quotes and reviews",
      body: (
        <ul>
          <li>
            <strong>Request a quote from one carrier</strong>: Premium profiles have a quote request form that
            goes straight to the business. You can add a photo of the waste.
          </li>
          <li>
            <strong>Describe your job once</strong>: the quote request form on the search results page asks
            for the load size, your postcode and a preferred date and time, and goes to our team to pass on to
            licensed carriers.
          </li>
          <li>
            <strong>Reviews</strong>: you can review a carrier on their Premium profile. Each e-mail address
            can review a business once, and reviews appear after a quick verification.
          </li>
        </ul>
      ),
    },
    {
      id: "for-businesses",
      heading: "For waste businesses",
      body: (
        <p>
          If your business is on the register, it is probably listed already. Use{" "}
          <To to="/register">Register My Business</To> to find your listing by registration number or name and
          claim it. Our team reviews claims in {CLAIM_REVIEW_TIME}. Once approved you can add your contact
          details, services and the areas you cover, see how many people view your profile, and create waste
          transfer notes. The Standard plan is free; Premium adds quote requests, reviews and a featured place
          in search results.
        </p>
      ),
    },
  ],
  officialLinks: [OFFICIAL.eaRegister, OFFICIAL.registerAsCarrier, ...OTHER_UK_REGULATORS],
  related: ["checking-license", "carrier-licensing", "avoiding-fly-tipping"],
};

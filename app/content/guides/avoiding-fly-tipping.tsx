import { ShieldAlert } from "lucide-react";
import { Callout, Official, Tel, To } from "../elements";
import { OFFICIAL, PHONE } from "../links";
import type { Guide } from "./types";

export const avoidingFlyTipping: Guide = {
  slug: "avoiding-fly-tipping",
  title: "How to avoid your rubbish being fly-tipped",
  description:
    "How householders can make sure the person taking their rubbish away is licensed: the SCRAP code, warning signs of rogue waste carriers, and what to do if your waste is dumped.",
  summary:
    "Rogue waste carriers advertise cheap rubbish removal, take your money and dump your waste in the nearest lane. A few simple checks protect you, your neighbourhood and your wallet.",
  audience: "Householders",
  icon: ShieldAlert,
  readingMinutes: 4,
  keyPoints: [
    "Ask for the waste carrier registration number and check it on the public register before anything is taken.",
    "Be wary of cash-only deals, no business address, and cheap offers on social media or at the door.",
    "Get a receipt or waste transfer note, and note the vehicle registration.",
    "If your waste is fly-tipped, report it to your council straight away with everything you know.",
  ],
  sections: [
    {
      id: "why",
      heading: "Why it matters to you",
      body: (
        <p>
          You have a legal <To to="/resources/duty-of-care">duty of care</To> for your household waste. If
          someone you paid dumps it and you did not check they were registered, you can be fined, even though
          you did not dump it yourself. Fly-tipped waste is often traced back to households through names and
          addresses found in the bags.
        </p>
      ),
    },
    {
      id: "scrap",
      heading: "Follow the SCRAP code",
      body: (
        <>
          <p>
            The SCRAP code was developed by the National Fly-tipping Prevention Group to help householders
            check who they hand their waste to:
          </p>
          <ul>
            <li>
              <strong>S: Suspect</strong> all waste carriers. Do not assume someone is legitimate because they
              have a van, a website or good reviews.
            </li>
            <li>
              <strong>C: Check</strong> their registration on the{" "}
              <Official link={OFFICIAL.eaRegister}>Environment Agency's public register</Official> or by
              searching this directory by licence number.
            </li>
            <li>
              <strong>R: Refuse</strong> unexpected offers to take your rubbish away, especially at your door.
            </li>
            <li>
              <strong>A: Ask</strong> what will happen to your rubbish, and where it is going.
            </li>
            <li>
              <strong>P: Paperwork</strong>. Get a receipt or waste transfer note with the business's name,
              address and registration number, and what was taken.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "warning-signs",
      heading: "Warning signs of a rogue carrier",
      body: (
        <>
          <ul>
            <li>They will only take cash, and will not give a receipt.</li>
            <li>
              They have no business address, no landline, only a mobile number or a social media profile.
            </li>
            <li>
              They advertise on social media, marketplace sites or community groups with prices far below
              everyone else's.
            </li>
            <li>They turn up at your door or leave a flyer offering to clear rubbish “today, cheap”.</li>
            <li>
              They cannot or will not give you a registration number, or the name on the register does not
              match.
            </li>
            <li>
              They are vague about where your waste will go, or will take anything, including hazardous waste.
            </li>
            <li>Their van is unmarked.</li>
          </ul>
          <Callout tone="warning" title="No registration number, no deal">
            <p>
              A genuine waste carrier will happily give you their registration number. If they refuse, or the
              number does not check out, do not hand your waste over.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "before-collection",
      heading: "Before anything is collected",
      body: (
        <ul>
          <li>Get a written quote and the business's full name and address.</li>
          <li>
            <To to="/resources/checking-license">Check the registration number</To> and that it is upper tier
            and in date.
          </li>
          <li>Write down or photograph the vehicle's registration number.</li>
          <li>Pay by card or bank transfer if you can, so there is a record of who you paid.</li>
          <li>
            Keep the receipt, messages and adverts, at least until you are sure the waste was disposed of
            properly.
          </li>
        </ul>
      ),
    },
    {
      id: "if-dumped",
      heading: "If your rubbish is fly-tipped",
      body: (
        <>
          <p>
            Report it to your council as soon as you find out, using{" "}
            <Official link={OFFICIAL.reportFlytipping}>GOV.UK's reporting service</Official> in England, and
            give them everything you have: the receipt, the vehicle registration, phone numbers, messages and
            the advert. This helps the council catch the person responsible and shows the reasonable steps you
            took.
          </p>
          <p>
            For large amounts or hazardous waste, call the Environment Agency's incident hotline on{" "}
            <Tel number={PHONE.eaIncident} />. To report someone anonymously, call Crimestoppers on{" "}
            <Tel number={PHONE.crimestoppers} />.
          </p>
        </>
      ),
    },
    {
      id: "alternatives",
      heading: "Safe alternatives",
      body: (
        <ul>
          <li>
            Your council's bulky waste collection or household waste recycling centre (see our{" "}
            <To to="/resources/household-recycling">household recycling guide</To>).
          </li>
          <li>A skip from a registered skip hire firm.</li>
          <li>
            A registered carrier from this directory:{" "}
            <To to="/search-results">search by your town or postcode</To>.
          </li>
        </ul>
      ),
    },
  ],
  officialLinks: [
    OFFICIAL.eaRegister,
    OFFICIAL.reportFlytipping,
    OFFICIAL.findCouncil,
    OFFICIAL.dutyOfCareCode,
  ],
  related: ["checking-license", "fly-tipping-risks", "household-recycling"],
};

import { FileCheck } from "lucide-react";
import { Callout, Official, Tel, To } from "../elements";
import { OFFICIAL, OTHER_UK_REGULATORS, PHONE } from "../links";
import type { Guide } from "./types";

export const checkingLicense: Guide = {
  slug: "checking-license",
  title: "How to check a waste carrier's licence",
  description:
    "Step by step: how to check a waste carrier's registration on the Environment Agency's public register or this directory, and what valid, expired and not-found results mean.",
  summary:
    "Checking a waste carrier's registration takes about a minute and is the single best way to avoid your rubbish being fly-tipped. Here is how to do it and what to look for.",
  audience: "Householders and businesses",
  icon: FileCheck,
  readingMinutes: 4,
  keyPoints: [
    "Ask for the registration number: CBDU for upper tier, CBDL for lower tier in England and Wales.",
    "Check it on the Environment Agency's public register or with a License No. search here.",
    "Make sure the name matches, the registration is upper tier and it has not expired.",
    "Keep a record of your check together with the receipt or waste transfer note.",
  ],
  sections: [
    {
      id: "steps",
      heading: "Check in six steps",
      body: (
        <ol>
          <li>
            <strong>Ask for the registration number</strong> and the name the business is registered under. A
            genuine carrier will give it straight away; many print it on their van, website and invoices.
          </li>
          <li>
            <strong>Look it up</strong> on the{" "}
            <Official link={OFFICIAL.eaRegister}>Environment Agency's public register</Official>, or{" "}
            <To to="/search-results?type=registration">search this directory by License No.</To>
          </li>
          <li>
            <strong>Check the name and address</strong> on the register match the business you are dealing
            with. Numbers can be copied from other firms' vans and websites.
          </li>
          <li>
            <strong>Check the tier</strong>: a business collecting other people's waste for payment needs an
            upper tier registration, with a number starting CBDU.
          </li>
          <li>
            <strong>Check the expiry date</strong>: upper tier registrations last 3 years and must be renewed.
          </li>
          <li>
            <strong>Keep a record</strong>: a screenshot or note of your check, with the receipt or waste
            transfer note for the collection.
          </li>
        </ol>
      ),
    },
    {
      id: "results",
      heading: "What the results mean",
      body: (
        <ul>
          <li>
            <strong>Valid</strong>: the business is registered and, for upper tier, in date. Check the name
            matches and you are good to go.
          </li>
          <li>
            <strong>Expired</strong>: the registration has lapsed. The business may have simply forgotten to
            renew, but it is not authorised to carry your waste until it does.
          </li>
          <li>
            <strong>Not found</strong>: check for typing mistakes (the letter O and the number 0 are easily
            confused). The business may be registered in Wales, Scotland or Northern Ireland instead, or very
            recently. If you still cannot find it, do not use them.
          </li>
        </ul>
      ),
    },
    {
      id: "red-flags",
      heading: "Red flags",
      body: (
        <>
          <ul>
            <li>They refuse to give a number, or say their registration is “pending”.</li>
            <li>The number belongs to a different business name or address.</li>
            <li>They only have a lower tier (CBDL) number but want to take your waste away for money.</li>
            <li>They want cash only and will not give a receipt.</li>
          </ul>
          <Callout tone="warning" title="If the check fails, walk away">
            <p>
              Handing waste to an unregistered carrier breaks your duty of care, and you can be fined if it is
              fly-tipped. Find a registered carrier instead:{" "}
              <To to="/search-results">search the directory</To>.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "uk-nations",
      heading: "Carriers based in Wales, Scotland or Northern Ireland",
      body: (
        <ul>
          <li>
            <strong>Wales</strong>: <Official link={OFFICIAL.nrw}>Natural Resources Wales</Official> keeps the
            register for Welsh businesses, with the same CBDU and CBDL numbering.
          </li>
          <li>
            <strong>Scotland</strong>: search <Official link={OFFICIAL.sepa}>SEPA's</Official> public register
            of waste carriers and brokers.
          </li>
          <li>
            <strong>Northern Ireland</strong>: the NIEA's register is available through{" "}
            <Official link={OFFICIAL.daera}>DAERA</Official>.
          </li>
        </ul>
      ),
    },
    {
      id: "help",
      heading: "Still not sure?",
      body: (
        <p>
          You can call the Environment Agency's customer contact centre on <Tel number={PHONE.eaEnquiries} />{" "}
          to ask about a registration in England. Read more about{" "}
          <To to="/resources/carrier-licensing">how waste carrier registration works</To>.
        </p>
      ),
    },
  ],
  officialLinks: [OFFICIAL.eaRegister, ...OTHER_UK_REGULATORS, OFFICIAL.registerAsCarrier],
  related: ["avoiding-fly-tipping", "carrier-licensing", "using-directory"],
};

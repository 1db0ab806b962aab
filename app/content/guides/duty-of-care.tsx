import { ClipboardCheck } from "lucide-react";
import { Callout, Official, To } from "../elements";
import { OFFICIAL, OTHER_UK_REGULATORS } from "../links";
import { ukNationsSection, type Guide } from "./types";

export const dutyOfCare: Guide = {
  slug: "duty-of-care",
  title: "Your waste duty of care",
  description:
    "The legal duty of care for waste under section 34 of the Environmental Protection Act 1990: what householders and businesses must do, and how long to keep waste records.",
  summary:
    "Everyone who produces or handles waste, including householders, is legally responsible for making sure it ends up in the right hands. This is the “duty of care”, and not knowing about it is no defence.",
  audience: "Householders and businesses",
  icon: ClipboardCheck,
  readingMinutes: 6,
  keyPoints: [
    "Section 34 of the Environmental Protection Act 1990 requires you to pass waste only to someone authorised to take it.",
    "Householders have a duty too (section 34(2A)): if your rubbish is fly-tipped by an unregistered carrier you paid, you can be fined.",
    "Businesses must describe waste in a waste transfer note and keep it for at least 2 years.",
    "Hazardous waste travels with a consignment note, which must be kept for 3 years.",
  ],
  sections: [
    {
      id: "what-it-is",
      heading: "What the duty of care is",
      body: (
        <>
          <p>
            Section 34 of the <strong>Environmental Protection Act 1990</strong> says that anyone who
            produces, imports, carries, keeps, treats or disposes of waste, or controls it as a broker or
            dealer, must take all reasonable measures to:
          </p>
          <ul>
            <li>stop the waste being handled, kept or disposed of illegally;</li>
            <li>stop it escaping from their control;</li>
            <li>
              hand it over only to an <strong>authorised person</strong>, such as a registered waste carrier;
            </li>
            <li>give a written description of the waste when it changes hands.</li>
          </ul>
          <p>
            The government's{" "}
            <Official link={OFFICIAL.dutyOfCareCode}>waste duty of care code of practice</Official> explains
            what is expected, and courts can take it into account.
          </p>
        </>
      ),
    },
    {
      id: "householders",
      heading: "The duty of care for householders",
      body: (
        <>
          <p>
            Section 34(2A) of the Act applies to the occupier of every home. You must take all reasonable
            measures to make sure that household waste from your property is passed only to an authorised
            person: your council, a registered waste carrier, or a site with the right permit.
          </p>
          <p>In practice, that means that before you hand your rubbish to anyone you should:</p>
          <ul>
            <li>ask for their waste carrier registration number and check it on the register;</li>
            <li>note who took the waste: name, business, phone number and vehicle registration;</li>
            <li>ask where the waste is going and get a receipt or waste transfer note.</li>
          </ul>
          <Callout tone="warning" title="You can be fined if someone you paid fly-tips your rubbish">
            <p>
              If your waste is found dumped and you did not check that the person you gave it to was
              registered, councils in England can issue you a fixed penalty notice of up to £600, or
              prosecute, where fines are unlimited. Paying someone is not a defence: checking is.
            </p>
          </Callout>
          <p>
            If you hire a builder, gardener or decorator, the waste their work produces is normally theirs to
            deal with as a business, but it is still wise to ask how they will get rid of it and to check
            their registration.
          </p>
        </>
      ),
    },
    {
      id: "businesses",
      heading: "The duty of care for businesses",
      body: (
        <>
          <p>Every business that produces or handles waste must:</p>
          <ul>
            <li>store waste securely so it cannot escape or be blown, washed or taken away;</li>
            <li>classify and describe it, using the List of Waste (EWC) codes;</li>
            <li>
              apply the waste hierarchy: prevent, reuse, recycle, recover, and dispose only as a last resort;
            </li>
            <li>use only registered carriers and sites with the right environmental permit or exemption;</li>
            <li>complete a waste transfer note for every load, or for a series of identical loads.</li>
          </ul>
          <p>
            Breaching the duty of care is a criminal offence. Fines on conviction are unlimited. Read GOV.UK's{" "}
            <Official link={OFFICIAL.managingWaste}>guide to business waste</Official> for the full picture.
          </p>
        </>
      ),
    },
    {
      id: "transfer-notes",
      heading: "Waste transfer notes",
      body: (
        <>
          <p>
            A waste transfer note records each transfer of non-hazardous waste between businesses. It must
            include:
          </p>
          <ul>
            <li>
              a description of the waste, its List of Waste code, how it is contained and how much there is;
            </li>
            <li>
              the names and addresses of both parties, and the carrier's registration number or site permit;
            </li>
            <li>the place, date and time of the transfer;</li>
            <li>the producer's Standard Industrial Classification (SIC) code;</li>
            <li>a declaration that the waste hierarchy has been applied.</li>
          </ul>
          <p>
            Both parties must keep a copy for at least <strong>2 years</strong>, on paper or electronically.
            Regular, identical collections can be covered by a single “season ticket” note for up to a year.
          </p>
          <p>
            Carriers with a claimed listing on this directory can create waste transfer notes from their
            company dashboard.
          </p>
        </>
      ),
    },
    {
      id: "hazardous",
      heading: "Hazardous waste",
      body: (
        <p>
          Hazardous waste moves with a <strong>consignment note</strong> instead of a waste transfer note, and
          the records must be kept for <strong>3 years</strong>. Our{" "}
          <To to="/resources/hazardous-waste-basics">hazardous waste guide</To> covers what counts as
          hazardous.
        </p>
      ),
    },
    ukNationsSection(
      <p>
        The duty of care in section 34 applies in England, Wales and Scotland, with guidance from{" "}
        <Official link={OFFICIAL.nrw}>Natural Resources Wales</Official> and{" "}
        <Official link={OFFICIAL.sepa}>SEPA</Official>. Northern Ireland has an equivalent duty in the Waste
        and Contaminated Land (Northern Ireland) Order 1997, regulated by the NIEA (
        <Official link={OFFICIAL.daera}>DAERA</Official>). The fixed penalty amounts above apply in England;
        the other nations set their own.
      </p>,
    ),
  ],
  officialLinks: [
    OFFICIAL.dutyOfCareCode,
    OFFICIAL.managingWaste,
    OFFICIAL.eaRegister,
    ...OTHER_UK_REGULATORS,
  ],
  related: ["avoiding-fly-tipping", "checking-license", "hazardous-waste-basics"],
};

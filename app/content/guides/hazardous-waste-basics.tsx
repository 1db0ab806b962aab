import { Biohazard } from "lucide-react";
import { Callout, Official, To } from "../elements";
import { OFFICIAL, OTHER_UK_REGULATORS } from "../links";
import { ukNationsSection, type Guide } from "./types";

export const hazardousWasteBasics: Guide = {
  slug: "hazardous-waste-basics",
  title: "Hazardous waste basics",
  description:
    "What counts as hazardous waste, how householders can get rid of it safely, and what businesses must do: classification, carriers, consignment notes kept for 3 years.",
  summary:
    "Some waste is harmful to people or the environment and cannot go in a normal bin or skip. Here is how to recognise it, and the extra rules for getting rid of it.",
  audience: "Householders and businesses",
  icon: Biohazard,
  readingMinutes: 5,
  keyPoints: [
    "Asbestos, chemicals, solvents, oily waste, pesticides, many batteries and some electrical items are hazardous waste.",
    "Householders can take many hazardous items to a recycling centre; never pour chemicals down a drain.",
    "Businesses must classify hazardous waste, keep it separate and use a registered carrier.",
    "Hazardous waste moves with a consignment note, and records must be kept for 3 years.",
  ],
  sections: [
    {
      id: "what-counts",
      heading: "What counts as hazardous waste",
      body: (
        <>
          <p>
            Waste is hazardous when it is harmful to people or the environment. In England the rules are in
            the <strong>Hazardous Waste (England and Wales) Regulations 2005</strong>. Common examples are:
          </p>
          <ul>
            <li>asbestos;</li>
            <li>chemicals such as brake fluid, printer toner, bleach and cleaning products in bulk;</li>
            <li>solvents, some paints, varnishes and wood preservatives;</li>
            <li>pesticides and weedkillers;</li>
            <li>oily waste, such as engine oil and oil filters (but not cooking oil);</li>
            <li>lead-acid car batteries and some other batteries;</li>
            <li>
              fridges and freezers containing ozone-depleting gases, fluorescent tubes and old televisions and
              monitors.
            </li>
          </ul>
          <p>
            Businesses classify waste with the List of Waste (EWC) codes. Some codes depend on what the waste
            contains and need an assessment: GOV.UK explains{" "}
            <Official link={OFFICIAL.classifyWaste}>how to classify different types of waste</Official>.
          </p>
        </>
      ),
    },
    {
      id: "householders",
      heading: "Hazardous waste from your home",
      body: (
        <>
          <ul>
            <li>
              Never put hazardous waste in your bin, and never pour chemicals, paint or oil down a sink or
              drain: it ends up in rivers.
            </li>
            <li>
              Most household waste recycling centres accept paint, engine oil, car batteries, fluorescent
              tubes and gas bottles. Check your council's website first.
            </li>
            <li>Keep products in their original, labelled containers and never mix them.</li>
            <li>
              If you pay someone to take hazardous waste away, they must be a registered upper tier waste
              carrier and take it to a site permitted to accept it. Ask where it is going.
            </li>
          </ul>
          <Callout tone="warning" title="Asbestos: do not disturb it">
            <p>
              Asbestos was widely used in buildings until 1999 and is dangerous when damaged. Removing it is
              covered by the Control of Asbestos Regulations 2012, and much of the work must be done by a
              contractor licensed by the{" "}
              <Official link={OFFICIAL.hseAsbestos}>Health and Safety Executive</Official>. Some councils
              accept small amounts of bonded asbestos, wrapped and by appointment: ask yours before you take
              any.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "businesses",
      heading: "What businesses must do",
      body: (
        <>
          <ul>
            <li>Classify your waste and find out whether it is hazardous before it is collected.</li>
            <li>Keep hazardous waste separate: mixing it with other waste is not allowed.</li>
            <li>Store it safely and securely, in suitable labelled containers.</li>
            <li>Use a registered waste carrier, and make sure it goes to a site authorised to take it.</li>
            <li>
              Complete a <strong>consignment note</strong> every time it moves, and keep your consignment
              records for <strong>3 years</strong>.
            </li>
          </ul>
          <p>
            Businesses in England no longer need to register their premises as hazardous waste producers. Read
            the full requirements on{" "}
            <Official link={OFFICIAL.hazardousWaste}>GOV.UK: Dispose of hazardous waste</Official>.
          </p>
        </>
      ),
    },
    ukNationsSection(
      <ul>
        <li>
          <strong>Wales</strong>: the same regulations apply, but premises that produce or store more than 500
          kg of hazardous waste a year must still be registered with{" "}
          <Official link={OFFICIAL.nrw}>Natural Resources Wales</Official>.
        </li>
        <li>
          <strong>Scotland</strong>: hazardous waste is called “special waste” and is controlled by the
          Special Waste Regulations 1996, regulated by <Official link={OFFICIAL.sepa}>SEPA</Official>.
        </li>
        <li>
          <strong>Northern Ireland</strong>: the Hazardous Waste Regulations (Northern Ireland) 2005 apply,
          regulated by the NIEA (<Official link={OFFICIAL.daera}>DAERA</Official>).
        </li>
      </ul>,
    ),
    {
      id: "find-carrier",
      heading: "Finding a carrier for hazardous waste",
      body: (
        <p>
          Search the directory for carriers that list <strong>Hazardous Waste</strong> among their services,
          then <To to="/resources/checking-license">check their registration</To> before you book. Ask them
          which permitted site the waste will go to.
        </p>
      ),
    },
  ],
  officialLinks: [
    OFFICIAL.hazardousWaste,
    OFFICIAL.classifyWaste,
    OFFICIAL.hseAsbestos,
    OFFICIAL.eaRegister,
    ...OTHER_UK_REGULATORS,
  ],
  related: ["duty-of-care", "household-recycling", "checking-license"],
};

import { Ban } from "lucide-react";
import { Callout, Official, Tel, To } from "../elements";
import { OFFICIAL, OTHER_UK_REGULATORS, PHONE } from "../links";
import type { Guide } from "./types";

export const flyTippingRisks: Guide = {
  slug: "fly-tipping-risks",
  title: "Fly-tipping: the law and the risks",
  description:
    "Fly-tipping law in the UK: section 33 of the Environmental Protection Act 1990, unlimited fines and up to 5 years in prison, fixed penalties, and how to report dumped waste.",
  summary:
    "Fly-tipping is the illegal dumping of waste, from a single bin bag to lorry loads of rubble. It harms people, wildlife and the places we live, costs councils and landowners millions to clear, and the penalties are severe.",
  audience: "Everyone",
  icon: Ban,
  readingMinutes: 5,
  keyPoints: [
    "Fly-tipping is a criminal offence under section 33 of the Environmental Protection Act 1990.",
    "On conviction in the Crown Court it can mean an unlimited fine, up to 5 years in prison, or both.",
    "Councils in England can also issue on-the-spot fines of up to £1,000 and seize vehicles.",
    "Householders whose waste is dumped by an unregistered carrier they paid can be fined too.",
  ],
  sections: [
    {
      id: "what-it-is",
      heading: "What counts as fly-tipping",
      body: (
        <>
          <p>
            Fly-tipping is leaving waste on land that does not have a permit to accept it: a lay-by, a field,
            an alley, a car park or beside a full bin. It includes:
          </p>
          <ul>
            <li>bags of household rubbish, old furniture, mattresses and fridges;</li>
            <li>garden waste, rubble, plasterboard and other building waste;</li>
            <li>tyres, asbestos, chemicals and other hazardous waste.</li>
          </ul>
          <p>
            Councils in England deal with more than a million fly-tipping incidents a year, and most involve
            household waste, much of it handed to someone who promised to take it away cheaply.
          </p>
        </>
      ),
    },
    {
      id: "the-law",
      heading: "The law and the penalties",
      body: (
        <>
          <p>
            Section 33 of the <strong>Environmental Protection Act 1990</strong> makes it an offence to
            deposit waste, or knowingly cause or permit it to be deposited, on land without an environmental
            permit, or to deal with waste in a way likely to pollute the environment or harm people's health.
          </p>
          <ul>
            <li>
              <strong>In the Crown Court</strong> (on indictment): an <strong>unlimited fine</strong>, up to{" "}
              <strong>5 years' imprisonment</strong>, or both.
            </li>
            <li>
              <strong>In a magistrates' court</strong>: an unlimited fine, a prison sentence, or both.
            </li>
            <li>
              <strong>Fixed penalty notices</strong>: councils in England can issue on-the-spot fines of up to
              £1,000 for small-scale fly-tipping.
            </li>
            <li>
              <strong>Vehicle seizure</strong>: councils and the Environment Agency can seize, and eventually
              crush or sell, vehicles used to fly-tip.
            </li>
          </ul>
          <p>Courts can also order offenders to pay clearance and investigation costs and compensation.</p>
          <Callout tone="warning" title="Householders are liable too">
            <p>
              If your rubbish is found dumped, councils can trace it back to you, often from letters or
              parcels in the bags. If you gave it to someone without checking they were a registered waste
              carrier, you can be fined under your <To to="/resources/duty-of-care">duty of care</To>: a fixed
              penalty of up to £600 in England, or an unlimited fine if prosecuted.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "harm",
      heading: "The harm it causes",
      body: (
        <ul>
          <li>
            <strong>Danger</strong>: dumped waste can hide needles, broken glass, asbestos and chemicals, and
            batteries in dumped waste can start fires.
          </li>
          <li>
            <strong>Pollution</strong>: oils, paints and chemicals soak into soil and watercourses and harm
            wildlife and livestock.
          </li>
          <li>
            <strong>Cost</strong>: councils spend millions of pounds of public money each year clearing it,
            and private landowners must usually pay to clear waste dumped on their own land.
          </li>
          <li>
            <strong>Neighbourhoods</strong>: dumped waste attracts rats and more dumping, and blights streets
            and countryside.
          </li>
        </ul>
      ),
    },
    {
      id: "reporting",
      heading: "How to report fly-tipping",
      body: (
        <>
          <p>
            Do not touch the waste or confront anyone dumping it: it may be hazardous, and people who fly-tip
            can be aggressive. If it is safe, note:
          </p>
          <ul>
            <li>the exact location, date and time;</li>
            <li>what the waste is and roughly how much there is;</li>
            <li>the make, colour and registration number of any vehicle involved;</li>
            <li>a description of the people involved, and photographs if you can take them safely.</li>
          </ul>
          <p>Then report it:</p>
          <ul>
            <li>
              <strong>England</strong>: to your local council, using{" "}
              <Official link={OFFICIAL.reportFlytipping}>GOV.UK's fly-tipping reporting service</Official>.
            </li>
            <li>
              <strong>Large amounts, hazardous waste or dumping happening now</strong>: call the Environment
              Agency's 24-hour incident hotline on <Tel number={PHONE.eaIncident} />.
            </li>
            <li>
              <strong>Wales</strong>: to your council, or to Natural Resources Wales on{" "}
              <Tel number={PHONE.nrwIncident} /> for large-scale or hazardous dumping.
            </li>
            <li>
              <strong>Scotland</strong>: to your council or to <Official link={OFFICIAL.sepa}>SEPA</Official>.
            </li>
            <li>
              <strong>Northern Ireland</strong>: to your council or to the NIEA through{" "}
              <Official link={OFFICIAL.daera}>DAERA</Official>.
            </li>
            <li>
              <strong>Anonymously</strong>: call Crimestoppers on <Tel number={PHONE.crimestoppers} />.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "prevention",
      heading: "Stop it at the source",
      body: (
        <p>
          Most fly-tipped household waste starts with a cheap offer from someone who is not registered.
          Checking a carrier takes a minute: read{" "}
          <To to="/resources/avoiding-fly-tipping">how to avoid your rubbish being fly-tipped</To> and{" "}
          <To to="/resources/checking-license">how to check a licence</To>, or{" "}
          <To to="/search-results">search the directory</To> for registered carriers near you.
        </p>
      ),
    },
  ],
  officialLinks: [
    OFFICIAL.reportFlytipping,
    OFFICIAL.eaRegister,
    OFFICIAL.dutyOfCareCode,
    ...OTHER_UK_REGULATORS,
  ],
  related: ["avoiding-fly-tipping", "duty-of-care", "checking-license"],
};

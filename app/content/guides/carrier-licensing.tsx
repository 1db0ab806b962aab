import { BadgeCheck } from "lucide-react";
import { Callout, Official, To } from "../elements";
import { OFFICIAL, OTHER_UK_REGULATORS } from "../links";
import { ukNationsSection, type Guide } from "./types";

export const carrierLicensing: Guide = {
  slug: "carrier-licensing",
  title: "Waste carrier licensing explained",
  description:
    "Who must register as a waste carrier, broker or dealer, upper and lower tier, CBDU and CBDL numbers, how long registration lasts, and the rules across the UK.",
  summary:
    "Anyone who moves waste as part of a business must be registered. Here is what that registration covers, how the two tiers differ and how the rules vary between England, Wales, Scotland and Northern Ireland.",
  audience: "Householders and businesses",
  icon: BadgeCheck,
  readingMinutes: 6,
  keyPoints: [
    "Transporting waste in the course of a business without being registered is a criminal offence.",
    "Upper tier registrations (numbers starting CBDU) last 3 years and must be renewed; lower tier registrations (CBDL) do not expire.",
    "A business that collects other people's rubbish for payment needs an upper tier registration.",
    "In England the Environment Agency keeps the register; Wales, Scotland and Northern Ireland have their own regulators.",
  ],
  sections: [
    {
      id: "what-it-is",
      heading: "What a “waste carrier licence” is",
      body: (
        <>
          <p>
            People talk about a waste carrier <em>licence</em>, but in law it is a{" "}
            <strong>registration</strong>. Any business or organisation that transports waste as part of what
            it does, or buys, sells or disposes of waste, or arranges for someone else to do so (a{" "}
            <strong>broker</strong> or <strong>dealer</strong>), must be registered before it starts.
          </p>
          <p>
            The requirement comes from the <strong>Control of Pollution (Amendment) Act 1989</strong>, which
            makes it an offence to transport controlled waste in the course of a business, or with a view to
            profit, without being registered. In England and Wales the details of the registration system are
            set out in the <strong>Waste (England and Wales) Regulations 2011</strong>.
          </p>
          <p>
            In England the register is kept by the <strong>Environment Agency</strong> and anyone can search
            it for free on the <Official link={OFFICIAL.eaRegister} />.
          </p>
        </>
      ),
    },
    {
      id: "tiers",
      heading: "Upper tier and lower tier",
      body: (
        <>
          <p>There are two kinds of registration, depending on what a business does with waste.</p>
          <h3>Upper tier (registration numbers starting CBDU)</h3>
          <p>Needed by a business that:</p>
          <ul>
            <li>carries other people's waste, for example house clearance, rubbish removal or skip hire;</li>
            <li>carries its own construction or demolition waste, as builders and landscapers do;</li>
            <li>buys, sells or disposes of waste, or arranges for someone else to (brokers and dealers).</li>
          </ul>
          <h3>Lower tier (registration numbers starting CBDL)</h3>
          <p>Enough for an organisation that only:</p>
          <ul>
            <li>carries its own business waste, other than construction or demolition waste;</li>
            <li>is a charity or voluntary organisation;</li>
            <li>is a waste collection, disposal or regulation authority, such as a council;</li>
            <li>deals only with animal by-products or waste from farms, mines or quarries.</li>
          </ul>
          <Callout tone="warning" title="A lower tier number is not enough for a rubbish removal business">
            <p>
              If someone offers to take your rubbish away for money, they need an <strong>upper tier</strong>{" "}
              registration (CBDU). A CBDL number alone only covers the limited cases above, such as charities
              and councils.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "how-long",
      heading: "How long registration lasts",
      body: (
        <>
          <ul>
            <li>
              <strong>Upper tier</strong> registration lasts <strong>3 years</strong>. The business must renew
              it before the expiry date shown on the register, and pays a fee each time.
            </li>
            <li>
              <strong>Lower tier</strong> registration is free and <strong>does not expire</strong>, but the
              business must keep its details up to date and the regulator can revoke it.
            </li>
          </ul>
          <p>
            An expired upper tier registration means the business is no longer authorised to carry waste for
            others until it renews. On this directory, every profile shows whether a registration is valid and
            when it expires or expired.
          </p>
        </>
      ),
    },
    {
      id: "numbers",
      heading: "Registration numbers",
      body: (
        <>
          <p>
            In England and Wales a registration number is <strong>CBDU</strong> (upper tier) or{" "}
            <strong>CBDL</strong> (lower tier) followed by digits. The number belongs to a registered business
            or person, not to a vehicle, so always check that the name on the register matches the business
            you are dealing with.
          </p>
          <p>
            Police, council officers and the Environment Agency can stop a vehicle and ask the driver to show
            proof that the business is registered. Failing to produce it can lead to a fixed penalty, and
            vehicles used for illegal waste activity can be seized.
          </p>
        </>
      ),
    },
    {
      id: "penalties",
      heading: "Penalties for carrying waste without registration",
      body: (
        <>
          <p>
            Transporting waste for a business without being registered is a criminal offence that can lead to
            an <strong>unlimited fine</strong>. Unregistered carriers are also the people most likely to
            fly-tip, which is a separate and more serious offence under section 33 of the Environmental
            Protection Act 1990, with up to 5 years in prison. See our guide to{" "}
            <To to="/resources/fly-tipping-risks">fly-tipping risks</To>.
          </p>
        </>
      ),
    },
    ukNationsSection(
      <>
        <ul>
          <li>
            <strong>Wales</strong>: <Official link={OFFICIAL.nrw}>Natural Resources Wales</Official> registers
            carriers based in Wales. The system mirrors England's, with the same upper and lower tiers and the
            same CBDU and CBDL numbering.
          </li>
          <li>
            <strong>Scotland</strong>: the{" "}
            <Official link={OFFICIAL.sepa}>Scottish Environment Protection Agency</Official> keeps its own
            register of waste carriers and brokers under Scottish law, with its own number format.
          </li>
          <li>
            <strong>Northern Ireland</strong>: the Northern Ireland Environment Agency, part of{" "}
            <Official link={OFFICIAL.daera}>DAERA</Official>, keeps its own register.
          </li>
        </ul>
        <p>
          Carriers register with the regulator where their business is based, so a firm from Scotland working
          in England may appear on SEPA's register rather than the Environment Agency's.
        </p>
      </>,
    ),
    {
      id: "registering",
      heading: "Registering your own business",
      body: (
        <>
          <p>
            Businesses in England register or renew online through{" "}
            <Official link={OFFICIAL.registerAsCarrier}>GOV.UK</Official>. The UK government has consulted on
            reforming the system, including bringing carriers, brokers and dealers under environmental
            permitting; the GOV.UK page always sets out the rules currently in force.
          </p>
          <p>
            Already registered? Your business is probably listed here already: you can{" "}
            <To to="/register">claim your listing</To> to add contact details, services and the areas you
            cover.
          </p>
        </>
      ),
    },
  ],
  officialLinks: [OFFICIAL.eaRegister, OFFICIAL.registerAsCarrier, ...OTHER_UK_REGULATORS],
  related: ["checking-license", "duty-of-care", "using-directory"],
};

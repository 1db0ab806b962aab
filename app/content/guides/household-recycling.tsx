import { Recycle } from "lucide-react";
import { Callout, Official, To } from "../elements";
import { OFFICIAL } from "../links";
import { ukNationsSection, type Guide } from "./types";

export const householdRecycling: Guide = {
  slug: "household-recycling",
  title: "Household recycling and getting rid of rubbish legally",
  description:
    "How to recycle and dispose of household waste legally in the UK: council collections, recycling centres, bulky items, electricals and batteries, and when to hire a carrier.",
  summary:
    "Most household waste can go through your council's collections or local recycling centre, often for free. Here is how to use them well, and what to do with the things they will not take.",
  audience: "Householders",
  icon: Recycle,
  readingMinutes: 5,
  keyPoints: [
    "Start with your council: kerbside collections, bulky waste collections and household waste recycling centres.",
    "Reuse comes before recycling: sell, donate or give away things that still work.",
    "Never put batteries or electricals in your bin: they can cause fires in bin lorries and recycling plants.",
    "If you pay someone to take waste away, they must be a registered waste carrier.",
  ],
  sections: [
    {
      id: "council",
      heading: "Start with your council",
      body: (
        <>
          <p>
            Your council collects household rubbish and recycling, and what goes in which bin varies from area
            to area. Your council's website tells you your collection days and what it accepts:{" "}
            <Official link={OFFICIAL.findCouncil}>find your local council on GOV.UK</Official>.
          </p>
          <p>
            Under the government's <strong>Simpler Recycling</strong> reforms, councils in England are moving
            to collect the same core materials from every home: paper and card, plastic, glass, metal, food
            waste and garden waste. Garden waste collections can still be charged for.
          </p>
          <p>
            <Official link={OFFICIAL.recycleNow}>Recycle Now</Official> has a postcode search that shows what
            can be recycled where you live.
          </p>
        </>
      ),
    },
    {
      id: "recycling-centres",
      heading: "Household waste recycling centres",
      body: (
        <>
          <p>
            Household waste recycling centres, often called “the tip”, take far more than your bins can:
            garden waste, wood, metal, electricals, textiles, and often paint, oil and batteries. They are
            free for household waste from local residents. Before you go:
          </p>
          <ul>
            <li>check whether you need to book a slot or bring proof of address;</li>
            <li>check the rules for vans and trailers, which often need a permit;</li>
            <li>
              check the limits on DIY waste such as rubble, plasterboard and bathroom suites, which some
              councils restrict or charge for;
            </li>
            <li>sort your waste before you arrive: it is quicker and more of it gets recycled.</li>
          </ul>
        </>
      ),
    },
    {
      id: "reuse",
      heading: "Reuse first",
      body: (
        <p>
          Furniture, appliances, clothes and toys that still work are more useful in someone else's home than
          in a skip. Sell or give them away online, offer them to friends and neighbours, or contact furniture
          reuse charities and charity shops, many of which collect. Clothes and shoes that cannot be reused
          can usually go in textile banks.
        </p>
      ),
    },
    {
      id: "bulky-items",
      heading: "Bulky items",
      body: (
        <p>
          Most councils run a bulky waste collection for items such as sofas, mattresses, fridges and washing
          machines, usually for a fee. When you buy a new appliance or piece of furniture, ask whether the
          retailer will take the old one away.
        </p>
      ),
    },
    {
      id: "electricals",
      heading: "Electricals and batteries",
      body: (
        <>
          <p>
            Anything with a plug, battery or cable is waste electrical and electronic equipment. Shops that
            sell electricals must offer a way to take back your old item when you buy a similar new one,
            either in store or through a free take-back scheme, and recycling centres accept them too. Shops
            that sell batteries usually have a collection box for used ones.
          </p>
          <Callout tone="warning" title="Keep batteries out of your bin">
            <p>
              Lithium batteries in vapes, phones, toys and power tools can catch fire when crushed in a bin
              lorry or at a recycling plant. Take them to a battery collection point, with the terminals taped
              over.
            </p>
          </Callout>
          <p>
            Paint, chemicals, gas bottles and asbestos need special handling: see our{" "}
            <To to="/resources/hazardous-waste-basics">hazardous waste guide</To>.
          </p>
        </>
      ),
    },
    {
      id: "hiring-help",
      heading: "When you need to hire help",
      body: (
        <>
          <p>
            For a house or garden clearance, or waste from building work, you may need a skip, a “man and van”
            or a rubbish removal firm. Whoever you choose must be a <strong>registered waste carrier</strong>,
            and you should check their registration before they take anything: it is part of your{" "}
            <To to="/resources/duty-of-care">duty of care</To>.
          </p>
          <ul>
            <li>
              <To to="/search-results">Search the directory</To> for licensed carriers near you.
            </li>
            <li>
              A skip placed on the road needs a permit from the council; a reputable skip hire firm arranges
              it.
            </li>
            <li>Ask for a receipt or waste transfer note that says what was taken and where it is going.</li>
          </ul>
        </>
      ),
    },
    ukNationsSection(
      <p>
        Councils across the UK run collections and recycling centres, but the rules differ. The Simpler
        Recycling reforms apply in England. In Wales, workplaces have had to separate their recycling by law
        since April 2024, and Welsh councils already collect a wide range of materials separately. In Scotland
        and Northern Ireland, check your council's website for what it collects.
      </p>,
    ),
  ],
  officialLinks: [OFFICIAL.findCouncil, OFFICIAL.recycleNow, OFFICIAL.eaRegister, OFFICIAL.hazardousWaste],
  related: ["avoiding-fly-tipping", "hazardous-waste-basics", "using-directory"],
};

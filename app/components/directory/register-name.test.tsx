/**
 * Decision 0281 as the server renders it: the licence check and the profile name the
 * registration's holder as the register does; a listing's own name is shown only as a trading
 * name beside it.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Provider } from "~/modules/directory/provider";
import { LicencePanel } from "./licence-panel";
import { ProfileHeader } from "./profile/profile-header";
import { ProfileSidebar } from "./profile/profile-sidebar";

const REGISTERED: Provider = {
  registration_number: "CBDL281003",
  business_name: "SMALL YARD CLEARANCES",
  register_name: "SMALL YARD CLEARANCES",
  company_number: null,
  registration_type: "carrier_broker_dealer",
  registration_tier: "LOWER",
  applicant_type: null,
  registration_date: "2024-01-01",
  expiry_date: null,
  address: "1 Yard Lane",
  town: "Leeds",
  postcode: "LS1 4AP",
  easting: null,
  northing: null,
  is_claimed: true,
  is_premium: false,
  verified: true,
  logo_url: null,
  phone: null,
  email: null,
  website: null,
  about: null,
  services: [],
  areas_covered: [],
  subscription_plan: "standard",
  subscription_period: "monthly",
  updated_at: "2026-11-29T00:00:00Z",
};
const RENAMED: Provider = { ...REGISTERED, business_name: "Biffa Waste Services" };

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}
/** The page's text, tags out and entities read, in one line. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the licence check", () => {
  it("names the register's holder, and a renamed listing's name only as a trading name", () => {
    const answer = text(render(<LicencePanel query="CBDL281003" provider={RENAMED} />));
    expect(answer).toContain("Valid Registration (lower tier registrations do not expire)");
    expect(answer).toContain("Registered to: SMALL YARD CLEARANCES · CBDL281003");
    expect(answer).toContain(
      "Listed here as Biffa Waste Services : a trading name the business gave its listing, not its name on the register.",
    );
    // Never the borrowed name as the registration's holder.
    expect(answer).not.toMatch(/Registered to: Biffa/);
  });

  it("names the holder once when the listing keeps the register's name", () => {
    const answer = text(render(<LicencePanel query="CBDL281003" provider={REGISTERED} />));
    expect(answer).toContain("Registered to: SMALL YARD CLEARANCES · CBDL281003");
    expect(answer).not.toContain("Listed here as");
    const recased = { ...REGISTERED, business_name: "Small Yard Clearances" };
    expect(text(render(<LicencePanel query="CBDL281003" provider={recased} />))).not.toContain(
      "Listed here as",
    );
  });
});

describe("the profile", () => {
  it("says under a renamed listing's name whose trading name it is", () => {
    const header = text(render(<ProfileHeader provider={RENAMED} registerAsOf={null} quotes={false} />));
    expect(header).toContain(
      "Biffa Waste Services Trading name of SMALL YARD CLEARANCES , the registration holder on the public register",
    );
    expect(
      text(render(<ProfileHeader provider={REGISTERED} registerAsOf={null} quotes={false} />)),
    ).not.toContain("Trading name");
  });

  it("the registration details card names the holder as the register does", () => {
    const card = text(render(<ProfileSidebar provider={RENAMED} website={null} registerAsOf={null} />));
    expect(card).toContain("Registered to SMALL YARD CLEARANCES");
    expect(card).not.toContain("Biffa");
  });
});

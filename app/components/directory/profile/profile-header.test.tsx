/**
 * The profile's header and the owner's quote notice as the server renders them (decision 0276): the
 * business's signed-in owner is not invited to "Request a Quote" from itself; visitors are.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { OwnQuotesNotice } from "~/components/enquiries/own-quotes-notice";
import type { Provider } from "~/modules/directory/provider";
import { ProfileHeader } from "./profile-header";

// Asserted, not annotated: the register's own name (`register_name`) is read beside the listing's.
const PROVIDER = {
  registration_number: "CBDU727601",
  business_name: "Quote Bins Ltd",
  register_name: "QUOTE BINS LTD",
  company_number: null,
  registration_type: "CARRIER_DEALER",
  registration_tier: "UPPER",
  applicant_type: null,
  registration_date: "2024-01-01",
  expiry_date: "2099-01-01",
  address: "1 Mirror Lane",
  town: "Leeds",
  postcode: "LS1 4AP",
  easting: null,
  northing: null,
  is_claimed: true,
  is_premium: true,
  verified: true,
  logo_url: null,
  phone: "01632 960123",
  email: "office@quote-bins.example",
  website: null,
  about: null,
  services: [],
  areas_covered: [],
  subscription_plan: "premium",
  subscription_period: "monthly",
  updated_at: "2026-11-29T00:00:00Z",
} as Provider;

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("ProfileHeader", () => {
  it("invites a visitor to request a quote, beside the phone", () => {
    for (const ownBusiness of [false, undefined]) {
      const html = render(
        <ProfileHeader provider={PROVIDER} registerAsOf={null} quotes ownBusiness={ownBusiness} />,
      );
      expect(html).toContain('href="#quote"');
      expect(html).toContain("Request a Quote");
      expect(html).toContain('aria-label="Call Quote Bins Ltd"');
    }
  });

  it("does not invite the business's signed-in owner to ask itself; the phone stays", () => {
    const html = render(<ProfileHeader provider={PROVIDER} registerAsOf={null} quotes ownBusiness />);
    expect(html).not.toContain("Request a Quote");
    expect(html).not.toContain('href="#quote"');
    expect(html).toContain('aria-label="Call Quote Bins Ltd"');
    // Without a phone there is no action left, and no empty box for one.
    const noPhone = render(
      <ProfileHeader provider={{ ...PROVIDER, phone: null }} registerAsOf={null} quotes ownBusiness />,
    );
    expect(noPhone).not.toContain("Request a Quote");
    expect(noPhone).not.toContain("sm:items-stretch");
  });
});

describe("OwnQuotesNotice", () => {
  it("says why there is no form and links to the owner's quote requests, with no form element", () => {
    const html = render(<OwnQuotesNotice businessName="Quote Bins Ltd" />);
    expect(html).toContain('data-testid="own-quotes-notice"');
    expect(html).toContain("Your customers ask you for quotes here");
    expect(html).toContain(
      "You&#x27;re signed in as the owner of Quote Bins Ltd, so the quote request form is not shown to you. Your customers still see it here, and their requests are listed on your dashboard.",
    );
    expect(html).toContain('href="/company/quotes"');
    expect(html).toContain("See your quote requests");
    for (const tag of ["<form", "<input", "<textarea", "<select", "<button"]) expect(html).not.toContain(tag);
  });
});

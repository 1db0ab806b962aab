/**
 * The dashboard's Listing Details card for a suspended listing (decision 0256): the notice the
 * quote requests and reviews pages show, the details and logo as they are, and no form at all;
 * the header's badge says "Suspended", not "Verified Listing".
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { summariseRegistration } from "~/modules/company/registration-summary";
import { DashboardHeader } from "./dashboard-header";
import { ListingCard } from "./listing-card";

describe("ListingCard, suspended", () => {
  it("shows the notice and the details read-only, with no form, field or button", () => {
    const html = renderToStaticMarkup(
      <ListingCard
        verified
        suspended
        hasDraft={false}
        address="1 Dock Road, Portbury"
        logoUrl="/company-logo/cbdu700001-logo-1-0000000000000000.png"
        businessName="Suspended Skips Ltd"
        logoError={null}
        values={{
          businessName: "Suspended Skips Ltd",
          about: null,
          phone: "0117 496 0100",
          email: "office@suspended-skips.example",
          services: ["Skip Hire", "Garden Waste"],
        }}
        errors={undefined}
      />,
    );
    expect(html).toContain("Your listing is suspended");
    expect(html).toContain(
      "You can read your listing details but not change them while your listing is suspended.",
    );
    expect(html).toContain("Suspended Skips Ltd");
    expect(html).toContain("0117 496 0100");
    expect(html).toContain("Skip Hire, Garden Waste");
    expect(html).toContain("1 Dock Road, Portbury");
    expect(html).toContain('alt="Suspended Skips Ltd logo"');
    for (const tag of ["<form", "<input", "<textarea", "<button"]) expect(html).not.toContain(tag);
  });
});

describe("DashboardHeader, suspended", () => {
  it("names the listing's state as suspended, not verified", () => {
    const html = (suspended: boolean) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <DashboardHeader
            listing={{
              businessName: "Suspended Skips Ltd",
              verified: true,
              registrationNumber: "CBDU700001",
              suspended,
            }}
            registration={summariseRegistration(
              { state: "valid", until: "2031-01-01", daysLeft: 900, expiringSoon: false },
              "UPPER",
            )}
          />
        </MemoryRouter>,
      );
    expect(html(true)).toContain(">Suspended<");
    expect(html(true)).not.toContain("Verified Listing");
    expect(html(false)).toContain("Verified Listing");
  });
});

/**
 * The registration's words and colours on the profile's banner and the result card's badge: an
 * upper tier entry without an expiry date is "not confirmed" in amber, never "valid" in green
 * (decision 0280); a lower tier one does not expire.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EXPIRY_UNKNOWN_TEXT } from "~/modules/directory/registration";
import { ValidityBadge, ValidityBanner } from "./validity";

const html = (el: React.ReactElement) => renderToStaticMarkup(el).replaceAll("&#x27;", "'");

describe("validity", () => {
  it("an upper tier entry without an expiry date is not confirmed, in amber", () => {
    const provider = { registration_tier: "UPPER", expiry_date: null } as const;
    const banner = html(<ValidityBanner provider={provider} />);
    expect(banner).toContain(EXPIRY_UNKNOWN_TEXT);
    expect(banner).toContain("check it on the Environment Agency's public register");
    expect(banner).toContain("amber");
    expect(banner).not.toContain("Valid Registration");
    const badge = html(<ValidityBadge provider={provider} />);
    expect(badge).toContain("Not confirmed");
    expect(badge).not.toContain("Valid licence");
  });

  it("a lower tier entry without an expiry date does not expire, in green", () => {
    const provider = { registration_tier: "LOWER", expiry_date: null } as const;
    expect(html(<ValidityBanner provider={provider} />)).toContain(
      "Valid Registration (lower tier registrations do not expire)",
    );
    expect(html(<ValidityBadge provider={provider} />)).toContain("Valid licence");
  });
});

/**
 * The reviews section as the server renders it (decision 0267): the business's signed-in owner
 * reads a notice, with the way to their reviews and replies, where visitors have the review form;
 * with no reviews yet the owner is not invited to be the first.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ReviewsSection, type ReviewsData } from "./reviews-section";

const NONE: ReviewsData = { ok: true, reviews: [], average: null, count: 0 };

function render(ownBusiness: boolean | undefined, initial: ReviewsData = NONE) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <ReviewsSection
          registrationNumber="CBDU726701"
          businessName="Tidy Bins Ltd"
          initial={initial}
          ownBusiness={ownBusiness}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("ReviewsSection", () => {
  it("shows the business's signed-in owner a notice and no form", () => {
    const html = render(true);
    expect(html).toContain('data-testid="own-business-notice"');
    expect(html).toContain("You can&#x27;t review your own business");
    expect(html).toContain(
      "You&#x27;re signed in as the owner of Tidy Bins Ltd, so the review form is not shown to you. Your customers still see it here.",
    );
    expect(html).toContain('href="/company/reviews"');
    expect(html).toContain("Reply to your reviews");
    expect(html).toContain("No reviews yet.");
    for (const text of ["Be the first", "Write a review", "Submit Review"]) expect(html).not.toContain(text);
    for (const tag of ["<form", "<input", "<textarea", "<select", "<button"]) expect(html).not.toContain(tag);
  });

  it("shows everyone else the form, as before", () => {
    for (const ownBusiness of [false, undefined]) {
      const html = render(ownBusiness);
      expect(html).toContain('aria-label="Write a review"');
      expect(html).toContain("Submit Review");
      expect(html).toContain("No reviews yet. Be the first to review Tidy Bins Ltd.");
      expect(html).not.toContain("own-business-notice");
    }
  });
});

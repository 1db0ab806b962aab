import { describe, expect, it } from "vitest";
import { SITE_NAME } from "~/platform/brand";
import { adminMeta, pageMeta, SITE_CARD_PATH, socialCardUrl } from "./meta";

const titleOf = (tags: ReturnType<typeof pageMeta>) =>
  (tags.find((t) => "title" in t) as { title: string } | undefined)?.title;

describe("pageMeta", () => {
  it("adds the site's name after the page's title, also when the title names the site", () => {
    expect(titleOf(pageMeta({ title: "Login", noindex: true }))).toBe(`Login | ${SITE_NAME}`);
    expect(titleOf(pageMeta({ title: `How to use the ${SITE_NAME}`, description: "x" }))).toBe(
      `How to use the ${SITE_NAME} | ${SITE_NAME}`,
    );
    expect(
      titleOf(pageMeta({ title: `${SITE_NAME}: find a licensed waste carrier`, description: "x" })),
    ).toBe(`${SITE_NAME}: find a licensed waste carrier`);
  });

  it("keeps private pages out of search results and gives public ones a description and canonical URL", () => {
    expect(adminMeta("Leads")).toEqual([
      { title: `Leads | Admin | ${SITE_NAME}` },
      { name: "robots", content: "noindex" },
    ]);
    const tags = pageMeta({ title: "About", description: "About us", canonical: "https://x.example/about" });
    expect(tags).toContainEqual({ name: "description", content: "About us" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://x.example/about" });
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("gives every public page the Open Graph and Twitter card set, with the site's card on the canonical origin", () => {
    const tags = pageMeta({
      title: "About",
      description: "About us",
      canonical: "https://directory.example/about",
    });
    const content = (property: string) =>
      (tags.find((t) => "property" in t && t.property === property) as { content: string } | undefined)
        ?.content;
    expect(content("og:title")).toBe("About");
    expect(content("og:description")).toBe("About us");
    expect(content("og:type")).toBe("website");
    expect(content("og:url")).toBe("https://directory.example/about");
    expect(content("og:image")).toBe(`https://directory.example${SITE_CARD_PATH}`);
    expect(content("og:image:width")).toBe("1200");
    expect(content("og:image:height")).toBe("630");
    expect(content("og:image:alt")).toBe(SITE_NAME);
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("uses a page's own card when it has one, and leaves out an image it cannot address absolutely", () => {
    const card = socialCardUrl("https://directory.example/", "provider", "CBDU 1/2");
    expect(card).toBe("https://directory.example/og/provider/CBDU%201%2F2.png");
    const own = pageMeta({
      title: "Greenway",
      description: "A carrier",
      canonical: "https://directory.example/provider/CBDU1",
      type: "profile",
      image: card,
      imageAlt: "Greenway's card",
    });
    expect(own).toContainEqual({ property: "og:image", content: card });
    expect(own).toContainEqual({ property: "og:image:alt", content: "Greenway's card" });
    expect(own).toContainEqual({ property: "og:type", content: "profile" });
    expect(own.filter((t) => "property" in t && t.property === "og:image")).toHaveLength(1);
    // No canonical URL, no absolute address for the site's card: no image, the small card.
    const bare = pageMeta({ title: "Register", description: "Claim your listing" });
    expect(bare.some((t) => "property" in t && t.property === "og:image")).toBe(false);
    expect(bare).toContainEqual({ name: "twitter:card", content: "summary" });
    // Private pages say nothing to link previews.
    expect(adminMeta("Leads").some((t) => "property" in t)).toBe(false);
  });
});

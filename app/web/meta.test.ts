import { describe, expect, it } from "vitest";
import { SITE_NAME } from "~/platform/brand";
import { adminMeta, pageMeta } from "./meta";

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
});

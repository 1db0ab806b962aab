import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  CARD_SIZE,
  escapeSvgText,
  SITE_CARD,
  socialCardImage,
  socialCardSvg,
  textWidth,
  wrapText,
} from "./social-card.server";

const bold = { size: 68, bold: true };

describe("social cards", () => {
  it("escapes what a name may hold: no markup, no control characters, nothing fetched", () => {
    expect(escapeSvgText(`A & B <script>"x"</script>\u0000'`)).toBe(
      "A &amp; B &lt;script&gt;&quot;x&quot;&lt;/script&gt; &apos;",
    );
    const svg = socialCardSvg({
      title: `<image href="http://evil.example/x.png"/> Skips & Co`,
      badge: { text: "</text><script>", tone: "bad" },
      details: ["<a>", "line 2", "line 3 is left out"],
    });
    expect(svg).not.toMatch(/<image|<script|<a>|href="/);
    expect(svg).toContain(">&lt;image</text>");
    expect(svg).toContain(">Skips &amp; Co</text>");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(svg).not.toContain("line 3");
  });

  it("wraps a long name on at most three lines, none wider than the card's text", () => {
    const name = "THE VERY LONG NAMED WASTE MANAGEMENT AND SKIP HIRE COMPANY OF GREATER MANCHESTER LIMITED";
    const lines = wrapText(name, bold, 3);
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toMatch(/…$/);
    for (const line of lines) expect(textWidth(line, bold.size, true)).toBeLessThanOrEqual(1040);
    expect(wrapText("Greenway Waste Solutions", bold, 3)).toEqual(["Greenway Waste Solutions"]);
    // A word wider than a line is cut rather than run off the card.
    const [word] = wrapText("W".repeat(80), bold, 3);
    expect(word).toMatch(/^W+…$/);
    expect(textWidth(word!, bold.size, true)).toBeLessThanOrEqual(1040);
  });

  it("draws a 1200×630 PNG once per distinct card, named by a stable ETag", async () => {
    const card = { title: "Greenway Waste Solutions", details: ["Manchester"] };
    const first = socialCardImage(card);
    const again = socialCardImage({ ...card });
    expect(again.etag).toBe(first.etag);
    expect(socialCardImage({ ...card, title: "Other" }).etag).not.toBe(first.etag);
    const png = await first.png();
    expect(await again.png()).toBe(png); // the same buffer: not drawn twice
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", ...CARD_SIZE });
  });

  it("the site's own card is in public/, a 1200×630 PNG", async () => {
    const file = fs.readFileSync(path.resolve(import.meta.dirname, "../../../public/social-card.png"));
    expect(await sharp(file).metadata()).toMatchObject({ format: "png", ...CARD_SIZE });
    expect(SITE_CARD.title).toBe("Find a licensed waste carrier");
  });
});

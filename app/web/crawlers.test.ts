import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { isCrawler } from "./crawlers";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("isCrawler", () => {
  it("tells a crawler from a browser, the same on every call", () => {
    for (let i = 0; i < 3; i++) {
      expect(isCrawler(GOOGLEBOT)).toBe(true);
      expect(isCrawler(CHROME)).toBe(false);
    }
  });

  it("takes a request without a User-Agent as a person's", () => {
    expect(isCrawler(null)).toBe(false);
    expect(isCrawler(undefined)).toBe(false);
    expect(isCrawler("")).toBe(false);
  });

  it("answers as isbot does for user agents too long to remember, and for many different ones", () => {
    const long = `${CHROME} ${"x".repeat(600)}`;
    expect(isCrawler(long)).toBe(isbot(long));
    expect(isCrawler(`${GOOGLEBOT} ${"y".repeat(600)}`)).toBe(true);
    // More distinct agents than are remembered: each still gets isbot's answer.
    for (let i = 0; i < 2_500; i++) {
      const agent = i % 2 ? `${CHROME} build/${i}` : `ExampleCrawler/${i}.0 bot`;
      expect(isCrawler(agent)).toBe(isbot(agent));
    }
  });
});

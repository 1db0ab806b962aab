/**
 * The one e-mail address rule (decision 0259): one plain `local@domain` and nothing a mail library
 * could read as a list, a display name, a comment or a route. Each refused spelling below was taken
 * by the old visitor pattern (`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`) and, handed to nodemailer as text,
 * delivered to the victim's inbox alone while counting as another mailbox.
 */
import { describe, expect, it } from "vitest";
import { EMAIL_ADDRESS, EMAIL_MAX_LENGTH, isEmailAddress, normaliseEmail } from "./email-address";

/** The review's spellings: each was delivered only to victim@gmail.com. */
const SMUGGLED_SPELLINGS = [
  "1,victim@gmail.com",
  "a;victim@gmail.com",
  "foo<victim@gmail.com>",
  "victim@gmail.com(x)",
  "victim@gmail.com,www.evil.example/prize",
];

const REFUSED = [
  ...SMUGGLED_SPELLINGS,
  "victim@gmail.com, other@example.test",
  "Victim <victim@gmail.com>",
  "<victim@gmail.com>",
  "(x)victim@gmail.com",
  '"victim"@gmail.com',
  '"a,b"@gmail.com',
  "victim@gmail.com:x",
  "group:victim@gmail.com;",
  "a\\b@gmail.com",
  "victim@gmail.com\\",
  "victim@gmail.com/prize",
  "a b@gmail.com",
  " victim@gmail.com",
  "victim@gmail.com ",
  "victim@gmail.com\n",
  "victim@gmail.com\r\nBcc: other@example.test",
  "\tvictim@gmail.com",
  "victim@gmail.com\u00a0",
  "a@b@gmail.com",
  "victim@[127.0.0.1]",
  "victim@gmail",
  "victim@gmail.c",
  "victim@gmail.com.",
  ".victim@gmail.com",
  "vic..tim@gmail.com",
  "victim.@gmail.com",
  "victim'@gmail.com",
  "victim@gmail..com",
  "victim@-gmail.com",
  "@gmail.com",
  "victim@",
  "",
  "vïctim@gmail.com",
  `${"a".repeat(EMAIL_MAX_LENGTH - "@example.test".length + 1)}@example.test`,
];

const ACCEPTED = [
  "ann+1@example.co.uk",
  "o'brien@example.test",
  "Ann.Smith@Example.COM",
  "a_b-c.d@sub-domain.example.org",
  "x@y.io",
  "123@456.example",
  `${"a".repeat(EMAIL_MAX_LENGTH - "@example.test".length)}@example.test`,
];

describe("the one e-mail address rule", () => {
  it("refuses every spelling that is not one plain address", () => {
    for (const text of REFUSED) expect(isEmailAddress(text), JSON.stringify(text)).toBe(false);
  });

  it("takes ordinary addresses: +tags, apostrophes, dots, hyphens, capitals, up to 254 characters", () => {
    for (const text of ACCEPTED) expect(isEmailAddress(text), JSON.stringify(text)).toBe(true);
  });

  it("refuses whitespace, commas, semicolons, angle brackets, parentheses, quotes, colons, backslashes and slashes anywhere", () => {
    for (const c of [
      " ",
      "\t",
      "\n",
      "\r",
      ",",
      ";",
      "<",
      ">",
      "(",
      ")",
      '"',
      ":",
      "\\",
      "/",
      "[",
      "]",
      "@",
    ]) {
      for (const text of [
        `a${c}b@example.test`,
        `ab@exa${c}mple.test`,
        `ab@example.test${c}`,
        `${c}ab@example.test`,
      ])
        expect(isEmailAddress(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("the pattern alone is the same rule without the length bound, and is not stateful", () => {
    expect(EMAIL_ADDRESS.flags).toBe("");
    for (const text of ACCEPTED) expect(EMAIL_ADDRESS.test(text)).toBe(true);
    for (const text of SMUGGLED_SPELLINGS) expect(EMAIL_ADDRESS.test(text)).toBe(false);
  });

  it("answers long hostile input (no catastrophic backtracking: the test's time-out would catch one)", () => {
    for (const text of [
      `${"a.".repeat(5000)}@`,
      `${"a".repeat(10000)}!`,
      `a@${"a-".repeat(5000)}`,
      `a@${"a.".repeat(5000)}1`,
    ])
      expect(EMAIL_ADDRESS.test(text)).toBe(false);
  });

  it("normaliseEmail trims and lower-cases; a normalised accepted address is still accepted", () => {
    expect(normaliseEmail("  Ann+1@Example.CO.UK ")).toBe("ann+1@example.co.uk");
    for (const text of ACCEPTED) expect(isEmailAddress(normaliseEmail(text))).toBe(true);
  });
});

// The cookie policy lists every cookie the product sets, by the name a browser sees in development
// (`__name`; `__Host-name` over HTTPS), and nothing else.
import { describe, expect, it } from "vitest";
import { LINK_COOKIE } from "~/web/link-cookie.server";
import { REVIEWS_COOKIE } from "~/web/reviewer-cookie.server";
import { cookieName } from "~/web/cookies.server";
import { SESSION_COOKIE } from "~/web/session-cookie.server";
import { TOAST_COOKIE } from "~/web/toast.server";
import { COOKIES } from "./site";

describe("the cookie policy", () => {
  it("names exactly the cookies the site sets", () => {
    const plain = { sessionSecret: "x".repeat(32), isProduction: false, publicUrl: "http://localhost:3000" };
    const set = [SESSION_COOKIE, TOAST_COOKIE, LINK_COOKIE, REVIEWS_COOKIE].map((spec) =>
      cookieName(spec, plain),
    );
    expect(COOKIES.map((c) => c.name)).toEqual(set);
    const secure = { ...plain, publicUrl: "https://example.org" };
    expect(cookieName(SESSION_COOKIE, secure)).toBe("__Host-session");
  });
});

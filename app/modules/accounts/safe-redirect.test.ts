import { describe, expect, it } from "vitest";
import { landingPath, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/company")).toBe("/company");
    expect(safeRedirect("/admin/leads?page=2#top")).toBe("/admin/leads?page=2#top");
  });
  it.each([
    "//evil.example",
    "https://evil.example/x",
    "http://evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil",
    "/%0d%0aSet-Cookie:x",
    "/\t/evil.example",
    "/.//evil.example/login",
    "/..//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "",
    null,
    42,
  ])("refuses %s", (to) => {
    const r = safeRedirect(to);
    if (r !== null) expect(r.startsWith("/") && !r.startsWith("//")).toBe(true);
    if (typeof to === "string" && /evil/.test(to) && !to.startsWith("/%0")) expect(r).toBeNull();
  });
  it("lands admins on /admin and others on /company unless a safe path is given", () => {
    expect(landingPath(true, null)).toBe("/admin");
    expect(landingPath(false, undefined)).toBe("/company");
    expect(landingPath(false, "//evil.example")).toBe("/company");
    expect(landingPath(true, "/company/waste-notes")).toBe("/company/waste-notes");
  });
});

import { describe, expect, it } from "vitest";
import type { Config } from "~/platform/env.server";
import { mailboxAllowed } from "./access.server";

const cfg = (isProduction: boolean) => ({ isProduction }) as Config;

describe("development mailbox access", () => {
  it("is open only outside production, to requests from this machine", () => {
    expect(mailboxAllowed({ config: cfg(false), clientIp: "127.0.0.1" })).toBe(true);
    expect(mailboxAllowed({ config: cfg(false), clientIp: "::1" })).toBe(true);
    expect(mailboxAllowed({ config: cfg(false), clientIp: "203.0.113.9" })).toBe(false);
    expect(mailboxAllowed({ config: cfg(true), clientIp: "127.0.0.1" })).toBe(false);
  });
});

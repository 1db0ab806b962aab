import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { parseTrustProxy, type Config } from "~/platform/env.server";
import { clientAddress, isLocalRequest } from "~/web/client-address.server";
import { mailboxAllowed } from "./access.server";

const request = (socket: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: socket },
    connection: { remoteAddress: socket },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  }) as unknown as IncomingMessage;

function allowed(isProduction: boolean, trustProxy: string, socket: string, forwardedFor?: string): boolean {
  const config = { isProduction, trustProxy: parseTrustProxy(trustProxy) } as Config;
  const localRequest = isLocalRequest(
    clientAddress(request(socket, forwardedFor), config.trustProxy),
    config.trustProxy,
  );
  return mailboxAllowed({ config, localRequest });
}

describe("development mailbox access", () => {
  it("is open only outside production, to a connection from this machine", () => {
    expect(allowed(false, "false", "127.0.0.1")).toBe(true);
    expect(allowed(false, "false", "::1")).toBe(true);
    expect(allowed(false, "false", "203.0.113.9")).toBe(false);
    expect(allowed(true, "false", "127.0.0.1")).toBe(false);
  });

  it("never believes a forwarded address, and is off whenever a proxy is trusted", () => {
    expect(allowed(false, "false", "203.0.113.9", "127.0.0.1")).toBe(false);
    expect(allowed(false, "true", "127.0.0.1", "127.0.0.1")).toBe(false);
    expect(allowed(false, "loopback", "127.0.0.1")).toBe(false);
    expect(allowed(false, "1", "203.0.113.9", "127.0.0.1")).toBe(false);
  });

  it("is closed behind a proxy on this machine that TRUST_PROXY does not name (every visitor arrives from 127.0.0.1)", () => {
    expect(allowed(false, "false", "127.0.0.1", "203.0.113.9")).toBe(false);
    expect(allowed(false, "false", "::1", "198.51.100.4")).toBe(false);
  });
});

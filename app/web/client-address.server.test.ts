import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/platform/env.server";
import { clientAddress, isLocalRequest, limitKey, requestOrigin } from "./client-address.server";

const from = (socket: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: socket },
    connection: { remoteAddress: socket },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  }) as unknown as IncomingMessage;

describe("the client's address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const a = clientAddress(from("203.0.113.7", "1.1.1.1"), parseTrustProxy("false"));
    expect(a).toEqual({
      socket: "203.0.113.7",
      client: "203.0.113.7",
      viaTrustedProxy: false,
      forwarded: true,
    });
  });

  it("behind a trusted proxy that appends, is the entry the proxy added, not one the client forged", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; nginx appended the address it saw.
    const trust = parseTrustProxy("loopback");
    expect(clientAddress(from("127.0.0.1", "6.6.6.6, 198.51.100.23"), trust).client).toBe("198.51.100.23");
    expect(clientAddress(from("127.0.0.1", "198.51.100.23"), trust).client).toBe("198.51.100.23");
    // "true" trusts loopback and private networks only.
    expect(clientAddress(from("10.1.2.3", "6.6.6.6, 198.51.100.23"), parseTrustProxy("true")).client).toBe(
      "198.51.100.23",
    );
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    const a = clientAddress(from("203.0.113.7", "198.51.100.23"), parseTrustProxy("loopback"));
    expect(a.client).toBe("203.0.113.7");
    expect(a.viaTrustedProxy).toBe(false);
  });

  it("with a hop count, takes that many proxies from the right", () => {
    const trust = parseTrustProxy("2");
    expect(clientAddress(from("10.0.0.2", "6.6.6.6, 198.51.100.23, 10.0.0.1"), trust).client).toBe(
      "198.51.100.23",
    );
  });

  it("keys IPv6 clients by their /64 and IPv4-mapped ones as IPv4", () => {
    expect(limitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:db8:1:2::9")).toBe(limitKey("2001:db8:1:2:ffff::1"));
    expect(limitKey("2001:db8:1:3::1")).not.toBe(limitKey("2001:db8:1:2::1"));
    expect(limitKey("::ffff:192.0.2.5")).toBe("192.0.2.5");
    expect(limitKey("192.0.2.5")).toBe("192.0.2.5");
  });

  it("refuses a TRUST_PROXY value proxy-addr cannot read", () => {
    expect(() => parseTrustProxy("not-an-address")).toThrow(/TRUST_PROXY/);
  });

  it("counts as local only a loopback socket with no trusted proxy in front", () => {
    expect(isLocalRequest(clientAddress(from("127.0.0.1"), null), null)).toBe(true);
    expect(isLocalRequest(clientAddress(from("::1"), null), null)).toBe(true);
    // Behind a local proxy every visitor arrives from 127.0.0.1: not local.
    const trust = parseTrustProxy("loopback");
    expect(isLocalRequest(clientAddress(from("127.0.0.1", "203.0.113.9"), trust), trust)).toBe(false);
    expect(isLocalRequest(clientAddress(from("203.0.113.9"), null), null)).toBe(false);
  });
});

describe("the origin a request is judged by", () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it("is PUBLIC_URL in production, whatever Node saw", () => {
    expect(
      requestOrigin(
        new URL("http://10.0.0.5:3000/login"),
        h({}),
        { isProduction: true, publicUrl: "https://carriers.example" },
        false,
      ),
    ).toBe("https://carriers.example");
  });
  it("takes a trusted proxy's X-Forwarded-Proto and Host in development, and ignores an untrusted one's", () => {
    const headers = h({ "x-forwarded-proto": "https", host: "carriers.example" });
    const config = { isProduction: false, publicUrl: "http://localhost:3000" };
    expect(requestOrigin(new URL("http://carriers.example/login"), headers, config, true)).toBe(
      "https://carriers.example",
    );
    expect(requestOrigin(new URL("http://carriers.example/login"), headers, config, false)).toBe(
      "http://carriers.example",
    );
  });
  it("is PUBLIC_URL's when the Host is PUBLIC_URL's host", () => {
    expect(
      requestOrigin(
        new URL("http://carriers.example/x"),
        h({}),
        { isProduction: false, publicUrl: "https://carriers.example" },
        false,
      ),
    ).toBe("https://carriers.example");
  });
});

/**
 * Who sent a request (decision 0008). The socket's own address is the only one we know; a
 * forwarded address (X-Forwarded-For) is believed only through proxies TRUST_PROXY names, read
 * from the right so that entries a client wrote itself are never taken (proxy-addr). For limits,
 * an IPv6 client is its /64 (one home or host gets a whole /64 and could rotate inside it).
 */
import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";
import type { ProxyTrust } from "~/platform/env.server";
import { memo } from "~/platform/memo";

export interface ClientAddress {
  /** The peer on the socket (a proxy, or the client itself). */
  socket: string;
  /** The client as far as trusted proxies say, normalised for rate limits: IPv4, or an IPv6 /64. */
  client: string;
  /** The socket's peer is a proxy TRUST_PROXY names. */
  viaTrustedProxy: boolean;
  /** The request says a proxy passed it on (X-Forwarded-For, Forwarded or X-Real-IP), trusted or not. */
  forwarded: boolean;
}

const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

export function clientAddress(
  incoming: IncomingMessage | undefined,
  trust: ProxyTrust | null,
): ClientAddress {
  const socket = incoming?.socket?.remoteAddress ?? "unknown";
  const forwarded = FORWARDING_HEADERS.some((name) => incoming?.headers?.[name] !== undefined);
  if (!incoming || socket === "unknown")
    return { socket, client: "unknown", viaTrustedProxy: false, forwarded };
  const address = trust ? proxyaddr(incoming, trust) : socket;
  return { socket, client: limitKey(address), viaTrustedProxy: !!trust && trust(socket, 0), forwarded };
}

/**
 * IPv4 as it is ("::ffff:1.2.3.4" becomes "1.2.3.4"); IPv6 as its /64 ("2001:db8:0:1::/64").
 * Remembered for the last 1,000 addresses (parsing one was 0.4% of a page's CPU).
 */
export const limitKey = memo(parseLimitKey, 1000);

function parseLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toString()}/64`;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * True for a connection from this machine that no proxy stands in front of. A request that says a
 * proxy passed it on is not local even when TRUST_PROXY is unset: behind an untrusted proxy on this
 * machine every visitor's socket is 127.0.0.1 (decision 0265).
 */
export function isLocalRequest(address: ClientAddress, trust: ProxyTrust | null): boolean {
  return trust === null && !address.forwarded && LOOPBACK.test(address.socket);
}

/**
 * The origin the browser used: PUBLIC_URL in production; elsewhere the forwarded protocol and
 * host when a trusted proxy sent them, PUBLIC_URL when the Host is PUBLIC_URL's, or what Node saw.
 */
export function requestOrigin(
  raw: URL,
  headers: Headers,
  config: { isProduction: boolean; publicUrl: string },
  viaTrustedProxy: boolean,
): string {
  const publicOrigin = originOf(config.publicUrl);
  if (config.isProduction) return publicOrigin;
  if (viaTrustedProxy) {
    const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? headers.get("host");
    if ((proto === "http" || proto === "https") && host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host))
      return `${proto}://${host}`;
  }
  if (raw.host === new URL(publicOrigin).host) return publicOrigin;
  return raw.origin;
}

/** PUBLIC_URL's origin, parsed once per value rather than on every request (issue 18). */
const originOf = memo((publicUrl: string) => new URL(publicUrl).origin, 10);

/** TOTP (RFC 6238: SHA-1, 6 digits, 30 s) and recovery-code helpers shared by the two-factor verbs. */
import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { SITE_NAME } from "~/platform/brand";

export const TOTP_ISSUER = SITE_NAME;
export const RECOVERY_CODE_COUNT = 10;

export function totpFor(secretBase32: string, label = "account"): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step a code belongs to (accepting one step of clock drift either way), or null.
 * Steps at or before `lastStep` are refused, so a code cannot be used twice.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 30_000) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** Ten random codes like "k7m2-q9xp", shown once; only their hashes are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]/g, "");
}

export function hashRecoveryCode(code: string): string {
  return crypto
    .createHash("sha256")
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest("hex");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(code));
}

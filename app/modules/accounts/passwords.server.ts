/** Password hashing with argon2id (@node-rs/argon2, OWASP parameters). */
import { hash, verify } from "@node-rs/argon2";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Algorithm 2 = Argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return hash(password, OPTIONS as any);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the same time as checking a real password, for unknown e-mails and accounts without a
 * password, so that response times do not tell which e-mails have accounts. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword("dummy-password-for-constant-time-checks");
  await verifyPassword(await dummy, password);
  return false;
}

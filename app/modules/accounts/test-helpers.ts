/** Test helpers for the accounts module (not used by the app). */
import type { Database } from "~/platform/db/database.server";
import { hashPassword } from "./passwords.server";

export const TEST_CONFIG = { publicUrl: "http://localhost:9999", EMAIL_CONFIRMATION: true } as const;

export async function makeUser(
  db: Database,
  email: string,
  options: { password?: string | null; confirmed?: boolean; totpSecret?: string } = {},
): Promise<{ id: string; email: string }> {
  const password = options.password === undefined ? "secret-pass" : options.password;
  return db
    .insertInto("users")
    .values({
      email,
      password_hash: password === null ? null : await hashPassword(password),
      email_confirmed_at: options.confirmed === false ? null : new Date(),
      totp_secret: options.totpSecret ?? null,
      totp_enabled_at: options.totpSecret ? new Date() : null,
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}

/** Absolute links placed in e-mails. */
import type { Config } from "~/platform/env.server";

type Base = Pick<Config, "publicUrl">;

export const links = {
  login: (c: Base) => `${c.publicUrl}/login`,
  requestReset: (c: Base) => `${c.publicUrl}/request-reset`,
  security: (c: Base) => `${c.publicUrl}/account/security`,
  confirmEmail: (c: Base, token: string) => `${c.publicUrl}/auth/confirm?token=${encodeURIComponent(token)}`,
  resetPassword: (c: Base, token: string) =>
    `${c.publicUrl}/auth/recovery?token=${encodeURIComponent(token)}`,
  invite: (c: Base, token: string) => `${c.publicUrl}/auth/invite?token=${encodeURIComponent(token)}`,
};

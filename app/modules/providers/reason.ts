/**
 * The reason an admin gives for suspending or reinstating a provider (decision 0805): required,
 * sent to the owner and kept in the history. Shared by the dialog and the server's check.
 */
export const REASON_MAX = 1000;

export type SuspensionAction = "suspend" | "reinstate";

export const REASON_TEXT = {
  suspend: "Enter a reason for suspending this provider",
  reinstate: "Enter a reason for reinstating this provider",
  tooLong: `Keep the reason under ${REASON_MAX} characters`,
} as const;

/** The reason as stored (trimmed), or the message saying what is wrong with it. */
export function checkReason(
  action: SuspensionAction,
  raw: unknown,
): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (!reason) return { ok: false, error: REASON_TEXT[action] };
  if (reason.length > REASON_MAX) return { ok: false, error: REASON_TEXT.tooLong };
  return { ok: true, reason };
}

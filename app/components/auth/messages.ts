/** The spec's exact wording for the sign-in and password screens (public-side spec, section 8). */
export const MESSAGES = {
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  unconfirmed: "Please check your email and click the confirmation link before signing in.",
  tooManyAttempts: "Too many login attempts. Please wait a moment before trying again.",
  loginFailed: "Login failed. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  loginFailedToast: "Login Failed",
  loginSuccessToast: "Login Successful",
  footerNote: "Access restricted to approved business accounts and administrators only.",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordsDoNotMatch: "Passwords do not match",
  notLoggedIn: "You must be logged in to set your password. Please check your email for a valid link.",
  notLoggedInToast: "Not Logged In",
  noSessionHint: "Please check your email for a valid password reset link",
  accountVerified: "Account Verified",
  setPasswordFailed: "An error occurred while setting your password",
  setPasswordFailedToast: "Password Set Failed",
  emailRequired: "Please enter your email address",
  resetFailedToast: "Reset Request Failed",
  accessDenied: "Access Denied",
  accessRestricted: "Access is restricted to authorized administrators only.",
} as const;

/**
 * Signing in before confirming the e-mail: the spec's sentence, then which link works (issue 14,
 * item 16). A new link voids the earlier ones; within the resend window no new one is sent.
 */
export const UNCONFIRMED_MESSAGES = {
  newLink: `${MESSAGES.unconfirmed} We've sent a new link; earlier links no longer work.`,
  earlierLinkStands: (when: string) =>
    `${MESSAGES.unconfirmed} Use the link we sent earlier. If you cannot find it, you can ask for a new one ${when} by signing in again.`,
} as const;

/** "in 40 seconds", "in 1 minute", "in 12 minutes" (rounded up): when a limited action may be tried again. */
export function retryIn(retryAt: Date | string, now = Date.now()): string {
  const s = Math.max(Math.ceil((new Date(retryAt).getTime() - now) / 1000), 1);
  if (s < 60) return `in ${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `in ${m} minute${m === 1 ? "" : "s"}`;
}

/**
 * What each limit says (decision 0409). Sign-in and second-factor limits keep the spec's sentence
 * first (section 8, 'Too many requests') and add when to try again; the account page's are new cases.
 */
export const LIMIT_MESSAGES = {
  signInFromHere: (when: string) => `${MESSAGES.tooManyAttempts} You can try again ${when}.`,
  signInSlowed: (when: string) =>
    `${MESSAGES.tooManyAttempts} There have been many failed sign-ins for this email address from different places, so each try now has to wait: you can try again ${when}.`,
  codesForAccount: (when: string) =>
    `${MESSAGES.tooManyAttempts} Too many wrong codes have been entered for this account: you can try again ${when}.`,
  codesFromHere: (when: string) =>
    `${MESSAGES.tooManyAttempts} Too many wrong codes have been entered from your network: you can try again ${when}.`,
  currentPassword: (when: string) =>
    `Too many wrong passwords. For your security, please wait and try again ${when}.`,
  accountCode: (when: string) =>
    `Too many wrong codes. For your security, please wait and try again ${when}.`,
} as const;

/** Seconds for a 429 response's Retry-After header. */
export function retryAfterSeconds(retryAt: Date | string, now = Date.now()): string {
  return String(Math.max(1, Math.ceil((new Date(retryAt).getTime() - now) / 1000)));
}

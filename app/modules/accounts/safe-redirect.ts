/**
 * Where to send a user back to after sign-in: only a path on this site. Anything that could leave
 * the site (absolute URLs, protocol-relative //host, back-slash tricks, control characters) falls
 * back to `fallback`.
 */
export function safeRedirect(to: unknown, fallback: string | null = null): string | null {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const base = "http://same.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    // What comes out is checked too: "/.//evil.example" resolves to the path "//evil.example",
    // which a browser reads as another site.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}

/** Where a user lands after signing in. */
export function landingPath(isAdmin: boolean, redirectTo: unknown): string {
  return safeRedirect(redirectTo) ?? (isAdmin ? "/admin" : "/company");
}

/**
 * The reviewer's marks (decision 0410): a signed, httpOnly cookie holding a mark of each review this
 * browser sent (at most 20, newest last), and the signed-in user's e-mail. Together they say which
 * "already reviewed?" questions this visitor may be answered.
 */
import type { RouterContextProvider } from "react-router";
import type { Reviewer } from "~/modules/reviews/reviewer.server";
import { hasCookie, signedCookie, type CookieConfig, type CookieSpec } from "~/web/cookies.server";
import { getApp } from "~/web/context";
import { getUser } from "~/web/guards.server";

const MAX_MARKS = 20;
/** `__Host-reviews` over HTTPS, `__reviews` in development (cookies.server.ts); kept a year. */
export const REVIEWS_COOKIE: CookieSpec = { name: "reviews", maxAgeSeconds: 365 * 24 * 60 * 60 };
const cookieFor = (config: CookieConfig) => signedCookie(REVIEWS_COOKIE, config);

async function readMarks(request: Request, config: CookieConfig): Promise<string[]> {
  if (!hasCookie(request, REVIEWS_COOKIE, config)) return [];
  const value: unknown = await cookieFor(config).parse(request.headers.get("Cookie"));
  return Array.isArray(value)
    ? value.filter((m): m is string => typeof m === "string").slice(-MAX_MARKS)
    : [];
}

export async function getReviewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Reviewer> {
  const { config } = getApp(context);
  const [user, marks] = await Promise.all([getUser(request, context), readMarks(request, config)]);
  return { signedInEmail: user?.email ?? null, marks };
}

/** The Set-Cookie header that adds `mark` to this browser's marks. */
export function addReviewMark(config: CookieConfig, reviewer: Reviewer, mark: string): Promise<string> {
  const marks = [...reviewer.marks.filter((m) => m !== mark), mark].slice(-MAX_MARKS);
  return cookieFor(config).serialize(marks);
}

/**
 * Why the claim wizard cannot start for this registration number: none given, not on the
 * register, a load failure, expired or removed, sign-ups used up on this network, already
 * claimed, or a claim pending.
 */
import { Ban, CalendarX, CircleHelp, Clock, Hourglass, SearchX, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import type { ClaimTarget } from "~/modules/claims/find-claim-target.server";
import { ClaimProblem } from "./claim-ui";

/** What the claim wizard's loader answers. */
export type ClaimLoadResult =
  | { kind: "missing" | "not-found" | "error" }
  | { kind: "claimed" | "pending"; business: ClaimTarget }
  /** `since`: the expiry date, or the day it left the register, as shown ('1 January 2024'). */
  | { kind: "expired" | "removed"; business: ClaimTarget; since: string | null }
  /** Sign-ups from this network are used up (signed out only): `when` is 'in 23 minutes'. */
  | { kind: "signup-limited"; business: ClaimTarget; when: string }
  /** The signed-in account manages, or has claimed, `otherListing` (an account manages one). */
  | { kind: "other-listing"; business: ClaimTarget; otherListing: string }
  | { kind: "ready"; business: ClaimTarget; account: { email: string } | null };

function SignUpLimited({ registrationNumber, when }: { registrationNumber: string; when: string }) {
  return (
    <ClaimProblem
      icon={<Hourglass className="size-6" />}
      title={CLAIM_TEXT.signUpLimitTitle}
      message={CLAIM_TEXT.signUpLimited(when)}
    >
      <p className="mt-2 text-sm text-slate-600">
        Already have an account?{" "}
        <Link
          to={`/login?redirectTo=${encodeURIComponent(`/claim/${registrationNumber}`)}`}
          className="font-medium text-brand-700 underline"
        >
          Sign in
        </Link>{" "}
        and claim with it: no new account is needed.
      </p>
    </ClaimProblem>
  );
}

type Problem = Exclude<ClaimLoadResult, { kind: "ready" | "signup-limited" }>;

/** The icon, title and message of each problem that has nothing more to say. */
function describe(load: Problem): { Icon: LucideIcon; title: string; message: string } {
  switch (load.kind) {
    case "missing":
      return {
        Icon: CircleHelp,
        title: CLAIM_TEXT.noNumber,
        message: "Find your business by its registration number or name to start a claim.",
      };
    case "not-found":
      return {
        Icon: SearchX,
        title: CLAIM_TEXT.notFound,
        message: "No business on the register has this registration number. Check it and try again.",
      };
    case "error":
      return { Icon: Ban, title: CLAIM_TEXT.loadFailed, message: "Please try again in a moment." };
    case "expired":
      return {
        Icon: CalendarX,
        title: CLAIM_TEXT.expiredTitle,
        message: CLAIM_TEXT.expired(load.since ?? ""),
      };
    case "removed":
      return {
        Icon: CalendarX,
        title: CLAIM_TEXT.removedTitle,
        message: `${load.since ? `Removed on ${load.since}. ` : ""}${CLAIM_TEXT.removed}`,
      };
    case "claimed":
      return {
        Icon: Ban,
        title: CLAIM_TEXT.alreadyClaimed,
        message: "If you run this business and did not claim it, please contact support.",
      };
    case "other-listing":
      return {
        Icon: Ban,
        title: "Your account already has a listing",
        message: CLAIM_TEXT.otherListing(load.otherListing),
      };
    default:
      return { Icon: Clock, title: "Claim pending", message: CLAIM_TEXT.pendingClaim };
  }
}

/** The problems that end the claim before it starts (every kind but "ready"). */
export function ClaimLoadProblem({ load }: { load: Exclude<ClaimLoadResult, { kind: "ready" }> }) {
  if (load.kind === "signup-limited")
    return <SignUpLimited registrationNumber={load.business.registrationNumber} when={load.when} />;
  const { Icon, title, message } = describe(load);
  // A problem with a business on the register links to its listing.
  const business = "business" in load ? load.business : null;
  return (
    <ClaimProblem
      icon={<Icon className="size-6" />}
      title={title}
      message={message}
      registrationNumber={business?.registrationNumber}
      profile={business ? true : undefined}
    />
  );
}

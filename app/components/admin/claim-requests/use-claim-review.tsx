/**
 * The Claim Requests screen's open review: which claim is open and in which mode, opened from the
 * loader (?claim=…&action=…), closed once a decision went through, and the query taken off the
 * address without interrupting a decision being sent (issue 14, item 15).
 * (A .tsx file so that lint applies the React hooks rules to it: they are set for .tsx files.)
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import type { ClaimView, ReviewMode } from "~/components/claims/claim-review";

export interface OpenReview {
  claim: ClaimView;
  mode: ReviewMode;
}

export function useClaimReview({
  selected,
  mode,
  actionData,
}: {
  /** The claim the loader opened (?claim=…), if any. */
  selected: ClaimView | null;
  mode: ReviewMode;
  /**
   * What the last refused decision answered (undefined when there was none); with `claim`, the
   * claim as it is now (an approval refused because the owner's draft changed, decision 0268).
   */
  actionData: { error?: string; claim?: ClaimView } | undefined;
}) {
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const [review, setReview] = useState<OpenReview | null>(selected ? { claim: selected, mode } : null);
  useEffect(() => {
    // The review follows the loader: a claim's link (?claim=…) opens it, also on this page.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (selected) setReview({ claim: selected, mode });
  }, [selected, mode]);
  // A refusal that brings the claim as it is now: the open review shows it (the owner's new draft,
  // and its version in the approve form), in the same mode.
  const fresh = actionData?.claim;
  useEffect(() => {
    if (fresh)
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setReview((open) => (open && open.claim.id === fresh.id ? { claim: fresh, mode: open.mode } : open));
  }, [fresh]);
  // A decision that went through (the action redirected, no error came back) closes the review.
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST")
      submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      // Closed once the navigation that carried the decision settles, not while it runs.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (!actionData?.error) setReview(null);
    }
  }, [navigation.state, navigation.formMethod, actionData]);
  // Opened from a link (?claim=…&action=…): keep the review open, take the query off the address.
  // That is a navigation of its own, and one started while a decision is being sent interrupts it
  // (the approval is lost, or its success toast): issue 14, item 15. So it is never started once a
  // form has been sent from this page: a submit is seen as it happens (a capturing listener, which
  // runs before the router starts the request and before React re-renders with the new
  // navigation state, which it may do a while later), and the navigation state is checked again
  // when the timer fires. A decision's redirect takes the query off anyway; after a refused
  // decision the query stays (clearing it would clear the error) until the review is closed.
  const clearQuery = useCallback(() => {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("claim");
        next.delete("action");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);
  const hasQuery = searchParams.has("claim") || searchParams.has("action");
  const idle = navigation.state === "idle";
  const formSent = useRef(false);
  const navigationState = useRef(navigation.state);
  // Read by the timer below when it fires: the state as of the latest render (issue 14, item 15).
  // eslint-disable-next-line react-hooks/refs
  navigationState.current = navigation.state;
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.method.toLowerCase() === "post")
        formSent.current = true;
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  // A new address (the decision's redirect, another claim's link) starts afresh.
  useEffect(() => {
    formSent.current = false;
  }, [location.key]);
  useEffect(() => {
    if (!hasQuery || !idle || actionData || formSent.current) return;
    const timer = setTimeout(() => {
      if (!formSent.current && navigationState.current === "idle") clearQuery();
    }, 500);
    return () => clearTimeout(timer);
  }, [hasQuery, idle, actionData, clearQuery, location.key]);
  /** The dialog was closed by the admin. */
  const close = () => {
    setReview(null);
    // Closed before the query was taken off (say, after a refused decision): take it off now.
    if (hasQuery && idle) clearQuery();
  };
  return { review, setReview, close };
}

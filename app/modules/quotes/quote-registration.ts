/**
 * Quote requests go only to a carrier whose registration is in force today (decision 0260), by the
 * one rule of app/modules/directory/registration.ts: valid (an expiring one too, until its expiry
 * date comes) or lower tier. An expired registration, or one no longer on the register, takes
 * none: the profile and the cards say why where "Request a Quote" would be, the quote page says it
 * instead of the form, and createQuoteRequest refuses with the same words. Pure (pages and server).
 */
import { EXPIRY_UNKNOWN_TEXT, isInForce, registrationState } from "~/modules/directory/registration";
import { formatDate } from "~/platform/dates";

/** Why a carrier takes no quote requests: a title, a sentence, and a card's few words. */
export interface QuotesClosed {
  title: string;
  description: string;
  short: string;
}

type Registration = Parameters<typeof registrationState>[0];

/** Why the carrier takes no quote requests today, or null when its registration is in force. */
export function quotesClosedBy(registration: Registration, now: Date = new Date()): QuotesClosed | null {
  const state = registrationState(registration, now);
  if (isInForce(state)) return null;
  if (state.state === "expired")
    return {
      // The profile banner's words (spec: 'Expired Registration since {date}').
      title: `Expired Registration since ${formatDate(state.since)}`,
      description:
        "This carrier's registration has expired, so it can't take quote requests through the directory.",
      short: "Registration expired: no quote requests",
    };
  if (state.state === "expiry-unknown")
    return {
      title: EXPIRY_UNKNOWN_TEXT,
      description:
        "The register shows no expiry date for this carrier's registration, so it can't take quote requests through the directory until it is confirmed.",
      short: "Registration not confirmed: no quote requests",
    };
  return {
    title: "No longer on the register",
    description:
      "This carrier is no longer on the public register, so it can't take quote requests through the directory.",
    short: "Not on the register: no quote requests",
  };
}

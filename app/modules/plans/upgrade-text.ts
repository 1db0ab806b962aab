/** The upgrade page's messages (pure: the page and the server share them). */
export const UPGRADE_TEXT = {
  pending:
    "Your claim is awaiting approval: you can ask for Premium once it is approved. (The plan you chose with your claim is confirmed when we approve it.)",
  suspended:
    "Your listing is suspended: plan changes are not available while it is suspended. Please contact us.",
  alreadyPremium: "You are already on the Premium plan.",
  alreadyOpen: "You have already asked for Premium: we will be in touch.",
  noListing: "There is no business listing linked to your account.",
  requested: "Upgrade requested",
  requestedDetail:
    "We have your request. We will contact you about payment within 1 to 2 business days, then switch your plan to Premium.",
} as const;

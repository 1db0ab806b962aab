/**
 * Facts about the service that the static pages quote. One place, so the Contact, Privacy,
 * Terms and FAQ pages cannot drift apart.
 */

/** How people reach us. The support mailbox address is not published yet: pages say this instead. */
export const SUPPORT_ROUTE = "our support team via the contact page";

/** Spec, section 9: "Contact response within 24 hours"; Contact page: the opening hours. */
export const CONTACT_RESPONSE_TIME = "within 24 hours";
export const SUPPORT_HOURS = "Monday to Friday 9:00 AM to 5:00 PM";

/** Spec, section 9: "Claim review takes 1 to 2 business days." */
export const CLAIM_REVIEW_TIME = "1 to 2 business days";

/** When the legal pages and guides were last checked against the law and the product. */
export const LAST_REVIEWED = { iso: "2026-11", label: "November 2026" } as const;

/** The attribution the Open Government Licence asks for. */
export const OGL_ATTRIBUTION =
  "Contains public sector information licensed under the Open Government Licence v3.0.";

/** Cookies the product sets (the Cookies and Privacy pages list exactly these). */
export const COOKIES = [
  {
    name: "__session",
    purpose:
      "Keeps you signed in to a business or admin account. It holds a random token only; your account details stay on our server.",
    setWhen: "When you sign in",
    lasts: "30 days, renewed while you use the site; deleted when you log out",
  },
  {
    name: "__toast",
    purpose: "Carries a one-off confirmation message (for example “Message sent”) to the next page you see.",
    setWhen: "After you submit some forms",
    lasts: "60 seconds at most; removed as soon as the message is shown",
  },
  {
    name: "__pwlink",
    purpose:
      "Holds the one-time link from a “set your password” or “reset your password” e-mail while you choose a password, so the link is not left in your browser history.",
    setWhen: "When you open such a link",
    lasts: "30 minutes at most; removed when the password is set",
  },
  {
    name: "__reviews",
    purpose:
      "Remembers which businesses you have reviewed from this browser, so we can tell you that you already have without telling anyone else.",
    setWhen: "When you confirm a review with the link we e-mail you",
    lasts: "1 year",
  },
] as const;

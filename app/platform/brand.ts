/** The product's name: page titles, e-mails, PDFs, the authenticator app's label. */
export const SITE_NAME = "UK Waste Carrier Directory";

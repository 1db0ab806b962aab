/** The configuration the account, claim and admin services take in tests: e-mail confirmation on. */
export const TEST_CONFIG = { publicUrl: "http://localhost:9999", EMAIL_CONFIRMATION: true } as const;

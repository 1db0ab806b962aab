/** Whether this e-mail has already reviewed the provider (pending, published or rejected). */
import type { Database } from "~/platform/db/database.server";
import { normaliseReviewEmail } from "./review-schema";

export async function hasReviewed(db: Database, registrationNumber: string, email: string): Promise<boolean> {
  const normalised = normaliseReviewEmail(email);
  if (!normalised.includes("@") || normalised.length > 254) return false;
  const row = await db
    .selectFrom("reviews")
    .select("id")
    .where("provider_id", "=", registrationNumber)
    .where("reviewer_email", "=", normalised)
    .executeTakeFirst();
  return !!row;
}

-- A review counts only once its writer has confirmed the e-mail address it was written with
-- (decision 0250). Until then it waits here, out of `reviews`: never in the moderation queue, the
-- company area, the profile or the "already reviewed" checks. The e-mailed link carries a random
-- token; only its SHA-256 is kept. Opening the link changes nothing; the page's button confirms it
-- (mail scanners open links). Rows are deleted 7 days after their link expired (the daily privacy
-- purge), so that an old link still says "expired" for a while rather than "not valid".
CREATE TABLE unconfirmed_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id text NOT NULL REFERENCES directory_entries (registration_number),
  reviewer_name text NOT NULL CHECK (length(reviewer_name) BETWEEN 1 AND 200),
  reviewer_email text NOT NULL CHECK (reviewer_email = lower(btrim(reviewer_email)) AND reviewer_email LIKE '%_@_%'),
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  review_text text NOT NULL CHECK (length(review_text) BETWEEN 1 AND 5000),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  -- Set when the link was used: the review it became (null again only if that review is deleted).
  confirmed_at timestamptz,
  review_id uuid REFERENCES reviews (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (review_id IS NULL OR confirmed_at IS NOT NULL)
);
CREATE INDEX unconfirmed_reviews_expires_idx ON unconfirmed_reviews (expires_at);

-- When the writer confirmed the address; null for the reviews written before confirmation existed.
ALTER TABLE reviews ADD COLUMN confirmed_at timestamptz;

-- One live review per address and provider: a pending or published review holds the place, a
-- rejected one no longer does (its writer may write again, confirmed and moderated like any other).
-- Migration 0001 made every review, rejected ones too, hold the place.
DROP INDEX reviews_one_per_email;
CREATE UNIQUE INDEX reviews_one_per_email ON reviews (provider_id, reviewer_email) WHERE rejected_at IS NULL;

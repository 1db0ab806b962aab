-- Quotes and reviews in the company area (issue 19, item 8; decision 0604).
-- The carrier's own handling of a quote request: a status of its own beside the admin's
-- (quote_requests.status stays the admin's 'pending' / 'contacted' / 'closed', untouched), private
-- notes, and when the carrier last changed either.
ALTER TABLE quote_requests
  ADD COLUMN carrier_status text NOT NULL DEFAULT 'new'
    CHECK (carrier_status IN ('new', 'contacted', 'won', 'lost')),
  ADD COLUMN carrier_notes text CHECK (length(carrier_notes) BETWEEN 1 AND 2000),
  ADD COLUMN carrier_updated_at timestamptz;
-- The owner's list (newest first, keyset-paged, optionally one status) and the dashboard's count.
CREATE INDEX quote_requests_carrier_page_idx
  ON quote_requests (provider_id, created_at DESC, id DESC);
CREATE INDEX quote_requests_carrier_status_idx
  ON quote_requests (provider_id, carrier_status, created_at DESC, id DESC);

-- A business's public reply to a review: one per review, moderated like reviews (pending until an
-- administrator publishes it), shown under the review on the profile once published.
CREATE TABLE review_replies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  review_id uuid NOT NULL UNIQUE REFERENCES reviews (id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES directory_entries (registration_number),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
  written_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  moderated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  moderated_at timestamptz,
  CHECK ((status = 'pending') = (moderated_at IS NULL))
);
CREATE INDEX review_replies_pending_idx ON review_replies (updated_at, id) WHERE status = 'pending';
CREATE INDEX review_replies_provider_idx ON review_replies (provider_id);

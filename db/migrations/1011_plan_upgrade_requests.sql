-- Upgrade requests (issue 14, item 11): a carrier asks for Premium from /company/upgrade; an admin
-- handles it on /admin/providers (changing the plan closes it). No payment is taken yet.
-- At most one open request per listing.
CREATE TABLE plan_upgrade_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES claimed_listings (id) ON DELETE CASCADE,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  period text NOT NULL CHECK (period IN ('monthly', 'yearly')),
  message text CHECK (message IS NULL OR length(message) <= 1000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- How it was closed: the plan was changed, or the admin closed it without a change.
  outcome text CHECK (outcome IS NULL OR outcome IN ('plan_changed', 'dismissed')),
  closed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'open') = (closed_at IS NULL)),
  CHECK ((status = 'open') = (outcome IS NULL))
);
CREATE UNIQUE INDEX plan_upgrade_requests_one_open ON plan_upgrade_requests (listing_id) WHERE status = 'open';
CREATE INDEX plan_upgrade_requests_listing_idx ON plan_upgrade_requests (listing_id, created_at DESC);

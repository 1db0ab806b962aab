-- Admin lists of leads, quote requests and contact messages page by (created_at DESC, id DESC)
-- (keyset pagination, decision 0601); these indexes serve that order exactly at any depth.
CREATE INDEX IF NOT EXISTS general_leads_page_idx ON general_leads (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS quote_requests_page_idx ON quote_requests (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS contact_messages_page_idx ON contact_messages (created_at DESC, id DESC);

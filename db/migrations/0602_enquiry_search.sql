-- Admin search over leads, quote requests and contact messages is a case-insensitive "contains"
-- over several columns (decision 0601). One trigram index per table on the same expression the
-- queries use keeps it fast at 100,000 rows (without it, a rare term scans every row).
CREATE INDEX IF NOT EXISTS general_leads_search_idx ON general_leads USING gin (
  (name || ' ' || email || ' ' || postcode || ' ' || coalesce(phone, '') || ' ' || description) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS quote_requests_search_idx ON quote_requests USING gin (
  (name || ' ' || email || ' ' || coalesce(postcode, '') || ' ' || provider_id || ' ' || coalesce(phone, '') || ' ' || coalesce(service_type, '') || ' ' || message) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS contact_messages_search_idx ON contact_messages USING gin (
  (name || ' ' || email || ' ' || subject || ' ' || message) gin_trgm_ops);

-- Saved receiving sites and customers (migration 1050, decision 0710) belong to whoever holds the
-- registration's claimed listing. Until decision 0256 a rejected claim removed its unverified
-- listing and left the claimant's rows behind: nobody could see them, but the next claimant of the
-- business would have read them (names, addresses, e-mail addresses), and the real owner could pick
-- a customer a rejected claimant had planted. A row is only ever made for a registration that has
-- a claimed listing (the company pages and the company's notes need one), so a row whose
-- registration has none is such a leftover: delete it.
DELETE FROM company_saved_sites s
WHERE NOT EXISTS (SELECT 1 FROM claimed_listings c WHERE c.registration_number = s.registration_number);

DELETE FROM company_saved_customers s
WHERE NOT EXISTS (SELECT 1 FROM claimed_listings c WHERE c.registration_number = s.registration_number);

-- Admin console (issue 8).
-- Registrations no longer on the register: few rows, counted exactly for the dashboard's
-- Total Listings estimate (decision 0801) and listed cheaply.
CREATE INDEX directory_removed_idx ON directory_entries (registration_number) WHERE NOT on_register;
-- Reports & Complaints: when an admin resolved a report.
ALTER TABLE carrier_reports ADD COLUMN resolved_at timestamptz;

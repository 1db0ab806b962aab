-- Register sync staging: a run streams its validated rows here in batches, then merges them into
-- directory_entries in one short transaction (see docs/decisions/0101-register-sync-staging.md).
-- UNLOGGED: it is scratch space, truncated at the start and end of every run.
CREATE UNLOGGED TABLE register_staging (
  line_number integer NOT NULL,
  registration_number text NOT NULL,
  business_name text NOT NULL,
  uprn text,
  building text,
  address_line_1 text,
  address_line_2 text,
  address_line_3 text,
  address_line_4 text,
  town text,
  postcode text,
  country text,
  easting integer,
  northing integer,
  applicant_type text,
  registration_tier text,
  registration_type text,
  registration_date date,
  expiry_date date,
  company_number text,
  row_hash text NOT NULL
);


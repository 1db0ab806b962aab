-- The whole data model of both spec documents. Rules live in constraints.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Users and access ----------------------------------------------------------
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email LIKE '%_@_%'),
  password_hash text,
  email_confirmed_at timestamptz,
  totp_secret text,
  totp_enabled_at timestamptz,
  recovery_codes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE admin_emails (
  email text PRIMARY KEY CHECK (email = lower(btrim(email)) AND email LIKE '%_@_%'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE sessions (
  id text PRIMARY KEY,                       -- SHA-256 of the token held in the cookie
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  mfa_verified boolean NOT NULL DEFAULT false,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

CREATE TABLE verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password', 'invite')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verifications_user_idx ON verifications (user_id, purpose);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL DEFAULT 0 CHECK (hits >= 0),
  window_started_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);

-- The directory (the public register) ---------------------------------------
CREATE TABLE directory_entries (
  registration_number text PRIMARY KEY
    CHECK (registration_number <> '' AND registration_number = upper(btrim(registration_number))),
  registration_key text GENERATED ALWAYS AS (replace(registration_number, ' ', '')) STORED,
  business_name text NOT NULL DEFAULT '',
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
  registration_tier text CHECK (registration_tier IN ('UPPER', 'LOWER')),
  registration_type text,
  registration_date date,
  expiry_date date,
  company_number text,
  town_key text GENERATED ALWAYS AS (lower(btrim(town))) STORED,
  postcode_key text GENERATED ALWAYS AS (upper(replace(postcode, ' ', ''))) STORED,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, coalesce(business_name, '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(town, '')), 'B')
  ) STORED,
  is_claimed boolean NOT NULL DEFAULT false,
  on_register boolean NOT NULL DEFAULT true,  -- false once it disappears from the source
  removed_at timestamptz,
  row_hash text NOT NULL DEFAULT '',          -- hash of the source fields, to tell unchanged rows
  last_sync_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX directory_registration_key_idx ON directory_entries (registration_key);
CREATE INDEX directory_search_vector_idx ON directory_entries USING gin (search_vector);
CREATE INDEX directory_name_trgm_idx ON directory_entries USING gin (lower(business_name) gin_trgm_ops);
CREATE INDEX directory_town_idx ON directory_entries (town_key);
CREATE INDEX directory_postcode_idx ON directory_entries (postcode_key text_pattern_ops);
CREATE INDEX directory_updated_idx ON directory_entries (updated_at DESC);

CREATE TABLE claimed_listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  registration_number text NOT NULL UNIQUE REFERENCES directory_entries (registration_number),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  company_name text,
  phone text,
  email text,
  website text,
  about text,
  services text[] NOT NULL DEFAULT '{}',
  areas_covered text[] NOT NULL DEFAULT '{}',
  logo_url text,
  verified boolean NOT NULL DEFAULT false,
  draft jsonb,                                 -- unverified owners' saves, kept until approval
  subscription_plan text NOT NULL DEFAULT 'standard' CHECK (subscription_plan IN ('standard', 'premium')),
  subscription_period text NOT NULL DEFAULT 'monthly' CHECK (subscription_period IN ('monthly', 'yearly')),
  subscription_start_date timestamptz,
  subscription_end_date timestamptz,
  is_on_free_trial boolean NOT NULL DEFAULT false,
  email_notifications boolean NOT NULL DEFAULT true,
  suspended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (subscription_end_date IS NULL OR subscription_start_date IS NULL OR subscription_end_date >= subscription_start_date)
);
CREATE INDEX claimed_listings_user_idx ON claimed_listings (user_id);
CREATE INDEX claimed_listings_featured_idx ON claimed_listings (verified DESC, updated_at DESC);

CREATE TABLE claim_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  registration_number text NOT NULL REFERENCES directory_entries (registration_number),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  contact_name text NOT NULL,
  contact_email text NOT NULL,
  contact_phone text NOT NULL,
  website text,
  about text,
  services text[] NOT NULL DEFAULT '{}',
  areas_covered text[] NOT NULL DEFAULT '{}',
  license_document_url text,
  logo_url text,
  subscription_plan text NOT NULL DEFAULT 'standard' CHECK (subscription_plan IN ('standard', 'premium')),
  subscription_period text NOT NULL DEFAULT 'monthly' CHECK (subscription_period IN ('monthly', 'yearly')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  admin_notes text,
  reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one pending claim per business.
CREATE UNIQUE INDEX claim_requests_one_pending ON claim_requests (registration_number) WHERE status = 'pending';
CREATE INDEX claim_requests_status_idx ON claim_requests (status, created_at DESC);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, created_at DESC);

-- Visitors' enquiries ---------------------------------------------------------
CREATE TABLE provider_analytics (
  id bigserial PRIMARY KEY,
  provider_id text NOT NULL REFERENCES directory_entries (registration_number),
  action_type text NOT NULL CHECK (action_type IN ('view', 'phone_click')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_analytics_idx ON provider_analytics (provider_id, action_type, created_at);

CREATE TABLE general_leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone text CHECK (length(phone) <= 40),
  postcode text NOT NULL CHECK (length(postcode) BETWEEN 1 AND 10),
  load_size text CHECK (load_size IN ('single', 'small', 'medium', 'large')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  image_key text,
  preferred_date date,
  preferred_time text,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX general_leads_created_idx ON general_leads (created_at DESC, id);

CREATE TABLE quote_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id text NOT NULL REFERENCES directory_entries (registration_number),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone text CHECK (length(phone) <= 40),
  postcode text CHECK (length(postcode) <= 10),
  service_type text CHECK (length(service_type) <= 100),
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  image_key text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'contacted', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_requests_created_idx ON quote_requests (created_at DESC, id);
CREATE INDEX quote_requests_provider_idx ON quote_requests (provider_id, created_at DESC);

CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id text NOT NULL REFERENCES directory_entries (registration_number),
  reviewer_name text NOT NULL CHECK (length(reviewer_name) BETWEEN 1 AND 200),
  reviewer_email text NOT NULL CHECK (reviewer_email = lower(btrim(reviewer_email)) AND reviewer_email LIKE '%_@_%'),
  rating integer NOT NULL DEFAULT 5 CHECK (rating BETWEEN 1 AND 5),
  review_text text NOT NULL CHECK (length(review_text) BETWEEN 1 AND 5000),
  verified boolean NOT NULL DEFAULT false,
  rejected_at timestamptz,
  moderated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reviews_one_per_email ON reviews (provider_id, reviewer_email);
CREATE INDEX reviews_provider_idx ON reviews (provider_id, created_at DESC) WHERE verified;
CREATE INDEX reviews_pending_idx ON reviews (created_at) WHERE NOT verified AND rejected_at IS NULL;

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC);

CREATE TABLE carrier_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  registration_number text NOT NULL REFERENCES directory_entries (registration_number),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 100),
  details text NOT NULL CHECK (length(details) BETWEEN 1 AND 5000),
  reporter_email text CHECK (length(reporter_email) <= 254),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carrier_reports_status_idx ON carrier_reports (status, created_at DESC);

-- Register sync ---------------------------------------------------------------
CREATE TABLE sync_log (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'success', 'error')),
  source text,
  trigger text NOT NULL DEFAULT 'manual' CHECK (trigger IN ('manual', 'schedule', 'cli', 'upload', 'seed')),
  records_processed integer NOT NULL DEFAULT 0,
  records_added integer NOT NULL DEFAULT 0,
  records_updated integer NOT NULL DEFAULT 0,
  records_unchanged integer NOT NULL DEFAULT 0,
  records_rejected integer NOT NULL DEFAULT 0,
  records_removed integer NOT NULL DEFAULT 0,
  bytes_total bigint,
  bytes_read bigint NOT NULL DEFAULT 0,
  duration_ms integer,
  error_message text,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX sync_log_created_idx ON sync_log (created_at DESC);
-- Only one sync may run at a time.
CREATE UNIQUE INDEX sync_log_one_running ON sync_log ((true)) WHERE status = 'running';

CREATE TABLE sync_rejections (
  id bigserial PRIMARY KEY,
  sync_id bigint NOT NULL REFERENCES sync_log (id) ON DELETE CASCADE,
  line_number integer NOT NULL,
  registration_number text,
  reason text NOT NULL
);
CREATE INDEX sync_rejections_sync_idx ON sync_rejections (sync_id, line_number);

-- Waste transfer notes -----------------------------------------------------------
CREATE TABLE waste_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  registration_number text REFERENCES directory_entries (registration_number),
  collection_date_time timestamptz NOT NULL,
  waste_type text NOT NULL CHECK (waste_type IN ('Commercial', 'Residential')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  ewc_code text NOT NULL,
  hazardous boolean NOT NULL DEFAULT false,
  weight numeric(12, 2) NOT NULL CHECK (weight >= 0),
  container_type text NOT NULL DEFAULT 'LOO',
  container_count integer CHECK (container_count IS NULL OR container_count > 0),
  origin_address text NOT NULL,
  transferor_name text NOT NULL DEFAULT '',
  transferor_address text NOT NULL DEFAULT '',
  transferor_sic_code text,
  transferor_status text[] NOT NULL DEFAULT '{}',
  transferor_status_detail text,
  carrier_company text NOT NULL,
  carrier_address text NOT NULL,
  carrier_license text NOT NULL,
  transferee_status text[] NOT NULL DEFAULT '{registered_carrier}',
  vehicle_reg text NOT NULL,
  broker_name text,
  broker_registration text,
  waste_hierarchy_confirmed boolean NOT NULL DEFAULT false,
  transferor_signature_name text NOT NULL DEFAULT '',
  transferor_signature_key text,
  transferee_signature_name text NOT NULL DEFAULT '',
  transferee_signature_key text,
  signed_at timestamptz,
  photo_keys text[] NOT NULL DEFAULT '{}' CHECK (cardinality(photo_keys) <= 3),
  carrier_status_at_creation text,
  pdf_url text,
  qr_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX waste_notes_company_idx ON waste_notes (registration_number, created_at DESC);
CREATE INDEX waste_notes_user_idx ON waste_notes (user_id, created_at DESC);

-- Platform: jobs and e-mail ----------------------------------------------------
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  last_error text,
  locked_at timestamptz,
  locked_by text,
  unique_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE UNIQUE INDEX jobs_unique_active ON jobs (unique_key) WHERE unique_key IS NOT NULL AND status IN ('queued', 'running');

CREATE TABLE email_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  template text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC);

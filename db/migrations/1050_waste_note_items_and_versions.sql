-- A carrier's working day (issue 19): several waste items per note, the receiving site, the
-- customer, season tickets, versions (corrections) and voiding. Existing notes read as one item.

-- Waste items: each with 1 to 5 EWC codes, its own description, physical form, quantity with unit
-- and "estimated" flag, containers, and a disposal or recovery code (R1-R13, D1-D15).
CREATE TABLE waste_note_items (
  note_id uuid NOT NULL REFERENCES waste_notes (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 20),
  ewc_codes text[] NOT NULL CHECK (cardinality(ewc_codes) BETWEEN 1 AND 5),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  physical_form text NOT NULL DEFAULT 'Solid'
    CHECK (physical_form IN ('Gas', 'Liquid', 'Solid', 'Powder', 'Sludge', 'Mixed')),
  quantity numeric(12, 3) NOT NULL CHECK (quantity > 0),
  unit text NOT NULL DEFAULT 'kg' CHECK (unit IN ('kg', 't')),
  estimated boolean NOT NULL DEFAULT false,
  container_type text NOT NULL DEFAULT 'LOO',
  container_count integer CHECK (container_count IS NULL OR container_count > 0),
  hazardous boolean NOT NULL DEFAULT false,
  disposal_code text CHECK (disposal_code IS NULL OR disposal_code ~ '^(R([1-9]|1[0-3])|D([1-9]|1[0-5]))$'),
  PRIMARY KEY (note_id, position)
);
CREATE INDEX waste_note_items_codes_idx ON waste_note_items USING gin (ewc_codes);

-- Existing notes read as one item. A weight of 0 (allowed before) is kept as 0.001 kg estimated,
-- so the item still satisfies quantity > 0 without inventing a weight.
INSERT INTO waste_note_items (note_id, position, ewc_codes, description, quantity, unit, estimated,
                              container_type, container_count, hazardous)
SELECT id, 1, ARRAY[ewc_code], description,
       CASE WHEN weight > 0 THEN weight ELSE 0.001 END, 'kg', weight <= 0,
       container_type, container_count, hazardous
FROM waste_notes;

ALTER TABLE waste_notes
  -- The receiving site (optional on the form, needed for the digital waste tracking export).
  ADD COLUMN receiving_site_name text CHECK (length(receiving_site_name) <= 200),
  ADD COLUMN receiving_site_authorisation text CHECK (length(receiving_site_authorisation) <= 100),
  ADD COLUMN receiving_site_address text CHECK (length(receiving_site_address) <= 500),
  ADD COLUMN receiving_site_postcode text CHECK (length(receiving_site_postcode) <= 10),
  ADD COLUMN transport_means text NOT NULL DEFAULT 'Road'
    CHECK (transport_means IN ('Road', 'Rail', 'Air', 'Sea', 'Inland Waterway', 'Piped', 'Other')),
  -- Hazardous waste consignment code (England & Wales XXXXXX/YYYYY, Scotland SA|SB|SC + 7 digits,
  -- Northern Ireland DA|DB|DC + 7 digits), checked by the application.
  ADD COLUMN consignment_code text CHECK (length(consignment_code) <= 20),
  -- The customer (the transferor) as a contact: where the note is sent, and what came of it.
  ADD COLUMN customer_email text CHECK (length(customer_email) <= 254),
  ADD COLUMN customer_email_status text CHECK (customer_email_status IN ('queued', 'sent', 'bounced')),
  ADD COLUMN customer_email_error text,
  ADD COLUMN customer_email_sent_at timestamptz,
  -- Remote signature: requested when the customer did not sign on the carrier's phone.
  ADD COLUMN customer_signature_requested_at timestamptz,
  ADD COLUMN customer_signed_at timestamptz,
  -- Season ticket: repeated identical transfers between the same parties until this date (≤ 12 months).
  ADD COLUMN season_ticket_until date,
  -- Versions: a correction is a new note that supersedes the old one; series_id is the first note's id.
  ADD COLUMN series_id uuid,
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN supersedes_id uuid UNIQUE REFERENCES waste_notes (id),
  ADD COLUMN superseded_at timestamptz,
  -- Void: kept, never deleted; needs a reason.
  ADD COLUMN voided_at timestamptz,
  ADD COLUMN void_reason text CHECK (length(void_reason) <= 500),
  ADD COLUMN voided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD CONSTRAINT waste_notes_void_reason CHECK (voided_at IS NULL OR length(btrim(void_reason)) > 0);

UPDATE waste_notes SET series_id = id;
ALTER TABLE waste_notes ALTER COLUMN series_id SET NOT NULL;
-- A first note is its own series; a correction names its series explicitly.
CREATE FUNCTION waste_notes_default_series() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.series_id IS NULL THEN NEW.series_id := NEW.id; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER waste_notes_default_series BEFORE INSERT ON waste_notes
  FOR EACH ROW EXECUTE FUNCTION waste_notes_default_series();
CREATE INDEX waste_notes_series_idx ON waste_notes (series_id, version);

-- A season ticket's schedule: each transfer's date and time, quantity and place.
CREATE TABLE waste_note_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  note_id uuid NOT NULL REFERENCES waste_notes (id) ON DELETE CASCADE,
  transferred_at timestamptz NOT NULL,
  quantity numeric(12, 3) NOT NULL CHECK (quantity > 0),
  unit text NOT NULL DEFAULT 'kg' CHECK (unit IN ('kg', 't')),
  place text NOT NULL CHECK (length(place) BETWEEN 1 AND 500),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX waste_note_transfers_note_idx ON waste_note_transfers (note_id, transferred_at);

-- Saved receiving sites and customers, per company, offered on the next note.
CREATE TABLE company_saved_sites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  registration_number text NOT NULL REFERENCES directory_entries (registration_number),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  authorisation text NOT NULL DEFAULT '' CHECK (length(authorisation) <= 100),
  address text NOT NULL DEFAULT '' CHECK (length(address) <= 500),
  postcode text NOT NULL DEFAULT '' CHECK (length(postcode) <= 10),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_saved_sites_name_idx ON company_saved_sites (registration_number, lower(name));

CREATE TABLE company_saved_customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  registration_number text NOT NULL REFERENCES directory_entries (registration_number),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  address text NOT NULL DEFAULT '' CHECK (length(address) <= 500),
  email text CHECK (length(email) <= 254),
  sic_code text CHECK (sic_code IS NULL OR sic_code ~ '^[0-9]{5}$'),
  origin_address text NOT NULL DEFAULT '' CHECK (length(origin_address) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_saved_customers_name_idx ON company_saved_customers (registration_number, lower(name));

-- Leads that go somewhere (issue 20, item 7; decision 1046): an admin forwards a general lead to
-- chosen carriers. A lead's status is new, forwarded or closed ('contacted' stays allowed for rows
-- written before; nothing writes it). One row per lead and carrier: a lead goes to a carrier once.
ALTER TABLE general_leads DROP CONSTRAINT IF EXISTS general_leads_status_check;
ALTER TABLE general_leads
  ADD CONSTRAINT general_leads_status_check CHECK (status IN ('new', 'contacted', 'forwarded', 'closed'));

CREATE TABLE lead_forwards (
  lead_id uuid NOT NULL REFERENCES general_leads (id) ON DELETE CASCADE,
  registration_number text NOT NULL REFERENCES directory_entries (registration_number),
  forwarded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  miles numeric(6, 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lead_id, registration_number)
);
CREATE INDEX lead_forwards_registration_idx ON lead_forwards (registration_number);

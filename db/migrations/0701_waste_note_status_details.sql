-- Waste transfer notes: the details each party's status needs (regulation 35(3)):
-- the permit number of a permit holder, the exemption of an exempt party, and the registration
-- number of a registered carrier, broker or dealer. The transferee's registration is carrier_license.
ALTER TABLE waste_notes
  ADD COLUMN transferor_permit_number text,
  ADD COLUMN transferor_exemption text,
  ADD COLUMN transferor_registration text,
  ADD COLUMN transferee_permit_number text,
  ADD COLUMN transferee_exemption text,
  ADD CONSTRAINT waste_notes_hierarchy_declared CHECK (waste_hierarchy_confirmed),
  ADD CONSTRAINT waste_notes_sic_format CHECK (transferor_sic_code IS NULL OR transferor_sic_code ~ '^[0-9]{5}$');
CREATE INDEX waste_notes_created_idx ON waste_notes (created_at DESC);

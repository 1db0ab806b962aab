-- Decisions 0273 and 0274: what a note can say about whom it names and who signed it.

-- The name the Environment Agency register gives for the carrier's number when the note was
-- written, so the note says whom the number is registered to and flags a carrier name that is not
-- it (decision 0273). Recorded by the database at insert, from the same directory row the register
-- check reads, whatever code writes the note; NULL for numbers not on the EA register, for other
-- regulators' numbers and for notes written before this migration (their name was not recorded).
ALTER TABLE waste_notes ADD COLUMN carrier_register_name text;

CREATE FUNCTION waste_notes_register_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT NULLIF(btrim(d.business_name), '') INTO NEW.carrier_register_name
    FROM directory_entries d
   WHERE d.registration_key = NEW.carrier_license
   ORDER BY d.on_register DESC
   LIMIT 1;
  RETURN NEW;
END $$;
CREATE TRIGGER waste_notes_register_name BEFORE INSERT ON waste_notes
  FOR EACH ROW WHEN (NEW.carrier_register = 'EA' AND NEW.carrier_register_name IS NULL)
  EXECUTE FUNCTION waste_notes_register_name();

-- The address the customer's signing link was sent to, kept when the customer signs (decision
-- 0274): the note then says "signed through a link sent to j***@example.com", which stays true
-- when the note is later sent to another address. A link only signs while its address is the
-- note's customer_email (remote-signature.server.ts), so that is the address at signing.
ALTER TABLE waste_notes ADD COLUMN customer_signed_email text CHECK (length(customer_signed_email) <= 254);

CREATE FUNCTION waste_notes_signed_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.customer_signed_email := NEW.customer_email;
  RETURN NEW;
END $$;
CREATE TRIGGER waste_notes_signed_email BEFORE UPDATE OF customer_signed_at ON waste_notes
  FOR EACH ROW WHEN (OLD.customer_signed_at IS NULL AND NEW.customer_signed_at IS NOT NULL
                     AND NEW.customer_signed_email IS NULL)
  EXECUTE FUNCTION waste_notes_signed_email();

-- Notes signed before: the address of the link that was used (used and signed in one transaction).
UPDATE waste_notes n
   SET customer_signed_email = l.email
  FROM waste_note_signature_links l
 WHERE l.note_id = n.id
   AND n.customer_signed_at IS NOT NULL
   AND l.used_at = n.customer_signed_at;

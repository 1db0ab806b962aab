-- Issue 19, item 5 (decision 0712): the note sent to the customer with its PDF attached, and the
-- customer's remote signature through a single-use, expiring link.

-- E-mail attachments as references to stored files ({ filename, contentType, storageKey }), never
-- the bytes: the sending job reads each file from storage when it sends.
ALTER TABLE email_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The outbox message of the note's latest send to the customer: its outcome (accepted by the SMTP
-- server, or refused for good) sets customer_email_status. No foreign key: outbox rows are working
-- data (tests truncate them), and a stale id only means no later outcome is recorded.
ALTER TABLE waste_notes ADD COLUMN customer_email_outbox_id uuid;
CREATE INDEX waste_notes_customer_outbox_idx ON waste_notes (customer_email_outbox_id)
  WHERE customer_email_outbox_id IS NOT NULL;

-- Links that let the customer sign a note remotely: bound to the note and to the address the link
-- was sent to, kept as the token's SHA-256 only, single use, expiring. A new link for a note ends
-- the note's earlier unused ones.
CREATE TABLE waste_note_signature_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  note_id uuid NOT NULL REFERENCES waste_notes (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (length(email) <= 254),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX waste_note_signature_links_note_idx ON waste_note_signature_links (note_id);

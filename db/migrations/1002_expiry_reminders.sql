-- Issue 14: the carrier (owner of a verified claimed listing) is e-mailed 60, 30 and 7 days before
-- its registration expires. One row per reminder sent: once per threshold per registration expiry
-- date, so a renewal (a new expiry date) starts again, and a missed day still sends the threshold
-- reached once (29 days left and no 30-day reminder for this expiry date: the 30-day one).
CREATE TABLE registration_expiry_reminders (
  registration_number text NOT NULL REFERENCES directory_entries (registration_number),
  expiry_date date NOT NULL,
  days_before integer NOT NULL CHECK (days_before IN (60, 30, 7)),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (registration_number, expiry_date, days_before)
);

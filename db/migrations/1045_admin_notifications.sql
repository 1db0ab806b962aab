-- Admins are told by e-mail of new claims, carrier reports and contact messages (issue 20, item 5;
-- decision 0803). Each admin chooses which on Settings. An event waits in admin_notifications
-- until the batch it belongs to is sent (one e-mail per admin per batch), then the row is deleted.
ALTER TABLE admin_emails
  ADD COLUMN notify_claims boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_reports boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_messages boolean NOT NULL DEFAULT true;

CREATE TABLE admin_notifications (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('claim', 'report', 'message')),
  title text NOT NULL CHECK (length(title) <= 300),
  path text NOT NULL CHECK (path LIKE '/admin/%'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A full sync that would mark more than a small share of the register as removed holds those
-- removals instead (docs/decisions/0279-held-removals-and-rejected-rows-kept.md): the rest of the
-- sync is applied, the registrations it would have removed are kept here, and an administrator
-- confirms them from Data Management (audited) or the next successful sync drops them.
--
-- removals_held: how many registrations the sync held (0: none); removals_held_reason: the plain
-- sentence the sync log shows; removals_confirmed_at: when an administrator confirmed them.
ALTER TABLE sync_log ADD COLUMN removals_held integer NOT NULL DEFAULT 0 CHECK (removals_held >= 0);
ALTER TABLE sync_log ADD COLUMN removals_held_reason text;
ALTER TABLE sync_log ADD COLUMN removals_confirmed_at timestamptz;

CREATE TABLE sync_held_removals (
  sync_id bigint NOT NULL REFERENCES sync_log (id) ON DELETE CASCADE,
  registration_number text NOT NULL,
  PRIMARY KEY (sync_id, registration_number)
);

-- full_source: the run read the whole register (removeMissing: its removals marked, or held). The
-- profile's "Register data as of" is the last successful full sync's date, not an upload's or a
-- partial sync's (decision 0280). Earlier runs: the scheduled ones read the configured source
-- whole; others by their job's payload while the job is kept (uploads never are whole).
ALTER TABLE sync_log ADD COLUMN full_source boolean NOT NULL DEFAULT false;
UPDATE sync_log SET full_source = true WHERE trigger = 'schedule';
UPDATE sync_log s SET full_source = true
FROM jobs j
WHERE j.id = s.job_id AND s.trigger <> 'upload' AND j.payload->>'upload' IS NULL
  AND coalesce(j.payload->>'removeMissing', 'true') = 'true';

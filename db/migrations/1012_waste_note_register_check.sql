-- What was checked about the carrier's registration when a note was made (issue 14, item 9):
-- which register holds the number (EA: checked against the directory's copy of the Environment
-- Agency register; SEPA/NIEA: not checked, the directory does not hold those registers) and the
-- expiry date the register gave then. carrier_status_at_creation keeps the outcome
-- (active, expired, removed, not_found, not_checked).
ALTER TABLE waste_notes
  ADD COLUMN carrier_register text CHECK (carrier_register IS NULL OR carrier_register IN ('EA', 'SEPA', 'NIEA')),
  ADD COLUMN carrier_expiry_at_creation date;
-- The Download PDF button asks for the state of a note's PDF job by its unique key (queued,
-- running, or failed for good); only the active ones were indexed (jobs_unique_active).
CREATE INDEX jobs_unique_key_idx ON jobs (unique_key) WHERE unique_key IS NOT NULL;

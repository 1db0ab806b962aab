-- Issue 20, items 3 and 4 (decision 1042): the admin's audit log page and the search over every
-- company's waste notes are keyset-paged newest first, on (created_at, id). Each filter that narrows
-- a large table has an index that also gives that order, so a page stops after 26 rows whatever
-- the depth: the whole log; one actor; one action. The subject filter uses audit_log_entity_idx.
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, created_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC, id DESC);
-- Waste notes by EWC code (digits only: "17 05 03*" is 170503; a chapter or sub-chapter is a
-- prefix) and by the carrier's registration number.
CREATE INDEX waste_notes_ewc_idx
  ON waste_notes (regexp_replace(ewc_code, '[^0-9]', '', 'g') text_pattern_ops, created_at DESC, id DESC);
CREATE INDEX waste_notes_carrier_idx ON waste_notes (carrier_license, created_at DESC, id DESC);

-- Decision 0272: a season ticket's transfer is capped like a waste item, at 100,000 tonnes
-- (100,000,000 kg). NOT VALID: the rule holds for every row written from now on without reading
-- (or refusing) the rows already there; the season ticket's form refuses more with its message.
ALTER TABLE waste_note_transfers
  ADD CONSTRAINT waste_note_transfers_quantity_cap
  CHECK (quantity * CASE WHEN unit = 't' THEN 1000 ELSE 1 END <= 100000000) NOT VALID;

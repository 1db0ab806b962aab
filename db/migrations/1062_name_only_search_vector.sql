-- Issue 18: the search vector holds the business name alone (decision 0232). It held the town
-- too (weight B), which no search ever asked for: every name query was restricted to weight A.
-- A GIN index cannot check weights, so 'milton & keynes' collected every listing *in* Milton
-- Keynes and read each one from the table to drop all but the names (60 ms at 1,000,000 rows,
-- against 3 ms now). Without weights the index's answer is exact, the index is smaller, and an
-- import builds it in a fraction of the time.
ALTER TABLE directory_entries DROP COLUMN search_vector;
ALTER TABLE directory_entries ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, COALESCE(business_name, ''::text))) STORED;
CREATE INDEX directory_search_vector_idx ON directory_entries USING gin (search_vector);

-- The name words: the whole vector is the name now (0901 filtered its weight-A part). A name
-- search replaces the prefix of its last word by the words that start with it (decision 0232), so
-- the dictionary must hold every word of three letters or more: the cap of 40 letters goes.
CREATE OR REPLACE FUNCTION directory_name_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO directory_name_words (word)
  SELECT DISTINCT w
  FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
INSERT INTO directory_name_words (word)
SELECT DISTINCT w
FROM directory_entries, unnest(tsvector_to_array(search_vector)) AS w
WHERE length(w) > 40 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;
-- The words that start with a prefix, in any collation (LIKE 'man%').
CREATE INDEX directory_name_words_prefix_idx ON directory_name_words (word text_pattern_ops);

-- The rewrite leaves the table without planner statistics for the new column (the planner reads
-- its word frequencies to choose between the index and a scan) and without a visibility map (every
-- index-only scan of a search would read the table too: a location search at 1,000,000 rows took
-- 85 ms instead of 4). ANALYZE first, then VACUUM, as the register sync does.
-- after commit: ANALYZE directory_entries
-- after commit: VACUUM directory_entries

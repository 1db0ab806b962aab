-- Import speed (docs/decisions/0107-import-speed.md).
-- Every town and postcode query reads listings still on the register, and the partial indexes
-- of 0201 (town_key / postcode_key first) serve them: these two full indexes were never chosen
-- and cost every import a rebuild.
DROP INDEX IF EXISTS directory_town_idx;
DROP INDEX IF EXISTS directory_postcode_idx;

-- The name words come from the stored search vector's name part (weight A) instead of a second
-- to_tsvector of every inserted or updated name: the same words, half the work.
CREATE OR REPLACE FUNCTION directory_name_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO directory_name_words (word)
  SELECT DISTINCT w
  FROM new_rows, unnest(tsvector_to_array(ts_filter(new_rows.search_vector, '{a}'))) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

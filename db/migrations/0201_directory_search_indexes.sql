-- Indexes for the public search (docs/decisions/0201-search-sql.md). Every search reads
-- listings still on the register, so the indexes are partial on on_register.

-- Exact town (=) and town prefix (LIKE 'x%') in one index, in result order: town, then name.
CREATE INDEX directory_town_name_idx
  ON directory_entries (town_key text_pattern_ops, business_name, registration_number) WHERE on_register;
-- Registration number prefix (LIKE 'CBDU12%'), spaces ignored.
CREATE INDEX directory_registration_prefix_idx
  ON directory_entries (registration_key text_pattern_ops) WHERE on_register;
-- Browsing without a query: alphabetical.
CREATE INDEX directory_name_order_idx
  ON directory_entries (business_name, registration_number) WHERE on_register;
-- Postcode prefix restricted to listings on the register, in name order within the postcode.
CREATE INDEX directory_postcode_name_idx
  ON directory_entries (postcode_key text_pattern_ops, business_name, registration_number) WHERE on_register;

-- The words of business names, for typo-tolerant name search: a misspelt query word is
-- corrected to its nearest dictionary word by trigram similarity (a few thousand rows,
-- fast), then the full-text index does the search. Kept up to date by statement-level
-- triggers, so a bulk import pays once per statement, not per row.
CREATE TABLE directory_name_words (
  word text PRIMARY KEY
);
CREATE INDEX directory_name_words_trgm_idx ON directory_name_words USING gin (word gin_trgm_ops);

CREATE FUNCTION directory_name_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO directory_name_words (word)
  SELECT DISTINCT w
  FROM new_rows, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, new_rows.business_name))) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER directory_name_words_on_insert AFTER INSERT ON directory_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_name_words_collect();
CREATE TRIGGER directory_name_words_on_update AFTER UPDATE ON directory_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_name_words_collect();

INSERT INTO directory_name_words (word)
SELECT DISTINCT w
FROM directory_entries, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, business_name))) AS w
WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;

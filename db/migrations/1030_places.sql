-- Issue 16: distance search (docs/decisions/0214-distance-search.md).
--
-- Every registration's own Easting/Northing (British National Grid, metres) as a point, so that
-- "the carriers nearest to here" is a k-nearest-neighbour scan of a GiST index:
--   WHERE location <@ circle(point(e, n), r) ORDER BY location <-> point(e, n)
-- The circle is the radius cut (an index condition, so the scan stops at the radius); `<->` reads
-- the index in distance order. Core PostgreSQL types only: the same on PostgreSQL and PGlite.
-- NULL when either coordinate is missing (those rows are found through the text search).
ALTER TABLE directory_entries
  ADD COLUMN location point GENERATED ALWAYS AS (
    CASE WHEN easting IS NOT NULL AND northing IS NOT NULL THEN point(easting, northing) END
  ) STORED;

-- Partial on on_register like the other search indexes (0201); the registration filters' columns
-- are INCLUDEd (as in 1003) so that hiding expired rows or filtering by tier needs no heap fetch.
CREATE INDEX directory_location_idx
  ON directory_entries USING gist (location)
  INCLUDE (registration_number, expiry_date, registration_tier) WHERE on_register;

-- The carriers a place names by text that have no coordinates (a Leeds carrier without
-- Easting/Northing in a Leeds search, after those with distances): a few percent of the register,
-- so these are small; the town and postcode indexes of 0201 would read every carrier of the town
-- to find them.
CREATE INDEX directory_unlocated_town_idx
  ON directory_entries (town_key, business_name, registration_number)
  INCLUDE (expiry_date, registration_tier) WHERE on_register AND location IS NULL;
CREATE INDEX directory_unlocated_postcode_idx
  ON directory_entries (postcode_key text_pattern_ops, business_name, registration_number)
  INCLUDE (expiry_date, registration_tier) WHERE on_register AND location IS NULL;

-- Places derived from the register itself at every sync (rebuildPlaces in
-- app/modules/directory/places.server.ts): the centroid of the registrations (on the register,
-- with coordinates) of each postcode sector, postcode district and (normalised) town. A search
-- query resolves to the most precise known place. Full postcodes are not stored (about one per
-- registration: they made the rebuild five times slower); a full postcode's centroid is read from
-- the directory's postcode index when a query names one.
--   key    the normalised name: 'LS1 1', 'LS1' (postcodes in their canonical spaced form) or a
--          town key (place-names.ts: 'stoke on trent', 'saint albans')
--   label  how it is shown: 'LS1 1', 'Stoke-on-Trent'
--   entries how many registrations were averaged
--   town_keys (towns only) the register's own spellings (directory_entries.town_key) that
--          normalise to this key, so that the carriers of the town without coordinates are found
--          through the town index too
CREATE TABLE places (
  kind text NOT NULL CHECK (kind IN ('sector', 'district', 'town')),
  key text NOT NULL CHECK (key <> '' AND length(key) <= 100),
  label text NOT NULL CHECK (label <> ''),
  easting integer NOT NULL CHECK (easting BETWEEN 0 AND 700000),
  northing integer NOT NULL CHECK (northing BETWEEN 0 AND 1300000),
  entries integer NOT NULL CHECK (entries > 0),
  town_keys text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (kind, key)
);

-- "We couldn't find ...": close town names by trigram similarity (pg_trgm, created in 0001).
-- Towns only: they are the names people misspell.
-- An unknown postcode is offered the districts of its area, read through the primary key.
CREATE INDEX places_town_trgm_idx ON places USING gin (key gin_trgm_ops) WHERE kind = 'town';

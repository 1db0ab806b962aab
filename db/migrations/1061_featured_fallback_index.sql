-- Issue 18: the home page's featured carriers, when no claimed listing is verified, are the
-- listings on the register most recently updated (featured-providers.server.ts): ORDER BY
-- updated_at DESC, registration_number. The index on updated_at alone could not give that order
-- (a bulk import gives every row the same updated_at, and the tie is broken by the number), so
-- the query sorted the whole register: 250 ms warm, 0.9 s cold at 1,000,000 rows, and ten
-- visitors at once after a sync made ten such sorts. In the query's own order, on the rows it
-- reads, it stops after the first in-force rows.
DROP INDEX IF EXISTS directory_updated_idx;
CREATE INDEX directory_updated_idx
  ON directory_entries (updated_at DESC, registration_number) WHERE on_register;

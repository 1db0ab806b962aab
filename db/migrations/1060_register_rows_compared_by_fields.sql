-- Issue 18, decision 0231: a sync tells an unchanged registration by comparing its fields with the
-- directory's row in SQL, not by a hash of them. The importer computed an MD5 of every row in
-- JavaScript (a quarter of its reading time); the comparison it stood for is a handful of column
-- comparisons in the merge's join, done only for the registrations already on the directory.
ALTER TABLE register_staging DROP COLUMN row_hash;
ALTER TABLE directory_entries DROP COLUMN row_hash;

-- Decision 0248: a note's PDF always shows the note as it is now. Every change that needs a new PDF
-- (void, correction, a season ticket's transfer, the customer's remote signature) raises the note's
-- pdf_generation in its own transaction (queueNotePdf). The PDF job stores what it rendered only if
-- the number is still the one it read with the note, so a render of the note before the change
-- never replaces, or outlives, the PDF of the note after it. Adding a column with a constant default
-- rewrites nothing; code that does not know the column keeps working.
ALTER TABLE waste_notes ADD COLUMN pdf_generation integer NOT NULL DEFAULT 0;

-- One live review per mailbox and provider (decision 0257). The place was held per address as
-- typed (trimmed, lower-case), so 'ann+1@', 'a.n.n@gmail.com' and 'ann@' were three places for one
-- inbox. A review now also keeps its writer's mailbox, the rule of `mailboxIdentity`
-- (app/modules/leads/rate-limits.ts, which the review-mail limit already counts by), and the unique
-- index is on that. The address as typed stays in reviewer_email; it is what is shown.

-- The SQL twin of `mailboxIdentity`, for an address already normalised (trimmed and lower-case, as
-- every stored one is): without a '+tag' (cut at the first '+' that does not begin the address's
-- local part), googlemail.com as gmail.com, and for Gmail without dots. An address with no '@'
-- after its first character is its own mailbox. It splits at ASCII characters only, so it agrees
-- with the TypeScript on every string (tested in review-mailbox.test.ts). Changing either one
-- changes the stored mailboxes: that is a migration that replaces this function and derives the
-- column again.
CREATE FUNCTION mailbox_identity(address text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN address !~ '.@' THEN address
    ELSE (
      SELECT CASE
        WHEN domain_part IN ('gmail.com', 'googlemail.com') THEN replace(local_part, '.', '') || '@gmail.com'
        ELSE local_part || '@' || domain_part
      END
      FROM (
        SELECT CASE WHEN strpos(before_at, '+') > 1 THEN left(before_at, strpos(before_at, '+') - 1)
                    ELSE before_at END AS local_part,
               substring(address FROM '@([^@]*)$') AS domain_part
        FROM (SELECT substring(address FROM '^(.*)@') AS before_at) AS at_last
      ) AS split
    )
  END
$$;

-- Null only on a live review written before this migration whose mailbox already had an earlier
-- live review of the same business (below); every review confirmed from now on has its mailbox.
ALTER TABLE reviews ADD COLUMN reviewer_mailbox text;
UPDATE reviews SET reviewer_mailbox = mailbox_identity(reviewer_email);

-- One inbox may already have several live reviews of a business (under different spellings). The
-- earliest keeps the mailbox and holds the place; the later ones stay as they are (still pending
-- or published, for the admin to judge) without a mailbox, so the index below can be built. The
-- "already reviewed" check still finds them by their address's mailbox (has-reviewed.server.ts).
UPDATE reviews AS r SET reviewer_mailbox = NULL
FROM (
  SELECT id, row_number() OVER (PARTITION BY provider_id, reviewer_mailbox ORDER BY created_at, id) AS n
  FROM reviews
  WHERE rejected_at IS NULL
) AS ranked
WHERE ranked.id = r.id AND ranked.n > 1;

-- The mailbox is the address's, or none.
ALTER TABLE reviews ADD CONSTRAINT reviews_mailbox_of_email
  CHECK (reviewer_mailbox IS NULL OR reviewer_mailbox = mailbox_identity(reviewer_email));

-- One live review per mailbox and provider: as decision 0250's per-address index, a pending or
-- published review holds the place and a rejected one does not. It replaces the per-address index:
-- two live reviews of one address have one mailbox, so this one refuses them too.
DROP INDEX reviews_one_per_email;
CREATE UNIQUE INDEX reviews_one_per_mailbox ON reviews (provider_id, reviewer_mailbox) WHERE rejected_at IS NULL;

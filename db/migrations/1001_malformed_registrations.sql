-- Issue 14: "Valid" means valid. The register import now accepts only well-formed England/Wales
-- numbers (CBDU or CBDL and at least 3 digits, after removing spaces and hyphens:
-- parseRegistrationNumber(...).kind === 'ea'). Rows an earlier, laxer import stored with any other
-- number ('XYZ123', Scottish or Northern Irish numbers) leave the register the way a full sync
-- removes a registration (decision 0104): on_register = false and removed_at = now(), never
-- deleted (claims, notes and analytics may point at them). Their profiles then answer 410
-- 'No longer on the register', and searches and licence checks never show them. A re-import
-- cannot bring them back: the importer rejects such numbers, by line, with the reason.
-- Idempotent: rows already off the register are not touched again.
UPDATE directory_entries
SET on_register = false, removed_at = now(), updated_at = now()
WHERE on_register
  AND upper(regexp_replace(registration_number, '[[:space:]\u00a0\-\u2010-\u2015\u2212]', '', 'g')) !~ '^CBD[LU][0-9]{3,}$';

-- Claims: the licence document (registration certificate) a claimant uploads as evidence of
-- ownership (issue 14, item 10; decision 0506). The file is stored privately through the storage
-- interface under license_document_key; license_document_url holds the access-checked address
-- admins open it at (/admin/claim-requests/{id}/licence), as the spec's "license document link".
ALTER TABLE claim_requests
  ADD COLUMN license_document_key text CHECK (char_length(license_document_key) <= 300),
  ADD COLUMN license_document_type text CHECK (license_document_type IN ('application/pdf', 'image/jpeg')),
  ADD COLUMN license_document_size integer CHECK (license_document_size > 0 AND license_document_size <= 16777216),
  ADD COLUMN license_document_name text CHECK (char_length(license_document_name) <= 200),
  -- A stored document has its key, type and size together.
  ADD CONSTRAINT claim_requests_license_document_whole CHECK (
    (license_document_key IS NULL AND license_document_type IS NULL AND license_document_size IS NULL)
    OR (license_document_key IS NOT NULL AND license_document_type IS NOT NULL AND license_document_size IS NOT NULL)
  );

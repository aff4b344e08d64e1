-- The salt of a reason's digest. Events that name a reason by id also carry the SHA-256 of this
-- salt followed by the text (`reasonDigest`), so the sealed log proves which text was given and
-- an edit of `reason` by someone with SQL access shows wherever the reason is read. The salt is
-- random per reason and erased with the text, so the digest left in the log cannot be tested
-- against guesses (docs/decisions/0155-reason-digests-in-the-log.md). NULL for reasons kept
-- before digests existed, and once erased.
ALTER TABLE decision_reason ADD COLUMN salt uuid;
ALTER TABLE decision_reason ADD CONSTRAINT decision_reason_salt_erased
    CHECK (erased_at IS NULL OR salt IS NULL);

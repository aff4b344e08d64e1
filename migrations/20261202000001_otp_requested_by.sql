-- A one-time code is bound to the browser that asked for it (docs/decisions/0151): tries from
-- that browser count in `attempts`, tries from any other browser in `foreign_attempts`, each
-- at most 5 per code, so wrong codes typed elsewhere cannot void the owner's code.
-- `requested_by` is the HMAC binding of the requesting browser id (never the id itself);
-- NULL for codes issued before this column existed (every browser is then "elsewhere").
ALTER TABLE otp_challenge ADD COLUMN requested_by text;
ALTER TABLE otp_challenge ADD COLUMN foreign_attempts integer NOT NULL DEFAULT 0;

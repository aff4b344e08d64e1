-- Where a USSD respondent stands in a survey, so that a dropped session resumes when the same
-- phone dials again (decision 0168). Keyed by a keyed hash of the phone number whose key lives
-- outside the database (GBVF_USSD_PHONE_KEY): the number itself is never stored, and nobody
-- with only this table can tell whose row it is. A row holds the inputs typed so far (menu
-- choices and answer numbers), is deleted when the survey is sent or refused, and expires:
-- rows past `expires_at` are never read and are deleted by the housekeeping.
CREATE TABLE ussd_session (
    phone_key   text        PRIMARY KEY,
    -- The gateway's session the row was last written by.
    session_id  text        NOT NULL,
    -- Inputs carried over from an earlier, dropped session (JSON array of strings).
    base        jsonb       NOT NULL,
    -- How many of this session's first inputs answered the resume question.
    skip        integer     NOT NULL,
    -- Every input that brought the respondent where they are (JSON array of strings).
    log         jsonb       NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX ON ussd_session (expires_at);

-- Write-side secrets, kept out of the immutable event log on purpose: a password hash or a
-- one-time code must be replaceable and erasable, and must never be replayed to a projection.
-- The log records only that a password was set (PasswordSet) or an e-mail verified
-- (EmailVerified).

-- One argon2id PHC string per account (keyed by the user aggregate id: the lower-cased e-mail).
CREATE TABLE credential
(
    user_key      text PRIMARY KEY,
    user_id       text        NOT NULL,
    password_hash text        NOT NULL,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The one live one-time code per address and purpose (user type 1 NewUser: verify e-mail;
-- 3 ResetPassword: reset). Stored only as an argon2id hash; expires after 10 minutes; at most
-- 5 verification attempts; `resends` counts resend requests (spec §4: refused from 2 on).
CREATE TABLE otp_challenge
(
    user_key   text        NOT NULL,
    user_type  integer     NOT NULL,
    code_hash  text        NOT NULL,
    expires_at timestamptz NOT NULL,
    attempts   integer     NOT NULL DEFAULT 0,
    resends    integer     NOT NULL DEFAULT 0,
    -- Set when the code was verified; a reset-password call must follow within the expiry.
    verified_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_key, user_type)
);

-- Security state shared by every `gbvf serve` process (docs/security.md): attempt counters
-- that throttle sign-in and one-time codes, the server's own secret for CSRF tokens and
-- browser bindings, the single-use binding of a verified reset code to the browser that
-- proved it, and a credential epoch that ends every other session when a password changes.

-- One counter per (scope, key). `key` is a SHA-256 of what the client sent (the e-mail
-- address, the client address or both), so the table holds no address in clear. `hits`
-- counts within the window that began at `window_start`; `blocked_until` is the end of a
-- back-off or of a block.
CREATE TABLE auth_limit
(
    scope         text        NOT NULL,
    key           text        NOT NULL,
    hits          integer     NOT NULL DEFAULT 0,
    window_start  timestamptz NOT NULL DEFAULT now(),
    blocked_until timestamptz,
    PRIMARY KEY (scope, key)
);
CREATE INDEX auth_limit_expiry ON auth_limit (window_start);

-- Random secrets of the installation, made once by the first server that needs them.
CREATE TABLE server_secret
(
    name       text PRIMARY KEY,
    secret     bytea       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- A verified reset code may be used only by the browser that proved it: the HMAC of that
-- browser's binding cookie, consumed with the challenge.
ALTER TABLE otp_challenge ADD COLUMN reset_binding text;

-- Incremented on every password change; a session signed in under an older epoch ends.
ALTER TABLE credential ADD COLUMN epoch integer NOT NULL DEFAULT 0;

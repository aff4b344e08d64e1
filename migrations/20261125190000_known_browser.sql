-- Browsers that signed in to an account (api/src/http/auth/limits.rs): the account-wide limit
-- on wrong passwords slows every browser but these, so guesses spread over many addresses are
-- slowed without locking the owner out (OWASP Authentication Cheat Sheet, "device cookies").
-- The key is an HMAC under the installation's secret of the account's e-mail key and the
-- browser id: neither can be read back, and erasing the person leaves nothing that names them.
CREATE TABLE known_browser
(
    key       text PRIMARY KEY,
    last_seen timestamptz NOT NULL DEFAULT now()
);

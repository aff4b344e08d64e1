-- The tamper-evident seal of the event log (docs/ARCHITECTURE.md "Audit seal", docs/decisions.md
-- "A hash chain sealed after commit"). Written only by the sealer (gbvf_events::audit::sealer),
-- after commit, in commit order; writers of events never touch it, so they are not serialised.
--
-- event_seal: one row per event in the order it was sealed (its place in the chain).
--   digest = SHA-256 of the event's canonical encoding (stored fields, see audit/mod.rs);
--   seal   = SHA-256("gbvf-seal-v1" 0x00 || previous seal || digest), 32 zero bytes before the first.
CREATE TABLE event_seal
(
    chain_index     bigint PRIMARY KEY CHECK (chain_index >= 1),
    global_position bigint      NOT NULL UNIQUE,
    digest          bytea       NOT NULL,
    seal            bytea       NOT NULL,
    sealed_at       timestamptz NOT NULL DEFAULT now()
);

-- Signed heads of the chain (every 1,000 events or 10 s while events arrive): the seal at
-- chain_index signed with the server's Ed25519 key (public_key: the signer's, 32 bytes).
-- recorded_at is the head event's own time ("sealed up to").
CREATE TABLE event_seal_checkpoint
(
    chain_index     bigint PRIMARY KEY,
    global_position bigint      NOT NULL,
    seal            bytea       NOT NULL,
    recorded_at     timestamptz NOT NULL,
    signed_at       timestamptz NOT NULL,
    public_key      bytea       NOT NULL,
    signature       bytea       NOT NULL
);

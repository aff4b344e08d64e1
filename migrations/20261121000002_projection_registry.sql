-- Projection registry and checkpoints.
--
-- One row per projection (read model). A projection's tables live in their own schema,
-- `proj_<name>_v<version>`; the API reads them through views in `public` that point at the
-- active version. A rebuild builds version n+1 in a new schema from position zero while the
-- views keep serving version n, then, in one transaction that holds this row FOR UPDATE,
-- catches up, repoints the views, moves the checkpoint, and drops the old schema.
--
-- The checkpoint (last_transaction_id, last_global_position) is the last event applied, in
-- commit order. It is written in the same transaction as the read-model rows, so a crash
-- simply redoes the page.
CREATE TABLE projection_checkpoint
(
    projection           text PRIMARY KEY,
    version              integer     NOT NULL,
    last_transaction_id  xid8        NOT NULL DEFAULT '0',
    last_global_position bigint      NOT NULL DEFAULT 0,
    events_applied       bigint      NOT NULL DEFAULT 0,
    -- 'running' when a worker holds the lease, 'rebuilding' during a rebuild, else 'idle'.
    state                text        NOT NULL DEFAULT 'idle',
    -- recorded_at of the last event applied: lag in seconds is now() minus this when behind.
    last_event_at        timestamptz,
    updated_at           timestamptz NOT NULL DEFAULT now()
);

-- Events a projection could not apply (projections/src/engine.rs, docs/reliability.md
-- "Quarantined events"). A projector that meets an event it cannot apply (a payload that does
-- not decode, a value a table refuses) records it here, skips it, and goes on with the events
-- after it, so one bad event never stops a read model for everybody. While a projection has
-- rows here for its active version, `gbvf projections status` and `/api/health` show it as
-- degraded; `gbvf projections quarantine` lists the rows, and a rebuild (after a fix) replays
-- every event in order, quarantined ones included, and keeps only the rows that still fail.
CREATE TABLE projection_quarantine
(
    projection      text        NOT NULL,
    -- The projection version the event was met in; rows of older versions are dropped when
    -- a rebuild switches to a new one.
    version         integer     NOT NULL,
    global_position bigint      NOT NULL,
    transaction_id  xid8        NOT NULL,
    aggregate_type  text        NOT NULL,
    aggregate_id    text        NOT NULL,
    sequence        bigint      NOT NULL,
    event_type      text        NOT NULL,
    error           text        NOT NULL,
    quarantined_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (projection, version, global_position)
);

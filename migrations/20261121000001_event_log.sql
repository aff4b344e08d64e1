-- The event log: the single source of truth of the GBVF dashboard.
--
-- `events` and `snapshots` have exactly the shape postgres-es 0.5 reads and writes
-- (see postgres-es db/init.sql); postgres-es names its INSERT columns, so the extra
-- columns below, all with defaults, are invisible to it.
--
-- Extra columns (see shared guide "Event log and projectors"):
--   global_position  a total order for projectors; assigned at INSERT time, NOT commit time,
--                    so on its own it is not safe to checkpoint on (a slow transaction can
--                    commit a lower position after a faster one).
--   transaction_id   the writing transaction's xid8. Projectors read only events whose
--                    transaction_id is below pg_snapshot_xmin(pg_current_snapshot()): every
--                    transaction below that horizon has finished, so no lower position can
--                    still appear. Ordering by (transaction_id, global_position) is then a
--                    stable commit-safe order.
--   recorded_at      when the event was written (server clock), for audit and lag metrics.
CREATE TABLE events
(
    aggregate_type  text                         NOT NULL,
    aggregate_id    text                         NOT NULL,
    sequence        bigint CHECK (sequence >= 0) NOT NULL,
    event_type      text                         NOT NULL,
    event_version   text                         NOT NULL,
    payload         json                         NOT NULL,
    metadata        json                         NOT NULL,
    global_position bigint GENERATED ALWAYS AS IDENTITY,
    transaction_id  xid8                         NOT NULL DEFAULT pg_current_xact_id(),
    recorded_at     timestamptz                  NOT NULL DEFAULT now(),
    -- A second writer appending the same (aggregate, sequence) fails on this key: postgres-es
    -- reports it as an optimistic-lock conflict, so two commands racing on one aggregate can
    -- never both win.
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);

-- The projectors' read path: WHERE (transaction_id, global_position) > checkpoint
-- AND transaction_id < horizon ORDER BY transaction_id, global_position LIMIT page.
CREATE INDEX events_commit_order ON events (transaction_id, global_position);
-- Lag and audit queries by position.
CREATE UNIQUE INDEX events_global_position ON events (global_position);

-- Snapshots (postgres-es shape); unused until an aggregate grows long histories.
CREATE TABLE snapshots
(
    aggregate_type   text                                 NOT NULL,
    aggregate_id     text                                 NOT NULL,
    last_sequence    bigint CHECK (last_sequence >= 0)    NOT NULL,
    current_snapshot bigint CHECK (current_snapshot >= 0) NOT NULL,
    payload          json                                 NOT NULL,
    PRIMARY KEY (aggregate_type, aggregate_id, last_sequence)
);

-- Wake projectors as soon as events commit. NOTIFY is delivered at commit, once per distinct
-- payload per transaction, so a bulk append of 1,000 rows sends one notification.
CREATE FUNCTION events_notify() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    PERFORM pg_notify('gbvf_events', '');
    RETURN NULL;
END;
$$;

CREATE TRIGGER events_notify
    AFTER INSERT ON events
    FOR EACH STATEMENT
EXECUTE FUNCTION events_notify();

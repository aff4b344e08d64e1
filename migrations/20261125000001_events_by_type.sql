-- Issue 15: a projector's idle check ("is there anything newer of my aggregate types than my
-- checkpoint?", every second and on each wake-up) walked the commit-order index backwards
-- until it met one of its types: for a projection of rare types (accounts, geography, building
-- blocks) past a long run of crime events that was a scan of the whole log, 100-230 ms each
-- on 110,000 events and growing with the log. With this index the newest event of a type, and
-- the events of a type after a position, are index probes (projections/src/engine.rs
-- catch_up, events/src/store.rs).
CREATE INDEX IF NOT EXISTS events_type_commit_order
    ON events (aggregate_type, transaction_id, global_position);

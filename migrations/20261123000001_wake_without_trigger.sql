-- Issue 15: a NOTIFY inside a transaction takes a database-wide lock at commit, so the
-- statement trigger on events serialised every writer (pgbench on this machine: 9,361 tps
-- plain vs 2,097 with the trigger at 32 clients). Writers now wake projectors after commit,
-- coalesced, from outside the writing transaction (events/src/wake.rs).
DROP TRIGGER IF EXISTS events_notify ON events;
DROP FUNCTION IF EXISTS events_notify();

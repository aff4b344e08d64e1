-- The shape of each projection's tables when its active version was built. When the code's
-- DDL differs (a new column, a new table), `gbvf migrate` rebuilds that projection from the
-- event log into the new shape while the old one keeps serving, then switches.
ALTER TABLE projection_checkpoint ADD COLUMN ddl_hash text;

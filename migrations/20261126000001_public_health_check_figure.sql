-- The public health-check maturity figures as last published, per group of organisations
-- (`<boundary>/<year>Q<n>/<all|type:t|area:id>`): a figure changes only when at least 3
-- contributing organisations joined or left since (api/src/http/healthcheck.rs
-- `published_figures`, gbvf_commands::healthcheck::public_figure; docs/decisions.md
-- "Public maturity figures"). Not a projection: what was shown is a fact of the reads, not of
-- the event log; `gbvf examples remove` empties it.
CREATE TABLE health_check_public_figure (
    figure_key text PRIMARY KEY,
    organisations jsonb NOT NULL,
    maturity double precision,
    published_at timestamptz NOT NULL
);

-- The public health-check figures as published: a fixed table of cells per quarter (every
-- boundary on a contributing organisation's path, all types and each type), computed once the
-- quarter has ended, with primary and secondary suppression (gbvf_commands::health_check::
-- public_cells; docs/decisions/0123-public-cells-and-suppression.md). Written only by the
-- publication (`gbvf serve`'s publisher, `gbvf healthcheck publish`); public reads only read.
-- Replaces health_check_public_figure, which public reads wrote.
CREATE TABLE health_check_public_cell (
    quarter text NOT NULL,
    boundary_id bigint NOT NULL,
    parent_id bigint,
    cell text NOT NULL,
    organisations bigint NOT NULL,
    participating bigint NOT NULL,
    responses bigint,
    expected bigint,
    maturity double precision,
    example boolean NOT NULL,
    PRIMARY KEY (quarter, boundary_id, cell)
);
CREATE INDEX ON health_check_public_cell (parent_id, quarter);
CREATE TABLE health_check_publication (
    quarter text PRIMARY KEY,
    published_at timestamptz NOT NULL,
    cells integer NOT NULL
);
DROP TABLE health_check_public_figure;

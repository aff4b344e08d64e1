-- Free-text reasons of decisions: on a provider (a return, a closure proposal, a declined
-- proposal or closure) and on an organisation (rejected in the verifier's own words). The text
-- may name a person, so it is personal data kept out of the event log (POPIA;
-- docs/decisions/0154-free-text-reasons-beside-the-log.md). The event names the reason by
-- `reason_id` only; read models and e-mails look the text up here when they are read or sent. `gbvf building-blocks erase-reason <id>` NULLs the text and sets `erased_at`;
-- the row and its id stay, so the history still shows that a reason was given ("Erased
-- reason"). `created_by` names the account that gave the reason.
CREATE TABLE decision_reason
(
    reason_id      uuid PRIMARY KEY,
    aggregate_type text        NOT NULL,
    aggregate_id   text        NOT NULL,
    reason         text,
    created_by     text        NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    erased_at      timestamptz,
    CONSTRAINT decision_reason_erased CHECK (
        CASE WHEN erased_at IS NULL THEN reason IS NOT NULL ELSE reason IS NULL END)
);
CREATE INDEX decision_reason_aggregate ON decision_reason (aggregate_type, aggregate_id);

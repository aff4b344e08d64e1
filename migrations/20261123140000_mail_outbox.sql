-- Durable e-mail (issue 14, item 3).
--
-- Mail that follows an event (welcome and rejection after a verification decision, the
-- invitation of an account an administrator created) is no longer sent inline by the request.
-- A checkpointed worker (api/src/mail_worker.rs) reads the event log in commit order like a
-- projector and, in the same transaction that advances `mail_checkpoint`, queues one row per
-- (event, template) in `mail_outbox`. The primary key is that idempotency key, so a page redone
-- after a crash queues nothing twice. A sender delivers due rows with back-off on failure.
--
-- POPIA: no address or name is stored here. A row names its recipient by user id and the
-- address is looked up in the accounts read model at send time; `context` holds only the
-- organisation's name and the rejection reason.
CREATE TABLE mail_checkpoint
(
    worker               text PRIMARY KEY,
    last_transaction_id  xid8        NOT NULL DEFAULT '0',
    last_global_position bigint      NOT NULL DEFAULT 0,
    events_read          bigint      NOT NULL DEFAULT 0,
    updated_at           timestamptz NOT NULL DEFAULT now()
);

-- Events written before this migration were mailed inline already: start after them.
INSERT INTO mail_checkpoint (worker, last_transaction_id, last_global_position)
SELECT 'mail', coalesce(last.transaction_id, '0'::xid8), coalesce(last.global_position, 0)
FROM (SELECT 1) one
LEFT JOIN (SELECT transaction_id, global_position FROM events
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1) last ON true;

CREATE TABLE mail_outbox
(
    -- '<aggregate_type>/<aggregate id>/<sequence>/<template>': one message per event and template.
    -- For accounts the user id stands in for the aggregate id (which is still the e-mail address).
    idempotency_key   text PRIMARY KEY,
    aggregate_type    text        NOT NULL,
    aggregate_id      text        NOT NULL,
    sequence          bigint      NOT NULL,
    event_type        text        NOT NULL,
    template          text        NOT NULL,
    -- The recipient, by reference: a user id, or the organisation whose designated person it is.
    recipient_user_id text,
    recipient_organisation_id text,
    context           jsonb       NOT NULL DEFAULT '{}',
    status            text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts          integer     NOT NULL DEFAULT 0,
    next_attempt_at   timestamptz NOT NULL DEFAULT now(),
    last_error        text,
    queued_at         timestamptz NOT NULL DEFAULT now(),
    sent_at           timestamptz
);

CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';

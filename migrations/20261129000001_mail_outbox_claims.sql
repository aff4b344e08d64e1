-- A sender claims a message by stamping it (and moving its next try ahead) in one statement,
-- and sends with no transaction open (api/src/mail_worker). The stamp also tells the queue
-- that a building-block digest is being sent: new items then start the next digest.
ALTER TABLE mail_outbox ADD COLUMN claimed_at timestamptz;
CREATE INDEX mail_outbox_digest ON mail_outbox (recipient_user_id, template) WHERE status = 'pending';

-- The public address the running server announced (GBVF_BASE_URL, else http://127.0.0.1:<its
-- port>), recorded by `gbvf serve` when it starts listening, so that commands run beside it
-- (`gbvf users create-admin`) put the right address in their e-mails and instructions.
CREATE TABLE IF NOT EXISTS site_address (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    base_url text NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now()
);

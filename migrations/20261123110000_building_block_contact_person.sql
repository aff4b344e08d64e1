-- Contact persons of building-block requirements (public spec §3 "Contact person"): personal
-- data (name, role, phone numbers, e-mail) kept out of the event log (POPIA). Events of the
-- `bb_provider` aggregate name a person only by `contact_person_id`; deleting a person deletes
-- the row, and the history still shows that a person was added or removed.
CREATE TABLE bb_contact_person
(
    contact_person_id uuid PRIMARY KEY,
    stakeholder_id    bigint      NOT NULL,
    name              text        NOT NULL,
    job_role          text,
    mobile_number     text,
    email             text,
    telephone_number  text,
    alternate_number  text,
    created_by        text        NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bb_contact_person_stakeholder ON bb_contact_person (stakeholder_id);

-- Personal data outside the event log (issue 14 item 4, POPIA; docs/decisions.md
-- "Issue 14 item 4: POPIA").
--
-- Events of the `user` and `organisation` aggregates name a person only by `person_id`; the
-- person's e-mail address, names and phone numbers live here, where they can be corrected in
-- place and erased. Erasure NULLs every personal column and sets `erased_at`; the row stays so
-- that the events that reference it still resolve (to "Erased person").
CREATE TABLE person
(
    person_id          uuid PRIMARY KEY,
    email              text,
    first_name         text,
    last_name          text,
    mobile_number      text,
    alternative_number text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    erased_at          timestamptz,
    CHECK (erased_at IS NULL OR (email IS NULL AND first_name IS NULL AND last_name IS NULL
                                 AND mobile_number IS NULL AND alternative_number IS NULL))
);

-- The e-mail → user lookup that replaces e-mail-keyed user aggregates. `email_key` is the
-- address lower-cased and trimmed; the primary key makes two registrations of one address
-- race safely (one INSERT wins, the other sees a unique violation). A deleted account's row is
-- taken over by a new registration with a compare-and-set on `user_id`. Erasure deletes the row.
CREATE TABLE user_email
(
    email_key  text PRIMARY KEY,
    user_id    text        NOT NULL UNIQUE,
    claimed_at timestamptz NOT NULL DEFAULT now()
);

-- The names of questionnaire translators and reviewers (docs/decisions.md "Questionnaire
-- translations"). A translation is credited work, but a name is personal data: the
-- `questionnaire_translation` events name a translator or reviewer only by `credit_id`, and the
-- name lives here, where `gbvf questionnaire-translation erase-credit <id>` NULLs it and sets
-- `erased_at` (the credit then reads "Erased person"). No contact details are kept.
CREATE TABLE questionnaire_translation_credit
(
    credit_id  uuid PRIMARY KEY,
    name       text,
    created_at timestamptz NOT NULL DEFAULT now(),
    erased_at  timestamptz,
    CHECK (CASE WHEN erased_at IS NULL THEN name IS NOT NULL ELSE name IS NULL END)
);

-- Erasure of a building-block contact person (POPIA right to deletion for third parties;
-- docs/decisions.md "Erasing a building-block contact person"). `gbvf building-blocks
-- erase-contact <id>` NULLs every personal column and sets `erased_at`; the row and its id stay,
-- so the `bb_provider` events and read models that name the person still resolve (to "Erased
-- person"). `created_by` names the account that captured the person, not the person.
ALTER TABLE bb_contact_person
    ALTER COLUMN name DROP NOT NULL,
    ADD COLUMN erased_at timestamptz,
    ADD CONSTRAINT bb_contact_person_erased CHECK (
        CASE WHEN erased_at IS NULL THEN name IS NOT NULL
             ELSE name IS NULL AND job_role IS NULL AND mobile_number IS NULL AND email IS NULL
                  AND telephone_number IS NULL AND alternate_number IS NULL END);

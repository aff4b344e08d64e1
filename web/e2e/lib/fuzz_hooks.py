"""Schemathesis hooks of the API fuzzing runs in ops/test.

A request schema cannot say that one field equals another, so the generated sign-up, password
and profile bodies would never carry a confirmation that matches its password and every
positive case would be refused ("Passwords do not match"). This hook copies the password into
its confirmation wherever a body has both. Likewise a group's name must be unique and not
blank (admin spec §8), which a schema cannot say either: generated names repeat ("0", "00", a
space) and most creations were refused, which failed the run by chance as "mostly rejected";
the hook gives each generated group name a number of its own. Everything else stays as
generated.
"""

import itertools

import schemathesis

GROUP_NAMES = itertools.count(1)

# (password field, confirmation field) as the request schemas spell them.
PAIRS = (
    ("Password", "ConfirmPassword"),
    ("password", "confirmPassword"),
    ("newPassword", "confirmPassword"),
)


@schemathesis.hook
def map_body(context, body):
    if isinstance(body, dict):
        for password, confirmation in PAIRS:
            if isinstance(body.get(password), str) and confirmation in body:
                body[confirmation] = body[password]
        name = body.get("GroupName")
        if isinstance(name, str):
            body["GroupName"] = f"{name.strip()[:80] or 'Group'} {next(GROUP_NAMES)}"
    return body

"""Schemathesis hooks of the API fuzzing runs in ops/test.

A request schema cannot say that one field equals another, so the generated sign-up, password
and profile bodies would never carry a confirmation that matches its password and every
positive case would be refused ("Passwords do not match"). This hook copies the password into
its confirmation wherever a body has both. Likewise a group's name must be unique and not
blank (admin spec §8), which a schema cannot say either: generated names repeat ("0", "00", a
space) and most creations were refused, which failed the run by chance as "mostly rejected";
the hook gives each generated group name a number of its own (and AddGroup a name where the
generated body has none, since the schema is shared with the changes that need no name). The
action ids need no hook: the document lists the ids that exist (KnownActionId). Everything else
stays as generated.
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
        operation = getattr(context, "operation", None)
        if getattr(operation, "path", "").endswith("/AddGroup") or isinstance(body.get("GroupName"), str):
            name = body.get("GroupName")
            stem = name.strip()[:80] if isinstance(name, str) else ""
            body["GroupName"] = f"{stem or 'Group'} {next(GROUP_NAMES)}"
    return body

"""Schemathesis hooks of the API fuzzing runs in ops/test.

A request schema cannot say that one field equals another, so the generated sign-up, password
and profile bodies would never carry a confirmation that matches its password and every
positive case would be refused ("Passwords do not match"). This hook copies the password into
its confirmation wherever a body has both; everything else stays as generated.
"""

import schemathesis

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
    return body

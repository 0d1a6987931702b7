"""Validation rules are no password; the passwords beside them still are (session newuser36).

A Laravel shop's `UserController::store` validates `'password' => 'required|min:12|confirmed'`:
detect-secrets' keyword plugin took the rules for the password, so "what are the password rules
when a user registers" found `'password' => '<REDACTED_SECRET>'`; the User model's cast
`'password' => 'hashed'` was redacted too. Every Laravel registration
form, FormRequest and Fortify action writes such a line (CodeIgniter's `set_rules('password',
'Password', 'trim|required|min_length[8]')` too).
"""

from __future__ import annotations

from repokb.secrets import redact

from ..conftest import assert_redacted, cases

PW = "".join(("Wv8xk2", "LmQ9vR4kW7nB3cY6"))  # a FAKE password, assembled at run time

RULES = [  # (language, text): kept as written
    ("php", "$data = $request->validate([\n    'password' => 'required|min:12|confirmed',\n]);\n"),
    ("php", "return ['password' => 'required|string|min:8|confirmed|regex:/[A-Z]/'];\n"),
    ("php", "'current_password' => 'required|current_password',\n"),
    ("php", "'password' => 'sometimes|required_with:password_confirmation|same:password',\n"),
    ("php", "$v->set_rules('password', 'Password', 'trim|required|min_length[8]');\n"),
    ("yaml", "password: required|min:8\n"),
    # Eloquent's casts: how the attribute is stored (every Laravel 11 User model)
    ("php", "protected function casts(): array\n{\n    return ['password' => 'hashed'];\n}\n"),
    ("php", "protected $casts = ['api_token' => 'encrypted', 'secrets' => 'encrypted:array'];\n"),
]


@cases(("language", "text"), RULES)
def test_validation_rules_of_a_password_field_stay_readable(language, text):
    result = redact(text, "code" if language == "php" else "config", language)
    assert result.text == text, result.findings


NOT_RULES = [  # (language, text): a password with a `|` is still a password
    ("php", f"'password' => 'required|{PW}',\n"),
    ("php", f"'password' => 'min:{PW}|max:9',\n"),
    ("php", "'password' => 'hunter2|Zorro99!',\n"),
    ("php", f"'password' => '{PW}',\n"),
]


@cases(("language", "text"), NOT_RULES)
def test_a_password_that_is_no_list_of_rules_is_redacted(language, text):
    assert_redacted(text, "code", language)

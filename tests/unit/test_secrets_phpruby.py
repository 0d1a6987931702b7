"""Validation rules are no password; the passwords beside them and WordPress's salts are
(session newuser36).

A Laravel shop's `UserController::store` validates `'password' => 'required|min:12|confirmed'`:
detect-secrets' keyword plugin took the rules for the password, so "what are the password rules
when a user registers" found `'password' => '<REDACTED_SECRET>'`; the User model's cast
`'password' => 'hashed'` was redacted too. Every Laravel registration
form, FormRequest and Fortify action writes such a line (CodeIgniter's `set_rules('password',
'Password', 'trim|required|min_length[8]')` too).

The attacker's pass (bench/plant_phpruby.py) found a wp-config.php's `define('SECURE_AUTH_SALT',
'X')` stored as written (a salt named no secret, and its line held no key word to look at; every
wp-config.php defines eight keys and salts), and `define('DB_PASSWORD', 'X')` when X was letters
alone (read as a name, as in code).
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


WP = "".join(("5Qo(@V2!k#s<wPz]ZrM8f;-E/d?BC~}Hn^", "|yT6+1ul,AW%x3Yq:8j{aRNiS0gb>J"))
LETTERS = "".join(("WvuZSKtftYcH", "hnmXIpYTmApw"))

WORDPRESS = [  # (language, text, value)
    ("php", f"<?php\ndefine( 'AUTH_SALT',        '{WP}' );\n", WP),
    ("php", f"<?php\ndefine('SECURE_AUTH_SALT', '{PW}');\n", PW),
    ("php", f"<?php\ndefine( 'NONCE_SALT', '{WP}' );\n", WP),
    ("php", f"<?php\ndefine( 'LOGGED_IN_KEY',    '{WP}' );\n", WP),
    ("php", f"<?php\ndefine('NONCE_KEY', '{PW}');\n", PW),
    ("php", f"<?php\ndefine( 'DB_PASSWORD', '{LETTERS}' );\n", LETTERS),
]


@cases(("language", "text", "value"), WORDPRESS)
def test_wordpress_keys_salts_and_a_defined_password_are_redacted(language, text, value):
    assert_redacted(text, "code", language, value)


WP_KEEP = [  # (language, text): the sample's placeholder, names and lookups stay
    ("php", "<?php\ndefine('LOGGED_IN_KEY',    'put your unique phrase here');\n"),
    ("php", "<?php\ndefine('PASSWORD_RESET_TABLE', 'password_resets');\n"),
    ("php", "<?php\ndefine('DB_PASSWORD', getenv('DB_PASSWORD'));\n"),
    ("php", "<?php\ndefine('SECRET_KEY', 'SECRET_KEY');\n"),
]


@cases(("language", "text"), WP_KEEP)
def test_wordpress_placeholders_and_names_stay(language, text):
    assert redact(text, "code", language).text == text


VIEWS = [  # (language, text): view templates are indexed now; what their scripts hold is not
    ("haml", f':javascript\n  var segmentWriteKey = "{PW}";\n%h1= @post.title\n'),
    ("haml", f'%p{{data: {{token: "{PW}"}}}}\n'),
    ("slim", f'footer\n  javascript:\n    window.intercomToken = "{PW}";\n'),
    ("pug", f'script.\n  var apiKey = "{PW}";\nh1= title\n'),
    ("handlebars", f'<script>window.API_TOKEN = "{PW}";</script>\n<h1>{{{{title}}}}</h1>\n'),
    ("liquid", f'{{% assign stripe_key = "{PW}" %}}\n<p>{{{{ page.title }}}}</p>\n'),
    ("nunjucks", f'{{% set password = "{PW}" %}}\n'),
]


@cases(("language", "text"), VIEWS)
def test_a_secret_in_a_view_template_is_redacted(language, text):
    from repokb.secrets import mode_for

    assert_redacted(text, mode_for(language), language, PW)

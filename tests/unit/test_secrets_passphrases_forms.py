"""Forms the last passes left readable (REDACTION_VERSION 27): Perl's auth checks written
other than `$pass eq 'X'`, an HTML password field's value, and a password of words under a
secret's name, while labels, help texts and prompts naming the field stay readable. Values are
made up, assembled at run time."""

from __future__ import annotations

import pytest

from repokb.secrets import mode_for, redact, scan

from ..conftest import assert_redacted
from ..secret_forms import kept_forms, redacted_forms

X = "".join(("Kq9-Zw", "7mVx2!"))

PERL = [
    f"sub basic_auth_ok {{ return $_[0] eq 'admin' and $_[1] eq '{X}'; }}\n",
    f"$app->plugin('BasicAuth', {{ admin => sub {{ $_[0] eq 'root' && $_[1] eq '{X}' }} }});\n",
    f"if ('{X}' eq $pass) {{ return 1 }}\n",
    f"die 'denied' unless $c->param('password') eq '{X}';\n",
    f"return $self->{{password}} eq \"{X}\";\n",
]


test_a_perl_auth_check_comparing_with_a_literal_is_redacted = redacted_forms(
    [("perl", text) for text in PERL], X)


PERL_KEPT = [
    "return $_[0] eq 'admin' && $_[1] eq $expected;\n",
    "if ($field->{type} eq 'password') { $html .= '*' }\n",
    "if ($c->param('password') eq $c->param('password2')) { }\n",
    "next if $_[1] eq 'skip';\n",
]


test_perl_comparisons_with_no_password_stay = kept_forms([("perl", text) for text in PERL_KEPT])


HTML = [
    f'<input type="password" name="password" id="pw" value="{X}">\n',
    f'<input value="{X}" type="password" name="pw2"/>\n',
    f"<input type='password' name='token' value='{X}'>\n",
    f"<INPUT TYPE=password NAME=pw VALUE={X}>\n",
    f'<!-- <input type="password" value="{X}"> -->\n',
]


test_an_html_password_fields_value_is_redacted = redacted_forms(
    [(language, text) for language in ("html", "markdown", "php") for text in HTML], X)


HTML_KEPT = [
    '<input type="password" name="password" value="">\n',
    '<input type="password" name="password" value="{{ form.password.value }}">\n',
    '<input type="password" name="password" value="<?= $old ?>">\n',
    '<input type="text" name="username" value="administrator">\n',
    '<input type="submit" value="Change my password">\n',
]


test_an_empty_or_templated_password_field_stays = kept_forms(
    [("html", text) for text in HTML_KEPT])


PHRASES = [
    "my secret pass 42!", "correct horse battery 9", "Tr0ub4dor and 3 staples",
    "purple monkey dishwasher #7",
]
PHRASE_PLACES = [
    ("python", 'password = "{v}"\n'),
    ("python", 'pw = "{v}"\n'),
    ("python", 'connect(host="db", password="{v}")\n'),
    ("yaml", 'DB_PASSWORD: "{v}"\n'),
    ("yaml", "db_password: {v}\n"),
    ("javascript", "const adminPassword = '{v}';\n"),
    ("toml", 'secret = "{v}"\n'),
]


@pytest.mark.parametrize("phrase", PHRASES)
@pytest.mark.parametrize(("language", "template"), PHRASE_PLACES)
def test_a_password_of_words_under_a_secrets_name_is_redacted(phrase, language, template):
    assert_redacted(template.format(v=phrase), mode_for(language), language, phrase)


LABELS = [
    ("perl", "label_for pass => 'Password (optional, 7-500 characters)';\n"),
    ("python", 'password = forms.CharField(help_text="Your password", label="Password")\n'),
    ("python", 'password = input("Enter your password: ")\n'),
    ("python", 'token = getpass("API token (leave empty to skip): ")\n'),
    ("yaml", "password_hint: my dog and 2 cats\n"),
    ("python", 'PASSWORD_HINT = "my dog and 2 cats"\n'),
]


test_labels_help_texts_and_prompts_stay_readable = kept_forms(LABELS)


# detect-secrets' keyword plugin redacts these (it reads any value of a `password` key); our own
# finder must not take them for a passphrase
OUR_LABELS = [
    ("python", 'PASSWORD_HELP = "Use 8 or more characters."\n'),
    ("python", 'password_prompt = "Password for %(user)s: "\n'),
    ("yaml", 'password: "Must contain 2 digits"\n'),
    ("python", 'secret = "The secret was 42 days old."\n'),
    ("python", 'password = "Sign in with 2 factor"\n'),
    # detect-secrets' own ibm_cos_hmac.py: code between two literals, no passphrase
    ("python", "auth = (algorithm + ' '\n        + 'Credential=' + access_key + '/' + scope)\n"),
]


@pytest.mark.parametrize(("language", "text"), OUR_LABELS)
def test_our_finder_reads_no_label_as_a_passphrase(language, text):
    assert scan(text, mode_for(language)) == []


# a notebook's magics and shell escapes (REDACTION_VERSION 27)
MAGICS = [
    f"%env MLFLOW_TRACKING_PASSWORD={X}\n",
    f"%env DB_PASSWORD {X}\n",
    f"%set_env AWS_SECRET_ACCESS_KEY={X}\n",
    f"!export HF_TOKEN={X} && python train.py\n",
    "!wandb login " + "".join(("Wb7Kq2Lm9", "Xv4Tz3Wr8Qa")) + "\n",
    "!wandb login --relogin " + "".join(("Wb7Kq2Lm9", "Xv4Tz3Wr8Qa")) + "\n",
    "!kaggle config set -n key -v " + "".join(("Kg7Kq2Lm9", "Xv4Tz3Wr8Qa")) + "\n",
]


test_a_notebooks_magic_or_shell_line_is_redacted = redacted_forms(
    [("python", text) for text in MAGICS], X, "Wb7Kq2Lm9Xv4Tz3Wr8Qa", "Kg7Kq2Lm9Xv4Tz3Wr8Qa")


MAGICS_KEPT = [
    "%env OPENAI_API_KEY=$OPENAI_API_KEY\n",
    "%env\n",
    "%env CUDA_VISIBLE_DEVICES=0\n",
    "!wandb login\n",
    "!wandb login --relogin\n",
    "export const API_TOKEN = process.env.API_TOKEN;\n",
]


test_magics_with_no_secret_stay = kept_forms([("python", text) for text in MAGICS_KEPT])


# a notebook exported with its outputs (nbconvert --to markdown, a docs build): the printed
# environment, a traceback's connection string, a result's repr; `PGPASSWORD` is libpq's one
# glued word (REDACTION_VERSION 27)
EXPORTED = {
    "aws": "".join(("wJalrXUtnFEMI/K7MDENG", "/bPxRfiCYzQx7Lm2Kd9")),
    "pg": "".join(("Pg8Lk2", "Vn5Xq")),
    "redis": "".join(("Rd4Wm8", "Qz2Lk")),
    "dsn": "".join(("Zk3Wm8", "Qr5Tx")),
    "token": "".join(("Yt6Ge3Wd8", "Sa2Hj")),
}
EXPORTED_MD = (
    "```python\nprint(os.environ)\n```\n\n"
    f"    environ({{'HOME': '/home/alice', 'AWS_SECRET_ACCESS_KEY': '{EXPORTED['aws']}', "
    f"'PGPASSWORD': '{EXPORTED['pg']}', 'REDISPASSWORD': '{EXPORTED['redis']}'}})\n\n"
    "    OperationalError: connection to server failed for "
    f"postgresql://analyst:{EXPORTED['dsn']}@db.internal/warehouse\n\n"
    f"    {{'endpoint': 'https://api.churn.internal', 'token': '{EXPORTED['token']}'}}\n"
)


@pytest.mark.parametrize("language", ["markdown", "text", None])
def test_a_notebooks_exported_outputs_hold_no_credential(language):
    out = redact(EXPORTED_MD, mode_for(language), language).text
    assert [k for k, v in EXPORTED.items() if v in out] == []


GLUED_KEPT = [
    ("python", 'NOPASSWORD = "skip-auth-check"\n'),
    ("python", 'tokenizer = "bert-base-uncased-v2"\n'),
    ("yaml", "passwordless: enabled-for-all-users\n"),
]


@pytest.mark.parametrize(("language", "text"), GLUED_KEPT)
def test_our_finder_reads_no_glued_word_that_only_holds_a_secret_word_as_a_secret(language, text):
    # (detect-secrets' keyword plugin reads any name holding `password`: not ours to judge)
    assert scan(text, mode_for(language)) == []

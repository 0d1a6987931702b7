"""Forms this morning's passes left: a `user:X` string under Node's `auth` option and
`Buffer.from('user:X')` for a Basic header, mysql's `-pX` in an argument list, a C#
SecureString filled from a literal; and two readings of Perl's POD that took markup or a
label for a password. Values are made up."""

from __future__ import annotations

import pytest

from repokb.secrets import redact

from ..conftest import assert_redacted

X = "".join(("Qm7vTr", "2xLp9w"))

FOUND = [
    ("code", f"const req = http.request({{ host: 'api.test', auth: 'deploy:{X}' }}, done);\n"),
    ("code", "const req = https.request({\n  hostname: 'api.test',\n"
             f"  auth: 'deploy:{X}',\n}});\n"),
    ("code", f"options.auth = 'deploy:{X}';\n"),
    ("code", "fetch(url, { headers: { Authorization: 'Basic ' + "
             f"Buffer.from('deploy:{X}').toString('base64') }} }});\n"),
    ("code", f"system('mysql', \"-p{X}\", $database);\n"),
    ("code", f'subprocess.run(["mysql", "-uroot", "-p{X}", "shop"], check=True)\n'),
    ("code", f'var ss = new SecureString();\nforeach (char c in "{X}") ss.AppendChar(c);\n'),
    ("code", f'foreach (var c in "{X}".ToCharArray())\n{{\n    password.AppendChar(c);\n}}\n'),
    # already redacted, kept so: the WHATWG URL's password, axios' auth object
    ("code", f"const u = new URL('https://api.test/');\nu.password = '{X}';\n"),
    ("code", f"await axios.get(url, {{ auth: {{ username: 'deploy', password: '{X}' }} }});\n"),
]


@pytest.mark.parametrize(("mode", "text"), FOUND)
def test_a_password_in_these_forms_is_redacted(mode, text):
    assert_redacted(text, mode, None, X)


KEPT = [
    # Dancer2's Tutorial.pod: an HTML form in a POD verbatim block
    ("code", "=head1 Login\n\n  <dt>Password:\n"
             "  <dd><input type=password name=password>\n\n=cut\n"),
    ("text", "<dd><input type=password name=password>\n"),
    # Mojolicious' Guides/Rendering.pod: a field's label
    ("code", "  %= label_for pass => 'Password (optional, 7-500 characters)'\n"
             "  %= password_field 'pass'\n"
             "  %= label_for pass_again => 'Password again (equal to the value above)'\n"),
    ("code", "const opts = { auth: 'user:${PASSWORD}' };\n"),
    ("code", "oauth: 'client:abc12345'\n"),
    ("code", 'subprocess.run(["mysql", "-p", "shop"])\n'),  # -p alone asks for it
    ("code", 'foreach (char c in "abc,def") sb.Append(c);\n'),
]


@pytest.mark.parametrize(("mode", "text"), KEPT)
def test_markup_labels_and_names_stay_readable(mode, text):
    assert redact(text, mode).text == text


def test_an_input_s_default_value_is_still_redacted():
    text = f"<input type=password value={X}>\n"
    assert X not in redact(text, "text").text

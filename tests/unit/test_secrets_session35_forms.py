"""Secret forms session 35's attacker pass found stored as written (of 93 forms probed in
realistic files, `/tmp/secrets35/attack.py` and `forms.py`, kept out of the repository), and
the three session 34 left: a YAML map of user names to passwords under an auth key
(`auth:` / `users:` / `admin: X`), an Emacs Lisp `defvar`'s docstring taken with its value, and
vim-fugitive's two false findings.

The nearest readable forms (a role map, a placeholder, a variable, a Kotlin `lazy` call, a
session cookie given by a variable) stay.
"""

from __future__ import annotations

from repokb.secrets import redact
from repokb.secrets.scan import mode_for

from ..conftest import assert_redacted, cases
from ..secret_forms import j, kept_forms, redacted_forms

TWITTER = j("AAAAAAAAAAAAAAAAAAAAA", "Mx9vL2mT7kW4nB8cY6zH1jF5s",  # 21 `A`s, 91 more
            "%2FD0gAe2Kp9R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAe2Kp", "Zq8Wr3Lt5Nm7Vb2Xc4")
DROPBOX = j("sl.", "BXq9vL2mT7kW4nB8cY6zH1jF5sD0gAe2Kp9R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0g",
            "Ae2Kp9R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAe2Kp9R8x2Lm", "Hq7Tz2Wx9Lk4Mn8Bv3Cx6Zr1Pd5")
SIG = j("Hq8Zr3Ld7W", "t2Ky6Mn1Bv5Cx9Pf4Gs0Hj8Lk3Q", "%3D")

MUST_REDACT = [  # (language, text with X, X): each stored as written on main
    ("yaml", "auth:\n  users:\n    admin: {X}\n    ops: Op9xQm40VtLz\n", "Ya9xQm23VtLz"),
    ("yaml", "basic_auth:\n  users:\n    deploy: {X}\n", "Dp4wLz88QmTx"),
    ("yaml", "authentication:\n  accounts:\n    'ci-bot': \"{X}\"\n", "Ci7rTq25WxPz"),
    ("yaml", "#cloud-config\nchpasswd:\n  list: |\n    root:{X}\n  expire: false\n",
     "Harbor7Lantern8"),
    ("python", 'BEARER = "{X}"\n', TWITTER),
    ("python", 'DBX = "{X}"\n', DROPBOX),
    ("markdown", "Download with\n\n    https://acme.blob.core.windows.net/c/f.zip?sv=2022-11-02"
                 "&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig={X}\n", SIG),
    ("csharp", 'var c = "BlobEndpoint=https://acme.blob.core.windows.net/;'
               'SharedAccessSignature=sv=2022-11-02&ss=b&sig={X}";\n', SIG),
    ("xml", '<session-factory>\n<property name="hibernate.connection.password">{X}</property>\n'
            '</session-factory>\n', "Harbor7Lantern2"),
    ("kotlin", 'object Keys {\n    val apiKey by lazy { "{X}" }\n}\n', "Harbor7Lantern17"),
    ("http", "GET https://api.acme.io/me\nCookie: session={X}\n",
     "s%3AXq9vL2mT7kW4nB8c.Y6zH1jF5sD0gAe2Kp9R8x2L"),
    ("shell", "#!/bin/sh\ncurl -H 'Cookie: sessionid={X}; theme=dark' https://acme.io/\n",
     "Qx8vL2mT7kW4nB8cY6zH1jF5"),
    ("ini", "BINDDN cn=admin,dc=acme,dc=org\nBINDPW {X}\n", "Harbor7Lantern29"),
    ("ini", "[domain/acme]\nldap_default_authtok = {X}\n", "Harbor7Lantern30"),
    ("markdown", "Call `https://acme.azurewebsites.net/api/orders?code={X}`.\n",
     "Xq9vL2mT7kW4nB8cY6zH1jF5sD0gAe2Kp9R8x2LmQ9vT4kW7nB3cY6zH=="),
    ("python", 'params = pika.PlainCredentials("shop", "{X}")\n', "Harbor7Lantern61"),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("yaml", "auth:\n  users:\n    admin: admin\n    bob: readonly\n"),
    ("yaml", "auth:\n  users:\n    admin: ${ADMIN_PASSWORD}\n"),
    ("yaml", "auth:\n  users:\n    - name: admin\n      role: superuser\n"),
    ("yaml", "auth:\n  users:\n    admin:\n      email: admin@acme.org\n"),
    ("yaml", "team:\n  users:\n    alice: Engineering2024\n"),
    ("yaml", "#cloud-config\nchpasswd:\n  list: |\n    root:RANDOM\n  expire: true\n"),
    ("markdown", "Use a SAS URL: `https://acct.blob.core.windows.net/c?sv=2022-11-02&sig=<signature>`\n"),
    ("markdown", "Call `https://acme.azurewebsites.net/api/orders?code=<FUNCTION_KEY>`.\n"),
    ("markdown", "The provider redirects to `https://app.example.com/callback?code=4f8aZq2Lm9`.\n"),
    ("python", "params = pika.PlainCredentials(user, os.environ['MQ_PASSWORD'])\n"),
    ("xml", '<property name="hibernate.connection.username">shop</property>\n'),
    ("xml", '<messages>\n  <message key="password">Passwort</message>\n</messages>\n'),
    ("xml", '<property name="hibernate.connection.password">${DB_PASSWORD}</property>\n'),
    ("kotlin", "val apiKey by lazy { BuildConfig.API_KEY }\n"),
    ("http", "GET https://api.acme.io/me\nCookie: session={{session}}\n"),
    ("http", "GET https://api.acme.io/me\nCookie: theme=dark; lang=en\n"),
    ("ini", "BINDDN cn=admin,dc=acme,dc=org\nBINDPW ${LDAP_BIND_PASSWORD}\n"),
    # vim-fugitive (Debian's vim-fugitive 3.7): two false findings on main
    ("vim", "      return ['-c', 'core.askPass=' . s:ExecPath()[0] . '/git-gui--askpass']\n"),
    ("vim", "        let ref = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'\n"),
]


test_each_form_is_redacted = redacted_forms(MUST_REDACT)


test_readable_forms_stay = kept_forms(MUST_KEEP, nothing_found=True)


def test_a_defvar_keeps_its_docstring():
    """Only the value of `(defvar my-token "X" "Doc.")` goes: Lisp glues no adjacent strings
    (on main the redaction widened over the docstring and took it with the value)."""
    text = '(defvar my-token "Ya9xQm23VtLz" "The token for the service.")\n'
    result = assert_redacted(text, "code", "emacs_lisp", "Ya9xQm23VtLz")
    assert '"The token for the service."' in result.text


_R = j("Xq9vL2mT7kW4nB8cY6zH1jF5sD0gAe2Kp9R8x2", "LmQ9vT4kW7nB3cY6zH1jF5sD0gAe2Kp9R8x2LmQ9vT4")
_H = j("3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d4c3b2a19", "3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d")
VENDOR_TOKENS = [  # (vendor, FAKE token of its format): each stored on main in a README's prose
    ("supabase", j("sb", "p_", _H[:40])),
    ("replicate", j("r8", "_", _R[:37])),
    ("groq", j("gs", "k_", _R[:52])),
    ("langsmith", j("lsv2", "_pt_", _H[:32], "_", _H[:10])),
    ("pinecone", j("pc", "sk_", _R[:5], "_", _R[5:70])),
    ("netlify", j("nf", "p_", _R[:36])),
    ("render", j("rn", "d_", _R[:32])),
    ("neon", j("na", "pi_", _R[:64].lower())),
    ("airtable", j("pat", _R[:14], ".", _H[:64])),
    ("figma", j("fi", "gd_", _R[:40])),
    ("resend", j("re", "_", _R[:8], "_", _R[8:32])),
    ("contentful", j("CFP", "AT-", _R[:43])),
    ("plaid", j("access-", "production-", "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d")),
    ("bitbucket", j("AT", "BB", _R[:32])),
    ("doppler", j("dp", ".st.", "dev.", _R[:40])),
    ("linear", j("lin", "_oauth_", _H[:64])),
    ("jfrog", j("cmVmdGtu", "OjAxOjE3", _R[:48])),
]


@cases(("vendor", "token"), VENDOR_TOKENS)
def test_a_vendor_token_in_prose_is_redacted(vendor, token):
    assert_redacted(f"Run the examples with `{token}` set.\n", "text", "markdown", token)


@cases(("language", "text"), [
    ("python", "rnd_generator_seed_value_for_tests = 1\n"),
    ("python", "re_compile_patterns_abcdefghijklmnopqrstuvwx = None\n"),
    ("markdown", "See the access-production-checklist before a release.\n"),
    ("markdown", "Tokens look like `sbp_<40 hex characters>` and `gsk_...`.\n"),
])
def test_names_shaped_like_a_vendor_prefix_stay(language, text):
    assert redact(text, mode_for(language), language).text == text

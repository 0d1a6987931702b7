"""Secret forms session 36's attacker pass found stored as written (of 111 values probed in 76
realistic files, `/tmp/secrets36/forms*.py` and `creds.py`, kept out of the repository), the
credential files left unknown, and one verdict for a Kubernetes Secret whatever its file's name.

The nearest readable forms (a lone `salt`, a variable, a reference, a `-Password` parameter in a
sentence, an HCL block of references) stay.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy
from repokb.secrets import redact

from ..conftest import assert_redacted, cases, classify_file
from ..secret_forms import j, kept_forms, redacted_forms

# a WordPress salt as api.wordpress.org/secret-key/1.1/salt/ writes them (64 characters of
# printable ASCII but quotes and backslash)
SALT = j("Bv|hG%X-9+Q<d/8j>1!oB}Wm5", "cA*R|yK&]z3U@jN#qTp7$e~Zs(4rLf^w0M)nDk2")
UUID = j("3fa85f64-5717", "-4562-b3fc-", "2c963f66afa6")

MUST_REDACT = [  # (language, text with X, X): each stored as written on main
    ("php", "<?php\ndefine( 'LOGGED_IN_KEY', '{X}' );\n", SALT),
    ("php", "<?php\ndefine( 'NONCE_KEY',        '{X}' );\n", SALT),
    ("php", "<?php\ndefine( 'AUTH_SALT', '{X}' );\n", SALT),
    ("php", "<?php\ndefine( 'SECURE_AUTH_SALT', '{X}' );\n", SALT),
    ("php", "<?php\ndefine('LOGGED_IN_SALT', '{X}');\n", SALT),
    ("php", "<?php\ndefine( \"NONCE_SALT\", \"{X}\" );\n", SALT),
    ("php", "<?php\n$settings['hash_salt'] = '{X}';\n", "f3Kq9Zr2Lm8VxT4bN7cY10"),
    ("php", "<?php\nreturn ['Security' => ['salt' => env('SECURITY_SALT', '{X}')]];\n",
     "f3Kq9Zr2Lm8VxT4bN7cY15"),
    ("php", "<?php\nConfigure::write('Security.salt', '{X}');\n", "f3Kq9Zr2Lm8VxT4bN7cY16"),
    ("javascript", "const pool = new Pool({ password: process.env.PGPASS || '{X}' });\n",
     "Nod7fQx2Lm9Rv0"),
    ("php", "<?php\n$db_pass = getenv('PGPASS') ?: '{X}';\n", "Php7fQx2Lm9Rv0"),
    ("python", "PASSWORD = os.environ.get('PGPASS') or '{X}'\n", "Pyt7fQx2Lm9Rv0"),
    ("powershell", 'Invoke-Sqlcmd -ServerInstance db -Username sa -Password "{X}" -Query "q"\n',
     "Ps7fQx2Lm9Rv2"),
    ("powershell", "Connect-VIServer -Server vc -User admin -Password {X}\n", "Ps27fQx2Lm9Rv3"),
    ("powershell", "Publish-Module -Name Shop -NuGetApiKey {X}\n",
     "oy2k7fQx2Lm9Rv3abcdefgh1234567890abcdefghi"),
    ("python", 'conn = ldap3.Connection(server, "cn=admin,dc=acme", "{X}", auto_bind=True)\n',
     "Lda7fQx2Lm9Rv4"),
    ("python", 'conn = Connection(server, "uid=bind,ou=svc,dc=acme", "{X}")\n', "Lda7fQx2Lm9Rv5"),
    ("python", 'ftp = FTP_TLS("ftp.acme.io", "bob", "{X}")\n', "Ftp7fQx2Lm9Rv5"),
    ("hcl", 'acl {\n  enabled = true\n  tokens {\n    initial_management = "{X}"\n  }\n}\n', UUID),
    ("hcl", 'acl {\n  tokens {\n    agent = "{X}"\n    default = "{X}"\n  }\n}\n', UUID),
    ("hcl", 'module "app" {\n  secrets = {\n    db = "{X}"\n  }\n}\n', "Hcl7fQx2Lm9Rv"),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("php", "<?php\ndefine( 'WP_DEBUG', false );\ndefine( 'DB_CHARSET', 'utf8mb4' );\n"),
    ("php", "<?php\ndefine( 'NONCE_SALT', 'put your unique phrase here' );\n"),
    ("php", "<?php\ndefine( 'AUTH_SALT', getenv('AUTH_SALT') );\n"),
    ("python", "salt = 'django.contrib.sessions.SessionStore'\n"),
    ("python", "key_salt = 'django.core.signing'\n"),
    ("javascript", "const host = process.env.PGHOST || 'db.acme.io';\n"),
    ("javascript", "const user = { name: process.env.PGUSER || 'shop' };\n"),
    ("powershell", "Connect-VIServer -Server vc -User admin -Password $password\n"),
    ("powershell", "New-LocalUser -Name bob -Password (Read-Host -AsSecureString)\n"),
    ("markdown", "Give the `-Password` parameter a SecureString, never a literal.\n"),
    ("markdown", "Use the -Password parameter to pass it.\n"),
    ("python", 'conn = ldap3.Connection(server, "cn=admin,dc=acme", password)\n'),
    ("python", 'ftp = SFTP("ftp.acme.io", "bob", key_file)\n'),
    ("hcl", 'acl {\n  tokens {\n    agent = "${var.agent_token}"\n    default = ""\n  }\n}\n'),
    ("hcl", 'module "app" {\n  secrets = {\n    db = var.db_password\n  }\n}\n'),
]


test_each_form_is_redacted = redacted_forms(MUST_REDACT)


test_readable_forms_stay = kept_forms(MUST_KEEP, nothing_found=True)


def test_a_wp_config_keeps_its_settings_and_loses_its_eight_keys():
    names = ["AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT",
             "SECURE_AUTH_SALT", "LOGGED_IN_SALT", "NONCE_SALT"]
    salts = [SALT[:-1] + str(i) for i in range(8)]
    text = "<?php\n" + "".join(f"define( '{n}', '{s}' );\n" for n, s in zip(names, salts,
                                                                            strict=True))
    text += "define( 'WP_DEBUG', false );\n$table_prefix = 'wp_';\n"
    result = assert_redacted(text, "code", "php", *salts)
    assert "define( 'WP_DEBUG', false );" in result.text and "'wp_'" in result.text
    assert all(f"define( '{n}', '<REDACTED_SECRET>' );" in result.text for n in names)


CREDENTIAL_FILES = [  # (path, content): unknown (excluded, "no rule matched") or indexed on main
    ("dotfiles/s3cfg", "[default]\naccess_key = AKIAEXAMPLE\nsecret_key = Wq9mT2kLx8Rv3Nb\n"),
    ("dotfiles/boto", "[Credentials]\naws_secret_access_key = Wq9mT2kLx8Rv3Nb\n"),
    ("dotfiles/pgpass", "db.acme.io:5432:shop:shop:Zq7Rp3Xk9Lm2\n"),
    ("dotfiles/pypirc", "[pypi]\nusername = bob\npassword = Zq7Rp3Xk9Lm2\n"),
    ("dotfiles/npmrc", "//registry.npmjs.org/:_authToken=Zq7Rp3Xk9Lm2\n"),
    ("home/.terraformrc", 'credentials "app.terraform.io" {\n  token = "Zq7Rp3Xk9Lm2"\n}\n'),
    ("dotfiles/terraformrc", 'credentials "app.terraform.io" {\n  token = "Zq7Rp3Xk9Lm2"\n}\n'),
    ("home/terraform.rc", 'credentials "app.terraform.io" {\n  token = "Zq7Rp3Xk9Lm2"\n}\n'),
    ("home/.vault-token", "hvs.Zq7Rp3Xk9Lm2abcdefghij\n"),
    ("dotfiles/aws/config", "[profile prod]\naws_secret_access_key = Wq9mT2kLx8Rv3Nb\n"),
    ("home/.config/composer/auth.json", '{"github-oauth": {"github.com": "Zq7Rp3Xk9Lm2"}}\n'),
    ("home/.composer/auth.json", '{"http-basic": {"repo.acme.io": {"username": "bob", '
                                 '"password": "Zq7Rp3Xk9Lm2"}}}\n'),
]


@cases(("path", "content"), CREDENTIAL_FILES)
def test_a_credential_file_is_blocked(tmp_path, path, content):
    c = classify_file(tmp_path, path, content)
    assert (c.kind, c.index_policy) == (Kind.SECRET_CANDIDATE, Policy.BLOCK), c.reasons
    assert c.subkind == "credentials_file", c.reasons


@pytest.mark.parametrize("rel", ["lang/en/auth.json", "src/auth.json", "config/aws.yaml"])
def test_files_named_near_a_credential_file_are_judged_by_content(tmp_path, rel):
    """A lone `auth.json` is a locale's strings as often as Composer's logins (Laravel's
    `lang/en/auth.json`); only Composer's folders name its logins."""
    c = classify_file(tmp_path, rel, '{"failed": "These credentials do not match."}\n')
    assert c.index_policy is not Policy.BLOCK, c.reasons


SECRET = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: shop-db\n  labels:\n    app: shop\n"
          "type: Opaque\ndata:\n  password: V21vYmFyU2VjcmV0UGFzczEy\nstringData:\n"
          "  api-token: Kx8vTq2Lp9Zr4\n")


@pytest.mark.parametrize("rel", ["k8s/secret.yaml", "k8s/secrets.yaml", "k8s/db.yaml",
                                 "deploy/db-secret.yml", "k8s/shop-credentials.yaml"])
def test_one_kubernetes_secret_one_verdict_whatever_its_name(tmp_path, rel):
    """`secret.yaml` was blocked by its name, `db.yaml` as a file of Secrets only, while the
    same Secret beside a Deployment was indexed: now each is indexed, its values redacted."""
    c = classify_file(tmp_path, rel, SECRET)
    assert (c.kind, c.index_policy) == (Kind.INFRASTRUCTURE, Policy.INDEX_TEXT), c.reasons
    beside = classify_file(tmp_path, "k8s/all.yaml", "apiVersion: apps/v1\nkind: Deployment\n"
                           "metadata:\n  name: shop\nspec:\n  replicas: 2\n---\n" + SECRET)
    assert (beside.kind, beside.index_policy) == (c.kind, c.index_policy)
    out = redact(SECRET, "config", "yaml").text
    assert "V21vYmFyU2VjcmV0UGFzczEy" not in out and "Kx8vTq2Lp9Zr4" not in out
    assert "  name: shop-db\n  labels:\n    app: shop\n" in out and "  api-token: " in out

"""Secret forms session 31's attacker pass left stored, and more it found (session 32, bench:
/tmp/s32 forms, 72 forms, 16 stored on main):

- a legacy Vault token (`s.` + 24 characters) given to `vault login` (today's `hvs.` tokens
  and `VAULT_TOKEN=s.X` were found);
- a user/password pair written as a JSON or YAML flow list under a secret's key
  (`"credentials": ["bob", "X"]`, `credentials: [bob, X]`; the block list was found);
- a PuTTY private key pasted into a doc: its `Private-Lines:` (the `.ppk` file is blocked);
- pgbouncer's `userlist.txt` lines (`"user" "md5..."`, `"SCRAM-SHA-256$..."`, plain), in the
  file or pasted into a doc; an FTP script's `user NAME X` line;
- command lines: `nuget push -k X`, `mc alias set NAME URL ACCESS X`, `lftp -u user,X`,
  `ssh-keygen -N X`, `oc login -p X`, `cf login -p X`, `curl --oauth2-bearer X`, `rclone
  config create ... pass X`, `influx -password X`, `grafana-cli admin reset-admin-password X`,
  `consul kv put PATH/password X`; `az storage ... --account-key X` whole (its end only before).

The nearest readable forms (a prompt, a reference, a list of names, a public key's lines)
stay.
"""

from __future__ import annotations

import base64
import hashlib

from repokb.secrets import redact

from ..secret_forms import kept_forms, redacted_forms


def _tok(seed: str) -> str:  # a FAKE random token, made at run time
    raw = base64.b64encode(hashlib.sha256(seed.encode()).digest()).decode()
    return "Zt8p" + raw.replace("+", "").replace("/", "")[:22]


PW = "".join(("Vx7Pl4nt", "2291q"))
VAULT = "s." + _tok("vault")[:24]
# a legacy token with no digit (1 in ~70 random ones), found by its place and shape alone
VAULT_LETTERS = "s." + "".join(("AbCdEfGhIjKl", "MnOpQrStUvWx"))
PUB = "AAAAB3NzaC1yc2EAAAADAQABAAABAQC" + _tok("pub1") + _tok("pub2")
PRIV = ("AAABAQCx" + _tok("priv1") + _tok("priv2"), "AAAAgQD" + _tok("priv3") + _tok("priv4"))
MAC = hashlib.sha256(b"putty-mac").hexdigest()
MD5 = "md5" + hashlib.md5(b"pgbouncer").hexdigest()
SCRAM = ("SCRAM-SHA-256$4096:" + base64.b64encode(hashlib.md5(b"salt").digest()).decode() + "$"
         + base64.b64encode(hashlib.sha256(b"a").digest()).decode() + ":"
         + base64.b64encode(hashlib.sha256(b"b").digest()).decode())
BEARER = _tok("oauth2")
AZK = base64.b64encode(hashlib.sha512(b"az").digest()).decode()  # 88 characters, a `/` at 31
PUTTY = ("PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy@ci\n"
         f"Public-Lines: 2\n{PUB[:40]}\n{PUB[40:]}\nPrivate-Lines: 2\n{PRIV[0]}\n{PRIV[1]}\n"
         f"Private-MAC: {MAC}\n")

MUST_REDACT = [  # (language, text, values): each stored as written on main
    ("markdown", f"## Log in\n\n```sh\nvault login {VAULT}\n```\n", (VAULT,)),
    ("shell", f"vault login -no-print {VAULT}\n", (VAULT,)),
    ("markdown", f"```sh\nvault login {VAULT_LETTERS}\n```\n", (VAULT_LETTERS,)),
    ("markdown", f"The root token was `{VAULT}`; run `vault login` with it.\n", (VAULT,)),
    ("json", '{"db": {"host": "db", "credentials": ["bob", "' + PW + '"]}}\n', (PW,)),
    ("yaml", f"db:\n  host: db\n  credentials: [bob, {PW}]\n", (PW,)),
    ("yaml", f'db:\n  credentials: ["bob", "{PW}"]\n', (PW,)),
    ("python", f'AUTH = {{"credentials": ["bob", "{PW}"]}}\n', (PW,)),
    ("markdown", f"# Keys\n\nPaste into `deploy.ppk`:\n\n```\n{PUTTY}```\n", PRIV),
    ("text", PUTTY.replace("File-3", "File-2"), PRIV),
    ("text", f'"admin" "{MD5}"\n"app" "{SCRAM}"\n"report" "{PW}"\n', (MD5, SCRAM, PW)),
    ("markdown", f'Add to `userlist.txt`:\n\n```\n"app" "{PW}"\n```\n', (PW,)),
    ("text", f'"app" "{PW}"\n', (PW,)),  # one plain line alone: the file's whole shape
    ("text", f"open ftp.example.com\nuser deploy {PW}\nput a.tgz\nbye\n", (PW,)),
    ("shell", f"dotnet nuget push pkg.nupkg -k {PW} -s https://api.nuget.org/v3/index.json\n",
     (PW,)),
    ("shell", f"nuget push pkg.nupkg -ApiKey {PW}\n", (PW,)),
    ("shell", f"mc alias set minio http://minio:9000 admin {PW}\n", (PW,)),
    ("shell", f"lftp -u deploy,{PW} sftp://files.example.com\n", (PW,)),
    ("shell", f"ssh-keygen -t ed25519 -N '{PW}' -f deploy_key\n", (PW,)),
    ("shell", f"oc login https://api.ocp.example.com:6443 -u admin -p {PW}\n", (PW,)),
    ("shell", f"cf login -a https://api.cf.example.com -u deploy -p {PW}\n", (PW,)),
    ("shell", f"curl --oauth2-bearer {BEARER} https://api.example.com\n", (BEARER,)),
    ("shell", f"rclone config create remote sftp host fs user deploy pass {PW}\n", (PW,)),
    ("shell", f"influx -username admin -password {PW} -execute 'SHOW DATABASES'\n", (PW,)),
    ("shell", f"grafana-cli admin reset-admin-password {PW}\n", (PW,)),
    ("shell", f"consul kv put shop/db/password {PW}\n", (PW,)),
    # a base64 key holding a `/`: only its end was redacted, as a `user/password` pair's
    ("shell", f"az storage blob upload --account-name shop --account-key {AZK} -f a -c b\n",
     (AZK, AZK[:30])),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("shell", "vault login -method=github token=$GITHUB_TOKEN\n"),
    ("shell", "vault login -method=userpass username=bob\n"),
    ("markdown", "Run `vault login` and paste the token it prints.\n"),
    ("python", "s.getAuthenticationToken2024Now()\n"),
    ("json", '{"credentials": ["username", "password"]}\n'),
    ("yaml", "required:\n  credentials: [user, password, api_key]\n"),
    ("yaml", "secrets: [db_password, api_key]\n"),
    ("json", '{"tokens": ["${TOKEN_A}", "${TOKEN_B}"]}\n'),
    ("markdown", f"Public-Lines: 2\n{PUB[:40]}\n{PUB[40:]}\n"),
    ("text", '"name" "description"\n"alice" "Alice Smith"\n'),
    ("text", "user deploy\nopen the door\n"),
    ("shell", "nuget push pkg.nupkg -k $NUGET_API_KEY\n"),
    ("shell", "mc alias set minio http://minio:9000 $MINIO_USER $MINIO_PASSWORD\n"),
    ("shell", "ssh-keygen -t ed25519 -N '' -f deploy_key\n"),
    ("shell", "oc login -u admin -p $OC_PASSWORD\n"),
    ("shell", "curl --oauth2-bearer $TOKEN https://api.example.com\n"),
    ("shell", "rclone config create remote sftp host fs user deploy pass $RCLONE_PASS\n"),
    ("shell", "influx -username admin -password $INFLUX_PASSWORD\n"),
    ("shell", "grafana-cli admin reset-admin-password --password-from-stdin\n"),
    ("shell", "consul kv put shop/db/host db.internal.example\n"),
    # the first versions' false findings on Django 5.2.8 and site-packages (bench/RESULTS.md)
    ("python", "token_variants = ['+i6t-not-inline', '+i6t-inline', '+i6t-use-option']\n"),
    ("python", "PATTERNS = [re.compile(r'AccountKey=[a-zA-Z0-9+/=]{88}')]\n"),
    ("python", 'msg = f"list names (e.g. `secrets = [\\"HF_TOKEN_EXTRA\\"]`)"\n'),
    ("python", 'with open(path) as f:\n    user = User.objects.get(username="x")\n'),
]


test_each_form_is_redacted = redacted_forms(MUST_REDACT)


test_readable_forms_stay = kept_forms(MUST_KEEP)


def test_putty_public_lines_and_header_stay_readable():
    out = redact(PUTTY, "text", "text").text
    assert "PuTTY-User-Key-File-3: ssh-rsa" in out and PUB[:40] in out and "Private-Lines: 2" in out

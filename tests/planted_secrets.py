"""A repository with FAKE secrets planted in the shapes real repositories hold them.

None of these values is, or ever was, a credential; they are assembled from fragments at run
time so no complete token sits in this repository. Each planted file says whether it must be
indexed (with its secrets redacted) or blocked as a secret as a whole. Used by the end-to-end
test (tests/integration/test_planted_secrets.py) and by bench/secret_leaks.py.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from pathlib import Path


def _j(*parts: str) -> str:
    return "".join(parts)


@dataclass
class Planted:
    path: str
    content: str
    values: list[str]
    expect: str = "index"  # or "block"
    readable: list[str] = field(default_factory=list)  # must stay searchable


B64 = _j("c3VwZXIgbG9uZyBzdHJpbmcg", "c2hvdWxkIGNhdXNlIGVub3Vn", "aCBlbnRyb3B5Qm9va2luZ3M=")
HEX = _j("8f14e45fceea167a", "5a36dedd4bea2543", "1f0e9d8c")
AWS_ID = _j("AK", "IA", "Q3EGRTZ7", "XK4MBN2P")
AWS_SECRET = _j("wJalrXUtnFEMI/", "K7MDENG/bPxRfi", "CYzQ9vB3kL2m")
GHP = _j("gh", "p_", "R8x2LmQ9vT4kW7nB3cY6", "zH1jF5sD0gAe2Kp9")
GHP2 = _j("gh", "p_", "N4v7Qx2LmT9kW8nB3cY6", "aH1jF5sD0gZe2Kp7")
SLACK = _j("xo", "xb-", "2481632641-", "1234567890123-", "aBcDeFgHiJkLmNoPqRsTuVwX")
STRIPE = _j("sk", "_live_", "51HxT2pLkQ9v", "R8mN3bC7zX4w")
# longer than the 24 characters after the prefix that detect-secrets' Stripe pattern reads
STRIPE_LONG = _j("sk", "_live_", "51Kd8Zq2Wm4Xn7Bv1Lc9Tp3R", "Hy6Gf0Js5Ae8Qu2Vo4Ni7Mk1",
                 "Zb3Xc9Wd")
GOOGLE = _j("AI", "za", "SyD3x9K2mQ8vL7nB4cZ", "1wR6tY5uI0oPaSdF")
JWT = _j("eyJ", "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", ".", "eyJ",
         "zdWIiOiJwbGFudGVkIiwibmFtZSI6IkZha2UifQ", ".",
         "Zq9r2PvX7cL4mN8bT1wY6uK3sD5fG0hJ2aE7iO9pQ4x")
SENDGRID = _j("SG", ".", "ngeVfQFYQlKU0ufo8x5d1A", ".",
              "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr")
TELEGRAM = _j("110201543", ":", "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw")
TWILIO = _j("SK", "2a3b4c5d6e7f8a9b", "0c1d2e3f4a5b6c7d")
NPM = _j("npm", "_", "a1B2c3D4e5F6g7H8i9J0", "k1L2m3N4o5P6q7R8s9T0")
OPENAI = _j("sk", "-proj-", "Xq3vL9mT2kW7nB4cY6zH1jF5", "sD0gAe2Kp9R8x2LmQ9vT4")
GOKEY = _j("Jd4Pk9Xs2L", "q7Wz3NvB8m")  # a random token given as a key, `key` alone
MAILCHIMP = _j("3f2a9c8e1b7d4f6a", "0e5c2b9d8a7f6e5d", "-us12")
PEM_BODY = _j("MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePz", "Nm0tRgeLezV6ffAt0gunVTLw7onL")
PEM = _j("-----BEGIN ", "RSA PRIVATE", " KEY-----\n", PEM_BODY, "\n",
         "RnrqIzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n",
         "-----END ", "RSA PRIVATE", " KEY-----\n")
# session 34: FAKE passwords and keys given to hashing, checking and keyed calls
H34 = {name: _j(name[:2].title(), "7q", "Pl4n", str(i * 31 + 10), "Zx") for i, name in
       enumerate(["rs", "rs2", "php", "php2", "php3", "py", "py2", "py3", "py4", "py5", "js",
                  "js2", "bearer", "go", "go2", "java", "java2"])}
# session 35: FAKE values in the forms its attacker found stored
S35 = {name: _j(name[:2].title(), "5r", "Qx", str(i * 43 + 17), "Lm", "Tz") for i, name in
       enumerate(["admin", "ops", "root", "hib", "kt", "bindpw", "authtok", "pika", "elisp"])}
S35_TWITTER = _j("AAAAAAAAAAAAAAAAAAAAA", "Mx9vL2mT7kW4nB8cY6zH1jF5s",
                 "%2FD0gAe2Kp9R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAe2Kp", "Zq8Wr3Lt5Nm7Vb2Xc4")
S35_DROPBOX = _j("sl.", "BXq9vL2mT7kW4nB8cY6zH1jF5sD0gAe2Kp9R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0g",
                 "Ae2Kp9R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAe2Kp9R8x2Lm", "Hq7Tz2Wx9Lk4Mn8Bv3Cx6Zr1Pd5")
S35_SIG = _j("Hq8Zr3Ld7W", "t2Ky6Mn1Bv5Cx9Pf4Gs0Hj8Lk3Q", "%3D")
S35_FUNC = _j("Xq9vL2mT7kW4nB8cY6zH1jF5sD0gAe2Kp9R8x2", "LmQ9vT4kW7nB3cY6zH==")
S35_COOKIE = _j("s%3A", "Xq9vL2mT7kW4nB8c", ".Y6zH1jF5sD0gAe2Kp9R8x2L")
# session 36: WordPress's salts (64 printable characters), Consul's ACL tokens (UUIDs) and
# FAKE passwords in the forms the attacker's pass found stored
S36_SALTS = [_j("Bv|hG%X-9+Q<d/8j>1!oB}Wm5", "cA*R|yK&]z3U@jN#qTp7$e~Zs(4rLf^w0M)nD", str(i), "k")
             for i in range(8)]
S36_UUIDS = [_j("3fa85f64-5717", "-4562-b3fc-", str(i), "c963f66afa6") for i in range(2)]
S36 = {name: _j(name[:2].title(), "7f", "Qx", str(i * 29 + 13), "Lm", "Rv") for i, name in
       enumerate(["drupal", "cake", "node", "php", "ps", "ps2", "ldap", "ftp", "tfrc", "s3"])}
PW = {name: _j(name[:3].title(), "-", "Pl4nt3d", "-", str(i * 7919), "x!") for i, name in
      enumerate(["typed", "paren", "getenv", "tsconst", "java", "txt", "prose", "ini", "yaml",
                 "keyword", "basic", "dockerauth", "travis", "markdown", "concat", "continued",
                 "url", "toml", "props", "shell", "env", "kube", "tfstate", "k8s", "compose",
                 "cloudant", "super", "curl", "mysql", "dockerlogin", "auth", "smtp", "dsn",
                 "envlist", "dockerenv", "pair", "table", "rust", "gqldefault", "protodefault",
                 "curlrc", "haproxy", "tor", "gitconfig", "hurl", "kickstart", "postman",
                 "postmanbody", "postmanenv", "sqlcmd", "keytool", "openssl", "addmask",
                 "requirepass",
                 # sessions 31-32's forms (the tools' own options and places, secret stores,
                 # pasted credential files), a new user's Maven project (newuser32)
                 "ldap", "azlogin", "zip", "sevenz", "mosquitto", "jarsigner", "srcstore",
                 "deststore", "masterauth", "rabbit", "htpasswd", "chpasswd", "passwd",
                 "opensslpw", "secretcreate", "wrangler", "nuget", "mcalias", "lftp",
                 "sshkeygen", "oclogin", "cflogin", "rclone", "influx", "grafana", "consul",
                 "cmdkey", "schtasks", "psexec", "netuse", "wmic", "expect", "pgbplain", "ftpuser",
                 "credjson", "credyaml", "pwlist", "pomstore", "pomkey", "springvalue",
                 "pwauth",
                 # session 33's: SQL user statements, Redis, network secrets, a password file
                 "mssqllogin", "setpassword", "neo4juser", "neo4jcall", "spaddlogin",
                 "rmtpassword", "mongochange", "mysqladmin", "redisacl", "redisconf",
                 "redisconfig", "wpapsk", "wifiqr", "snmp", "router", "npmauth"],
                1)}
GIT_BASIC = base64.b64encode(("x-access-token:" + PW["gitconfig"]).encode()).decode()
BASIC = _j("cGxhbnRlZDpQbDRudDNk", "LUJhc2ljLVBhc3N3b3Jk")  # base64 of a fake user:password
DOCKER_AUTH = _j("ZmFrZXVzZXI6RmFrZS1E", "b2NrZXItQXV0aC05OTE=")
CONCAT = (_j("Cc1-", "Q9vT4kW7"), _j("nB3cY6zH", "1jF5sD0g"))
CONTINUED = (_j("Cn2-", "Lp9Rt7Zk"), _j("1NbQ8wKx", "2mVs4Yh6"))
INI_LINES = (_j("In1-", "8wKx2mQ9vLp3"), _j("Rt7Zk1Nb", "-Cont99"))
BINARY_YAML = _j("R0lGODlhDAAMAIQAAP//9/X17unp5WZm", "ZgAAAOfn515eXvPz7Y6OjuDg4J+fn5")
# a password in a sentence with no "is" (a new user's pass: stored, searched and proxied)
PROSE_BARE = _j("hunter2", "hunter2", "X9")
# base64 in comments, unquoted (one line; wrapped over two): of a fake AWS key id and Stripe key
ENCODED = base64.b64encode(_j("aws=", "AK", "IA", "UJZDE8GXD6NCF10E stripe=", "sk", "_live_",
                              "LKOmxgJTeKdNnFRIBXuD").encode()).decode()
WRAPPED = (ENCODED[:50], ENCODED[50:])
HARMLESS_B64 = base64.b64encode(b"hello world, this is a harmless fixture string").decode()
# session 31: a token given to a secret store, a numeric API key, a password of digits, a list
# of keys
GH_BODY = _j("Zt8pws", "jdzofOU4aVnibyXA")
DIGITS_KEY = _j("8473", "6251", "908374")
DIGITS_PW = _j("9081", "7263", "451")
LISTED_KEY = _j("Lq3mV8nR", "2tW6yB1cX4zK")


def _tok(seed: str, n: int = 26) -> str:
    """A FAKE random token, made at run time from a seed."""
    raw = base64.b64encode(hashlib.sha256(seed.encode()).digest()).decode()
    return _j("Zt8p", raw.replace("+", "").replace("/", "").replace("=", "")[:n - 4])


# sessions 31-32: tokens given to tools and stores, a legacy Vault token (one of letters only),
# an Azure storage key with a `/`, a PuTTY key's private lines, pgbouncer's hash, a typed PIN
HEROKU_KEY = _tok("heroku")
BUILD_KEY = _tok("buildarg")
OAUTH2 = _tok("oauth2-bearer")
URL_USER = _tok("url-user")
VAULT_S = _j("s.", _tok("vault-legacy", 24))
VAULT_LETTERS = _j("s.", "QwErTyUiOpAs", "DfGhJkLzXcVb")
AZURE_KEY = base64.b64encode(hashlib.sha512(b"planted-azure").digest()).decode()
PUTTY_PUB = _j("AAAAB3NzaC1yc2EAAAADAQABAAABAQC", _tok("putty-pub", 40))
PUTTY_PRIV = (_j("AAABAQCx", _tok("putty-1", 40)), _j("AAAAgQD", _tok("putty-2", 40)))
PGB_MD5 = _j("md5", hashlib.md5(b"planted-pgbouncer").hexdigest())
PIN = _j("73", "19", "46")
DIGITS_YAML = _j("9081", "7274")
# session 33: a Redis ACL's stored hash, a shadow line's and an htpasswd's hashes, an OpenVPN
# static key's lines, `.npmrc`'s `_auth` (base64 of `user:password`)
REDIS_HASH = hashlib.sha256(b"planted-redis-acl").hexdigest()
SHADOW = _j("$6$", _tok("shadow-salt", 16), "$", _tok("shadow-1", 43), _tok("shadow-2", 43))
APR1 = _j("$apr1$", _tok("apr1-salt", 8), "$", _tok("apr1-hash", 22))
OPENVPN = [hashlib.md5(f"planted-ovpn-{i}".encode()).hexdigest() for i in range(4)]


def planted() -> list[Planted]:
    p = PW
    return [
        Planted("app/settings.py",
                f'"""Service settings."""\nimport os\n\nSUPER_SECRET_VALUE = \'{B64}\'\n'
                f'cloudant_key = "{HEX}"\naws_access_key = "{AWS_SECRET}"\n'
                f'database_password: str = "{p["typed"]}"\ndb_password = ("{p["paren"]}")\n'
                f'API_TOKEN = os.getenv("API_TOKEN", "{p["getenv"]}")\n'
                f'GITHUB_TOKEN = ("{CONCAT[0]}"\n                "{CONCAT[1]}")\n'
                f'SIGNING_SECRET = "{CONTINUED[0]}" \\\n    "{CONTINUED[1]}"\n',
                [B64, HEX, AWS_SECRET, p["typed"], p["paren"], p["getenv"], *CONCAT,
                 *CONTINUED]),
        Planted("web/src/config.ts",
                f'export const dbPassword: string = "{p["tsconst"]}";\n'
                f'export const headers = {{ Authorization: "Bearer {JWT}" }};\n'
                f'export const basic = {{ "Authorization": "Basic {BASIC}" }};\n'
                f'export const stripeKey = "{STRIPE}";\n',
                [p["tsconst"], JWT, BASIC, STRIPE]),
        Planted("android/src/main/java/shop/Keys.java",
                "package shop;\n\npublic final class Keys {\n"
                f'    private static final String PASSWORD = "{p["java"]}";\n'
                f'    static final String MAPS = "{GOOGLE}";\n}}\n', [p["java"], GOOGLE]),
        Planted("notes/setup.txt",
                f"Staging access\napi_key: {p['txt']}\nslack: {SLACK}\n", [p["txt"], SLACK]),
        Planted("README.md",
                "# Shop\n\n<details><summary>Setup</summary>\n\nRun `make`.\n</details>\n\n"
                f"To log in to staging, the password is {p['prose']} (ask ops to rotate it).\n\n"
                f'```sh\ncurl -H "Authorization: token {GHP}" https://api.github.com/user\n```\n'
                f'\nSet key="{p["markdown"]}" in the dashboard.\n',
                [p["prose"], GHP, p["markdown"]], readable=["<details><summary>Setup"]),
        Planted("deploy/app.ini",
                f"[database]\nhost = db.internal\npassword =\n    {INI_LINES[0]}\n"
                f"    {INI_LINES[1]}\nport = 5432\n", list(INI_LINES)),
        Planted("deploy/values.yaml",
                f"image: shop\ncert: !!binary |\n  {BINARY_YAML}\n"
                f"db:\n  password: {p['yaml']}\nsigning_key: |\n  {p['keyword']}\n",
                [BINARY_YAML, p["yaml"], p["keyword"]]),
        Planted(".travis.yml",
                f"language: python\nenv:\n  global:\n    password:\n      secure: {p['travis']}\n",
                [p["travis"]]),
        Planted("ci/docker-config.json",
                f'{{"auths": {{"registry.example.com": {{"auth": "{DOCKER_AUTH}"}}}}}}\n',
                [DOCKER_AUTH]),
        Planted("src/shop/urls.py",
                '"""URLs.\n\n    >>> URL("https://jo%40email.com:a%20secret@example.com:1234/pa%20th")\n'
                '"""\n\n\ndef parse(url: str) -> str:\n    """Parse a URL."""\n    return url\n',
                ["jo%40email.com:a%20secret"]),
        Planted("scripts/notify.sh",
                f'#!/bin/sh\nexport SENDGRID_API_KEY="{SENDGRID}"\n'
                f'curl "https://api.telegram.org/bot{TELEGRAM}/sendMessage"\n'
                f'TWILIO_KEY={TWILIO}\nOPENAI_API_KEY={OPENAI}\n',
                [SENDGRID, TELEGRAM, TWILIO, OPENAI]),
        Planted("config/pyproject.toml",
                f'[tool.shop]\nmailchimp = "{MAILCHIMP}"\nadmin_password = "{p["toml"]}"\n',
                [MAILCHIMP, p["toml"]]),
        Planted("src/shop/tls.py",
                f'"""TLS helpers."""\n\nTEST_KEY = """{PEM}"""\n\n\ndef load() -> str:\n'
                '    """Return the test key."""\n    return TEST_KEY\n', [PEM_BODY]),
        Planted("config/app.properties",
                f"db.user=shop\ndb.password={p['props']}\naws.secret={AWS_SECRET}\n",
                [p["props"], AWS_SECRET]),
        Planted("docs/admin.md",
                "# Admin page\n\nTo log in use the password "
                f"{PROSE_BARE} on the admin page.\nUse the password field of the form.\n",
                [PROSE_BARE], readable=["Use the password field of the form."]),
        Planted("web/src/fixtures.js",
                f"// fixture: {ENCODED}\n// sample: {HARMLESS_B64}\n"
                "export const fixture = () => 1;\n", [ENCODED], readable=[HARMLESS_B64]),
        Planted("src/shop/fixtures.py",
                f'"""Fixtures."""\n\n# {WRAPPED[0]}\n# {WRAPPED[1]}\n\n\n'
                "def fixture() -> int:\n    return 1\n", list(WRAPPED)),
        Planted(f"notes/{GHP2}.md", "# Token notes\n\nRotated on Monday; see the runbook.\n",
                [GHP2]),
        Planted(f"notes/{STRIPE_LONG}.md",
                f"# Payments\n\nThe live key is {STRIPE_LONG}; rotate it yearly.\n", [STRIPE_LONG]),
        # credentials given by position: no key names them
        Planted("scripts/deploy.sh",
                f"#!/bin/sh\ncurl -u deploy:{p['curl']} https://ci.example.com/hook\n"
                f"mysqldump -u backup -p{p['mysql']} shop > shop.sql\n"
                f"docker login -u bot -p {p['dockerlogin']} registry.example.com\n",
                [p["curl"], p["mysql"], p["dockerlogin"]]),
        Planted("src/shop/mail.py",
                '"""Mail."""\nimport smtplib\n\nimport requests\n\n\ndef send() -> None:\n'
                f'    requests.get("https://x", auth=("shop", "{p["auth"]}"))\n'
                f'    smtplib.SMTP("mail").login("shop@example.com", "{p["smtp"]}")\n',
                [p["auth"], p["smtp"]]),
        Planted("cmd/shop/db.go",
                'package main\n\nimport "database/sql"\n\nfunc open() {\n'
                f'\tsql.Open("mysql", "shop:{p["dsn"]}@tcp(db:3306)/shop")\n}}\n', [p["dsn"]]),
        Planted("deploy/k8s/deployment.yaml",
                "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n"
                "      containers:\n        - name: shop\n          env:\n"
                f"            - name: DB_PASS\n              value: {p['envlist']}\n",
                [p["envlist"]]),
        Planted("Dockerfile",
                f"FROM python:3.12\nENV ADMIN_PASSWORD {p['dockerenv']}\nCMD [\"shop\"]\n",
                [p["dockerenv"]]),
        Planted("docs/demo.md",
                f"# Demo\n\nLog in with **admin** / **{p['pair']}**.\n\n"
                f"| host | password |\n| --- | --- |\n| router | {p['table']} |\n",
                [p["pair"], p["table"]]),
        Planted("src/help.rs",
                'pub const HELP: &str = "Connect to the staging database\n'
                f'with the password {p["rust"]} and rotate it.";\n', [p["rust"]]),
        Planted("docs/ssh-setup.md",
                "# SSH setup\n\nThe CI needs a key to deploy. Generate one with `ssh-keygen` "
                "and add its public part to the server's authorized keys. The test key below "
                f"is only for the local VM:\n\n```\n{PEM}```\n\nThen run `make deploy`, "
                "which copies the build to the VM and restarts the service.\n", [PEM_BODY]),
        # secrets as a whole: blocked
        Planted(".env", f"AWS_ACCESS_KEY_ID={AWS_ID}\nDB_PASSWORD={p['env']}\n",
                [AWS_ID, p["env"]], expect="block"),
        Planted("deploy/id_rsa", PEM, [PEM_BODY], expect="block"),
        Planted("deploy/kube/admin.conf",
                "apiVersion: v1\nkind: Config\nclusters:\n- name: prod\n  cluster:\n"
                "    server: https://k8s.internal\nusers:\n- name: admin\n  user:\n"
                f"    token: {p['kube']}\n", [p["kube"]], expect="block"),
        Planted("infra/terraform.tfstate",
                f'{{"version": 4, "resources": [{{"password": "{p["tfstate"]}"}}]}}\n',
                [p["tfstate"]], expect="block"),
        # a Secret alone, named so: indexed with its values redacted, as beside a Deployment
        # (secrets36; blocked whole before)
        Planted("deploy/k8s/secret.yaml",
                "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  labels:\n"
                f"    app: shop\nstringData:\n  password: {p['k8s']}\n", [p["k8s"]],
                readable=["name: db", "app: shop", "  password: "]),
        # an interface definition's default under a secret's name: GraphQL's after a non-null
        # type, proto2's `[default = "X"]`
        Planted("api/schema.graphql",
                'type Query {\n  account(id: ID!): Account\n}\n\ninput LoginInput {\n'
                f'  username: String!\n  password: String! = "{p["gqldefault"]}"\n}}\n',
                [p["gqldefault"]]),
        Planted("api/legacy.proto",
                'syntax = "proto2";\npackage shop.legacy;\n\nmessage Credentials {\n'
                '  optional string user = 1 [default = "admin"];\n'
                f'  optional string password = 2 [default = "{p["protodefault"]}"];\n}}\n',
                [p["protodefault"]]),
        # the directive forms of the configuration files GitHub Linguist names (indexed since
        # repokb reads its languages): curl's `user = "u:X"`, HAProxy's `stats auth u:X` in a
        # `.cfg` read as INI, Tor's `HTTPSProxyAuthenticator`, git's `AUTHORIZATION: basic`,
        # a Hurl `[BasicAuth]` section, Kickstart's `rootpw`
        Planted(".curlrc", f'user = "deploy:{p["curlrc"]}"\nheader = "Accept: text/plain"\n',
                [p["curlrc"]]),
        Planted("deploy/haproxy.cfg", "frontend stats\n    bind :8404\n"
                f"    stats auth admin:{p['haproxy']}\n", [p["haproxy"]]),
        Planted("tor/torrc", f"ControlPort 9051\nHTTPSProxyAuthenticator proxy:{p['tor']}\n",
                [p["tor"]]),
        Planted("dotfiles/.gitconfig", '[http "https://git.example.com/"]\n    extraheader = '
                f"AUTHORIZATION: basic {GIT_BASIC}\n", [p["gitconfig"], GIT_BASIC]),
        Planted("api/me.hurl", "GET https://api.example.com/me\n[BasicAuth]\n"
                f"bob: {p['hurl']}\nHTTP 200\n", [p["hurl"]]),
        Planted("install/anaconda-ks.cfg", "lang en_US.UTF-8\nkeyboard us\n"
                f"rootpw --plaintext {p['kickstart']}\n", [p["kickstart"]]),
        # API-client collections (secrets30): the secret's name in a sibling "key" field, a
        # JSON body inside a JSON string; an id under no secret's name stays
        Planted("postman/Shop.postman_collection.json",
                '{\n\t"auth": {\n\t\t"type": "basic",\n\t\t"basic": [\n\t\t\t{\n'
                '\t\t\t\t"key": "password",\n\t\t\t\t"value": "' + p["postman"] + '",\n'
                '\t\t\t\t"type": "string"\n\t\t\t}\n\t\t]\n\t},\n\t"body": {\n'
                '\t\t"mode": "raw",\n\t\t"raw": "{\\n    \\"username\\": \\"shop-admin'
                '\\",\\n    \\"password\\": \\"' + p["postmanbody"] + '\\"\\n}"\n\t}\n}\n',
                [p["postman"], p["postmanbody"]], readable=["shop-admin"]),
        Planted("postman/prod.postman_environment.json",
                '{\n\t"name": "prod",\n\t"values": [\n\t\t{"key": "dbPassword", "value": "'
                + p["postmanenv"] + '", "type": "secret", "enabled": true},\n\t\t{"key": '
                '"userId", "value": "usr_482913570261", "type": "default", "enabled": true}\n'
                '\t]\n}\n', [p["postmanenv"]], readable=["usr_482913570261"]),
        # a tool's own password option, a secret handed to a store or masked, digits under a
        # secret's name, a list of keys (session 31); the shell's PWD, a path, stays readable
        Planted("docs/dev-shell.md",
                "# Dev shell\n\n```\n$ env | grep PWD\nPWD=/home/me/src/shop\n"
                f"$ sqlcmd -S db -U sa -P {p['sqlcmd']} -Q 'SELECT 1'\n"
                f"$ keytool -list -keystore app.jks -storepass {p['keytool']}\n"
                f"$ openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:{p['openssl']}\n"
                "```\n", [p["sqlcmd"], p["keytool"], p["openssl"]],
                readable=["PWD=/home/me/src/shop"]),
        Planted(".github/workflows/release.yml",
                "on: push\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n"
                f"      - run: echo \"::add-mask::{p['addmask']}\"\n"
                f"      - run: gh secret set NPM_TOKEN --body {GH_BODY}\n"
                "      - run: redis-server --requirepass "
                f"{p['requirepass']} --daemonize yes\n", [p["addmask"], GH_BODY, p["requirepass"]]),
        Planted("config/service.json",
                '{\n  "db": {"user": "shop", "password": ' + DIGITS_PW + '},\n'
                '  "partner": {"api_key": "' + DIGITS_KEY + '", "timeout": 30},\n'
                '  "webhooks": {"api_keys": []}\n}\n', [DIGITS_PW, DIGITS_KEY]),
        Planted("config/keys.yaml", f"auth:\n  api_keys:\n    - {LISTED_KEY}\n", [LISTED_KEY]),
        # sessions 31-32: every form fixed then and not planted above (a tool's own password
        # option or place, an account's password set by a script, a secret handed to a store,
        # a token given to `vault login`, a token as a URL's user, credential files' lines
        # pasted into a doc, a list of credentials, an expect script's answer), and a new
        # user's Maven project (newuser32): each stored on main before its fix
        Planted("scripts/provision.sh",
                "#!/bin/bash\nset -e\n"
                f"ldapsearch -x -D cn=admin,dc=shop -w {p['ldap']} -b dc=shop\n"
                f"az login -u ops@shop.example -p {p['azlogin']}\n"
                f"zip -P {p['zip']} /backups/db.zip /var/db.sql\n"
                f"7z a -p{p['sevenz']} /backups/db.7z /var/db.sql\n"
                f"mosquitto_pub -h mq -u sensor -P {p['mosquitto']} -t t -m 1\n"
                f"jarsigner -keystore app.jks -storepass {p['jarsigner']} app.jar release\n"
                "keytool -importkeystore -srckeystore c.p12 -srcstorepass "
                f"{p['srcstore']} -destkeystore app.jks -deststorepass {p['deststore']}\n"
                f"redis-server --replicaof db 6379 --masterauth {p['masterauth']}\n"
                f"rabbitmqctl add_user shop {p['rabbit']}\n"
                f"htpasswd -b -c /etc/nginx/.htpasswd admin {p['htpasswd']}\n"
                f"echo \"deploy:{p['chpasswd']}\" | chpasswd\n"
                f"echo \"{p['passwd']}\" | passwd --stdin ops\n"
                f"useradd -m -p \"$(openssl passwd -6 {p['opensslpw']})\" backup\n"
                f"printf '{p['secretcreate']}' | docker secret create db_password -\n"
                f"echo \"{p['wrangler']}\" | wrangler secret put API_KEY\n"
                f"heroku config:set STRIPE_KEY={HEROKU_KEY}\n"
                f"docker build --build-arg NPM_KEY={BUILD_KEY} .\n"
                f"vault login {VAULT_S}\n"
                f"dotnet nuget push pkg.nupkg -k {p['nuget']} -s https://api.nuget.org/v3/index.json\n"
                f"mc alias set minio http://minio:9000 admin {p['mcalias']}\n"
                f"lftp -u deploy,{p['lftp']} sftp://files.example.com\n"
                f"ssh-keygen -t ed25519 -N '{p['sshkeygen']}' -f deploy_key\n"
                f"oc login https://api.ocp.example.com:6443 -u admin -p {p['oclogin']}\n"
                f"cf login -a https://api.cf.example.com -u deploy -p {p['cflogin']}\n"
                f"curl --oauth2-bearer {OAUTH2} https://api.example.com/me\n"
                f"rclone config create remote sftp host fs user deploy pass {p['rclone']}\n"
                f"influx -username admin -password {p['influx']} -execute 'SHOW DATABASES'\n"
                f"grafana-cli admin reset-admin-password {p['grafana']}\n"
                f"consul kv put shop/db/password {p['consul']}\n"
                f"az storage blob upload --account-name shop --account-key {AZURE_KEY} -f a -c b\n",
                [p["ldap"], p["azlogin"], p["zip"], p["sevenz"], p["mosquitto"], p["jarsigner"],
                 p["srcstore"], p["deststore"], p["masterauth"], p["rabbit"], p["htpasswd"],
                 p["chpasswd"], p["passwd"], p["opensslpw"], p["secretcreate"], p["wrangler"],
                 HEROKU_KEY, BUILD_KEY, VAULT_S, p["nuget"], p["mcalias"], p["lftp"],
                 p["sshkeygen"], p["oclogin"], p["cflogin"], OAUTH2, p["rclone"], p["influx"],
                 p["grafana"], p["consul"], AZURE_KEY]),
        Planted("scripts/windows/setup.bat", "@echo off\r\n"
                f"cmdkey /add:fileserver /user:CORP\\svc /pass:{p['cmdkey']}\r\n"
                f"schtasks /create /tn backup /tr C:\\b.bat /ru CORP\\svc /rp {p['schtasks']}\r\n"
                f"psexec \\\\app01 -u CORP\\svc -p {p['psexec']} ipconfig\r\n"
                f"net use Z: \\\\fileserver\\share /user:CORP\\svc {p['netuse']}\r\n"
                f"wmic /node:app01 /user:svc /password:{p['wmic']} os get caption\r\n",
                [p["cmdkey"], p["schtasks"], p["psexec"], p["netuse"], p["wmic"]]),
        Planted("tools/login.exp", "set timeout 20\nspawn ssh deploy@10.0.0.9\n"
                f"expect \"*assword:*\"\nsend \"{p['expect']}\\r\"\ninteract\n", [p["expect"]]),
        Planted("docs/operations.md",
                "# Operations\n\n```sh\n"
                f"pip install git+https://{URL_USER}@github.com/shop/private-sdk.git\n"
                f"vault login {VAULT_LETTERS}\n```\n\n"
                "Paste this into `deploy.ppk`:\n\n```\nPuTTY-User-Key-File-3: ssh-rsa\n"
                f"Encryption: none\nComment: deploy@ci\nPublic-Lines: 1\n{PUTTY_PUB}\n"
                f"Private-Lines: 2\n{PUTTY_PRIV[0]}\n{PUTTY_PRIV[1]}\n```\n\n"
                "Add to pgbouncer's `userlist.txt`:\n\n```\n"
                f"\"admin\" \"{PGB_MD5}\"\n\"app\" \"{p['pgbplain']}\"\n```\n\n"
                "The nightly upload's FTP script:\n\n```\nopen ftp.example.com\n"
                f"user deploy {p['ftpuser']}\nput shop.tgz\nbye\n```\n",
                [URL_USER, VAULT_LETTERS, *PUTTY_PRIV, PGB_MD5, p["pgbplain"], p["ftpuser"]],
                readable=["PuTTY-User-Key-File-3: ssh-rsa"]),
        Planted("config/db-access.json",
                '{"db": {"host": "db", "credentials": ["bob", "' + p["credjson"] + '"]}}\n',
                [p["credjson"]]),
        Planted("config/db-access.yaml",
                f"db:\n  credentials: [bob, {p['credyaml']}]\n  passwords:\n    - {p['pwlist']}\n"
                f"smtp:\n  password: {DIGITS_YAML}\n", [p["credyaml"], p["pwlist"], DIGITS_YAML]),
        Planted("postman/staging.postman_environment.json",
                '{\n\t"name": "staging",\n\t"values": [\n\t\t{"key": "pin", "value": "' + PIN
                + '", "type": "secret", "enabled": true}\n\t]\n}\n', [PIN]),
        Planted("pom.xml",
                "<project>\n  <build>\n    <plugins>\n      <plugin>\n"
                "        <artifactId>maven-jarsigner-plugin</artifactId>\n"
                f"        <configuration>\n          <storepass>{p['pomstore']}</storepass>\n"
                f"          <keypass>{p['pomkey']}</keypass>\n        </configuration>\n"
                "      </plugin>\n    </plugins>\n  </build>\n</project>\n",
                [p["pomstore"], p["pomkey"]]),
        Planted("src/main/java/shop/Mailer.java",
                "package shop;\n\nimport java.net.PasswordAuthentication;\n\n"
                "public class Mailer {\n"
                f"    @Value(\"${{mail.password:{p['springvalue']}}}\")\n    String password;\n\n"
                "    PasswordAuthentication auth() {\n"
                "        return new PasswordAuthentication(\"shop\", "
                f"\"{p['pwauth']}\".toCharArray());\n"
                "    }\n}\n", [p["springvalue"], p["pwauth"]]),
        # session 33: SQL user statements detect-secrets' keyword does not read, database
        # shells' calls, Redis's ACL rules and directives, `mysqladmin password`, network
        # secrets, a password file's lines and `.npmrc`'s `_auth` pasted into docs
        Planted("db/mssql/logins.sql",
                f"CREATE LOGIN shop_app WITH PASSWORD = N'{p['mssqllogin']}', CHECK_POLICY = OFF;\n"
                f"EXEC sp_addlogin 'report', '{p['spaddlogin']}';\n"
                "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'OLD', @rmtuser = N'sa', "
                f"@rmtpassword = N'{p['rmtpassword']}';\nGO\n",
                [p["mssqllogin"], p["spaddlogin"], p["rmtpassword"]]),
        Planted("db/mysql/legacy.sql",
                f"SET PASSWORD FOR 'legacy'@'%' = PASSWORD('{p['setpassword']}');\n",
                [p["setpassword"]]),
        Planted("db/neo4j/users.cypher",
                f"CREATE USER report SET PASSWORD '{p['neo4juser']}' CHANGE NOT REQUIRED;\n"
                f"CALL dbms.security.createUser('shop', '{p['neo4jcall']}', false);\n",
                [p["neo4juser"], p["neo4jcall"]]),
        Planted("scripts/mongo-rotate.js",
                f"db.getSiblingDB('admin').changeUserPassword('shop', '{p['mongochange']}');\n",
                [p["mongochange"]]),
        Planted("deploy/redis/redis.conf",
                f"bind 0.0.0.0\nport 6379\nrequirepass {p['redisconf']}\n", [p["redisconf"]]),
        Planted("docs/cache.md",
                "# Cache\n\n```\n127.0.0.1:6379> ACL SETUSER worker on "
                f">{p['redisacl']} ~jobs:* +@list\n127.0.0.1:6379> ACL SETUSER ro on "
                f"#{REDIS_HASH} ~* +@read\n$ redis-cli CONFIG SET requirepass "
                f"{p['redisconfig']}\n$ mysqladmin -u root password {p['mysqladmin']}\n```\n",
                [p["redisacl"], REDIS_HASH, p["redisconfig"], p["mysqladmin"]]),
        Planted("network/wpa_supplicant.conf",
                f"network={{\n    ssid=\"office\"\n    psk=\"{p['wpapsk']}\"\n}}\n",
                [p["wpapsk"]]),
        Planted("network/snmpd.conf",
                f"rocommunity {p['snmp']} 10.0.0.0/8\nrocommunity public 127.0.0.1\n"
                "syslocation dc1\n", [p["snmp"]], readable=["rocommunity public"]),
        Planted("network/edge1.cfg",
                f"hostname edge1\nusername admin privilege 15 password 0 {p['router']}\n"
                f"enable secret 5 {APR1}\n", [p["router"], APR1]),
        Planted("docs/access.md",
                "# Access\n\nGuest Wi-Fi QR payload: "
                f"`WIFI:T:WPA;S:guest;P:{p['wifiqr']};;`\n\n```\n<tls-auth>\n"
                "-----BEGIN OpenVPN Static key V1-----\n" + "\n".join(OPENVPN)
                + "\n-----END OpenVPN Static key V1-----\n</tls-auth>\n```\n\n"
                f"```\nroot:{SHADOW}:19000:0:99999:7:::\n```\n\n"
                "```ini\nregistry=https://npm.example.com/\n_auth="
                + base64.b64encode(_j("deploy:", p["npmauth"]).encode()).decode() + "\n```\n",
                [p["wifiqr"], *OPENVPN, SHADOW, p["npmauth"],
                 base64.b64encode(_j("deploy:", p["npmauth"]).encode()).decode()],
                readable=["registry=https://npm.example.com/"]),
        # a new user's trial (session 33): a random token right after a bare `key`
        Planted("docs/go-signing.md",
                "# Signing from Go\n\nIn Go services we pass the key as "
                f'`[]byte("{GOKEY}")` to `NewSigner`.\n', [GOKEY],
                readable=["In Go services we pass the key as `[]byte("]),
        # session 34: a password or key given as the literal argument of the call that hashes,
        # checks or keys with it (secrets/hashcalls.py), a short `Bearer` literal
        Planted("tests/auth_test.rs",
                "#[test]\nfn login_checks_the_hash() {\n    let hash = load_hash();\n"
                f'    assert!(bcrypt::verify("{H34["rs"]}", &hash).unwrap());\n'
                f'    let h = argon2.hash_password(b"{H34["rs2"]}", &salt).unwrap();\n}}\n',
                [H34["rs"], H34["rs2"]], readable=["bcrypt::verify("]),
        Planted("app/Http/Controllers/LoginController.php",
                "<?php\nclass LoginController {\n    public function check($hash) {\n"
                f"        if (password_verify('{H34['php']}', $hash)) {{ return true; }}\n"
                f"        $u->password = Hash::make('{H34['php2']}');\n"
                f"        $v->password = bcrypt('{H34['php3']}');\n    }}\n}}\n",
                [H34["php"], H34["php2"], H34["php3"]], readable=["password_verify("]),
        Planted("tests/test_auth.py",
                "def test_hashes():\n"
                f'    assert check_password_hash(h, "{H34["py"]}")\n'
                f'    hashed = bcrypt.hashpw(b"{H34["py2"]}", bcrypt.gensalt())\n'
                f'    user.password = make_password("{H34["py3"]}")\n'
                f'    sig = hmac.new(b"{H34["py4"]}", msg, hashlib.sha256).hexdigest()\n'
                f'    ftp = ftplib.FTP("ftp.example.org", "deploy", "{H34["py5"]}")\n',
                [H34["py"], H34["py2"], H34["py3"], H34["py4"], H34["py5"]],
                readable=["check_password_hash(h, "]),
        Planted("src/auth.js",
                "export async function check(user) {\n"
                f"  const ok = await bcrypt.compare('{H34['js']}', user.hash);\n"
                f"  app.use(cookieParser('{H34['js2']}'));\n"
                f'  const AUTH = "Bearer {H34["bearer"]}";\n  return ok;\n}}\n',
                [H34["js"], H34["js2"], H34["bearer"]], readable=["bcrypt.compare("]),
        Planted("internal/auth/auth.go",
                "package auth\n\nfunc Seed() {\n"
                f'\th, _ := bcrypt.GenerateFromPassword([]byte("{H34["go"]}"), 12)\n'
                f'\tmac := hmac.New(sha256.New, []byte("{H34["go2"]}"))\n}}\n',
                [H34["go"], H34["go2"]], readable=["bcrypt.GenerateFromPassword("]),
        Planted("src/main/java/shop/Crypto.java",
                "class Crypto {\n"
                f'  String a = BCrypt.hashpw("{H34["java"]}", BCrypt.gensalt());\n'
                f'  Key k = new SecretKeySpec("{H34["java2"]}".getBytes(), "AES");\n}}\n',
                [H34["java"], H34["java2"]], readable=["BCrypt.gensalt()"]),
        # session 35: passwords listed by user name in YAML (secrets/usermaps.py)
        Planted("deploy/traefik/auth.yml",
                f"http:\n  basic_auth:\n    users:\n      admin: {S35['admin']}\n"
                f"      ops: '{S35['ops']}'\n",
                [S35["admin"], S35["ops"]], readable=["basic_auth:", "admin:"]),
        Planted("cloud/user-data.yaml",
                f"#cloud-config\nchpasswd:\n  list: |\n    root:{S35['root']}\n"
                "  expire: false\n", [S35["root"]], readable=["chpasswd:"]),
        # session 35: vendor tokens with no secret's name (Twitter's bearer, Dropbox's), an Azure
        # SAS signature and a Functions key in URLs
        Planted("app/clients.py",
                f'TIMELINE = "{S35_TWITTER}"\nFILES = "{S35_DROPBOX}"\n'
                f'BLOB = "https://acme.blob.core.windows.net/c/f.zip?sv=2022-11-02&ss=b&sp=r'
                f'&sig={S35_SIG}"\n'
                f'HOOK = "https://acme.azurewebsites.net/api/orders?code={S35_FUNC}"\n',
                [S35_TWITTER, S35_DROPBOX, S35_SIG, S35_FUNC], readable=["TIMELINE = "]),
        # session 35: Hibernate's property element, Kotlin's lazy property, OpenLDAP and SSSD,
        # a session cookie in a request file, pika's credentials, a Lisp defvar's docstring
        Planted("src/main/resources/hibernate.cfg.xml",
                "<hibernate-configuration><session-factory>\n"
                '<property name="hibernate.connection.username">shop</property>\n'
                f'<property name="hibernate.connection.password">{S35["hib"]}</property>\n'
                "</session-factory></hibernate-configuration>\n", [S35["hib"]],
                readable=['name="hibernate.connection.username">shop<']),
        Planted("app/src/main/kotlin/shop/Keys.kt",
                f'object Keys {{\n    val apiKey by lazy {{ "{S35["kt"]}" }}\n}}\n',
                [S35["kt"]], readable=["val apiKey by lazy"]),
        Planted("deploy/ldap/ldap.conf",
                f"BASE dc=acme,dc=org\nBINDDN cn=admin,dc=acme,dc=org\nBINDPW {S35['bindpw']}\n",
                [S35["bindpw"]], readable=["BINDDN cn=admin,dc=acme,dc=org"]),
        Planted("deploy/sssd/sssd.conf",
                f"[domain/acme]\nid_provider = ldap\nldap_default_authtok = {S35['authtok']}\n",
                [S35["authtok"]], readable=["id_provider = ldap"]),
        Planted("api/me.http",
                f"GET https://api.acme.io/me\nCookie: session={S35_COOKIE}; theme=dark\n",
                [S35_COOKIE], readable=["theme=dark"]),
        Planted("worker/queue.py",
                f'params = pika.PlainCredentials("shop", "{S35["pika"]}")\n', [S35["pika"]],
                readable=["pika.PlainCredentials("]),
        Planted("lisp/my-secrets.el",
                f'(defvar my-token "{S35["elisp"]}" "The token for the service.")\n'
                "(provide 'my-secrets)\n", [S35["elisp"]],
                readable=['"The token for the service."']),
        # session 36: a wp-config.php's eight keys and salts, Drupal's and CakePHP's salts, an
        # environment fallback under a password key, PowerShell's `-Password`, ldap3 and FTP_TLS
        # passwords by position, Consul's ACL tokens block; credential files without their dot
        Planted("site/wp-config.php", "<?php\ndefine( 'DB_NAME', 'shop' );\n" + "".join(
            f"define( '{n}', '{S36_SALTS[i]}' );\n" for i, n in enumerate(
                ["AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT",
                 "SECURE_AUTH_SALT", "LOGGED_IN_SALT", "NONCE_SALT"])), S36_SALTS,
                readable=["define( 'DB_NAME', 'shop' );"]),
        Planted("web/sites/default/settings.php",
                f"<?php\n$settings['hash_salt'] = '{S36['drupal']}';\n", [S36["drupal"]],
                readable=["$settings['hash_salt'] = "]),
        Planted("cake/config/app_local.php",
                "<?php\nreturn ['Security' => ['salt' => "
                f"env('SECURITY_SALT', '{S36['cake']}')]];\n",
                [S36["cake"]], readable=["env('SECURITY_SALT', "]),
        Planted("api/src/db.js",
                f"const pool = new Pool({{ password: process.env.PGPASS || '{S36['node']}' }});\n",
                [S36["node"]], readable=["process.env.PGPASS"]),
        Planted("legacy/db.php", f"<?php\n$db_pass = getenv('PGPASS') ?: '{S36['php']}';\n",
                [S36["php"]], readable=["getenv('PGPASS')"]),
        Planted("ops/restore.ps1",
                f'Invoke-Sqlcmd -ServerInstance db -Username sa -Password "{S36["ps"]}"\n'
                f"Connect-VIServer -Server vc -User admin -Password {S36['ps2']}\n",
                [S36["ps"], S36["ps2"]], readable=["Connect-VIServer -Server vc"]),
        Planted("tools/directory.py",
                f'conn = ldap3.Connection(server, "cn=admin,dc=acme", "{S36["ldap"]}")\n'
                f'ftp = FTP_TLS("ftp.acme.io", "bob", "{S36["ftp"]}")\n',
                [S36["ldap"], S36["ftp"]], readable=['"cn=admin,dc=acme"']),
        Planted("consul/server.hcl",
                "acl {\n  enabled = true\n  tokens {\n"
                f'    initial_management = "{S36_UUIDS[0]}"\n'
                f'    agent = "{S36_UUIDS[1]}"\n  }}\n}}\n', S36_UUIDS,
                readable=["enabled = true", "initial_management = "]),
        Planted("dotfiles/terraformrc",
                f'credentials "app.terraform.io" {{\n  token = "{S36["tfrc"]}"\n}}\n',
                [S36["tfrc"]], expect="block"),
        Planted("dotfiles/s3cfg", f"[default]\naccess_key = {AWS_ID}\nsecret_key = {S36['s3']}\n",
                [AWS_ID, S36["s3"]], expect="block"),
        # names of secrets kept in a store (ESO, Vault Agent), not secrets: readable
        Planted("deploy/external-secret.yaml",
                "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n"
                "  name: shop-db\nspec:\n  secretStoreRef:\n    name: vault-backend\n"
                "    kind: ClusterSecretStore\n  data:\n  - secretKey: api_token\n"
                "    remoteRef:\n      key: shop/prod/api\n      property: token\n", [],
                readable=["secretKey: api_token", "name: vault-backend"]),
        # false-positive shapes that must stay readable (and the file indexed)
        Planted("docs/release.md",
                "# Release notes\n\nFixed in commit 3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d4c3b2a19.\n"
                "Tenant id 123e4567-e89b-12d3-a456-426614174000 is the demo tenant.\n"
                "Set `password: ${DB_PASSWORD}` and `api_key: <your-api-key>`; the default "
                "password is changeme.\n", [],
                readable=["3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d4c3b2a19",
                          "123e4567-e89b-12d3-a456-426614174000", "${DB_PASSWORD}"]),
    ]


def build(root: Path) -> list[Planted]:
    items = planted()
    for item in items:
        path = root / item.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(item.content, encoding="utf-8")
    return items

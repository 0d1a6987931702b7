"""Secret forms session 33's attacker pass found stored as written (bench: /tmp/s33 forms, 66
forms in two batches; 20 values stored on main by redaction alone):

- SQL user statements where detect-secrets' keyword does not read the password: SQL Server's
  `WITH PASSWORD = N'X'`, MySQL's `SET PASSWORD FOR u = PASSWORD('X')`, Neo4j's `CREATE USER u
  SET PASSWORD 'X'`, T-SQL's `sp_addlogin 'u', 'X'` and `@rmtpassword = N'X'`, Neo4j's
  `dbms.security.createUser('u', 'X', false)`, MongoDB's `changeUserPassword('u', 'X')`;
- Redis: an ACL rule `>X` (`ACL SETUSER`, an ACL file's `user` line), `redis.conf`'s
  `requirepass X`;
- `mysqladmin -u root password X`;
- network secrets: wpa_supplicant's `psk="X"`, a Wi-Fi QR's `P:X;`, SNMP communities, a
  router's `username u password 0 X`, an OpenVPN static key;
- a password file's `user:HASH` line (shadow's `$6$`, htpasswd's `$apr1$`), `.npmrc`'s
  `_auth=BASE64` of `user:password`.

The nearest readable forms (references, placeholders, psql variables, SNMP's `public`, a
sentence, a hasher's test vector with no user) stay.
"""

from __future__ import annotations

import base64
import hashlib

from ..secret_forms import kept_forms, redacted_forms


def _tok(seed: str, n: int = 22) -> str:  # a FAKE random token, made at run time
    raw = base64.b64encode(hashlib.sha256(seed.encode()).digest()).decode()
    return raw.replace("+", "").replace("/", "").replace("=", "")[:n]


PW = "".join(("Qk7Pl4nt", "3301z"))
HEX64 = hashlib.sha256(b"redis-acl").hexdigest()
SHADOW = "$6$" + _tok("salt", 16) + "$" + _tok("h1", 40) + _tok("h2", 40)
APR1 = "$apr1$" + _tok("apr", 8) + "$" + _tok("apr2", 22)
NPM_AUTH = base64.b64encode(("deploy:" + PW).encode()).decode()
OVPN = "\n".join(hashlib.md5(str(i).encode()).hexdigest() for i in range(4))

MUST_REDACT = [  # (language, text, values): each stored as written on main
    ("sql", f"CREATE LOGIN shop WITH PASSWORD = N'{PW}', CHECK_POLICY = OFF;\n", (PW,)),
    ("sql", f"ALTER LOGIN sa WITH PASSWORD = N'{PW}';\nGO\n", (PW,)),
    ("sql", f"SET PASSWORD FOR 'legacy'@'%' = PASSWORD('{PW}');\n", (PW,)),
    ("cypher", f"CREATE USER report SET PASSWORD '{PW}' CHANGE NOT REQUIRED;\n", (PW,)),
    ("cypher", f"CALL dbms.security.createUser('shop', '{PW}', false);\n", (PW,)),
    ("cypher", f"CALL dbms.changePassword('{PW}');\n", (PW,)),
    ("sql", f"EXEC sp_addlogin 'report', '{PW}';\n", (PW,)),
    ("sql", f"EXEC sp_addlinkedsrvlogin @rmtsrvname = N'OLD', @rmtuser = N'sa', "
            f"@rmtpassword = N'{PW}';\n", (PW,)),
    ("javascript", f"db.getSiblingDB('admin').changeUserPassword('shop', '{PW}');\n", (PW,)),
    ("python", f'cur.execute("ALTER LOGIN app WITH PASSWORD = N\'{PW}\'")\n', (PW,)),
    ("markdown", f"```\n127.0.0.1:6379> ACL SETUSER worker on >{PW} ~jobs:* +@list\n```\n",
     (PW,)),
    ("text", f"user default off\nuser app on >{PW} ~app:* +@all\nuser ro on #{HEX64} ~* +@read\n",
     (PW, HEX64)),
    ("ini", f"bind 0.0.0.0\nport 6379\nrequirepass {PW}\n", (PW,)),
    ("ini", f'masterauth "{PW}"\n', (PW,)),
    ("shell", f"redis-cli CONFIG SET requirepass {PW}\n", (PW,)),
    ("shell", f"mysqladmin -u root password {PW}\n", (PW,)),
    ("ini", f'network={{\n    ssid="office"\n    psk="{PW}"\n}}\n', (PW,)),
    ("ini", f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={PW}\n", (PW,)),
    ("markdown", f"Guest Wi-Fi QR payload: `WIFI:T:WPA;S:guest;P:{PW};;`\n", (PW,)),
    ("ini", f"rocommunity {PW} 10.0.0.0/8\nsyslocation dc1\n", (PW,)),
    ("ini", f"hostname edge1\nsnmp-server community {PW} RO\n", (PW,)),
    ("ini", f"username admin privilege 15 password 0 {PW}\n", (PW,)),
    ("text", f"enable secret 5 {APR1}\n", (APR1,)),
    ("markdown", "```\n<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n"
                 f"{OVPN}\n-----END OpenVPN Static key V1-----\n</tls-auth>\n```\n",
     tuple(OVPN.split())),
    ("markdown", f"```\nroot:{SHADOW}:19000:0:99999:7:::\n```\n", (SHADOW,)),
    ("yaml", f'http:\n  middlewares:\n    auth:\n      basicAuth:\n        users:\n'
             f'          - "admin:{APR1}"\n', (APR1,)),
    ("markdown", f"```ini\nregistry=https://npm.example.com/\n_auth={NPM_AUTH}\n```\n",
     (NPM_AUTH,)),
    ("ini", f"//npm.example.com/:_auth={NPM_AUTH}\n", (NPM_AUTH,)),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("sql", "CREATE USER app WITH PASSWORD :'app_password';\n"),
    ("sql", "ALTER LOGIN sa WITH PASSWORD = N'$(SaPassword)';\n"),
    ("sql", "ALTER LOGIN sa WITH PASSWORD = N'<password>';\n"),
    ("sql", "EXEC sp_addlogin @loginame = N'report', @passwd = @pw;\n"),
    ("sql", "-- SET PASSWORD is deprecated; use ALTER USER.\n"),
    ("javascript", "db.changeUserPassword(user, newPassword);\n"),
    ("python", 'user.set_password("password")\nUser.objects.create_user("bob", password=pw)\n'),
    ("text", "ACL SETUSER alice on >${REDIS_PASSWORD} ~* +@all\n"),
    ("text", "user default on nopass ~* +@all\n"),
    ("shell", "user add bob >/dev/null 2>&1\n"),
    ("ini", "# requirepass foobared\nport 6379\n"),
    ("ini", "psk=${WIFI_PSK}\n"),
    ("ini", "[wifi-security]\npsk=changeme\n"),
    ("ini", "rocommunity public default\n"),
    ("text", "snmp-server community <string> RO\n"),
    ("markdown", "Set the community string with `rocommunity`.\n"),
    ("markdown", "To enable password authentication, edit the file.\nenable password\n"),
    ("python", 'HASH = "bcrypt$$2b$12$' + _tok("django", 53) + '"\n'),
    ("ini", "_auth=${NPM_AUTH}\n"),
    ("python", "self._auth = auth\n"),
]


test_each_form_is_redacted = redacted_forms(MUST_REDACT)


test_readable_forms_stay = kept_forms(MUST_KEEP)

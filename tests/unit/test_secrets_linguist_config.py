"""Secrets in the forms of the server, tool and request files indexed since repokb reads
GitHub Linguist's languages (`.curlrc`, `.htaccess`, HAProxy, Caddyfile, git config, Tor,
Kickstart, `.http`, Hurl ...) and of shells' and Robot Framework's `NAME VALUE` lines: each was
stored as written (planted in a project and found under REPOKB_HOME and in search answers)."""

from __future__ import annotations

import base64

import pytest

from repokb.secrets import redact
from repokb.secrets.scan import mode_for

from ..secret_forms import j, kept_forms, redacted_forms

PW = j("Qz7m", "Vt2xLp9Kw4")
PW2 = j("Rt5Y", "u8Io2Pa6Sd")
SHA512 = j("$6$rounds=5000$Wq8xLm2N$", "Jk3vT9pQ7rB1nY5cZ2wX4hF6gD8sA0eK3mL9pQ7rB1n",
           "Y5cZ2wX4hF6gD8sA0eK3mL9pQ7rB1nY5cZ")
BCRYPT = j("$2a$14$Zk3Lm9Qw2Er7Ty4Ui1Op6u", "V8bN3mX5cZ7aS2dF9gH1jK4lP0oI8uQ")
TOR = j("16:872860B76453A77D60CA2BB8C", "1A7042072093276A3D701AD684053EC4C")
BASIC = base64.b64encode(j("x-access-token:", "Gl7Ty4Pq9Wm2Zx").encode()).decode()
OAUTH = j("ya29.A0ARrd", "aM9xQ7vLk2Tp")

MUST_REDACT = [  # (language, text, value)
    ("curl_config", f'user = "deploy:{PW}"\n', PW),
    ("curl_config", f'proxy-user = "proxy:{PW}"\n', PW),
    ("curl_config", f"--user ci:{PW}\n", PW),
    ("curl_config", f"oauth2-bearer = {OAUTH}\n", OAUTH),
    ("curl_config", f"--oauth2-bearer {OAUTH}\n", OAUTH),
    ("apacheconf", f"SetEnv DB_PASSWORD {PW}\n", PW),
    ("apacheconf", f'<VirtualHost *:80>\n  SetEnv API_TOKEN "{PW}"\n</VirtualHost>\n', PW),
    ("haproxy", f"userlist admins\n    user admin password {SHA512}\n", SHA512),
    ("haproxy", f"frontend stats\n    stats auth admin:{PW2}\n", PW2),
    # `deploy/haproxy.cfg` is read as INI (`.cfg`)
    ("ini", f"userlist admins\n    user admin password {SHA512}\n", SHA512),
    ("ini", f"listen stats\n    stats auth admin:{PW2}\n", PW2),
    ("caddyfile", f"example.com {{\n    basicauth /admin/* {{\n        admin {BCRYPT}\n"
                  "    }\n}\n", BCRYPT),
    ("git_config", f'[http "https://git.example/"]\n    extraheader = AUTHORIZATION: basic '
                   f"{BASIC}\n", BASIC),
    ("git_config", f"[sendemail]\n    smtpuser = dev@example.com\n    smtppass = {PW}\n", PW),
    ("tor_config", f"ControlPort 9051\nHashedControlPassword {TOR}\n", TOR),
    ("tor_config", f"HTTPSProxyAuthenticator proxyuser:{PW}\n", PW),
    ("ini", f"lang en_US.UTF-8\nrootpw --plaintext {PW}\n", PW),  # anaconda-ks.cfg
    ("ini", f"rootpw --iscrypted {SHA512}\n", SHA512),
    ("ini", f"sshpw --username=install {PW} --plaintext\n", PW),
    ("http", f"### Basic\nGET https://api.example.com/me\nAuthorization: Basic admin {PW}\n",
     PW),
    ("hurl", f"GET https://api.example.com/me\n[BasicAuth]\nbob: {PW}\nHTTP 200\n", PW),
    ("hurl", f"POST https://api.example.com/login\n[FormParams]\nusername: admin\n"
             f"password: {PW}\nHTTP 200\n", PW),
    ("robotframework", f"*** Variables ***\n${{USERNAME}}    admin\n${{PASSWORD}}    {PW}\n",
     PW),
    ("shell", f"set -gx DB_PASSWORD {PW}\n", PW),  # fish, read with the shell's tables
    ("tcsh", f"setenv API_TOKEN {PW}\n", PW),
]

MUST_KEEP = [  # (language, text)
    ("apacheconf", "AuthUserFile /var/www/.htpasswd\nSetEnv APP_ENV production\n"),
    ("apacheconf", "SetEnv DB_PASSWORD ${DB_PASSWORD}\n"),
    ("haproxy", "userlist admins\n    user admin password $ADMIN_HASH\n"),
    ("curl_config", 'user = "deploy:$DEPLOY_PASSWORD"\nheader = "Accept: application/json"\n'),
    ("curl_config", "--user-agent curl/8.5\n"),
    ("tor_config", "ControlPort 9051\nCookieAuthentication 1\n"),
    ("ini", "rootpw --lock\n"),
    ("http", "GET https://api.example.com/me\nAuthorization: Basic {{user}} {{password}}\n"),
    ("hurl", "GET https://api.example.com/me\n[BasicAuth]\nbob: {{password}}\nHTTP 200\n"),
    ("robotframework", "*** Variables ***\n${PASSWORD}    %{APP_PASSWORD}\n"),
    ("shell", "set -gx DB_PASSWORD $argv[1]\nset -e\n"),
    ("python", 'HASH = "$2b$12$abc"\n'),
]


test_a_secret_in_a_linguist_config_form_is_redacted = redacted_forms(MUST_REDACT)


test_a_reference_or_setting_in_a_linguist_config_form_stays = kept_forms(MUST_KEEP)


@pytest.mark.parametrize("name", ["tests/test_hashers.py", "passlib/tests/test_bcrypt.py"])
def test_a_password_hash_in_code_stays(name):
    """A hasher's test vectors are code: the hash shapes are read in configuration only."""
    text = f'assert check_password("lètmein", "{BCRYPT}")\n'
    assert redact(text, mode_for("python"), "python").text == text

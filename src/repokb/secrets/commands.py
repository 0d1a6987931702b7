"""Passwords and tokens given to command-line tools by their own options or places, where no
`--password` or `KEY=` names them (an attacker's pass over scripts, CI files, compose files
and READMEs found each stored as written):

- a tool's own password option: `sqlcmd -P X` (bcp, osql, isql), `ldapsearch -w X` (every
  `ldap*` client), `az login -u U -p X`, `zip -P X`, `7z a -pX`, `mosquitto_pub -P X`,
  `keytool -storepass X` / `-keypass` / `-srcstorepass` / `-deststorepass` (and jarsigner's),
  `openssl ... -passin pass:X` / `-passout pass:X`, `redis-server --requirepass X` /
  `--masterauth X`, `mysqladmin -u root password X`;
- its place: `rabbitmqctl add_user USER X` / `change_password USER X`, `net use DRIVE SHARE
  /user:U X`; Windows' `cmdkey /pass:X`, `schtasks /rp X`, `psexec -p X`, `wmic /password:X`;
- an account's password set by a script: `echo "U:X" | chpasswd`, `echo X | passwd --stdin U`,
  `openssl passwd -6 X` (the plaintext it hashes), and an expect script's answer to a password
  prompt (`expect "*assword:*"` then `send "X\\r"`);
- a random token as a URL's user (`https://TOKEN@github.com/org/repo.git`);
- a secret handed to a secret store: `gh secret set NAME --body X` (`-b X`, `-bX`), and a
  literal piped to one (`echo "X" | gh secret set NAME`, `printf X | docker secret create
  NAME -`, `wrangler secret put`, `vercel env add`, `flyctl secrets set`);
- GitHub Actions' `::add-mask::X`, which masks a literal only because it is a secret;
- session 41: `smbpasswd -w X`, `doveadm pw -p X`, `gitea admin user create -p X`, the
  Jenkins CLI's `-auth U:X`, `radtest U X SERVER PORT SECRET` (both);
- Vault's unseal keys (`vault operator unseal X`, `Unseal Key 1: X` as `vault operator init`
  prints them) and a root token (`hvs.` and 24 characters: secret_patterns' format);
- an environment pair given on a command line (`heroku config:set STRIPE_KEY=X`, `docker run
  -e SIGNING_KEY=X`, `--build-arg`, gcloud's `--set-env-vars`): a random value under a
  `..._KEY` name (`scan.random_key_value`), which the assignment finders read in code only
  when quoted (a secret-named key, `API_TOKEN=X`, was found there already).

A value is a literal, never a reference (`$PASS`, `${{ secrets.X }}`, `env:NAME`, `file:pw`,
`stdin`), nor a placeholder; an option's value must look like a password
(`values.password_like`, a command line's place: words with digits count), as `curl -u`'s does
(credentials.py); a secret store's and `add-mask`'s value may be any word.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key, is_secret_value, random_key_value, sequential
from repokb.secrets.values import password_like, random_token

Span = tuple[int, int, str, bool]

# a shell word: quoted (any character but its quote) or bare
_WORD = r"""(?:"(?P<d>[^"\n]{4,256})"|'(?P<s>[^'\n]{4,256})'|(?P<value>[^\s"'`|;&<>()]{4,256}))"""
_REST = r"""[^\n|;&]*?"""  # the rest of the same command, up to the option
# (the words (P.LINE_WORDS) a line of the form holds, the form)
_OPTIONS: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = (
    (("sqlcmd", "bcp", "osql", "isql"),
     re.compile(rf"""\b(?:sqlcmd|bcp|osql|isql)\b{_REST}[ \t]-P[ \t]*{_WORD}""")),
    (("ldap",), re.compile(rf"""\bldap[a-z]+\b{_REST}[ \t]-w[ \t]+{_WORD}""")),
    (("az login",), re.compile(rf"""\baz[ \t]+login\b{_REST}[ \t]-p[ \t]+{_WORD}""")),
    (("zip",), re.compile(rf"""\b(?:zip|unzip|zipcloak)\b{_REST}[ \t]-P[ \t]+{_WORD}""")),
    (("7z",), re.compile(rf"""\b7z[arx]?\b{_REST}[ \t]-p{_WORD}""")),
    (("mosquitto_",), re.compile(rf"""\bmosquitto_[a-z]+\b{_REST}[ \t]-P[ \t]+{_WORD}""")),
    (("keytool", "jarsigner"),
     re.compile(rf"""[ \t]-(?:src|dest|new)?(?:store|key)?pass[ \t]+{_WORD}""")),
    (("openssl",), re.compile(r"""[ \t]-(?:passin|passout|pass|password)[ \t]+"""
                              r"""(?:"pass:(?P<d>[^"\n]{4,256})"|'pass:(?P<s>[^'\n]{4,256})'"""
                              r"""|pass:(?P<value>[^\s"'`|;&<>()]{4,256}))""")),
    (("requirepass", "masterauth"),
     re.compile(rf"""--(?:requirepass|masterauth)(?:[ \t]+|=){_WORD}""")),
    # Windows' administration commands: cmdkey's `/pass:X`, schtasks' `/rp X`, psexec's `-p X`,
    # wmic's `/password:X`, `net use DRIVE SHARE /user:U X`
    (("cmdkey",), re.compile(rf"""\bcmdkey\b{_REST}[ \t]/pass:{_WORD}""", re.I)),
    (("schtasks",), re.compile(rf"""\bschtasks\b{_REST}[ \t]/rp[ \t]+{_WORD}""", re.I)),
    (("psexec",), re.compile(rf"""\bpsexec(?:64)?\b{_REST}[ \t]-p[ \t]+{_WORD}""", re.I)),
    (("wmic",), re.compile(rf"""\bwmic\b{_REST}[ \t]/password:{_WORD}""", re.I)),
    (("net use",), re.compile(rf"""\bnet[ \t]+use\b{_REST}[ \t]/user:\S+[ \t]+{_WORD}""",
                              re.I)),
    # (and its documented order, the password after the share, before `/user:`: `net use Z:
    # \\nas\share X /user:DOM\bob`; session 37)
    (("net use",), re.compile(r"""\bnet[ \t]+use[ \t]+(?:[A-Za-z]:[ \t]+)?\\\\\S+[ \t]+"""
                              rf"""(?![/*]){_WORD}""", re.I)),
    # an account's password set from a script: `echo "U:X" | chpasswd`, `chpasswd <<< "U:X"`,
    # `echo X | passwd --stdin U`, the plaintext given to `openssl passwd`
    (("chpasswd",), re.compile(r"""\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*["']?[^\s:"']+:"""
                               r"""(?P<value>[^\s"'`|;&<>()]{4,256})["']?[ \t]*\|[ \t]*chpasswd"""
                               r"""|\bchpasswd[ \t]*<<<[ \t]*["']?[^\s:"']+:"""
                               r"""(?P<d>[^\s"'`|;&<>()]{4,256})""")),
    (("passwd",), re.compile(rf"""\b(?:echo|printf)(?:[ \t]+-[neE]+)*[ \t]+{_WORD}[ \t]*\|"""
                             r"""[ \t]*(?:sudo[ \t]+)?passwd[ \t]+--stdin\b""")),
    (("openssl",), re.compile(r"""\bopenssl[ \t]+passwd(?:[ \t]+-(?:1|5|6|apr1|crypt|aixmd5|"""
                              rf"""stdin|salt[ \t]+\S+))*[ \t]+{_WORD}""")),
    # session 32: NuGet's API key (`nuget push -k X`, `-ApiKey X`), MinIO's client (`mc alias
    # set NAME URL ACCESS X`), lftp's `-u user,X`, ssh-keygen's passphrase (`-N X`, `-P X`),
    # OpenShift's and Cloud Foundry's `login -p X`, curl's `--oauth2-bearer X`, an rclone
    # remote's `pass X` / `password=X`
    (("nuget",),
     re.compile(rf"""\bnuget\b{_REST}[ \t](?:-k|--api-key|(?i:-apikey))[ \t]+{_WORD}""")),
    (("mc alias", "mc config"),
     re.compile(r"""\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)"""
                rf"""(?:[ \t]+[^\s|;&]+){{3}}[ \t]+{_WORD}""")),
    (("lftp",), re.compile(rf"""\blftp\b{_REST}[ \t]-u[ \t]+[^\s,"']+,{_WORD}""")),
    (("ssh-keygen",), re.compile(rf"""\bssh-keygen\b{_REST}[ \t]-[NP][ \t]*{_WORD}""")),
    (("login",), re.compile(rf"""\b(?:oc|cf)[ \t]+login\b{_REST}[ \t]-p[ \t]+{_WORD}""")),
    (("oauth2-bearer",), re.compile(rf"""--oauth2-bearer(?:[ \t]+|=){_WORD}""")),
    (("rclone",), re.compile(r"""\brclone[ \t]+config[ \t]+(?:create|update)\b"""
                             rf"""{_REST}[ \t](?:pass|password|client_secret|secret_access_key)"""
                             rf"""(?:[ \t]+|=){_WORD}""")),
    # InfluxDB 1's `influx -password X`, `grafana-cli admin reset-admin-password X`, Consul's
    # `consul kv put PATH/password X` (a key path ending in a secret's name)
    (("influx",), re.compile(rf"""\binflux\b{_REST}[ \t]-password[ \t]+{_WORD}""")),
    (("reset-admin-password",),
     re.compile(rf"""reset-admin-password(?:[ \t]+--?[\w\-]+(?:=\S+)?)*[ \t]+{_WORD}""")),
    (("consul",), re.compile(r"""\bconsul[ \t]+kv[ \t]+put\b(?:[ \t]+-\S+)*[ \t]+[^\s|;&]*?"""
                             r"""(?i:password|passwd|secret|token|api[_\-]?key)[ \t]+"""
                             + _WORD)),
    # Azure's storage key given to `az storage ... --account-key X` (a base64 key with a `/`:
    # only its end after the slash was taken, for a `user/password` pair)
    (("--account-key",), re.compile(rf"""--account-key(?:[ \t]+|=){_WORD}""")),
    # session 33: `mysqladmin ... password X` (the new password is a bare word after the
    # command's `password`; its `-pX` is credentials.py's `mysql -pX`)
    (("mysqladmin",), re.compile(rf"""\bmysqladmin\b{_REST}[ \t]password[ \t]+{_WORD}""")),
    (("rabbitmqctl",),
     re.compile(rf"""\brabbitmqctl\b{_REST}[ \t](?:add_user|change_password)[ \t]+"""
                rf"""(?:"[^"\n]*"|'[^'\n]*'|[^\s"']+)[ \t]+{_WORD}""")),
    # session 37: rabbitmqadmin's and NcFTP's `-p X`; a `user:X` pair given to Apache
    # Bench's `-A`, curl's `--proxy-user`, skopeo's and buildah's `--creds` /
    # `--src-creds` / `--dest-creds`
    (("rabbitmqadmin", "ncftp"),
     re.compile(rf"""\b(?:rabbitmqadmin|ncftp(?:put|get|ls)?)\b{_REST}[ \t]-p[ \t]+{_WORD}""")),
    (("ab ", "proxy-user", "creds"),
     re.compile(r"""(?:\bab\b[^\n|;&]*?[ \t]-A|--proxy-user|--(?:src-|dest-)?creds)"""
                rf"""(?:[ \t]+|=)["']?[^\s:"']+:{_WORD}""")),
    # session 38: Poetry's and Composer's repository logins (`poetry config http-basic.REPO U
    # X`, `composer config [--global] http-basic.HOST U X`), and `gem push --key X` when X
    # is a key, not the name of one in ~/.gem/credentials (`--key rubygems_api_key` stays)
    (("http-basic",), re.compile(r"""\b(?:poetry|composer)[ \t]+config\b(?:[ \t]+-[\w\-]+)*"""
                                 rf"""[ \t]+http-basic\.\S+[ \t]+[^\s|;&]+[ \t]+{_WORD}""")),
    (("gem push",),
     re.compile(rf"""\bgem[ \t]+push\b{_REST}[ \t](?:-k|--key)(?:[ \t]+|=){_WORD}""")),
    # session 39: a BMC's `ipmitool -P X`, FreeRDP's `/p:X` and rdesktop's `-p X`, `openssl enc
    # -k X` (the passphrase; `-kfile` names a file), macOS' `security create-keychain -p X` /
    # `unlock-keychain -p X` / `import f.p12 -P X`, Apple's uploaders' `altool -p X` and
    # `notarytool --password X`, HTTPie's (and xh's) `-a user:X`, kubeadm's `--token X`
    # (one row: a row's lookup of its lines, per text, is most of this finder's time)
    (("ipmitool", "freerdp", "rdesktop", "keychain", "security import", "security export",
      "altool", "notarytool"),
     re.compile(rf"""(?:\bipmitool\b{_REST}[ \t]-P[ \t]+|(?i:freerdp)\d?\b{_REST}[ \t][/+-]p:"""
                rf"""|\brdesktop\b{_REST}[ \t]-p[ \t]+|\bsecurity[ \t]+(?:create-keychain"""
                r"""|unlock-keychain|set-keychain-password|import|export)\b"""
                rf"""{_REST}[ \t]-[pP][ \t]+|\b(?:altool|notarytool)\b{_REST}[ \t]"""
                rf"""(?:-p|--password)(?:[ \t]+|=)){_WORD}""")),
    (("openssl",), re.compile(rf"""\bopenssl[ \t]+(?:enc|aes\S*|des\S*|bf\S*|camellia\S*)\b"""
                              rf"""{_REST}[ \t]-k[ \t]+{_WORD}""")),
    # session 41: Samba's `smbpasswd -w X` (its LDAP admin's password), Dovecot's `doveadm pw
    # -p X` (the plaintext it hashes), Gitea's and Forgejo's `admin user create|change-password
    # -p X`, the Jenkins CLI's `-auth USER:X`, FreeRADIUS' `radtest USER X SERVER PORT SECRET`
    (("smbpasswd",), re.compile(rf"""\bsmbpasswd\b{_REST}[ \t]-w[ \t]+{_WORD}""")),
    (("doveadm",), re.compile(rf"""\bdoveadm[ \t]+pw\b{_REST}[ \t]-p[ \t]+{_WORD}""")),
    (("gitea", "forgejo"), re.compile(r"""\b(?:gitea|forgejo)[ \t]+admin[ \t]+user\b"""
                                      rf"""{_REST}[ \t]-p[ \t]+{_WORD}""")),
    (("jenkins-cli",), re.compile(rf"""jenkins-cli\b{_REST}[ \t]-auth[ \t]+[^\s:"'@]+:{_WORD}""")),
    (("radtest",), re.compile(rf"""\bradtest[ \t]+\S+[ \t]+{_WORD}""")),
    (("radtest",), re.compile(rf"""\bradtest(?:[ \t]+\S+){{4}}[ \t]+{_WORD}""")),
    # session 41b: game servers' launch options, `+` and the setting (Source's `+rcon_password
    # X` and `+sv_password X`, Rust's `+rcon.password "X"`, `+server.password`), and a Source
    # server's login token (`sv_setsteamaccount X`, Steam's game server token)
    (("passw",), re.compile(rf"""(?:^|[ \t"'])\+(?:[a-z]+[._])?(?:rcon[._])?passw(?:or)?d"""
                            rf"""[ \t]+{_WORD}""")),
    (("sv_setsteamaccount",), re.compile(rf"""\bsv_setsteamaccount[ \t]+{_WORD}""")),
    (("-a ", "--auth"), re.compile(r"""(?:^|[\s;&|(])(?:https?|xhs?)[ \t]+(?:[^\n|;&]*?[ \t])?"""
                                 rf"""(?:-a|--auth)(?:[ \t]+|=)["']?[^\s:"'@/]+:{_WORD}""")),
)
# kubeadm's bootstrap token (`kubeadm join --token X`, `--discovery-token`): `[a-z0-9]{6}` `.`
# `[a-z0-9]{16}`, lower case, which has no password's look
_KUBEADM = re.compile(rf"""\bkubeadm\b{_REST}[ \t]--(?:token|discovery-token|tls-bootstrap-token)"""
                      rf"""(?:[ \t]+|=){_WORD}""")
_BOOTSTRAP_TOKEN = re.compile(r"[a-z0-9]{6}\.[a-z0-9]{16}")
# a secret handed to a store, or masked: any literal word
_STORE = r"""(?:gh[ \t]+secret[ \t]+set|(?:docker|podman)[ \t]+secret[ \t]+create"""
_STORE += r"""|wrangler[ \t]+secret[ \t]+put|vercel[ \t]+env[ \t]+add|fly(?:ctl)?[ \t]+secrets"""
_STORE += r"""[ \t]+set|gcloud[ \t]+secrets[ \t]+(?:create|versions[ \t]+add))\b"""
_SECRETS: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = (
    (("gh secret",), re.compile(rf"""\bgh[ \t]+secret[ \t]+set\b{_REST}[ \t](?:--body(?:[ \t]+|=)"""
                                rf"""|-b[ \t]*){_WORD}""")),
    (("secret", "vercel"),
     re.compile(r"""\b(?:echo(?:[ \t]+-[neE]+)*|printf(?:[ \t]+(?:'%s[^']*'|"%s[^"]*"))?)"""
                rf"""[ \t]+{_WORD}[ \t]*\|[ \t]*"""
                + _STORE)),
    (("add-mask",), re.compile(r"""::add-mask::(?P<value>[^\s"'`]{4,256})""")),
    # session 37: a value set in a secret store by its own command: `dotnet user-secrets set
    # NAME X`, `az keyvault secret set ... --value X`, a here-string to `gcloud secrets
    # create NAME --data-file=- <<< X` (and `versions add`)
    (("user-secrets",), re.compile(r"""\bdotnet[ \t]+user-secrets[ \t]+set[ \t]+"""
                                   rf"""(?:"[^"\n]*"|'[^'\n]*'|[^\s"']+)[ \t]+{_WORD}""")),
    (("keyvault",), re.compile(r"""\baz[ \t]+keyvault[ \t]+secret[ \t]+set\b"""
                               rf"""{_REST}[ \t]--value(?:[ \t]+|=){_WORD}""")),
    # (session 43: to every store: `vercel env add NAME production <<< 'X'`)
    (("<<<",), re.compile(rf"""{_STORE}{_REST}<<<[ \t]*{_WORD}""")),
    # session 43: a SecureString parameter's value (`aws ssm put-parameter --name N --type
    # SecureString --value X`), Secrets Manager's `--secret-string X`, an Oracle wallet's
    # credential (`mkstore -wrl W -createCredential ALIAS USER X`)
    (("securestring",), re.compile(rf"""(?i:(?=[^\n]*\bSecureString\b))\baws[ \t]+ssm[ \t]+"""
                                   rf"""put-parameter\b{_REST}[ \t]--value(?:[ \t]+|=){_WORD}""")),
    (("secretsmanager",), re.compile(r"""\baws[ \t]+secretsmanager[ \t]+[a-z\-]+\b"""
                                     rf"""{_REST}[ \t]--secret-string(?:[ \t]+|=){_WORD}""")),
    (("mkstore",), re.compile(r"""\bmkstore\b[^\n]*?[ \t]-(?:create|modify)Credential[ \t]+"""
                              rf"""\S+[ \t]+\S+[ \t]+{_WORD}""")),
)
# session 41b: a password or key handed to an option as a file made by a process substitution
# (`openvpn --auth-user-pass <(printf 'u\\nX\\n')`, `wg set wg0 peer P preshared-key <(echo X)`):
# the last line the command prints (OpenVPN's file is the user, then the password)
_PROCESS_FILE = re.compile(r"""(?:^|[ \t])-{0,2}[\w\-]*(?i:pass|key|secret|token|psk)[\w\-]*"""
                           r"""[ \t]+<\([ \t]*(?:echo(?:[ \t]+-[neE]+)*|printf)[ \t]+"""
                           + _WORD + r"""[ \t]*\)""")
_PRINTED_LINE = re.compile(r"""(?:\\n|^)(?P<line>(?:(?!\\n).)+)(?:\\n)*$""")
# an expect script's answer to a password prompt: `expect "*assword:*"` then `send "X\r"`, on
# the next line or after a `;`
_EXPECT = re.compile(r"""expect[ \t]+(?:-\w+[ \t]+)*(?:\\?["{])?[^\n;]*?assword[^\n;]*"""
                     r"""(?:\n|;)[ \t]*send[ \t]+(?:--[ \t]+)?\\?["{](?P<value>[^"\\{}\n]{4,256})"""
                     r"""(?:\\r|\\n)?\\?["}]""")
# a token given to `vault login` (bare, after its options; not a method's `key=value`), and a
# legacy Vault token (`s.` or `b.` + 24 characters; today's `hvs.` ones have their own pattern)
# in a text that names Vault
_VAULT_LOGIN = re.compile(rf"""vault[ \t]+login(?:[ \t]+-[\w\-]+(?:=[^\s|;&]*)?)*[ \t]+{_WORD}""")
_VAULT_TOKEN = re.compile(r"""(?<![\w.$])[sb]\.[A-Za-z0-9]{24}(?![\w.])""")
# session 39: an unseal key given to `vault operator unseal`, and the unseal (or recovery) keys
# `vault operator init` prints, `Unseal Key 1: X` (its root token's line is a key's assignment)
_VAULT_UNSEAL = re.compile(r"""vault[ \t]+operator[ \t]+unseal(?:[ \t]+-[\w\-]+(?:=[^\s|;&]*)?)*"""
                           rf"""[ \t]+{_WORD}""")
_UNSEAL_KEY = re.compile(r"""(?im)^[ \t>#*\-]*(?:unseal|recovery)[ \t]+key[ \t]+\d+:[ \t]*"""
                         r"""(?P<value>[A-Za-z0-9+/]{20,}={0,2})(?![\w+/=])""")
# a token as the user of a URL with no password (GitHub's and GitLab's `https://TOKEN@host/...`)
_TOKEN_USER = re.compile(r"""https?://(?P<value>[A-Za-z0-9_\-]{16,256})@[\w\-]+(?:\.[\w\-]+)+""")
# ... but a Sentry DSN's public key (`https://KEY@o4504.ingest.sentry.io/4504`, a self-hosted
# `https://KEY@sentry.example.com/12`), meant to ship in a web page
_SENTRY = re.compile(r"""@(?:[\w\-]+\.)*(?:ingest|sentry)[\w\-]*\.""")
# a KEY=VALUE pair after an option that sets the environment of a command or an app
# (session 37: `fly secrets set NAME=X`, and a JVM system property `-Dgpg.passphrase=X` given to
# mvn, java, gradle: its name may hold dots)
_ENV_OPTION = re.compile(r"""(?:[ \t]-e|--env|--build-arg|--set-env-vars|config:set"""
                         r"""|secrets[ \t]+set)\b|[ \t](?=-D[A-Za-z_])""")
_ENV_PAIR = re.compile(r"""(?:(?<=[ \t=,"'])|(?<=[ \t]-D))(?P<key>[A-Za-z_][A-Za-z0-9_.\-]*)="""
                       r"""(?P<q>["']?)"""
                       r"""(?P<value>[^\s"'`|;&<>(),]{4,256})(?P=q)""")
_AT_ENV = ("-e ", "--env", "--build-arg", "--set-env-vars", "config:set", "secrets set", " -d")
# (`%` is a reference as Windows' `%VAR%`, a batch file's `%1` / `%~1`, Python's `%(name)s`;
# a password ending in `%` was taken for one: `lftp -u u,Pw4417%`)
_REFERENCE = re.compile(r"""[$`{]|%(?:[A-Za-z_]\w*%|[~*\d(])|^(?:env|file|fd|stdin)(?::|$)""")


def _literal(value: str) -> bool:
    return not _REFERENCE.search(value)


def _own_word(text: str, at: int) -> bool:
    """Whether a word starts at `at` (the patterns open with a literal, which the regex engine
    finds fast, where `\\bexpect` was tried at every character of the text)."""
    return not text[at - 1:at].isalnum() if at else True


def _value(m: re.Match[str]) -> str:
    """The name of the group that holds the word's value: double-quoted, single or bare."""
    return next(g for g in ("d", "s", "value") if m.groupdict().get(g) is not None)


def find(text: str, keys: KeyLines | None = None) -> list[Span]:
    """Spans of the secrets given to command-line tools in `text` (see the module docstring;
    `keys`: the text's lines holding a key word, found once for every finder)."""
    keys = keys or KeyLines(text)
    out: list[Span] = []
    for anchors, pattern in _OPTIONS:
        for start, line in keys.line_texts(anchors):
            out += [(start + m.start(g), start + m.end(g), "command_option", False)
                    for m in pattern.finditer(line) if _literal(m.group(g := _value(m)))
                    and password_like(m.group(g), min_length=6, glued_words=True)]
    for start, line in keys.line_texts(("kubeadm",)):
        out += [(start + m.start(g), start + m.end(g), "command_option", False)
                for m in _KUBEADM.finditer(line) if _literal(value := m.group(g := _value(m)))
                and (_BOOTSTRAP_TOKEN.fullmatch(value) is not None and not sequential(value)
                     or password_like(value, min_length=6, glued_words=True))]
    for anchors, pattern in _SECRETS:
        for start, line in keys.line_texts(anchors):
            out += [(start + m.start(g), start + m.end(g), "command_secret", False)
                    for m in pattern.finditer(line) if _literal(m.group(g := _value(m)))
                    and is_secret_value(m.group(g), "secret", literal_words=True)]
    if "send" in keys.low and keys.has(("assword",)):
        out += [(m.start("value"), m.end("value"), "command_secret", False)
                for m in _EXPECT.finditer(text) if _own_word(text, m.start())
                and _literal(m.group("value"))
                and is_secret_value(m.group("value"), "password", literal_words=True)]
    for start, line in keys.line_texts(("<(",)):
        out += _process_files(line, start)
    if keys.has(("vault",)):
        out += _vault(text)
    if keys.has(("unseal key", "recovery key")):
        out += _unseal_keys(text)
    if "@" in text and keys.has(("://",)):
        out += [(m.start("value"), m.end("value"), "url_token_user", False)
                for m in _TOKEN_USER.finditer(text)
                if _own_word(text, m.start()) and random_token(m.group("value"))
                and not _SENTRY.match(text, m.end("value"))]
    if keys.has(_AT_ENV):
        for start, line in keys.line_texts(_AT_ENV):
            option = _ENV_OPTION.search(line)
            if option is None:
                continue
            for m in _ENV_PAIR.finditer(line, option.end()):
                key, value = m.group("key"), m.group("value")
                if _literal(value) and (
                        is_secret_key(key) and is_secret_value(value, key, literal_words=False)
                        or random_key_value(key, value)):
                    out.append((start + m.start("value"), start + m.end("value"),
                                "command_env", False))
    return out


def _process_files(line: str, start: int) -> list[Span]:
    """The last printed line of each process substitution handed to a secret's option in
    `line` (which starts at `start`), where it looks like a password."""
    out: list[Span] = []
    for m in _PROCESS_FILE.finditer(line):
        printed = _PRINTED_LINE.search(m.group(g := _value(m)))
        if printed is None:
            continue
        value = printed.group("line")
        if _literal(value) and password_like(value, min_length=6, glued_words=True):
            at = start + m.start(g) + printed.start("line")
            out.append((at, at + len(value), "command_option", False))
    return out


def _vault(text: str) -> list[Span]:
    """A token given to `vault login`, and a legacy Vault token in a text naming Vault."""
    out: list[Span] = [(m.start(g), m.end(g), "command_secret", False)
                       for m in _VAULT_LOGIN.finditer(text) if _own_word(text, m.start())
                       and "=" not in (value := m.group(g := _value(m))) and _literal(value)
                       and (random_token(value.split(".", 1)[-1])
                            or _VAULT_TOKEN.fullmatch(value) is not None  # its place and shape
                            or password_like(value, min_length=8, glued_words=True))]
    out += [(m.start(), m.end(), "vault_token", True) for m in _VAULT_TOKEN.finditer(text)
            if random_token(m.group()[2:])]
    out += [(m.start(g), m.end(g), "vault_unseal_key", True)
            for m in _VAULT_UNSEAL.finditer(text) if _own_word(text, m.start())
            and _literal(value := m.group(g := _value(m))) and random_token(value)]
    return out


def _unseal_keys(text: str) -> list[Span]:
    """`Unseal Key 1: X` / `Recovery Key 1: X` lines, as `vault operator init` prints them."""
    return [(m.start("value"), m.end("value"), "vault_unseal_key", True)
            for m in _UNSEAL_KEY.finditer(text) if random_token(m.group("value"))]

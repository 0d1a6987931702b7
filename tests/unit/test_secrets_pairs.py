"""A secret-named string and its value given by position are redacted, in every language.

Stored as written before secrets/pairs.py: a pair or argument list's next element after a
secret-named string (Python's `[("password", "X")]`, configparser's `config.set("db",
"password", "X")`, `setattr(settings, "SECRET_KEY", "X")`, Elixir's `[{"password", "X"}]`,
Go's `form.Set("password", "X")`, Java's `Map.of(..)`/`Map.entry(..)`), Kotlin's `"password" to
"X"`, Go's `url.Values{"password": {"X"}}`, and JavaScript's `process.env.X ||= 'X'`/`??=`.
Labels, choices, field lists, placeholders and names stay readable.
"""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

PW = "".join(("Qm4v", "Tz8kPairW7x"))  # a FAKE password, assembled at run time

MUST_REDACT = [  # (language, text): each stored as written before pairs.py (and `||=`, `??=`)
    ("python", f'data = [("username", "alice"), ("password", "{PW}")]\n'),
    ("python", f"headers = [('X-Api-Key', '{PW}')]\n"),
    ("python", f'config.set("db", "password", "{PW}")\n'),
    ("python", f'setattr(settings, "SECRET_KEY", "{PW}")\n'),
    ("python", f'data = [\n    ("password",\n     "{PW}"),\n]\n'),  # black over lines
    ("elixir", f'opts = [{{"username", "alice"}}, {{"password", "{PW}"}}]\n'),
    ("erlang", f'Opts = [{{"api_token", "{PW}"}}].\n'),
    ("go", f'form.Set("password", "{PW}")\n'),
    ("go", f'req.Header.Set("X-Api-Key", "{PW}")\n'),
    ("go", f'v := url.Values{{"username": {{"alice"}}, "password": {{"{PW}"}}}}\n'),
    ("go", f'h := http.Header{{"X-Api-Key": []string{{"{PW}"}}}}\n'),
    ("java", f'var m = Map.of("user", "alice", "password", "{PW}");\n'),
    ("java", f'var e = Map.entry("password", "{PW}");\n'),
    ("java", f'String[][] creds = {{{{"user", "alice"}}, {{"password", "{PW}"}}}};\n'),
    ("kotlin", f'val m = mapOf("user" to "alice", "password" to "{PW}")\n'),
    ("kotlin", f'val p = "api_key" to "{PW}"\n'),
    ("ruby", f'params = [["password", "{PW}"]]\n'),
    ("javascript", f"process.env.DB_PASSWORD ||= '{PW}';\n"),
    ("javascript", f"process.env.DB_PASSWORD ??= '{PW}';\n"),
    ("typescript", f'process.env.API_TOKEN ??= "{PW}";\n'),
    ("ruby", f'@api_token ||= "{PW}"\n'),
    ("haskell", f'req = urlEncodedBody [("username", "alice"), ("password", "{PW}")] req0\n'),
    # a literal `KEY=X` whose X is no random token (the general finder takes only those)
    ("python", 'env=["DB_PASSWORD=s3cr3t-pw"]\n'),
    ("php", 'putenv("DB_PASSWORD=s3cr3t-pw");\n'),
    ("go", 'cmd.Env = []string{"API_TOKEN=s3cr3t-pw"}\n'),
]

ALREADY = [  # (language, text): redacted before too, kept so
    ("php", f"putenv('DB_PASSWORD={PW}');\n"),
    ("python", f'env=["DB_PASSWORD={PW}"]\n'),
    ("go", f'cmd.Env = append(os.Environ(), "API_TOKEN={PW}")\n'),
    ("javascript", f"const env = ['SECRET_KEY={PW}'];\n"),
    ("erlang", f'Opts = [{{password, "{PW}"}}].\n'),
]

MUST_KEEP = [  # (language, text)
    ("python", 'fields = [("password", "Password")]\n'),
    ("python", 'fields = [("password", _("Password"))]\n'),
    ("python", 'labels = [("password", "Password:"), ("api_key", "API-Key*")]\n'),
    ("javascript", "$('password', '#login-form');\n"),
    ("python", 'setattr(self, "password", password)\n'),
    ("python", '{"password", "Bx7qLm2Zk9Wp4v"}\n'),  # a set of two strings, not a pair
    ("python", 'fields = ("username", "password1", "password2")\n'),
    ("python", 'CHOICES = [("token", "Token auth"), ("password", "Password reset")]\n'),
    ("python", 'config.set("db", "password", "${DB_PASSWORD}")\n'),
    ("python", 'config.set("db", "password", "")\n'),
    ("python", 'SENSITIVE = ["password", "api_key", "secret", "x-auth-token"]\n'),
    ("python", 'value = getattr(obj, "password", "changeme")\n'),
    ("python", 'help = ("password", "The password to log in with")\n'),
    ("go", 'form.Set("password", os.Getenv("PASSWORD"))\n'),
    ("go", 'form.Set("password", "{{.Password}}")\n'),
    ("java", 'var m = Map.of("password", "<your password>");\n'),
    ("kotlin", 'val m = mapOf("password" to password)\n'),
    ("javascript", "process.env.DB_PASSWORD ||= process.env.PGPASSWORD;\n"),
    ("javascript", "process.env.API_TOKEN ??= '';\n"),
    ("python", 'env=["DB_PASSWORD=${DB_PASSWORD}", "DB_PASSWORD=" + pw, f"API_KEY={key}"]\n'),
    ("python", 'cursor.execute("password=:password", params)\n'),
    ("python", 'args = ["--env", "SECRET_KEY=dev"]\n'),
    ("go", 'cmd.Env = []string{"API_TOKEN=<token>", "DB_PASSWORD=changeme"}\n'),
    # lists of names in site-packages (anthropic, cryptography, detect-secrets, mcp, openai,
    # pygments, fsspec), each redacted by a first version of pairs.py
    ("python", 'BETAS = [\n    "thinking-token-count-2026-05-13",\n'
               '    "server-side-fallback-2026-06-01",\n]\n'),
    ("python", '__all__ = ["MLKEM768X25519PrivateKey", "MLKEM768X25519PublicKey"]\n'),
    ("python", "WORDS = (\n    'secret',\n    'contrase\u00f1a',\n)\n"),
    ("python", 'Literal["authorization_code", "refresh_token", '
               '"urn:ietf:params:oauth:grant-type:jwt-bearer"]\n'),
    ("python", "B = ['openssl_x509_check_private_key', 'openssl_x509_checkpurpose']\n"),
    ("python", 'tok = re.findall("token=([a-z0-9]+)", url)[0]\n'),
]


test_a_value_paired_with_a_secret_named_key_is_redacted = redacted_forms(
    MUST_REDACT + ALREADY, PW, "s3cr3t-pw", stays=["alice"])  # the user's name stays


test_a_label_a_name_or_a_placeholder_paired_with_a_key_stays = kept_forms(MUST_KEEP)

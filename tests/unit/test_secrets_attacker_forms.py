"""Secret forms an attacker's pass over a project found stored as written (session 24's matrix,
bench: /tmp project of 39 forms indexed for real; these 11 forms leaked, the other 28 did not):

- an all-letters password given by position under a secret's name, words glued in Pascal case
  (`[("password", "SuperSecretPass")]`, `config.set("db", "password", "HunterTwoProd")`);
- a literal written into a `KEY=` format: an f-string's (a JavaScript template's) literal part
  `f"DB_PASSWORD=X-{env}"`, `"password=%s" % "X"`, `"password={}".format("X")`,
  `"DB_PASSWORD=" + "X"`;
- Erlang's and Elixir's binaries: `{<<"password">>, <<"X">>}`, `#{<<"api_key">> => <<"X">>}`;
- huggingface_hub's `login("X")` with a token without its `hf_` prefix;
- a command line's password of words and digits: `curl -u user:CurlPass4417`, `sshpass -p X`,
  `mysql -pX`, `curl --user admin:X` (taken for a class's name or a version before).

Labels, choices, class names, interpolations and placeholders in the same places stay.
"""

from __future__ import annotations

from repokb.secrets import redact
from repokb.secrets.scan import mode_for

from ..conftest import cases
from ..secret_forms import kept_forms, redacted_forms

# FAKE values, assembled at run time
WORDS = "".join(("Hunter", "Two", "Prod"))
PW = "".join(("Xq7pLm", "2vRt"))
HF = "".join(("q8LmWz2pRt", "7vXc4nB6yJ"))
CLI = "".join(("CurlPass", "4417"))

MUST_REDACT = [  # (language, text, value): each stored as written before
    ("python", f'CREDS = [("username", "alice"), ("password", "{WORDS}")]\n', WORDS),
    ("python", f'config.set("db", "password", "{WORDS}")\n', WORDS),
    ("python", f'def dsn(env):\n    return f"DB_PASSWORD={PW}-{{env}}"\n', PW),
    ("javascript", f"const u = `DB_PASSWORD={PW}-${{env}}`;\n", PW),
    ("python", f'body = "password=%s" % "{PW}"\n', PW),
    ("python", f'body = "user=bob&password={{}}".format("{PW}")\n', PW),
    ("python", f'env = "DB_PASSWORD=" + "{PW}"\n', PW),
    ("erlang", f'opts() -> [{{<<"user">>, <<"bob">>}}, {{<<"password">>, <<"{PW}">>}}].\n', PW),
    ("erlang", f'm() -> #{{<<"api_key">> => <<"{PW}">>}}.\n', PW),
    ("elixir", f'def creds, do: %{{<<"password">> => <<"{PW}">>}}\n', PW),
    ("python", f'import huggingface_hub\nhuggingface_hub.login("{HF}")\n', HF),
    ("python", f'from huggingface_hub import HfFolder\nHfFolder.save_token("{HF}")\n', HF),
    ("bash", f"curl -u deploy:{CLI} https://api.example.com/v1/deploy\n", CLI),
    ("bash", f"sshpass -p {CLI} ssh root@host\n", CLI),
    ("bash", f"mysql -u root -p{CLI} app\n", CLI),
    ("markdown", f"```sh\ncurl --user admin:{CLI} https://api.example.com\n```\n", CLI),
    ("bash", "sshpass -p Summer2024 ssh root@host\n", "Summer2024"),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("python", 'FIELDS = [("password", "Password")]\n'),
    ("python", 'PROMPT = [("password", "Enter your password")]\n'),
    ("python", 'LABELS = [("api_key", "API key"), ("api_key", "ApiKey")]\n'),
    ("python", 'WIDGETS = [("password", "PasswordInput"), ("secret", "SecretStr")]\n'),
    ("python", 'TYPES = [("password", "CharField"), ("token", "TokenAuthentication")]\n'),
    ("python", 'config.set("db", "password", "hunter")\n'),  # a lower-case word: a name
    ("python", 'def dsn(pw):\n    return f"DB_PASSWORD={pw}"\n'),
    ("python", 'x = f"password={env}-{suffix}"\n'),
    ("python", 'body = "password=%s" % password\n'),
    ("python", 'body = "password={}".format(password)\n'),
    ("python", 'env = "DB_PASSWORD=" + pw\n'),
    ("python", 'env = "DB_PASSWORD=%s" % ("a", "b")\n'),
    ("erlang", 'opts() -> [{<<"password">>, Password}].\n'),
    ("erlang", 'm() -> #{<<"password">> => <<"Password">>}.\n'),
    ("python", 'from huggingface_hub import login\nlogin(token=os.environ["HF_TOKEN"])\n'),
    ("python", 'from huggingface_hub import login\nlogin("not_a_token_value_here")\n'),
    ("bash", "mysql -u root -p$MYSQL_PWD app\n"),
    ("bash", "curl -u admin:password https://example.com\n"),
    ("bash", "curl -u user:bcrypt_sha256 https://example.com\n"),
    ("bash", "curl -u \"$API_USER:$API_PASSWORD\" https://example.com\n"),
]


# the user's name stays
test_an_attackers_form_is_redacted = redacted_forms(MUST_REDACT, stays=["alice"])


test_the_nearest_readable_form_stays = kept_forms(MUST_KEEP)


NAMES = [  # lists of class names in site-packages (openai's types, pygments' formatters) that a
    # first version took for pairs of a secret-named key and a password of words
    ("python", '__all__ = ["Transcription", "Usage", "UsageTokens", "UsageDuration"]\n'),
    ("python", '__all__ = ["TranscriptionSession", "ClientSecret", "InputAudioTranscription"]\n'),
    ("python", "__all__ = ['NullFormatter', 'RawTokenFormatter', 'TestcaseFormatter']\n"),
]


test_a_list_of_class_names_stays = kept_forms(NAMES)


# the matrix's second pass (36 more forms): these stored as written before
BASIC = "".join(("c3ZjOkJoNmQ0", "UnAyWHE4"))  # base64 of a FAKE `svc:Bh6d4Rp2Xq8`
CALL_PW = "".join(("ReqAuth", "Pw7731"))  # words and digits, in a call's password place
RANDOM = "".join(("Xk9p2L", "mQv7Rt"))

MUST_REDACT_2 = [  # (language, text, value)
    ("python", f'AUTH = "Basic {BASIC}"\n', BASIC),
    ("javascript", f"const auth = 'Basic {BASIC}';\n", BASIC),
    ("python", f'requests.get(url, auth=("admin", "{CALL_PW}"))\n', CALL_PW),
    ("python", f's.login("bot@example.com", "{CALL_PW}")\n', CALL_PW),
    ("php", f"$db = new PDO($dsn, 'app', '{CALL_PW}');\n", CALL_PW),
    ("java", f'DriverManager.getConnection(url, "app", "{CALL_PW}");\n', CALL_PW),
    ("python", f'keyring.set_password("svc", "bob", "{CALL_PW}")\n', CALL_PW),
    ("python", f'parser.add_argument("--password", default="{RANDOM}")\n', RANDOM),
    ("python", f'@click.option("--api-key", default="{RANDOM}", help="key")\n', RANDOM),
    ("python", f'class S(BaseSettings):\n    api_key: SecretStr = SecretStr("{CALL_PW}")\n',
     CALL_PW),
]

MUST_KEEP_2 = [  # (language, text)
    ("python", "WWW = 'Basic realm=\"api\"'\n"),
    ("python", 'AUTH = "Basic dXNlcjoke1BBU1N9"\n'),  # base64 of `user:${PASS}`: a template
    ("python", 'AUTH = "Basic SGVsbG8gd29ybGQ="\n'),  # base64 of text with no `:`
    ("python", 'auth=HTTPBasicAuth("user", "PasswordHasher")\n'),
    ("python", "keyring.set_password(service, user, password)\n"),
    ("python", 'parser.add_argument("--password", default=os.environ.get("PW"))\n'),
    ("python", 'parser.add_argument("--api-key", default="", help="API key")\n'),
    ("python", 'parser.add_argument("--password-file", default="/etc/app/password")\n'),
    ("python", 'token = SecretStr("")\nx = SecretStr(value)\n'),
]


test_an_attackers_form_of_the_second_pass_is_redacted = redacted_forms(MUST_REDACT_2)


test_the_nearest_readable_form_of_the_second_pass_stays = kept_forms(MUST_KEEP_2)


def test_pydantics_own_examples_of_a_secret_type_stay():
    # pydantic's docstrings and reprs (site-packages/pydantic/types.py), redacted by a first
    # version of the SecretStr form
    text = ("print((SecretStr('password'), SecretStr('')))\n"
            "print((SecretBytes(b'password'), SecretBytes(b'')))\n"
            "    return f\"SecretStr('{self}')\"\n")
    assert redact(text, "code", "python").text == text


ENCODED = "".join(("QmQ2YzRQ", "dzJYcTk="))  # base64 of a FAKE `Bd6c4Pw2Xq9`

MUST_REDACT_ENCODED = [  # (language, text): the base64 literal stored before
    ("python", f'password = base64.b64decode("{ENCODED}")\n'),
    ("javascript", f"const apiKey = atob('{ENCODED}');\n"),
    ("php", f"<?php\n$db_password = base64_decode('{ENCODED}');\n"),
    ("ruby", f'API_TOKEN = Base64.decode64("{ENCODED}")\n'),
    ("csharp", f'var clientSecret = Convert.FromBase64String("{ENCODED}");\n'),
]
MUST_KEEP_ENCODED = [
    ("python", "password = base64.b64decode(encoded)\n"),
    ("python", 'secret = base64.b64decode("JHtQQVNTfQ==")\n'),  # `${PASS}`: a template
    ("python", f'icon = base64.b64decode("{ENCODED}")\n'),  # no secret's name
]


@cases(("language", "text"), MUST_REDACT_ENCODED)
def test_a_secret_decoded_from_a_base64_literal_is_redacted(language, text):
    result = redact(text, mode_for(language), language)
    assert ENCODED not in result.text and ENCODED.rstrip("=") not in result.text, result.text


test_a_base64_literal_under_no_secrets_name_stays = kept_forms(MUST_KEEP_ENCODED)


MAP_PW = "".join(("Ad7m1n", "D9q2Wx"))

MUST_REDACT_MAP = [  # (language, text): a map of users to their secrets, stored before
    ("python", f'PASSWORDS = {{"admin": "{MAP_PW}", "ops": "{MAP_PW[::-1]}"}}\n'),
    ("python", f'API_TOKENS: dict[str, str] = {{\n    "ci": "{MAP_PW}",\n}}\n'),
    ("ruby", f'PASSWORDS = {{ "admin" => "{MAP_PW}" }}\n'),
    ("javascript", f'const apiKeys = {{\n  "ci": "{MAP_PW}",\n}};\n'),
]
MUST_KEEP_MAP = [
    ("python", 'PASSWORD_HASHERS = {"default": "PBKDF2PasswordHasher"}\n'),
    ("python", 'TOKEN_LABELS = {"access": "Access token", "refresh": "Refresh token"}\n'),
    ("python", 'SECRET_FIELDS = {"password": "Password", "token": "Token"}\n'),
    ("python", 'passwords = {"admin": admin_pw, "ops": os.environ["OPS_PW"]}\n'),
    ("python", f'USERS = {{"admin": "{MAP_PW[:4]}"}}\n'),  # no secret's name, a short value
]


@cases(("language", "text"), MUST_REDACT_MAP)
def test_a_map_of_secrets_is_redacted(language, text):
    result = redact(text, mode_for(language), language)
    assert MAP_PW not in result.text and MAP_PW[::-1] not in result.text, result.text


test_a_map_of_names_or_labels_stays = kept_forms(MUST_KEEP_MAP)


# Session 31's pass: a password of digits written as a number or a string under the secret's
# own name (stored as written: every finder took a number for a port or a count); and the
# shell's working directory, `PWD=/home/me/src`, which was redacted as a password (`pwd`).
DIGITS = "".join(("9081", "7263", "451"))
MUST_REDACT_3 = [  # (language, text, value)
    ("json", f'{{"db": {{"user": "shop", "password": {DIGITS}}}, "timeout": 30}}\n', DIGITS),
    ("yaml", f"db:\n  password: {DIGITS}\n", DIGITS),
    ("yaml", f'smtp:\n  password: "{DIGITS}"\n', DIGITS),
    ("dotenv", f"ADMIN_PASSWORD={DIGITS}\n", DIGITS),
    ("toml", f"[api]\napi_key = {DIGITS}\n", DIGITS),
    ("python", f'DB_PASSWORD = "{DIGITS}"\n', DIGITS),
    # a list under a key naming secrets: each item (stored before, none was read)
    ("yaml", "auth:\n  api_keys:\n    - Zt8pQ2xW7mK4nB6vR1cY\n    - Lq3mV8nR2tW6yB1cX4zK\n",
     "Lq3mV8nR2tW6yB1cX4zK"),
    ("yaml", "passwords:\n- Winter2024shop\n", "Winter2024shop"),
    # the same in a working directory's neighbourhood: a PWD that is no path is a password
    # (ODBC's `PWD=`)
    ("python", 'CONN = "Driver={ODBC Driver 18};Server=db;Uid=sa;PWD=Xq7pLm2vRt;"\n',
     "Xq7pLm2vRt"),
]

MUST_KEEP_3 = [  # (language, text)
    ("json", '{"password_min_length": 12, "token_ttl": 3600, "port": 5432}\n'),
    ("yaml", "auth:\n  token_lifetime: 1209600\n  max_token_age: 2592000\n"),
    ("json", '{"eos_token_id": 128001, "pad_token": 128004, "bos_token": 128000}\n'),
    ("json", '{"summary": {"pass": 124563, "fail": 3}}\n'),
    ("yaml", "gpio:\n  pin: 17\n"),
    ("yaml", "secret:\n  version: 2\n  rotation_days: 90\n"),
    ("dotenv", "PWD=/home/me/src/shop\nOLDPWD=/home/me/src\n"),
    ("markdown", "```\n$ env | grep PWD\nPWD=/home/me/src/shop\nOLDPWD=/home/me\n"
                 "$ cd $PWD\n```\n"),
    ("yaml", "env:\n  PWD: /workspace/app\n  OLDPWD: ~/src\n"),
    ("python", 'os.environ["PWD"] = "/home/me/src"\nPWD = os.getcwd()\n'),
    ("shell", "export PWD=/home/me/src\ncd $PWD\n"),
    # lists of names: Compose's secrets, a tokenizer's special tokens
    ("yaml", "services:\n  web:\n    secrets:\n      - db_password\n      - stripe-api-key\n"),
    ("yaml", "special_tokens:\n  - <|endoftext|>\n  - bos_token\n"),
    ("yaml", "api_keys:\n  - ${API_KEY_1}\n  - name: primary\n    from_env: API_KEY\n"),
]


def test_a_password_of_digits_goes_wherever_it_stands_as_a_number_only():
    # Django's tests/auth_tests/test_management.py: the password again in a list, and the
    # same digits inside a user name, which stays
    text = (f'data = {{"username": "joe{DIGITS}", "password": "{DIGITS}"}}\n'
            f'entered = ["{DIGITS}", "password"]\n')
    out = redact(text, "code", "python").text
    assert out == ('data = {"username": "joe' + DIGITS + '", "password": "<REDACTED_SECRET>"}\n'
                   'entered = ["<REDACTED_SECRET>", "password"]\n'), out


test_an_attackers_form_of_the_third_pass_is_redacted = redacted_forms(MUST_REDACT_3)


test_the_nearest_readable_form_of_the_third_pass_stays = kept_forms(MUST_KEEP_3)


def test_the_chunkers_guard_reads_the_working_directory_as_a_path_too():
    # `scan` is the chunker's guard: a PWD line it read as a password dropped the whole chunk
    # (a README's shell session was indexed as nothing)
    from repokb.secrets.scan import scan

    text = "```\n$ env | grep PWD\nPWD=/home/me/src/shop\nOLDPWD=/home/me\n```\n"
    assert scan(text, "text") == []
    assert scan('CONN = "Uid=sa;PWD=Xq7pLm2vRt;"\n', "config") != []

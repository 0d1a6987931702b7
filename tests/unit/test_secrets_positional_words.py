"""Secret forms earlier passes left readable, and what only looks like them, which stays.

Each of these was stored as written: Lua's `auth = "X"` in a table, `redis.call("AUTH", "X")`
(a script run inside Redis) and an environment lookup's long-string fallback
`os.getenv("X") or [[X]]`; a Java or Kotlin text block under a variable named only `key`; a
value in the comment after an Objective-C `@property`; a key or password of plain words given
where only a secret can stand (`jwt.decode(token, "X", ..)`, `auth=("admin", "X")`,
`HTTPBasicAuth("admin", "X")`, `client.login("admin", "X")`); a PHP password glued with `.`.
"""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

PW = "".join(("Lu4kP9", "zQ2wX7mN3v"))  # a FAKE password, assembled at run time
WORD = "".join(("plainword", "secret"))  # a FAKE key of letters only
B64 = ("".join(("MIIEvQIBADANBgkqhkiG9w0BAQEF", "AASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj")),
       "".join(("MzEfYyjiWA4R4/M2bS1GB4t7NXp9", "8C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu")))

MUST_REDACT = [  # (language, text, the value)
    ("lua", f'local conf = {{\n  host = "db",\n  auth = "{PW}",\n}}\n', PW),
    ("lua", f'local opts = {{ name = "cluster", redis_auth = "{PW}" }}\n', PW),
    ("lua", f'redis.call("AUTH", "{PW}")\n', PW),
    ("lua", f"redis.pcall('auth', 'default', '{PW}')\n", PW),
    ("lua", f'redis.call("AUTH", "{WORD}")\n', WORD),
    ("python", f'r.execute_command("AUTH", "{PW}")\n', PW),
    ("lua", f'M.jwt_secret = os.getenv("JWT_SECRET") or [[{PW}]]\n', PW),
    ("lua", f'local signing = os.getenv("SIGNING_KEY") or [==[{PW}]==]\n', PW),
    ("lua", f'local secret <const> = os.getenv("APP_SIGNING") or [[{PW}]]\n', PW),
    ("java", f'    static final String key = """\n        {PW}\n        """;\n', PW),
    ("java", f'String key = """\n    {B64[0]}\n    {B64[1]}\n    """;\n', B64[1]),
    ("kotlin", f'val key = """\n    {B64[0]}\n    {B64[1]}\n""".trimIndent()\n', B64[0]),
    ("objective-c", f"@property (nonatomic, copy) NSString *apiKey; // {PW}\n", PW),
    ("objective-c", f"@property(nonatomic,strong)NSString* clientSecret;// {PW}\n", PW),
    ("java", f"    private String apiSecret; // {PW}\n", PW),
    ("python", f'claims = jwt.decode(token, "{WORD}", algorithms=["HS256"])\n', WORD),
    ("python", f'tok = jwt.encode(payload, "{WORD}")\n', WORD),
    ("javascript", f"const t = jwt.sign(payload, '{WORD}', {{ expiresIn: '1h' }});\n", WORD),
    ("php", f"$sig = hash_hmac('sha256', $body, '{WORD}');\n", WORD),
    ("python", f'r = requests.get(url, auth=("admin", "{WORD}"))\n', WORD),
    ("python", f'a = HTTPBasicAuth("admin", "{WORD}")\n', WORD),
    ("python", f'client.login("admin", "{WORD}")\n', WORD),
    ("php", "$password = 'abc' . 'def123';\n", "def123"),
    ("php", "$db_password = 'Lu4kP9' . 'zQ2wX7mN3v';\n", "zQ2wX7mN3v"),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    ("lua", 'local conf = { auth = "basic", realm = "api" }\n'),
    ("lua", 'local conf = { auth = opts.auth }\n'),
    ("lua", 'local auth = "Basic " .. ngx.encode_base64(user .. ":" .. pass)\n'),
    ("lua", 'self.try(self.tp:command("AUTH", "LOGIN"))\n'),  # LuaSocket's SMTP
    ("lua", 'redis.call("AUTH", password)\n'),
    ("lua", 'redis.call("AUTH", KEYS[1])\n'),
    ("lua", 'local home = os.getenv("HOME") or [[/tmp/home]]\n'),
    ("lua", 'local secret = os.getenv("JWT_SECRET") or [[change me]]\n'),
    ("kotlin", 'val key = """\n    -----BEGIN PUBLIC KEY-----\n'
               '    MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n    -----END PUBLIC KEY-----\n'
               '""".trimIndent()\n'),
    ("java", 'String key = """\n    {"name": "orders", "region": "eu-west-1"}\n    """;\n'),
    ("java", 'String key = """\n    The cache key of a user\'s orders.\n    """;\n'),
    ("python", 'key = """\n    orders_by_user_and_region\n    """\n'),
    ("objective-c", "@property (nonatomic, copy) NSString *apiKey; // the partner's key\n"),
    ("objective-c", "@property (nonatomic, copy) NSString *apiKey; // see ACMEConfig.plist\n"),
    ("objective-c", "@property (nonatomic, copy) NSString *title; // Zt8pQ2xW7mK4vB9n\n"),
    ("python", 'return jwt.decode(token, key, algorithms=["HS256"])\n'),
    ("python", 'return jwt.decode(token, settings.SECRET_KEY, algorithms=["HS256"])\n'),
    ("python", 'tok = jwt.encode(payload, "secret")\n'),  # what tests write for one
    ("python", 'tok = jwt.encode(payload, "changeme")\n'),
    ("python", 'r = requests.get(url, auth=("user", "pass"))\n'),
    ("python", 'r = requests.get(url, auth=("admin", "password"))\n'),
    ("python", 'r = requests.get(url, auth=(user, password))\n'),
    ("python", 'a = HTTPBasicAuth("admin", "my-password")\n'),
    ("python", "self.client.login(username, password)\n"),
    ("python", 'request.auth("bearer")\n'),
    ("php", "$greeting = 'Hello ' . 'world';\n"),
    # Django 5.2.8's docs/releases/1.0-porting-guide.txt: the old test client's login(path,
    # user, password), an example's user and password
    ("text", 'c.login("/path/to/login", "myuser", "mypassword")\n'),
    ("python", 'c.login("/path/to/login", "myuser", "mypassword")\n'),
    ("python", 'client.login("admin", "testsecret")\n'),
    # found by redaction_findings over jsonwebtoken 9.0.2, requests 2.32.3, superagent 10.1.1:
    # a README's example key, a test's wrong password, a JSDoc example
    ("markdown", "var token = jwt.sign({ foo: 'bar' }, 'shhhhh');\n"),
    ("javascript", "var token = jwt.sign({ foo: 'bar' }, 'shhhhh');\n"),
    ("python", 'auth = HTTPDigestAuth("user", "wrongpass")\n'),
    ("javascript", " *   .auth('tobi', 'learnboost')\n"),
    ("markdown", "request.get(url).auth('tobi', 'learnboost')\n"),
]


test_a_secret_in_these_forms_is_redacted = redacted_forms(MUST_REDACT)


test_what_only_looks_like_one_stays = kept_forms(MUST_KEEP)

"""Lua's and OpenResty's everyday ways of writing a credential are redacted; Lua code stays.

Found by planting credentials in a Penlight 1.13.1 tree laid out as a LuaRocks project with an
OpenResty app: `red:auth("X")` (lua-resty-redis, Lua's `:` method call), a Lua 5.4
`local db_password <const> = "X"`, a long string `local s = [==[X]==]`, a tuple assignment
`local user, pass = "admin", "X"`, `"Basic " .. "X"` and, in nginx.conf,
`proxy_set_header X-Api-Key X;` reached the store and the search answers as written. A second
probe found OpenResty's `ngx.encode_base64("u:X")`, lua-resty-jwt's `jwt:sign("X", ..)`,
lua-resty-hmac's `hmac:new("X", ..)`, a quoted index `{ ["X-Api-Key"] = "X" }`, nginx's
`set $api_secret X;`, a Redis URL with no user, `redis://:X@cache:6379/0`, and a string StyLua
put below its `=` (`webhook_signing_secret =\n    "X"`, as Prettier does in JavaScript).
"""

from __future__ import annotations

from repokb.secrets import redact

from ..conftest import assert_redacted, cases

PW = "".join(("Lu4kP9", "zQ2wX7mN3v"))  # a FAKE password, assembled at run time
B64 = "".join(("YWRtaW46", "THU0a1A5elEyd1g3bU4zdg=="))  # FAKE: base64 of admin:<PW>

MUST_REDACT = [  # (language, text)
    ("lua", f'local api_key = "{PW}"\n'),
    ("lua", f"M.password = '{PW}'\n"),
    ("lua", f'local config = {{ token = "{PW}", host = "db" }}\n'),
    ("lua", f'M.admin_password = os.getenv("ADMIN_PASSWORD") or "{PW}"\n'),
    ("lua", f'local ok, err = red:auth("{PW}")\n'),
    ("lua", f'local ok, err = red:auth("default", "{PW}")\n'),
    ("lua", f'local ok = client:login("admin", "{PW}")\n'),
    ("lua", f'local db_password <const> = "{PW}"\n'),
    ("lua", f'local signing_secret = [[{PW}]]\n'),
    ("lua", f'local signing_secret = [==[{PW}]==]\n'),
    ("lua", f'M.webhook_secret = [[\n{PW}\n]]\n'),
    ("lua", f'local user, pass = "admin", "{PW}"\n'),
    ("python", f'user, password = "admin", "{PW}"\n'),
    ("lua", f'local auth = "Basic " .. "{B64}"\n'),
    ("lua", f'headers["Authorization"] = "Basic " .. "{B64}"\n'),
    ("ini", f'location / {{\n    proxy_set_header X-Api-Key {PW};\n}}\n'),
    ("ini", f'location / {{\n    proxy_set_header Authorization "Bearer {PW}";\n}}\n'),
    ("ini", f'location ~ \\.php$ {{\n    fastcgi_param DB_PASSWORD {PW};\n}}\n'),
    ("ini", f'set $redis_password "{PW}";\n'),
    ("ini", f'content_by_lua_block {{\n    red:auth("{PW}")\n}}\n'),
    # a second probe: OpenResty's libraries and Redis URLs
    ("lua", f'local auth = "Basic " .. ngx.encode_base64("admin:{PW}")\n'),
    ("lua", f'local auth = "Basic " .. mime.b64("admin:{PW}")\n'),
    ("lua", f'local res = httpc:request_uri(url, {{ headers = {{ ["X-Api-Key"] = "{PW}" }} }})\n'),
    ("javascript", f'headers["X-Api-Key"] = "{PW}";\n'),
    ("lua", f'local h = hmac:new("{PW}", hmac.ALGOS.SHA256)\n'),
    ("lua", f'local t = jwt:sign("{PW}", {{ header = {{ typ = "JWT", alg = "HS256" }} }})\n'),
    # the key's fallback after an `or` (newuser37: stored as written)
    ("lua", f'M.jwt = jwt:sign(M.key or "{PW}", {{ header = {{ alg = "HS256" }} }})\n'),
    ("lua", f'local dsn = "redis://:{PW}@127.0.0.1:6379/0"\n'),
    ("dotenv", f'REDIS_URL=redis://:{PW}@cache:6379/0\n'),
    ("ini", f'location / {{\n  set $api_secret {PW};\n}}\n'),
    # a formatter's break after `=` (StyLua, Prettier) when the line would be too long
    ("lua", f'local t = {{\n  password =\n    "{PW}",\n}}\n'),
    ("javascript", f'const stripeSecretKeyForTheTestEnvironment =\n  "{PW}";\n'),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    ("lua", "local ok, err = red:auth(password)\n"),
    ("lua", 'local t = jwt:sign(conf.secret or os.getenv("JWT_SECRET"), claims)\n'),
    ("lua", "local ok, err = red:auth(conf.redis_password)\n"),
    ("lua", 'local ok, err = red:auth("default", opts.password)\n'),
    ("lua", "local user, pass = nil, nil\n"),
    ("lua", 'local name, value = "password", "password_confirmation"\n'),
    ("lua", "local db_password <const> = os.getenv(\"DB_PASSWORD\")\n"),
    ("lua", 'local token_pattern = [[%w+%-%w+]]\n'),
    ("lua", 'local secret_doc = [[\nThe secret is kept in the vault.\n]]\n'),
    ("lua", 'local auth = "Basic " .. ngx.encode_base64(user .. ":" .. pass)\n'),
    ("ini", "proxy_set_header Host $host;\n"),
    ("ini", "proxy_set_header X-Api-Key $http_x_api_key;\n"),
    ("ini", "fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;\n"),
    ("ini", "add_header X-Token-Status valid;\n"),
    ("ini", "set $api_secret $http_x_secret;\n"),
    ("lua", "local h = hmac:new(secret_key, hmac.ALGOS.SHA256)\n"),
    ("lua", 'local t = jwt:verify(conf.secret, token)\n'),
    ("lua", 'local enc = ngx.encode_base64(user .. ":" .. password)\n'),
    ("lua", 'local u = "redis://:@127.0.0.1:6379/0"\n'),
    ("lua", 'local t = {\n  password =\n    opts.password or "",\n}\n'),
    # a key ending in 'method' names a way of doing, not a secret (tryaii's diagnose/cost.py:
    # `input_tokens, token_method = estimate_tokens(text), "[[chars/4]]"`, found by the merge's
    # redaction_findings run over the venv's site-packages)
    ("python", 'input_tokens, token_method = estimate_tokens(text), "[[chars/4]]"\n'),
    ("python", 'token_method = "[[chars/4]]"\n'),
]


@cases(("language", "text"), MUST_REDACT)
def test_a_lua_credential_is_redacted(language, text):
    mode = "code" if language in ("lua", "python", "javascript") else "config"
    assert_redacted(text, mode, language, PW, B64)


@cases(("language", "text"), MUST_KEEP)
def test_what_only_looks_like_a_lua_credential_stays(language, text):
    mode = "code" if language == "lua" else "config"
    assert redact(text, mode, language).text == text

"""Erlang's and Elixir's everyday ways of writing a credential are redacted; their code stays.

Found by planting credentials in a Phoenix-shaped tree (mix.exs, config/*.exs, rel/vm.args,
rel/sys.config, an OTP `.app.src`, a seeds file, an Erlang module): the distribution cookie in
`vm.args` (`-setcookie X`), `{password, "X"}` and `{api_token, <<"X">>}` in `sys.config`, an
`.app.src` `{env, [{api_secret, "X"}]}`, `System.get_env("STRIPE_WEBHOOK_SECRET") || "X"`,
Joken's `default_signer: "X"`, a seeds file's `Bcrypt.hash_pwd_salt("X")` and
`epgsql:connect(Host, User, "X", Opts)` reached the store and the search answers as written.
"""

from __future__ import annotations

from repokb.secrets import redact

from ..conftest import assert_redacted, cases

PW = "".join(("Bx7q", "Lm2Zk9Wp4v"))  # a FAKE password, assembled at run time
COOKIE = "".join(("QJZHKXW", "NRTVYBPLMSDF"))  # FAKE: mix release writes 56 such capitals

MUST_REDACT = [  # (language, text)
    # the Erlang distribution cookie: vm.args, command lines, environment, calls, mix.exs
    (None, f"-name shop@127.0.0.1\n-setcookie {COOKIE}\n"),
    (None, f"## Cookie for distributed erlang\n-setcookie '{COOKIE}'\n+K true\n"),
    (None, "-setcookie Xk29fQ7wPz\n"),
    (None, "-setcookie shopcookie2024Xq\n"),
    (None, f"-setcookie shop@db.internal {COOKIE}\n"),
    ("shell", f"erl -sname console -setcookie {COOKIE} -remsh shop@host\n"),
    ("shell", f"iex --sname console --cookie {COOKIE} --remsh shop@host\n"),
    ("dotenv", f"RELEASE_COOKIE={COOKIE}\n"),
    ("dockerfile", f"ENV RELEASE_COOKIE={COOKIE}\n"),
    ("yaml", f"env:\n  RELEASE_COOKIE: \"{COOKIE}\"\n"),
    ("elixir", f'Node.set_cookie(:"{COOKIE}")\n'),
    ("elixir", f"Node.set_cookie(node(), :{COOKIE})\n"),
    ("erlang", f"erlang:set_cookie(node(), '{COOKIE}').\n"),
    ("elixir", f'releases: [shop: [include_executables_for: [:unix], cookie: "{COOKIE}"]]\n'),
    # Erlang terms (sys.config, .app.src) and Elixir tuples
    ("erlang", f'[{{shop, [{{db, [{{user, "shop"}}, {{password, "{PW}"}}]}}]}}].\n'),
    ("erlang", f'{{api_token, <<"{PW}">>}}.\n'),
    ("erlang", f'{{application, shop, [{{env, [{{api_secret, "{PW}"}}]}}]}}.\n'),
    ("erlang", f"{{secret_key, '{PW}'}}\n"),
    ("elixir", f'opts = [{{:password, "{PW}"}}, {{:hostname, "db"}}]\n'),
    # an environment lookup's fallback, the default Phoenix wrote into prod.exs
    ("elixir", f'defp webhook_secret, do: System.get_env("STRIPE_WEBHOOK_SECRET") || "{PW}"\n'),
    ("elixir", f'secret_key_base =\n  System.get_env("SECRET_KEY_BASE") ||\n    "{PW}"\n'),
    ("erlang", f'Secret = os:getenv("API_SECRET", "{PW}"),\n'),
    # a password by position: seeds, epgsql
    ("elixir", f'Repo.insert!(%User{{email: "a@b.c",\n'
               f'  hashed_password: Bcrypt.hash_pwd_salt("{PW}")}})\n'),
    ("elixir", f'Argon2.hash_pwd_salt("{PW}")\n'),
    ("erlang", f'{{ok, C}} = epgsql:connect("db", "shop", "{PW}", #{{database => "shop"}}).\n'),
    # a second probe: module attributes, a function returning a literal, put_env, Req's auth
    ("elixir", f'@api_token "{PW}"\n'),
    ("elixir", f'  @stripe_secret_key "{PW}"\n'),
    ("elixir", f'defp api_key, do: "{PW}"\n'),
    ("elixir", f'def webhook_secret(), do: "{PW}"\n'),
    ("elixir", f'Application.put_env(:shop, :api_key, "{PW}")\n'),
    ("erlang", f'application:set_env(shop, db_password, "{PW}"),\n'),
    ("elixir", f'req = Req.new(auth: {{:basic, "admin:{PW}"}})\n'),
    ("elixir", f'Req.get!(url, auth: {{:bearer, "{PW}"}})\n'),
    # Joken's HMAC keys
    ("elixir", f'config :joken, default_signer: "{PW}"\n'),
    ("elixir", f'config :joken, hs256: [signer_alg: "HS256", key_octet: "{PW}"]\n'),
    ("elixir", f'signer = Joken.Signer.create("HS256", "{PW}")\n'),
    # Elixir's sigil strings and heredocs, Erlang's macros, a Basic header built in Erlang
    # (newuser37: stored as written)
    ("elixir", f'signer = Joken.Signer.create("HS256", ~s({PW}))\n'),
    ("elixir", f"  @secret_key ~S({PW})\n"),
    ("elixir", f"def config, do: [password: ~s({PW}), port: 5432]\n"),
    ("elixir", f'config :shop, token: ~s"{PW}"\n'),
    ("elixir", f"config :shop, api_secret: ~s{{{PW}}}\n"),
    ("elixir", f'%{{api_key: """\n  {PW}\n  """}}\n'),
    ("erlang", f'-define(API_KEY, <<"{PW}">>).\n'),
    ("erlang", f'-define(DB_PASSWORD, "{PW}").\n'),
    ("erlang", f'Auth = base64:encode(<<"shop:{PW}">>),\n'),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    (None, "-setcookie ${RELEASE_COOKIE}\n"),
    (None, "-setcookie <%= @release.options[:cookie] %>\n"),
    ("shell", 'erl -sname a -setcookie "$COOKIE"\n'),
    ("elixir", "Node.set_cookie(cookie)\n"),
    # an HTTP response's cookie (Django's tests/responses/test_cookie.py), help text and
    # comments (Debian elixir 1.14's bin/elixir, erlang-src's kernel/src/auth.erl)
    ("python", 'response.set_cookie("datetime", expires=expires)\n'),
    ("python", 'response.set_cookie("test", cookie_value)\n'),
    ("shell", '  --cookie COOKIE              Sets a cookie for this distributed node\n'),
    ("erlang", "%% No -setcookie argument, so read the cookie file\n"),
    ("erlang", "%% Process -setcookie options\n"),
    (None, "-setcookie my_secret_cookie\n"),
    ("elixir", "Node.set_cookie(node(), String.to_atom(cookie))\n"),
    ("elixir", 'cookie: System.fetch_env!("RELEASE_COOKIE")\n'),
    ("erlang", '{password, ""}\n'),
    ("erlang", "{password, Password}\n"),
    ("erlang", '{password_field, "password"}\n'),
    ("erlang", '{host, "db.internal"}\n'),
    ("python", '{"password", "Bx7qLm2Zk9Wp4v"}\n'),  # a set of two strings, not a pair
    ("elixir", 'secret = System.get_env("SECRET_KEY_BASE") || raise "SECRET_KEY_BASE missing"\n'),
    ("elixir", "Bcrypt.hash_pwd_salt(password)\n"),
    ("elixir", 'Bcrypt.hash_pwd_salt("hello world")\n'),
    ("elixir", "config :joken, default_signer: nil\n"),
    ("elixir", 'signer = Joken.Signer.create("RS256", %{"pem" => pem})\n'),
    ("elixir", '@doc "Returns the API token for the current user."\n'),
    ("elixir", '@token_salt "user auth"\n'),
    ("elixir", '@secret_header "x-shop-secret"\n'),
    ("elixir", "@token_ttl 3600\n"),
    ("elixir", 'defp api_key, do: Application.fetch_env!(:shop, :api_key)\n'),
    ("elixir", 'def token_header, do: "x-api-token"\n'),
    ("elixir", 'Application.put_env(:shop, :api_key, System.get_env("API_KEY"))\n'),
    ("elixir", 'Req.new(auth: {:basic, "#{user}:#{pass}"})\n'),
    # Phoenix's salts are not secrets (phoenixframework/phoenix#2146)
    ("elixir", 'live_view: [signing_salt: "Lv7sAltQ9xWz"]\n'),
    ("elixir", 'plug Plug.Session, store: :cookie, key: "_shop_key", signing_salt: "k3Jx9QpL"\n'),
    ("elixir", '@moduledoc """\nStores the API token of each user.\n"""\n'),
    ("elixir", '@doc ~S"""\nSigns the token with the secret key.\n"""\n'),
    ("elixir", 'description: ~s(Password for the account)\n'),
    ("elixir", "@token_header ~s(x-api-token)\n"),
    ("elixir", 'api_key: """\n  #{System.get_env("API_KEY")}\n  """\n'),
    ("erlang", '-define(PASSWORD_FIELD, "password").\n'),
    ("erlang", '-define(TIMEOUT, 5000).\n'),
    ("erlang", '-define(SECRET_ENV, "SHOP_SECRET").\n'),
]


@cases(("language", "text"), MUST_REDACT)
def test_a_beam_credential_is_redacted(language, text):
    mode = "code" if language in ("elixir", "erlang", "shell", "python") else "config"
    assert_redacted(text, mode, language, PW, COOKIE, "Xk29fQ7wPz", "cookie2024")


@cases(("language", "text"), MUST_KEEP)
def test_what_only_looks_like_a_beam_credential_stays(language, text):
    mode = "code" if language in ("elixir", "erlang", "shell", "python") else "config"
    assert redact(text, mode, language).text == text

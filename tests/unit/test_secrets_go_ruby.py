"""Go's and Ruby's own ways of writing a default are redacted; look-alikes stay readable.

An attacker pass with 57 credentials planted in gin and rack, in Go's and Ruby's shapes, found
these stored as written: a Go struct tag's default (`Password string `env:"DB_PASSWORD"
envDefault:"X"``, caarlos0/env and envconfig), viper's `SetDefault("database.password", "X")`,
a flag's default (`flag.String("password", "X", ...)`, cobra's `StringP`), Sinatra's and
Capistrano's `set :password, "X"` and a Ruby percent literal `API_KEY = %q(X)`.
"""

from __future__ import annotations

from repokb.secrets import REDACTED, redact

from ..conftest import assert_redacted, cases

PW = "".join(("Xk9m", "Q2vL7pzq"))  # a FAKE password, assembled at run time
TOKEN = "".join(("q8Zr2Lw5", "Nx7Tb3Kd", "9Vm4Hc6J"))

MUST_REDACT = [  # (language, text, value)
    # Go struct tags: a default under a secret-named field or environment variable
    ("go", f'type C struct {{\n\tPassword string `env:"DB_PASSWORD" envDefault:"{PW}"`\n}}\n',
     PW),
    ("go", f'type C struct {{\n\tKey string `envconfig:"API_TOKEN" default:"{TOKEN}"`\n}}\n',
     TOKEN),
    ("go", f'type C struct {{\n\tDSN string `env:"DB_PASS,required" envDefault:"{PW}"`\n}}\n', PW),
    # configuration libraries' defaults, a dotted key
    ("go", f'viper.SetDefault("database.password", "{PW}")\n', PW),
    ("go", f'v.SetDefault("api_token", "{TOKEN}")\n', TOKEN),
    # flag defaults: the standard library, pflag and cobra
    ("go", f'var pw = flag.String("password", "{PW}", "database password")\n', PW),
    ("go", f'flag.StringVar(&cfg.Token, "api-token", "{TOKEN}", "the API token")\n', TOKEN),
    ("go", f'cmd.Flags().StringP("password", "p", "{PW}", "the password")\n', PW),
    ("go", f'fs.StringVarP(&o.Secret, "client-secret", "s", "{TOKEN}", "secret")\n', TOKEN),
    # Ruby: a setting given a symbol then its value (Sinatra, Capistrano)
    ("ruby", f'set :password, "{PW}"\n', PW),
    ("ruby", f"set :repo_token, '{TOKEN}'\n", TOKEN),
    ("ruby", f'fetch(:db_password, "{PW}")\n', PW),
    # letters only, as an assignment's value would be redacted (`password = "..."`)
    ("ruby", 'set :password, "SteIpDHahvYFevPUaK"\n', "SteIpDHahvYFevPUaK"),
    ("go", 'type C struct {\n\tPassword string `envDefault:"SteIpDHahvYFevPUaK"`\n}\n',
     "SteIpDHahvYFevPUaK"),
    # Ruby percent literals
    ("ruby", f"API_KEY = %q({TOKEN})\n", TOKEN),
    ("ruby", f"password = %Q{{{PW}}}\n", PW),
    ("ruby", f"SECRET = %({TOKEN})\n", TOKEN),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    ("go", 'type C struct {\n\tPort int `env:"PORT" envDefault:"3000"`\n}\n'),
    ("go", 'type C struct {\n\tPassword string `env:"DB_PASSWORD,required"`\n}\n'),
    ("go", 'type C struct {\n\tHost string `env:"DB_HOST" envDefault:"db.internal"`\n}\n'),
    ("go", 'viper.SetDefault("database.host", "db.internal.example")\n'),
    ("go", 'viper.SetDefault("database.password", "")\n'),
    ("go", 'flag.String("password", "", "database password")\n'),
    ("go", 'flag.StringVar(&pw, "password", "", "the password of the database user")\n'),
    ("go", 'flag.String("addr", "localhost:8080", "listen address")\n'),
    ("go", 'cmd.Flags().StringP("password-file", "p", "/run/secrets/db", "file")\n'),
    ("ruby", 'set :password, ENV.fetch("APP_PASSWORD")\n'),
    ("ruby", "set :port, 4567\nset :bind, '0.0.0.0'\n"),
    ("ruby", "set :password_length, 'twelve_chars'\n"),
    ("ruby", "NAMES = %w(password token secret)\n"),
    ("ruby", 'message = %q(the password field is required)\n'),
]


@cases(("language", "text", "value"), MUST_REDACT)
def test_a_go_or_ruby_default_is_redacted(language, text, value):
    assert_redacted(text, "code", language, value)


@cases(("language", "text"), MUST_KEEP)
def test_what_only_looks_like_one_stays(language, text):
    assert redact(text, "code", language).text == text


def test_only_the_value_goes_not_its_name():
    text = f'viper.SetDefault("database.password", "{PW}")\n'
    assert redact(text, "code", "go").text == (
        f'viper.SetDefault("database.password", "{REDACTED}")\n')
    text = f'\tPassword string `env:"DB_PASSWORD" envDefault:"{PW}"`\n'
    assert redact(text, "code", "go").text == (
        f'\tPassword string `env:"DB_PASSWORD" envDefault:"{REDACTED}"`\n')

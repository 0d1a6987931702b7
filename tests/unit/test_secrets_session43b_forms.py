"""Session 43b: the two values secrets43 left stored.

1. A quoted value is read as its language reads the literal, to its own closing quote: Flask's
   documented `SECRET_KEY = b'_5#y2L"F4Q8z\\n\\xec]/'` was read as `_5#y2L` (the assignment's
   value stopped at any quote) and stored whole. Escapes, the other quotes inside, a doubled
   quote, triple quotes, Python's prefixes (b, r, rb, f, u), JavaScript's escaped quotes and
   template literals, YAML's and TOML's quoted scalars, C#'s verbatim strings: the whole
   literal's content is redacted.
2. A password given by position to a call whose signature places it (`credentials.
   _PASSWORD_ARGUMENT`): pysmb's `SMBConnection(user, X, ..)`, pysftp, Jakarta Mail's
   `Transport.send(msg, user, X)`, cx_Oracle's and OCI8's `connect(user, X, dsn)` (whose DSN
   `connect(` alone took for the password), Ruby's `Net::SMTP.start` and `Net::FTP.new`,
   Sequelize, Go's `ssh.Password(X)` and `url.UserPassword(user, X)`, Windows' `LogonUser`.
The readable neighbours stay: a regex under a token's name, an f-string's expressions
(`f"{user}:{pw}"`), a help text's escaped quote, a call given variables.
"""

from __future__ import annotations

from ..secret_forms import j as _j
from ..secret_forms import kept_forms, redacted_forms

FLASK = '_5#y2L"F4Q8z\\n\\xec]/'  # Flask's documentation's example (quickstart, config)

LITERALS = [  # (language, text with {X} for the value, value as written in the literal)
    ('python', "SECRET_KEY = b'{X}'\n", FLASK),
    ('python', "app.config['SECRET_KEY'] = b'{X}'\n", FLASK),
    ('python', "SECRET_KEY = rb'{X}'\n", "Kq8\\'zT3#pW9v!mR2"),
    ('python', 'API_TOKEN = "{X}"\n', 'Hq7\\"Lm4Tz9Kx2Wb8Vn'),
    ('python', "password = f'{X}'\n", 'Tz9"Wq!3kL7'),
    ('python', 'password = """{X}"""\n', 'Rt7\'p0g"x21k'),
    ('python', "DB_PASSWORD = u'{X}'\n", 'Mv4\\\\Qp"8rT#2'),
    ('javascript', "const apiKey = '{X}';\n", 'Zp4\\\'Lq9Wx"2Mn7Vb'),
    ('javascript', "const password = `{X}`;\n", 'Zp4"Lq9\'Wx2Mn'),
    ('typescript', 'export const clientSecret = "{X}";\n', _j('Yw3\\"', 'Nq8Lp5Tk2Rv9Hm4')),
    ('yaml', "password: '{X}'\n", 'Qz\'\'k67"l7x9'),
    ('yaml', 'db:\n  password: "{X}"\n', 'Qz\\"k67l7x9'),
    ('toml', "password = '{X}'\n", 'Tq7"Wz3p9\\'),
    ('toml', '[db]\npassword = "{X}"\n', 'Wk5\\u00e9Np"'.replace('"', '\\"')),
    ('csharp', 'var password = @"{X}";\n', 'Zp4""Lq9\\Wx2'),
]
test_each_literal_is_redacted_whole = redacted_forms(LITERALS)

PLACED = [  # a password at the place its call's signature gives it
    ('python', "conn = SMBConnection('svc', '{X}', 'client', 'fileserver')\n", 'PZRaS2114#'),
    ('python', "sftp = pysftp.Connection('sftp.acme.io', 'deploy', None, '{X}')\n", 'PZRaS2115#'),
    ('java', 'Transport.send(msg, "app@acme.io", "{X}");\n', 'PZRaS2118#'),
    ('php', '$conn = oci_connect("scott", "{X}", "db/orcl");\n', 'PZRaS2121#'),
    ('ruby', "Net::SMTP.start('smtp.acme.io', 25, 'acme.io', 'app', '{X}', :plain)\n",
     'PZRaS2126#'),
    ('ruby', "ftp = Net::FTP.new('ftp.acme.io', 'user', '{X}')\n", 'PZRaS2127#'),
    ('javascript', "const db = new Sequelize('app', 'root', '{X}', { host: 'db' });\n",
     'PZRaS2128#'),
    ('go', 'auth := []ssh.AuthMethod{ssh.Password("{X}")}\n', 'PZRaS2131#'),
    ('go', 'u := url.UserPassword("app", "{X}")\n', 'PZRaS2132#'),
    ('python', "win32security.LogonUser('svc', 'ACME', '{X}', 2, 0)\n", 'PZRaS2133#'),
]
test_each_placed_password_is_redacted = redacted_forms(PLACED)

# cx_Oracle's DSN is the third argument: `connect(` alone took it for a password
test_the_dsn_stays = redacted_forms([
    ('python', "conn = cx_Oracle.connect('scott', '{X}', 'db.acme.io/orcl')\n", 'PZRaS2110#'),
], stays=("'db.acme.io/orcl'",))

MUST_KEEP = [
    # a regex under a token's name (r"..." is read as a literal now)
    ('python', 'token_re = r"[A-Za-z0-9]{32}"\nTOKEN_PATTERN = r"^ghp_[A-Za-z0-9]{36}$"\n'),
    # raw regexes and an f-string's expressions (site-packages' and Django's, found by a
    # first draft that read every r"..." and f"..." as a literal: h11, Pygments,
    # detect-secrets, huggingface_hub, Django's auth tests)
    ('python', "token = r\"[-!#$%&'*+.^_`|~0-9a-zA-Z]+\"\n_TOKEN_REF = r'[A-Z]\\w*'\n"),
    ('python', "key_or_pass = r'(?:key|pwd|password|pass|token)'\n"
               "_token_end = r'(?=\\s|#|[)\\]]|$)'\n"),
    ('python', 'password_reset_link = r\'<a class="button" href="([^"]*)">([^<]*)</a>\'\n'),
    ('python', 'masked_token = f"{token[:3]}****{token[-4:]}" if token else token\n'),
    ('python', "_token = rf'(?:[{_punct}]+|{_core_token})'\n"),
    # an f-string of interpolations: an expression of names
    ('python', 'password = f"{user}:{pw}"\nsecret = f"{prefix}{suffix}"\n'),
    # prose with an escaped or a doubled quote
    ('python', "password_help = 'Your password can\\'t be entirely numeric.'\n"),
    ('yaml', "password_hint: 'It''s in the vault'\n"),
    # empty literals
    ('python', "password = ''\ntoken = '' if x else None\nsecret = \"\"\n"),
    # the placed calls given variables
    ('javascript', "const s = new Sequelize(process.env.DB, 'root', process.env.PW, {});\n"),
    ('python', "smb = SMBConnection(user, pw, 'client', 'fileserver')\nTransport.send(msg)\n"),
    ('python', "conn = cx_Oracle.connect(user, pw, 'db.acme.io/orcl')\n"),
]
test_readable_forms_stay = kept_forms(MUST_KEEP, nothing_found=True)

"""Julia's, PowerShell's and Dart's everyday ways of writing a credential are redacted.

On a planted Flutter project, Dart's `String.fromEnvironment('SECRET_KEY', defaultValue: 'X')`
and http_auth's `BasicAuthClient('user', 'X')` reached the store and the search answers; the
FlutterFire `firebase_options.dart` keys (`AIza...`), `const apiKey = 'X'`, `String password =
"X"`, a class's `static const String clientSecret` were redacted already.

Found by planting credentials in a Julia package once `.jl` files were indexed: a typed global
or an `@kwdef` struct field's default, `db_password::String = "X"`, reached the store and the
search answers as written (the typed-assignment shape knew `key: T = "v"` only). `ENV["KEY"] =
"X"`, `const API_KEY = "X"`, a URL's password, `Dict("password" => "X")`, `BasicAuth("u", "X")`
and a Bearer token were redacted already, and still are.
"""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact

from ..conftest import assert_redacted

PW = "".join(("Bx7q", "Lm2Zk9Wp4v"))  # a FAKE password, assembled at run time

MUST_REDACT = [  # (language, text)
    ("julia", f'db_password::String = "{PW}"\n'),
    ("julia", f'Base.@kwdef struct Config\n    host::String = "db.internal"\n'
              f'    password::String = "{PW}"\nend\n'),
    ("julia", f'const API_TOKEN::String = "{PW}"\n'),
    # redacted before, kept so
    ("julia", f'ENV["STRIPE_API_KEY"] = "{PW}"\n'),
    ("julia", f'const API_KEY = "{PW}"\n'),
    ("julia", f'creds = Dict("user" => "alice", "password" => "{PW}")\n'),
    ("powershell", f'$secure = ConvertTo-SecureString "{PW}" -AsPlainText -Force\n'),
    ("powershell", f'$cred = New-Object System.Management.Automation.PSCredential("deploy", '
                   f'(ConvertTo-SecureString "{PW}" -AsPlainText -Force))\n'),
    ("powershell", f"$cred = [pscredential]::new('admin', (ConvertTo-SecureString -String "
                   f"'{PW}' -AsPlainText -Force))\n"),
    ("powershell", f'$s = ConvertTo-SecureString -AsPlainText -Force -String "{PW}"\n'),
    ("powershell", f'$s = ConvertTo-SecureString `\n    "{PW}" `\n    -AsPlainText -Force\n'),
    ("powershell", f"net user deploy {PW} /add\n"),
    ("yaml", f"- win_shell: net user deploy \"{PW}\" /add\n"),
    ("dart", f"const _secretKey = String.fromEnvironment('SECRET_KEY', defaultValue: '{PW}');\n"),
    ("dart", f"final token = Platform.environment['API_TOKEN'] ?? '{PW}';\n"),
    ("dart", f"final client = BasicAuthClient('svc', '{PW}');\n"),
    # redacted before, kept so
    ("dart", f"const apiKey = '{PW}';\n"),
    ("dart", f'String password = "{PW}";\n'),
    ("dart", f"class Config {{\n  static const String clientSecret = '{PW}';\n}}\n"),
    ("dart", "static const FirebaseOptions web = FirebaseOptions(\n"
             "    apiKey: 'AIzaSyDartWebKey0123456789abcdefghijkl',\n"
             "    appId: '1:123456789012:web:abcdef0123456789',\n  );\n"),
    ("powershell", f'$password = "{PW}"\n'),
    ("powershell", f'$env:DB_PASSWORD = "{PW}"\n'),
    ("powershell", f"$body = @{{ username = 'svc'; password = '{PW}' }}\n"),
]

MUST_KEEP = [  # (language, text): no credential in them
    ("julia", 'password::String = ENV["DB_PASSWORD"]\n'),
    ("julia", 'Base.@kwdef struct Config\n    password::String = ""\nend\n'),
    ("julia", 'function login(user::String, password::String)\n    check(user, password)\nend\n'),
    ("powershell", '$s = ConvertTo-SecureString $env:DB_PASSWORD -AsPlainText -Force\n'),
    ("powershell", '$s = ConvertTo-SecureString "$($env:DB_PASSWORD)" -AsPlainText -Force\n'),
    ("powershell", '$s = ConvertTo-SecureString -String $Password -AsPlainText -Force\n'),
    ("powershell", '$s = ConvertTo-SecureString "<password>" -AsPlainText -Force\n'),
    ("powershell", '$s = Read-Host "Password" -AsSecureString | ConvertFrom-SecureString\n'),
    ("powershell", '$s = ConvertTo-SecureString $encrypted -Key $key\n'),
    ("powershell", "net user deploy * /add\nnet user deploy /delete\n"),
    ("powershell", "net user $UserName $Password /add\nnet user %USER% %PASSWORD% /add\n"),
    ("dart", "const apiUrl = String.fromEnvironment('API_URL', defaultValue: 'http://localhost');\n"),
    ("dart", "const key = String.fromEnvironment('API_KEY');\n"),
    ("dart", "final client = BasicAuthClient(user, password);\n"),
]


@pytest.mark.parametrize(("language", "text"), MUST_REDACT)
def test_a_credential_is_redacted(language, text):
    assert_redacted(text, "code", language, PW, "AIzaSyDart")


@pytest.mark.parametrize(("language", "text"), MUST_KEEP)
def test_what_only_looks_like_a_credential_stays(language, text):
    assert redact(text, "code", language).text == text


ARTIFACTS = ('[libfoo]\ngit-tree-sha1 = "83481d62501cf2ef22bed745dbcedc4e75fa6e95"\n\n'
             '    [[libfoo.download]]\n'
             '    sha256 = "0f9c2cd8d1a5f6f4b7a4c8e9d2b3a1f0e6d5c4b3a2918273645546372819aabb"\n'
             '    url = "https://example.com/releases/download/v1/libfoo.tar.gz"\n')


def test_a_julia_artifacts_hashes_stay_readable():
    # Julia's `Artifacts.toml` and `Manifest.toml` (and the Manifest a Pluto notebook embeds,
    # juliacall 0.9.37's examples/seaborn.jl) name each tree `git-tree-sha1`: its hex was
    # redacted as a high-entropy string (52 redactions in that sdist), `sha256` too.
    assert redact(ARTIFACTS, "config", "toml").text == ARTIFACTS
    named = ARTIFACTS.replace("sha256 =", "secret_sha256 =")
    assert REDACTED in redact(named, "config", "toml").text

"""PHP's everyday ways of writing a credential are redacted; the config keys around them stay.

Found by planting credentials in a Laravel/Symfony-style checkout that used Guzzle: the
`getenv('X') ?: 'v'` fallback and Guzzle's `'auth' => ['user', 'v']` request option reached the
store as written, and `'password_reset_table' => 'password_resets'` (a table's name) was redacted;
so was every `/* Token::NAME_TYPE */` in Twig's parser (150 spans in Twig 3.5). A second probe
found `CURLOPT_USERPWD`, `base64_encode('user:X')`, `ldap_bind(.., 'X')`, `$redis->auth('X')` and
signing keys given by position (`JWT::encode($p, 'X')`, `hash_hmac(a, d, 'X')`).
"""

from __future__ import annotations

from repokb.secrets import REDACTED, redact

from ..conftest import assert_redacted, cases

PW = "".join(("Qm7nP4", "xR9vT2wY6z"))  # a FAKE password, assembled at run time

MUST_REDACT = [  # (language, text)
    ("php", f"<?php\ndefine('DB_PASSWORD', '{PW}');\n"),
    ("php", f"<?php\nreturn ['connections' => ['mysql' => ['password' => '{PW}']]];\n"),
    ("php", f"<?php\n$apiKey = '{PW}';\n"),
    ("php", f"<?php\n$secret = getenv('PAYMENT_SECRET') ?: '{PW}';\n"),
    ("php", f"<?php\n$token = $_ENV['PAYMENT_TOKEN'] ?? '{PW}';\n"),
    ("php", f"<?php\n$token = $_SERVER['API_TOKEN'] ?? '{PW}';\n"),
    ("php", f"<?php\n'password' => env('REDIS_PASSWORD', '{PW}'),\n"),
    ("php", f"<?php\n$pdo = new PDO('mysql:host=db;dbname=shop', 'shop', '{PW}');\n"),
    ("php", f"<?php\n$c = new Client(['auth' => ['merchant', '{PW}']]);\n"),
    ("php", f"<?php\n$c->get('/', [\n    'auth' => ['merchant', '{PW}', 'digest'],\n]);\n"),
    ("php", f"<?php\n$c = new Client(['headers' => ['Authorization' => 'Bearer {PW}']]);\n"),
    ("php", f"<?php\n$cfg = <<<'CFG'\napi_secret = \"{PW}\"\nCFG;\n"),
    ("php", f"<?php\ncurl_setopt($ch, CURLOPT_USERPWD, 'admin:{PW}');\n"),
    ("php", f"<?php\n$h = ['Authorization' => 'Basic ' . base64_encode('admin:{PW}')];\n"),
    ("php", f"<?php\nldap_bind($ds, 'cn=admin,dc=example,dc=org', '{PW}');\n"),
    ("php", f"<?php\n$redis->auth('{PW}');\n"),
    ("javascript", f"headers.Authorization = 'Basic ' + btoa('admin:{PW}');\n"),
    ("python", f'c.setopt(pycurl.USERPWD, "admin:{PW}")\n'),
    # a signing or encryption key given by position
    ("php", f"<?php\n$jwt = JWT::encode($payload, '{PW}', 'HS256');\n"),
    ("php", f"<?php\n$sig = hash_hmac('sha256', $data, '{PW}');\n"),
    ("php", f"<?php\n$enc = openssl_encrypt($data, 'aes-256-cbc', '{PW}', 0, $iv);\n"),
    ("javascript", f"const t = jwt.sign(payload, '{PW}', {{ expiresIn: 60 }});\n"),
    ("javascript", f'const h = crypto.createHmac("sha256", "{PW}");\n'),
    ("python", f'h = hmac.new(b"{PW}", msg, hashlib.sha256)\n'),
    # the same fallbacks in the other languages that write them
    ("python", f'secret = os.getenv("APP_SECRET") or "{PW}"\n'),
    ("python", f'secret = os.environ.get("APP_SECRET") or "{PW}"\n'),
    ("python", f'session = {{"auth": ("merchant", "{PW}")}}\n'),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    ("php", "<?php\nreturn ['password_reset_table' => 'password_resets'];\n"),
    ("php", "<?php\nreturn ['remember_token_column' => 'remember_token'];\n"),
    ("php", "<?php\n$c = new Client(['auth' => [$user, $password]]);\n"),
    ("php", "<?php\n$c = new Client(['auth' => ['user', 'pass']]);\n"),
    ("php", "<?php\n$secret = getenv('APP_SECRET') ?: null;\n"),
    ("php", "<?php\n$secret = getenv('APP_SECRET') ?: '';\n"),
    ("php", "<?php\n$t = $_ENV['API_TOKEN'] ?? $this->defaultToken;\n"),
    ("php", "<?php\n$mode = getenv('APP_MODE') ?: 'production1';\n"),
    ("php", "<?php\n'auth' => ['guard' => 'web', 'passwords' => 'users'],\n"),
    ("php", "<?php\ncurl_setopt($ch, CURLOPT_USERPWD, \"$user:$pass\");\n"),
    ("php", "<?php\n$h = 'Basic ' . base64_encode($user . ':' . $password);\n"),
    ("php", "<?php\nldap_bind($ds, 'cn=admin,dc=example,dc=org', $password);\n"),
    ("php", "<?php\n$redis->auth($this->password);\n"),
    ("php", "<?php\n$e = base64_encode('text/plain:charset');\n"),
    ("php", "<?php\n$jwt = JWT::encode($payload, $this->key, 'HS256');\n"),
    ("php", "<?php\n$sig = hash_hmac('sha256', $payload, $secret);\n"),
    ("php", "<?php\n$enc = openssl_encrypt($data, 'aes-256-cbc', $key, 0, $iv);\n"),
    # a class constant named in a comment (Twig 3.5's parser, 150 lines of it were redacted)
    ("php", "<?php\n$token = $stream->expect(/* Token::NAME_TYPE */ 5);\n"),
    ("php", "<?php\n// see Secret::REDIS_PASSWORD_KEY\n$x = 1;\n"),
    ("cpp", "// returns Token::kind_identifier\nint k = 1;\n"),
]


@cases(("language", "text"), MUST_REDACT)
def test_a_php_credential_is_redacted(language, text):
    assert_redacted(text, "code", language, PW)


@cases(("language", "text"), MUST_KEEP)
def test_what_only_looks_like_a_php_credential_stays(language, text):
    assert redact(text, "code", language).text == text


def test_only_the_password_of_an_auth_pair_goes():
    text = f"<?php\n$c = new Client(['auth' => ['merchant', '{PW}']]);\n"
    assert redact(text, "code", "php").text == (
        f"<?php\n$c = new Client(['auth' => ['merchant', '{REDACTED}']]);\n")

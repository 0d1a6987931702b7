"""Go's and Rust's keys given by position or wrapped are redacted; Go's types stay readable.

A new user's and attacker's pass on cobra, viper, clap and rayon (session newuser33), 35 FAKE
values planted in Go and Rust shapes, found four stored as written: Go's `[]byte("X")` under a
secret's name (`var hmacSecret = []byte("X")`), golang-jwt's `token.SignedString([]byte("X"))`,
aws-sdk-go's `credentials.NewStaticCredentials("AKID", "X", "")` (v2's `...Provider` too) and
the secrecy crate's `SecretString::new("X".to_string())`. And viper's own test file lost every
`map[string]string` (12 redactions): `SetEnvPrefix("foo")` at a line's start was read as
Apache's `SetEnv`, after which any `Credentials map[string]string` (a Go struct field: name,
then type) was a directive giving a credential its value.
"""

from __future__ import annotations

from repokb.secrets import redact

from ..secret_forms import kept_forms, redacted_forms

PW = "".join(("Xk9m", "Q2vL7pzq"))  # a FAKE password, assembled at run time
TOKEN = "".join(("q8Zr2Lw5", "Nx7Tb3Kd", "9Vm4Hc6J"))
AKID = "".join(("AK", "IA", "Q3EGRTZ7", "XK4MBN2P"))

MUST_REDACT = [  # (language, text, value)
    ("go", f'var hmacSecret = []byte("{TOKEN}")\n', TOKEN),
    ("go", f'jwtKey := []byte("{PW}")\n', PW),
    ("go", f'var signingKey = []byte(`{TOKEN}`)\n', TOKEN),
    ("go", f'\treturn token.SignedString([]byte("{TOKEN}"))\n', TOKEN),
    ("go", f's, err := t.SignedString([]byte("{PW}"))\n', PW),
    ("go", f'creds := credentials.NewStaticCredentials("{AKID}", "{TOKEN}", "")\n', TOKEN),
    ("go", f'p := credentials.NewStaticCredentialsProvider("{AKID}", "{PW}", "")\n', PW),
    # a second batch of Go and Rust client libraries' credentials given by position
    ("go", f'Creds: credentials.NewStaticV4("{AKID}", "{PW}", ""),\n', PW),
    ("go", f'd := gomail.NewDialer("smtp.example.com", 587, "user", "{PW}")\n', PW),
    ("rust", f'let p = StaticProvider::new_minimal("{AKID}".into(), "{PW}".into());\n', PW),
    ("rust", f'let a = Argon2::new_with_secret(b"{PW}", Algorithm::Argon2id, V0x13, p)?;\n', PW),
    ("rust", f'let key = SecretString::new("{TOKEN}".to_string());\n', TOKEN),
    ("rust", f'let key = SecretString::from("{PW}");\n', PW),
    ("rust", f'let key: Secret<String> = Secret::new(String::from("{TOKEN}"));\n', TOKEN),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    # viper 1.10.1's viper_test.go: a struct field's type, with SetEnvPrefix in the file
    ("go", 'func T() {\n\tSetEnvPrefix("foo")\n\ttype config struct {\n'
           '\t\tCredentials map[string]string\n\t}\n\tm := map[string]string{}\n}\n'),
    ("go", 'SetEnvKeyReplacer(r)\ntype C struct {\n\tPassword SecretValue\n}\n'),
    ("go", 'var hmacSecret = []byte(os.Getenv("HMAC_SECRET"))\n'),
    ("go", 'var secret = []byte("")\n'),
    ("go", 'return token.SignedString(key)\n'),
    ("go", 'creds := credentials.NewStaticCredentials(id, secret, "")\n'),
    ("rust", 'let key = SecretString::new(std::env::var("API_KEY")?);\n'),
    ("rust", 'let key = SecretString::new(String::new());\n'),
    ("go", 'd := gomail.NewDialer(host, 587, user, os.Getenv("SMTP_PASSWORD"))\n'),
    ("go", 'd := gomail.NewDialer("smtp.example.com", 587, "user", pass)\n'),
    ("rust", 'let p = StaticProvider::new_minimal(id.into(), secret.into());\n'),
    ("rust", 'let a = Argon2::new_with_secret(&pepper, Algorithm::Argon2id, V0x13, p)?;\n'),
]


test_a_go_or_rust_key_by_position_or_wrapped_is_redacted = redacted_forms(MUST_REDACT)


test_what_only_looks_like_one_stays = kept_forms(MUST_KEEP)


def test_only_the_key_goes_not_the_access_key_id_s_line():
    text = f'creds := credentials.NewStaticCredentials(id, "{TOKEN}", "")\n'
    assert redact(text, "code", "go").text == (
        'creds := credentials.NewStaticCredentials(id, "<REDACTED_SECRET>", "")\n')


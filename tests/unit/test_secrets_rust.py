"""Secrets in Rust's own literal forms, as a Rust crate writes them.

Found on pydantic-core's sdist with planted credentials: a password in a typed `const` or
`static` (`&str`, `&'static str`, `&[u8] = b"..."`, `Lazy<String>`), in a raw string
(`r#"..."#`), as the fallback of `env::var(...)` or as a `Bearer` token handed to a header
constructor was stored whole, while `const API_KEY: &str = "..."` was redacted.
"""

from __future__ import annotations

import pytest

from repokb.secrets import redact

_S = "Pw4sLq9vXzT2mKe7#7"  # FAKE, random letters, digits and symbols
_T = "hFdnXsiVpzz63FfkCzJr4i0B3JrTAwR4y9ojfljo"  # FAKE
_U = "Summer2024Rocks!"  # FAKE, a password with no key word inside (no `pw`, `key`...)


@pytest.mark.parametrize("line", [
    f'pub(crate) const DB_PASSWORD: &str = "{_S}";',
    f'const DB_PASSWORD: &\'static str = "{_S}";',
    f'static mut ADMIN_PASSWORD: &str = "{_S}";',
    f'const HMAC_SECRET: &[u8] = b"{_S}";',
    f'const HMAC_SECRET: &[u8; 18] = b"{_S}";',
    f'static SESSION_SECRET: Lazy<String> = Lazy::new(|| String::from("{_S}"));',
    f'let password: String = "{_S}".to_string();',
    f'let password = r#"{_S}"#;',
    f'let mut db_password = r##"{_S}"##;',
    f'let db_pass = env::var("DATABASE_PASSWORD").unwrap_or_else(|_| "{_S}".to_string());',
    f'let db_pass = std::env::var("DATABASE_PASSWORD").unwrap_or("{_S}".into());',
    f'let token = option_env!("SERVICE_TOKEN").unwrap_or("{_S}");',
    f'let auth = HeaderValue::from_static("Bearer {_T}");',
    # rustfmt breaks a binding too long for its line after the `=`
    f'pub const API_TOKEN: &str =\n    "{_S}";',
    # a struct literal's field, a builder's method, a map's entry, an HTTP client's auth
    f'let cfg = Config {{\n    api_key: String::from("{_S}"),\n    retries: 3,\n}};',
    f'let client = Client::builder().api_key("{_S}").build();',
    f'let conn = Opts::new().user("app").password(Some("{_S}"));',
    f'map.insert("password", "{_S}");',
    f'let req = client.get(url).basic_auth("admin", Some("{_S}"));',
    f'let req = client.get(url).bearer_auth("{_U}");',
])
def test_a_secret_in_a_rust_literal_form_is_redacted(line):
    text = "// settings for local runs\n" + line + "\n"
    result = redact(text, "code", "rust")
    assert _S not in result.text and _T not in result.text and _U not in result.text, result.text
    assert result.text.count("\n") == text.count("\n")


@pytest.mark.parametrize("line", [
    'const PASSWORD_MIN_LENGTH: usize = 8;',
    'const PASSWORD_FIELD: &str = "password";',
    'static TOKEN_PATTERN: Lazy<Regex> = Lazy::new(|| Regex::new(r"^[a-z]+$").unwrap());',
    'let password = env::var("DB_PASSWORD").unwrap_or_default();',
    'let password = env::var("DB_PASSWORD").unwrap_or_else(|_| String::new());',
    'let auth = HeaderValue::from_static("Bearer");',
    'let auth = format!("Bearer {}", token);',
    'let password = r#"<your password>"#;',
    'let password = cfg.get_password("DB_PASSWORD");',
    'let token = std::env::var("API_TOKEN").expect("API_TOKEN must be set");',
    'map.insert("password", field_value);',
    'let auth = req.basic_auth("admin", password);',
    'let token = resp.token("access_token");',
])
def test_rust_code_about_secrets_stays_readable(line):
    text = line + "\n"
    assert redact(text, "code", "rust").text == text


@pytest.mark.parametrize("line", [
    # pydantic-core: names of secret-named things, not secrets
    'const DUNDER_MODEL_PRIVATE_KEY: &str = "__pydantic_private__";',
    'const TOKEN: &str = "$serde_json::private::Number";',
])
def test_a_name_in_a_secret_named_rust_const_stays_readable(line):
    text = line + "\n"
    assert redact(text, "code", "rust").text == text


def test_a_clippy_lint_about_passing_by_value_is_not_a_password():
    # pydantic-core's Cargo.toml: `needless_pass_by_value = "allow"` was redacted and the
    # manifest flagged sensitive; "pass" before "by" is the verb, not a password
    text = ('[lints.clippy]\nneedless_pass_by_value = "allow"\n'
            'trivially_copy_pass_by_ref = "warn"\n')
    assert redact(text, "config", "toml").text == text
    secret = '[registry]\ndb_pass = "Pw4sLq9vXzT2mKe7#7"\n'
    assert _S not in redact(secret, "config", "toml").text


@pytest.mark.parametrize(("language", "line"), [
    # orjson's tests and proc-macro2's: a method named with a verb `pass`, a type's path
    ("python", 'self._run_pass_json("y_string_two-byte-utf-8.json")'),
    ("rust", 'let mut tts = TokenStream::from_str("r#dyn").unwrap().into_iter();'),
])
def test_a_call_that_only_looks_secret_named_stays_readable(language, line):
    text = line + "\n"
    assert redact(text, "code", language).text == text


_CIO = "cio" + "Zq8Wm2Kt5Rx9Lp3Vn7Bd4Hs6Jf1Gc0Ya"  # FAKE: the shape of a crates.io token
_REG = "Rg7sQ2vL9xK4mN8pT3wZ"  # FAKE: an alternative registry's token, no prefix


@pytest.mark.parametrize(("mode", "language", "text"), [
    ("code", "rust", f"// publish: cargo login {_CIO}\n"),
    ("text", "markdown", f"Run `cargo login {_CIO}` once, then `cargo publish`.\n"),
    ("config", "yaml", f"steps:\n  - run: cargo login {_CIO}\n"),
    ("config", "yaml", f"steps:\n  - run: cargo login --registry internal {_REG}\n"),
    ("text", "shell", f"cargo publish --token {_CIO}\n"),
])
def test_a_crates_io_token_and_cargo_login_are_redacted(mode, language, text):
    out = redact(text, mode, language).text
    assert _CIO not in out and _REG not in out, out
    assert out.count("\n") == text.count("\n")


def test_cargo_login_without_a_token_stays_readable():
    text = "Run `cargo login` and paste the token from crates.io/me.\ncargo login --help\n"
    assert redact(text, "text", "markdown").text == text

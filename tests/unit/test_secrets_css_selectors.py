"""A CSS selector is no `key: value` secret (session 30, misc31): tokenizers 0.23's
`tools/visualizer-styles.css` reported `.special-token:empty::before{` and
`.multi-token:hover::after {` as secret assignments (`token: empty::before{`), so the
stylesheet's reason said it held secrets. A line that is a selector list (a class, id or
nesting selector, or one opening its rule) with pseudo-classes after a secret-like word assigns
nothing."""

from __future__ import annotations

from repokb.secrets import mode_for, redact, scan

from ..conftest import cases
from ..secret_forms import redacted_forms

SELECTORS = [
    ("css", ".special-token:empty::before{\n    content:attr(data-stok);\n}\n"),
    ("css", ".multi-token:hover::after {\n    color:white;\n}\n"),
    ("scss", "&.api-key:focus-within,\n.secret:not(.shown) {\n  filter: blur(4px);\n}\n"),
    ("css", "#password:invalid, .token-row:nth-child(2n+1) > td {\n  color: red;\n}\n"),
    ("less", "input.secret-token:placeholder-shown{border:0}\n"),
]
# secrets written as key:value in the same files' languages and in prose stay found
STILL_SECRETS = [
    ("css", "/* api_token:ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc */\n.a { color: red; }\n",
     "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc"),
    ("markdown", "Use password:Xk9Qw8Er7Ty6Ui when asked.\n", "Xk9Qw8Er7Ty6Ui"),
    ("yaml", "auth:\n  token: Zq8Wx7Ec6Rv5Tb4Yn3\n", "Zq8Wx7Ec6Rv5Tb4Yn3"),
]


@cases(("language", "text"), SELECTORS)
def test_a_css_selector_is_no_secret_assignment(language, text):
    assert scan(text, mode_for(language)) == []
    assert redact(text, "text", language).text == text


test_key_value_secrets_beside_selectors_are_still_redacted = redacted_forms(STILL_SECRETS)

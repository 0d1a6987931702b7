"""A secret-named field's default in an interface definition (secrets/idl.py): GraphQL's after
its type (`password: String! = "X"`, `$token: [String!]! = "X"`), proto2's `[default = "X"]`.
Until now only the planted e2e project held one of each. A default of a field naming no
secret, a type with no default and a placeholder stay. Values are made up."""

from __future__ import annotations

import pytest

from repokb.secrets import mode_for, redact

from ..conftest import assert_redacted

X = "".join(("Gq8Zr2", "Lm7Vx4"))

MUST_REDACT = [
    ("graphql", f'input LoginInput {{\n  user: String!\n  password: String! = "{X}"\n}}\n'),
    ("graphql", f'query Q($token: [String!]! = "{X}") {{ me {{ id }} }}\n'),
    ("graphql", f'type Query {{\n  login(apiKey: String = "{X}"): Session\n}}\n'),
    ("protobuf", f'message C {{\n  optional string password = 2 [default = "{X}"];\n}}\n'),
    ("protobuf", f'  optional string api_token = 7 [deprecated = true, default = "{X}"];\n'),
]

MUST_KEEP = [
    ("graphql", 'input I {\n  username: String! = "admin"\n  password: String!\n}\n'),
    ("graphql", "type T {\n  isPasswordAuthenticationVerifiable: Boolean!\n}\n"),
    ("graphql", 'input I {\n  password: String = "changeme"\n}\n'),
    ("protobuf", 'message C {\n  optional string user = 1 [default = "admin"];\n}\n'),
    ("protobuf", "message C {\n  optional string password = 2;\n}\n"),
]


@pytest.mark.parametrize(("language", "text"), MUST_REDACT)
def test_a_secret_fields_default_is_redacted(language, text):
    assert_redacted(text, mode_for(language), language, X)


@pytest.mark.parametrize(("language", "text"), MUST_KEEP)
def test_a_default_naming_no_secret_or_no_default_stays(language, text):
    assert redact(text, mode_for(language), language).text == text


def test_only_in_its_own_language():
    # `password: String! = "X"` in Python would be an annotation; idl reads only its formats
    from repokb.secrets import idl

    text = f'password: String! = "{X}"\n'
    assert idl.find(text, "graphql") and idl.find(text, "python") == []

"""Secrets in the API-client collections teams commit (Postman, Insomnia, Thunder Client,
Hoppscotch, VS Code REST Client): a name/value entry whose secret's name sits in a sibling
`"key"` field (`{"key": "password", "value": "X"}`), an entry typed secret, Postman's API-key
auth (`{"key": "value", "value": "X"}` under `"apikey"`), and a request body of JSON written
inside a JSON string (`"raw": "{\\"password\\": \\"X\\"}"`): each was stored as written (planted in
a project, found under REPOKB_HOME and in search answers). Ids and other names stay."""

from __future__ import annotations

import json

from repokb.secrets import redact

from ..conftest import assert_redacted, cases
from ..secret_forms import j

PW = j("Wint3r-", "Qk8vLm2x")
KEY = j("Zt8pQ2xW7m", "K4nB6vR1cY")
UUID = j("3f9c2a71-5b8e-4d1a-", "9c6f-2e7b0a4d8c13")
BODY_PW = j("Sup3rS3cret!", "hT5wq")


def _postman_auth(kind: str, entries: list[dict[str, str]]) -> str:
    return json.dumps({"auth": {"type": kind, kind: entries}}, indent="\t")


MUST_REDACT = [  # (case, text, value)
    ("postman basic", _postman_auth("basic", [
        {"key": "password", "value": PW, "type": "string"},
        {"key": "username", "value": "shop-admin", "type": "string"}]), PW),
    ("postman oauth2", _postman_auth("oauth2", [
        {"key": "clientSecret", "value": KEY, "type": "string"},
        {"key": "tokenName", "value": "shop", "type": "string"}]), KEY),
    ("postman apikey", _postman_auth("apikey", [
        {"key": "value", "value": PW, "type": "string"},
        {"key": "key", "value": "X-Shop-Key", "type": "string"}]), PW),
    ("postman header of an id", json.dumps({"header": [
        {"key": "X-API-Key", "value": UUID, "type": "text"}]}, indent="\t"), UUID),
    ("postman variable", json.dumps({"variable": [
        {"key": "baseUrl", "value": "https://api.shop.test"},
        {"key": "apiKey", "value": PW, "type": "string"}]}, indent="\t"), PW),
    ("postman environment, typed secret", json.dumps({"name": "prod", "values": [
        {"key": "session", "value": PW, "type": "secret", "enabled": True}]}, indent="\t"), PW),
    ("postman environment, one line", '{"values": [{"key": "dbPassword", "value": "'
     + PW + '", "enabled": true}]}', PW),
    ("value before key", '[{"value": "' + PW + '", "key": "db_password"}]', PW),
    ("hoppscotch header", json.dumps({"headers": [
        {"key": "X-Api-Key", "value": KEY, "active": True}]}, indent=2), KEY),
    ("hoppscotch environment", json.dumps({"variables": [
        {"key": "clientSecret", "initialValue": PW, "currentValue": KEY, "secret": True}]},
        indent=2), KEY),
    ("hoppscotch secret flag", json.dumps({"variables": [
        {"key": "session", "value": PW, "secret": True}]}, indent=2), PW),
    # a weak password where the auth's type, not a key word, says what it is
    ("thunder client bearer", '{"auth": {"type": "bearer", "bearer": "Winter2024shop"}}',
     "Winter2024shop"),
    ("hoppscotch api-key auth", '{"auth": {"authType": "api-key", "key": "X-Shop-Key", '
     '"value": "Winter2024shop", "addTo": "HEADERS"}}', "Winter2024shop"),
    ("postman raw body", json.dumps({"body": {"mode": "raw", "raw": json.dumps(
        {"username": "shop-admin", "password": BODY_PW}, indent=4)}}, indent="\t"), BODY_PW),
    ("insomnia body text", json.dumps({"body": {"mimeType": "application/json", "text": json.dumps(
        {"email": "ops@shop.test", "password": BODY_PW}, indent="\t")}}, indent=2), BODY_PW),
    ("thunder raw body, one line", '{"body": {"type": "json", "raw": "{\\"client_secret\\":\\"'
     + KEY + '\\"}"}}', KEY),
    # all digits (session 31): a numeric key, a PIN, a password of digits, by name or by type
    ("postman apiKey of digits", json.dumps({"values": [
        {"key": "apiKey", "value": "84736251908374", "type": "default"}]}, indent="\t"),
     "84736251908374"),
    ("postman secret-typed PIN", json.dumps({"values": [
        {"key": "pin", "value": "482913", "type": "secret"}]}, indent="\t"), "482913"),
    ("postman password of digits", '[{"key": "password", "value": "90817263"}]', "90817263"),
    ("hoppscotch secret digits", '{"variables": [{"key": "apiKey", "initialValue": '
     '"84736251908374", "secret": true}]}', "84736251908374"),
    ("thunder bearer digits", '{"auth": {"type": "bearer", "bearer": "84736251908374"}}',
     "84736251908374"),
]

MUST_KEEP = [  # (case, text): names, ids, placeholders, and what is no secret's value
    ("postman id-like variable", json.dumps({"values": [
        {"key": "userId", "value": "usr_482913570261", "type": "default"}]}, indent="\t")),
    ("postman variable reference", json.dumps({"values": [
        {"key": "apiKey", "value": "{{apiKey}}", "type": "secret"}]}, indent="\t")),
    ("empty secret", json.dumps({"values": [
        {"key": "dbPassword", "value": "", "type": "secret"}]}, indent="\t")),
    ("postman apikey's header name", _postman_auth("apikey", [
        {"key": "key", "value": "X-Shop-Key", "type": "string"},
        {"key": "in", "value": "header", "type": "string"}])),
    ("header of no secret", json.dumps({"header": [
        {"key": "Content-Type", "value": "application/json"}]}, indent="\t")),
    ("raw body's other fields", json.dumps({"raw": json.dumps(
        {"username": "shop-admin", "password_hint": "the usual"})})),
    ("escaped reference", json.dumps({"raw": json.dumps({"password": "{{password}}"})})),
    # numbers under no secret's own name: a lifetime, a port, a count (session 31)
    ("token lifetime", json.dumps({"values": [
        {"key": "tokenTtl", "value": "3600", "type": "default"}]}, indent="\t")),
    ("port", '[{"key": "dbPort", "value": "5432"}, {"key": "passwordLength", "value": "16"}]'),
    ("hoppscotch flag, one line", '{"variables": [{"key": "apiKey", "initialValue": '
     '"{{apiKey}}", "secret": true}]}'),
]


BRUNO_APIKEY = ("meta {\n  name: Orders\n}\n\nauth:apikey {\n  key: X-Shop-Key\n"
                "  value: Winter2024shop\n  placement: header\n}\n")


def test_bruno_api_key_auth_is_redacted():
    """A `.bru` file is metadata only by default; its forms are redacted where it is read."""
    result = assert_redacted(BRUNO_APIKEY, "config", "bru", "Winter2024shop")
    assert "  key: X-Shop-Key\n" in result.text


@cases(("case", "text", "value"), MUST_REDACT)
def test_api_client_secrets_are_redacted(case, text, value):
    result = assert_redacted(text, "config", "json", value)
    assert "shop-admin" in result.text or "shop-admin" not in text


@cases(("case", "text"), MUST_KEEP)
def test_api_client_names_and_references_stay(case, text):
    assert redact(text, "config", "json").text == text

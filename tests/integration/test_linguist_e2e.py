"""A project whose files only GitHub Linguist names (Bazel, Zig, an HTTP request file) is
indexed and searchable as a user runs it, the request file's keys and tokens redacted: before,
all three were excluded as "unknown format" and no search could find them."""

from __future__ import annotations

import json

import pytest

from ..conftest import assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

API_KEY = "7f3a9c2e8b1d4f6a0c5e9b2d8f1a3c7e"
TOKEN = "tk_4Rf8Ws2Qx6Zp0Lm3Nb7Vc1Yu"
HEADER_KEY = "9d2f7b1e4c8a6f3d0b5e2c9a7f1d4b8e"
BASIC = "c2hvcGFkbWluOlN1cGVyU2VjcmV0UGFzczE="  # shopadmin:SuperSecretPass1
BEARER = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.Zm9vYmFyYmF6cXV4cXV1eA"


def test_linguist_languages_are_indexed_searchable_and_redacted(home, tmp_path):
    root = tmp_path / "shop"
    write(root, "api/orders.http",
          f"@host = https://api.shop.example\n@apiKey = {API_KEY}\n@token = {TOKEN}\n\n"
          "### List the open orders of a customer\n"
          "GET {{host}}/orders?status=open&customer=42\n"
          f"X-API-Key: {HEADER_KEY}\nAccept: application/json\n\n"
          "### Refund an order (admin only)\nPOST {{host}}/orders/42/refund\n"
          f"Authorization: Basic {BASIC}\nContent-Type: application/json\n\n"
          '{"reason": "damaged", "amount_cents": 1299}\n\n'
          "### Cancel with a bearer token\nDELETE {{host}}/orders/42\n"
          f"Authorization: Bearer {BEARER}\n")
    write(root, "src/main.zig",
          'const std = @import("std");\n\n'
          "/// Compute the refund of an order in cents, never more than what was paid.\n"
          "pub fn refundCents(paid: u64, requested: u64) u64 {\n"
          "    return if (requested > paid) paid else requested;\n}\n")
    write(root, "BUILD.bazel",
          'load("@rules_zig//zig:defs.bzl", "zig_binary")\n\n'
          'zig_binary(\n    name = "shop",\n    main = "src/main.zig",\n)\n')
    out = invoke("index", str(root), "--json")
    files = {f["path"]: f for f in json.loads(out)["files"]}
    for path, language in (("api/orders.http", "http"), ("src/main.zig", "zig"),
                           ("BUILD.bazel", "starlark")):
        assert files[path]["language"] == language and files[path]["chunks"] >= 1, files[path]

    answers = [out]
    for question, path in (("refund an order admin endpoint", "api/orders.http"),
                           ("refundCents never more than what was paid", "src/main.zig"),
                           ("zig_binary target of the shop", "BUILD.bazel")):
        hits = json.loads(answer := invoke("search", question, "--json", "--limit", "5"))
        answers.append(answer)
        assert path in [h["path"] for h in hits], (question, [h["path"] for h in hits])
    answers.append(invoke("explain", str(root / "api/orders.http"), "--json"))
    assert_nowhere(home, [API_KEY, TOKEN, HEADER_KEY, BASIC, BEARER], answers)

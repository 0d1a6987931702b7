"""Files of languages repokb's own tables do not name are read as GitHub Linguist reads them
(data/linguist_languages.json, built by bench/linguist_languages.py), not excluded as "unknown
format": Bazel's BUILD files, Zig, Gherkin features, HTTP request files, man pages ...; what
Linguist cannot say for sure (an extension two kinds of language share) stays unknown."""

from __future__ import annotations

import json
from importlib import resources

from repokb.models import Kind, Policy

from ..conftest import cases, classify_file

ROWS = [
    # (path, content, kind, policy, language)
    ("BUILD.bazel", 'py_library(name = "shop", srcs = ["shop.py"])\n', Kind.SOURCE,
     Policy.PARSE_AND_INDEX, "starlark"),
    ("tools/defs.bzl", "def shop_binary(name):\n    native.py_binary(name = name)\n",
     Kind.SOURCE, Policy.PARSE_AND_INDEX, "starlark"),
    ("Tiltfile", "docker_build('shop', '.')\n", Kind.SOURCE, Policy.PARSE_AND_INDEX, "starlark"),
    ("src/main.zig", 'const std = @import("std");\npub fn main() void {}\n', Kind.SOURCE,
     Policy.PARSE_AND_INDEX, "zig"),
    ("features/checkout.feature", "Feature: Checkout\n  Scenario: pay\n", Kind.SOURCE,
     Policy.PARSE_AND_INDEX, "gherkin"),
    ("policy/authz.rego", "package authz\n\ndefault allow := false\n", Kind.SOURCE,
     Policy.PARSE_AND_INDEX, "open_policy_agent"),
    ("rtl/alu.v", "module alu(input a, output b);\nendmodule\n", Kind.SOURCE,
     Policy.PARSE_AND_INDEX, "rocq_prover/v/verilog"),  # Linguist's three: all code
    ("api/orders.http", "GET https://api.shop.example/orders\nAccept: application/json\n",
     Kind.CONFIGURATION, Policy.INDEX_TEXT, "http"),
    ("docs/diagrams/flow.puml", "@startuml\nA -> B\n@enduml\n", Kind.CONFIGURATION,
     Policy.INDEX_TEXT, "plantuml"),
    ("man/shop.1", ".TH SHOP 1\n.SH NAME\nshop \\- sell things\n", Kind.DOCUMENTATION,
     Policy.PARSE_AND_INDEX, "roff/roff_manpage"),
    ("docs/flow.mmd", "graph TD\n  A-->B\n", Kind.DOCUMENTATION, Policy.PARSE_AND_INDEX,
     "mermaid"),
    ("web/partials/cart.hbs", "<ul>{{#each items}}<li>{{name}}</li>{{/each}}</ul>\n",
     Kind.ASSET, Policy.METADATA_ONLY, "handlebars"),  # markup: metadata only, as HTML is
    # repokb's own rule first: a Rails view is an HTML template, indexed
    ("app/views/orders/show.html.erb", "<h1><%= @order.id %></h1>\n", Kind.SOURCE,
     Policy.INDEX_TEXT, "html"),
    ("CODEOWNERS", "* @shop/team\n", Kind.DATA, Policy.METADATA_ONLY, "codeowners"),
    # in a test folder, data Linguist names is a test's fixture, as a file of no language was
    ("tests/data/orders.http", "GET /orders\n", Kind.TEST_FIXTURE, Policy.METADATA_ONLY, "http"),
    # a language repokb's tables name: its own rules read it
    ("public/site.webmanifest", '{"name": "Shop"}\n', Kind.CONFIGURATION, Policy.INDEX_TEXT,
     "json"),
]


@cases(("rel", "content", "kind", "policy", "language"), ROWS)
def test_a_linguist_language_is_read_as_linguist_reads_it(tmp_path, rel, content, kind, policy,
                                                        language):
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.index_policy, c.language) == (kind, policy, language), c.reasons


UNSURE = [
    # extension shared with build output or binary data: left to repokb's own rules
    ("build/obj/shop.d", "shop.o: shop.c shop.h\n"),  # gcc -MD (also D, DTrace)
    ("models/saved_model.pb", "\x08\x01\x12\x04shop"),  # protobuf message (also PureBasic)
    # claimed by languages repokb would read differently (code and data): Linguist's
    # heuristics would be needed to tell
    ("cue/album.cue", "FILE \"album.wav\" WAVE\n  TRACK 01 AUDIO\n"),  # CUE, Cue Sheet
    ("src/defs.inc", "mov ax, 1\n"),  # PHP, C++, Pascal, assembly ...
]


@cases(("rel", "content"), UNSURE)
def test_what_linguist_cannot_say_for_sure_stays_unknown(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert c.kind in (Kind.UNKNOWN, Kind.BINARY), c.reasons
    assert c.index_policy in (Policy.EXCLUDE, Policy.METADATA_ONLY)
    assert c.language is None


def test_the_table_says_where_it_came_from_and_names_no_language_twice():
    text = resources.files("repokb").joinpath("data/linguist_languages.json").read_text()
    data = json.loads(text)
    assert "linguist-languages" in data["source"] and "MIT" in data["license"]
    for table in ("extensions", "filenames"):
        for key, (ident, name, group) in data[table].items():
            assert group in ("own", "code", "docs", "markup", "config", "data"), key
            assert ident and name and ident == ident.lower(), key
    # an extension of repokb's own languages keeps repokb's name for it
    assert data["extensions"][".webmanifest"][::2] == ["json", "own"]


# The credential files among the names Linguist's request and tool formats bring: blocked by
# name, as `.netrc` and `.git-credentials` are; the settings beside them are configuration
# (their secrets redacted: tests/unit/test_secrets_linguist_config.py). Hurl is a request file
# as `.http` is, not code: its unquoted `password: X` is a value.
BY_NAME = [
    # (path, content, kind, policy)
    ("_netrc", "machine api.example.com login ci password X\n", Kind.SECRET_CANDIDATE,
     Policy.BLOCK),  # `.netrc` as curl and git read it on Windows
    ("api/http-client.private.env.json", '{"dev": {"password": "X"}}\n', Kind.SECRET_CANDIDATE,
     Policy.BLOCK),  # JetBrains' HTTP Client: the environment kept out of version control
    ("api/http-client.env.json", '{"dev": {"host": "https://dev.example"}}\n',
     Kind.CONFIGURATION, Policy.INDEX_TEXT),
    (".curlrc", "--location\n--retry 3\n", Kind.CONFIGURATION, Policy.INDEX_TEXT),
    ("api/orders.hurl", "GET https://api.example.com/orders\nHTTP 200\n", Kind.CONFIGURATION,
     Policy.INDEX_TEXT),
]


@cases(("rel", "content", "kind", "policy"), BY_NAME)
def test_a_credential_file_among_linguist_names_is_blocked(tmp_path, rel, content, kind, policy):
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.index_policy) == (kind, policy), c.reasons

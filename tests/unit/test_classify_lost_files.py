"""Good files lost or misread on real packages a user would index (session 31): each case as
the real package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import cases, classify_file

# -- extension-less JSON: jsonschema-specifications 2025.9.1's meta-schema vocabularies -------
VOCABULARY = ('{\n    "$schema": "https://json-schema.org/draft/2020-12/schema",\n'
              '    "$id": "https://json-schema.org/draft/2020-12/meta/core",\n'
              '    "$dynamicAnchor": "meta",\n    "title": "Core vocabulary meta-schema",\n'
              '    "type": ["object", "boolean"],\n'
              '    "properties": {\n        "$id": {"type": "string"}\n    }\n}\n')


@cases(("rel", "text", "kind"), [
    ("schemas/draft202012/vocabularies/core", VOCABULARY, Kind.CONTRACT),
    ("schemas/draft201909/vocabularies/meta-data", VOCABULARY, Kind.CONTRACT),
    ("conf/settings", '{"debug": true, "name": "x"}\n', Kind.CONFIGURATION),
], named_by=0)
def test_an_extensionless_json_object_is_json(tmp_path, rel, text, kind):
    """The vocabularies (`core`, `applicator` ...) were "unknown format" and lost: a file with
    no extension whose text opens a JSON object is JSON, judged as a `.json` file is."""
    c = classify_file(tmp_path, rel, text)
    assert c.language == "json", c.reasons
    assert c.index_policy in (Policy.PARSE_AND_INDEX, Policy.INDEX_TEXT), c.reasons
    assert c.kind is kind, c.reasons


@cases(("rel", "text"), [
    ("scripts/setup", "{ echo a; echo b; } > out\n"),  # a shell group
    ("notes/braces", "{a,b,c} expands in bash\n"),
    ("tools/conf", "{ key: 1 }\n"),  # JavaScript's object, not JSON
    ("docs/TODO", 'Write {"a": 1} into the file.\n'),
])
def test_text_with_braces_is_not_json(tmp_path, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert c.language != "json", c.reasons

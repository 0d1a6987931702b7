"""A CamelCase name typed as the query names the type, through `repokb search --json`.

itsdangerous 2.2.0: "Serializer" ranked the test fixture `TestSerializer.serializer` (one short
method, the model's first) second and the class `Serializer` in no place of the top 20: the
class is one long piece (its docstring), below its many methods in both rankings, each of
which says `serializer` too, so it was no candidate at all. The definitions of a name typed with
its capitals are looked up by symbol, in that case, and come before one in another case.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import invoke, write

pytestmark = pytest.mark.integration

_VERBS = ["dump", "load", "dumps", "loads", "sign", "unsign", "encode", "decode", "verify",
          "wrap", "unwrap", "pack", "unpack", "seal", "open", "check", "read", "write",
          "emit", "parse", "render", "format", "store", "fetch", "push", "pull", "copy",
          "merge", "split", "join"]


def _project(root: Path) -> Path:
    doc = "\n".join(f"    :param option_{i}: How the wrapped signer handles case {i} of the "
                    "payload it is given." for i in range(40))
    methods = "".join(f'''
    def {verb}_payload(self, payload, serializer=None):
        """Apply {verb} to the payload with the serializer, or with this serializer's own
        serializer when none is given."""
        use_serializer = serializer or self.serializer
        return use_serializer.{verb}(payload)
''' for verb in _VERBS)
    write(root, "src/signing/serializer.py", f'''
import json


class Serializer:
    """A serializer wraps a signer to enable serializing and securely signing data other
    than bytes. It can unsign to verify that the data has not been changed.

{doc}
    """

    default_serializer = json
{methods}''')
    timed = "".join(f'''
    def timed_{verb}(self, payload, max_age=None):
        """Like {verb}, with a timestamp: the serializer signs it too."""
        return self.serializer.{verb}(self.make_signer().sign(payload), max_age)
''' for verb in _VERBS)
    write(root, "src/signing/timed.py", f'''
from .serializer import Serializer


class TimedSerializer(Serializer):
    """Uses a timestamp signer instead of the default signer."""
{timed}''')
    tests = "".join(f'''
    def test_{verb}(self, serializer: Serializer, value):
        assert serializer.{verb}_payload(value) is not None
''' for verb in _VERBS)
    write(root, "tests/test_serializer.py", f'''
import pytest

from signing.serializer import Serializer


class TestSerializer:
    @pytest.fixture()
    def serializer_factory(self):
        return Serializer

    @pytest.fixture()
    def serializer(self, serializer_factory):
        return serializer_factory()
{tests}''')
    return root


def test_a_capitalised_name_finds_its_class_first(home, tmp_path):
    root = _project(tmp_path / "signing")
    invoke("index", str(root), "--json")
    for text in ("Serializer", "where is Serializer defined"):
        hits = json.loads(invoke("search", text, "--json", "--limit", "10"))
        symbols = [h["symbol"] for h in hits]
        assert hits[0]["symbol"] == "Serializer" and hits[0]["kind"] == "source", (text, symbols)
        assert hits[0]["path"] == "src/signing/serializer.py"
    # typed in lower case, the name may be the fixture as well as the class: both are found
    lower = [h["symbol"] for h in json.loads(invoke("search", "serializer", "--json"))]
    assert "TestSerializer.serializer" in lower


def test_a_name_in_lower_case_finds_its_class_first(home, tmp_path):
    """itsdangerous 2.2.0: `serializer`, "where is the serializer class" and "signer class"
    found the class in no place (or 5th): a name typed in lower case cares for no case, so its
    definitions in any case are looked up; the one whose whole name it is (the class, in
    source) comes before a member of that name (a test's fixture `serializer`)."""
    root = _project(tmp_path / "signing")
    invoke("index", str(root), "--json")
    for text in ("serializer", "where is the serializer class", "serializer class",
                 "where is serializer defined"):
        hits = json.loads(invoke("search", text, "--json", "--limit", "10"))
        symbols = [h["symbol"] for h in hits]
        assert hits[0]["symbol"] == "Serializer" and hits[0]["kind"] == "source", (text, symbols)
        assert hits[0]["path"] == "src/signing/serializer.py"
    # the fixture is still found, below the class
    lower = [h["symbol"] for h in json.loads(invoke("search", "serializer", "--json"))]
    assert "TestSerializer.serializer" in lower[1:]

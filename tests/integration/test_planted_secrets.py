"""End to end on a repository of planted FAKE secrets (tests/planted_secrets.py): the real CLI
indexes it with the real model and the real Qdrant Edge store, then every byte under
REPOKB_HOME (store files and SQLite catalog) is searched for every raw value, and so is every
search result, `index --json` and `explain --json`. Zero may be found; only secrets as a whole
are blocked, every other file is indexed (redacted) and says so."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from .. import planted_secrets as planted
from ..conftest import every_byte, invoke

pytestmark = pytest.mark.integration


def _catalog_text(home: Path) -> str:
    """Every value of every table of every SQLite file, decoded (a page may be compressed
    nowhere, but a row split over pages would escape a plain byte search)."""
    out = []
    for db in home.rglob("*.sqlite*"):
        if db.suffix in (".sqlite", ".db", ".sqlite3"):
            with sqlite3.connect(db) as conn:
                tables = [r[0] for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type='table'")]
                for table in tables:
                    out.extend(repr(row) for row in conn.execute(f'SELECT * FROM "{table}"'))
    return "\n".join(out)


def test_planted_secrets_never_stored_nor_shown_and_only_whole_secrets_blocked(home, tmp_path):
    root = tmp_path / "planted"
    items = planted.build(root)
    indexed = invoke("index", str(root), "--json")
    data = json.loads(indexed)
    by_path = {f["path"]: f for f in data["files"]}

    false_blocks = [i.path for i in items if i.expect == "index"
                    and by_path.get(_shown(i.path), {}).get("index_policy") == "block"]
    assert false_blocks == []
    for item in items:
        record = by_path[_shown(item.path)]
        if item.expect == "block":
            assert record["index_policy"] == "block", item.path
        else:
            assert record["chunks"] > 0, item.path

    outputs = [indexed]
    for item in items:
        outputs.append(invoke("explain", str(root / item.path), "--json"))
    for item in items:
        for value in item.values:  # the raw value as the query: its own line should come back
            outputs.append(invoke("search", "--json", "--limit", "5", "--", value))
    shown = "\n".join(outputs)
    stored = every_byte(home)
    catalog = _catalog_text(home)
    readable = [text for item in items for text in item.readable]  # must be shown: not a leak
    leaks = [(item.path, value[:5]) for item in items for value in item.values
             if any(piece in shown or piece.encode() in stored or piece in catalog
                    for piece in _pieces(value) if not any(piece in r for r in readable))]
    assert leaks == []

    # what only looks secret stays searchable, and a redacted file says so in explain
    hits = json.loads(invoke("search", "demo tenant commit", "--json", "--path", "docs/*"))
    text = "\n".join(h["content"] for h in hits)
    for readable in planted.planted()[-1].readable:
        assert readable in text
    explained = json.loads(invoke("explain", str(root / "src/shop/urls.py"), "--json"))
    assert "redact" in explained["classification"]["flags"]
    assert any("redacted" in r for r in explained["classification"]["reasons"])
    hits = json.loads(invoke("search", "staging password rotate", "--json", "--path",
                             "README.md"))
    assert any("<REDACTED_SECRET>" in h["content"] for h in hits)
    # a password in a sentence and base64 of keys in comments go; their neighbours stay
    for path, query in (("docs/admin.md", "log in admin page password field"),
                        ("web/src/fixtures.js", "fixture sample export"),
                        ("docs/dev-shell.md", "dev shell env grep PWD sqlcmd keytool")):
        item = next(i for i in items if i.path == path)
        hits = json.loads(invoke("search", query, "--json", "--path", path))
        content = "\n".join(h["content"] for h in hits)
        assert "<REDACTED_SECRET>" in content, path
        for text in item.readable:
            assert text in content, path


def _pieces(value: str) -> list[str]:
    """What of a value must not be found: the value, and for a one-word value every 16
    characters past its first 8 (a vendor's prefix), so a redaction that stops short of the
    value's end (a pattern reading fewer characters than the key has) is a leak too."""
    if any(c.isspace() for c in value) or len(value) < 24:
        return [value]
    return [value] + [value[at:at + 16] for at in range(8, len(value) - 15)]


def _shown(path: str) -> str:
    from repokb.secrets.paths import redact_path

    return redact_path(path)

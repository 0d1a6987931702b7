"""A section of a manifest the question names, whose key the question says ("which Cargo feature
enables uploading to PyPI": maturin 1.16.0's Cargo.toml `[features]`, `upload = [..]`), is what
the question asks for. BM25 ranks it first, the model not in its top 50 (a list of feature
names says nothing a sentence matches), so fused it was 11th behind the `upload` command's
code. It is boosted as a named definition is, less: `rank_keys.named_key`."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.rank_keys import named_key
from repokb.settings import Settings

from ..conftest import cases

QUESTION = "which Cargo feature enables uploading to PyPI"


def _piece(n: int, path: str, symbol: str | None, symbol_type: str | None, fused: float,
           kind: str = "source", quality: float = 0.5) -> Candidate:
    payload = {"project": "maturin-1.16.0", "path": path, "kind": kind, "start_line": n * 10,
               "end_line": n * 10 + 5, "symbol": symbol, "symbol_type": symbol_type,
               "quality": quality, "content": f"line {n}\n", "chunk_index": n,
               "language": "toml" if path.endswith(".toml") else "rust"}
    return Candidate(str(n), payload, fused, None, n, None)


def _maturin() -> list[Candidate]:
    """The candidates of QUESTION as the real search fused them (main at 30bbbec)."""
    return [
        _piece(1, "src/main.rs", "Command", "enum", 0.0308),
        _piece(2, "src/commands/mod.rs", "upload", "function", 0.0305),
        _piece(3, "src/lib.rs", None, None, 0.0288),
        _piece(4, "src/main.rs", "Command", "enum", 0.0269),
        _piece(5, "src/upload.rs", "Registry", "struct", 0.0245),
        _piece(6, "src/lib.rs", None, None, 0.0249),
        _piece(7, "src/target/pypi_tags.rs", None, None, 0.0252),
        _piece(8, "src/upload.rs", "PublishOpt", "struct", 0.0231),
        _piece(9, "src/build_options.rs", "PlatformOptions", "struct", 0.0214),
        _piece(10, "Cargo.toml", "features", "key", 0.0164, "dependency_manifest", 0.805),
        _piece(11, "Cargo.toml", "dependencies.zip", "key", 0.0141, "dependency_manifest",
               0.805),
    ]


def test_the_section_a_question_names_in_the_manifest_it_names_comes_first():
    ranked = rerank(_maturin(), plan(QUESTION), Settings())
    assert ranked[0].payload["symbol"] == "features", [c.payload["symbol"] for c in ranked]
    assert "named_key" in ranked[0].factors
    # another section of the same file is not boosted for the file alone
    other = next(c for c in ranked if c.payload["symbol"] == "dependencies.zip")
    assert "named_key" not in other.factors


@cases("question,symbol,path,expected", [
    (QUESTION, "features", "Cargo.toml", True),
    ("which Cargo profile inherits from release", "profile.release", "Cargo.toml", True),
    ("which cargo dependencies does the crate have", "dependencies.zip", "Cargo.toml", True),
    ("which npm script runs the tests in package.json", "scripts", "package.json", True),
    # the file not named by the question: no section of it is
    ("which feature enables uploading", "features", "Cargo.toml", False),
    # the key not said
    (QUESTION, "dependencies.zip", "Cargo.toml", False),
    (QUESTION, "profile.release", "Cargo.toml", False),
    # a section of another file of the same kind, not the one named
    (QUESTION, "features", "crates/x/pyproject.toml", False),
    # a crate's own manifest in a folder is named too
    (QUESTION, "features", "crates/x/Cargo.toml", True),
], named_by=1)
def test_named_key(question, symbol, path, expected):
    p = {"path": path, "symbol": symbol, "symbol_type": "key"}
    assert named_key(p, plan(question)) is expected


def test_only_key_pieces_are_sections():
    p = {"path": "Cargo.toml", "symbol": "features", "symbol_type": "function"}
    assert named_key(p, plan(QUESTION)) is False

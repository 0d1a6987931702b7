"""`search --path` speaks the product's one glob dialect (gitwildmatch), filtered in SQLite."""

from __future__ import annotations

import pytest

from repokb.errors import InputError
from repokb.globs import glob_match, literal_prefix
from repokb.stores.catalog import Catalog

PATHS = ["README.md", "docs/install.md", "docs/api/search.md", "src/shop/db.py",
         "src/shop/mail.py", "src0/other.py", "tests/test_db.py", "tests/unit/test_mail.py"]


@pytest.fixture
def catalog(tmp_path):
    cat = Catalog(tmp_path / "catalog.sqlite3")
    for project in ("shop", "other"):
        for path in PATHS:
            cat.put(project, path, status="indexed")
    cat.put("shop", "src/shop/skipped.py", status="skipped")
    yield cat
    cat.close()


@pytest.mark.parametrize(("glob", "expected"), [
    ("src/**", ["src/shop/db.py", "src/shop/mail.py"]),           # not src0/: a folder
    ("src/**/*.py", ["src/shop/db.py", "src/shop/mail.py"]),
    ("src/*.py", []),                                              # * stays inside one folder
    ("*.md", ["README.md", "docs/api/search.md", "docs/install.md"]),  # no slash: any depth
    ("docs/*.md", ["docs/install.md"]),
    ("docs/", ["docs/api/search.md", "docs/install.md"]),
    ("/README.md", ["README.md"]),
    ("**/test_*.py", ["tests/test_db.py", "tests/unit/test_mail.py"]),
    ("nothing/**", []),
])
def test_match_paths_is_gitwildmatch(catalog, glob, expected):
    assert catalog.match_paths(glob) == expected
    assert [p for p in PATHS if glob_match(glob, p)] == sorted(expected, key=PATHS.index)


def test_match_paths_keeps_to_the_projects_and_indexed_files(catalog):
    catalog.put("third", "src/shop/only_here.py", status="indexed")
    assert catalog.match_paths("src/**", ["third"]) == ["src/shop/only_here.py"]
    assert "src/shop/skipped.py" not in catalog.match_paths("src/**")


def test_a_bad_glob_is_an_input_error(catalog):
    with pytest.raises(InputError, match="not a valid path glob"):
        catalog.match_paths("\\")


@pytest.mark.parametrize(("glob", "prefix"), [
    ("src/**/*.py", "src/"), ("src/shop/*.py", "src/shop/"), ("/docs/a.md", "docs/"),
    ("*.py", ""), ("docs/", ""), ("**/x.py", ""), ("s*c/a.py", ""), ("!src/a.py", ""),
])
def test_literal_prefix(glob, prefix):
    assert literal_prefix(glob) == prefix


@pytest.mark.parametrize(("globs", "expected"), [
    (["src/**/*.py", "*.md"], ["README.md", "docs/api/search.md", "docs/install.md",
                               "src/shop/db.py", "src/shop/mail.py"]),
    (["src/**", "tests/unit/**"], ["src/shop/db.py", "src/shop/mail.py",  # both narrowed
                                   "tests/unit/test_mail.py"]),
    (["docs/*.md", "/README.md"], ["README.md", "docs/install.md"]),
    (["nothing/**", "src0/**"], ["src0/other.py"]),
    (["*.md", "*.md"], ["README.md", "docs/api/search.md", "docs/install.md"]),
    ([], []),
])
def test_match_paths_takes_any_of_several_globs(catalog, globs, expected):
    """`search --path '**/context.js' --path '*.md'` kept only the last glob: several globs
    are an OR, as repeated --kind and --language are."""
    assert catalog.match_paths(globs) == expected
    assert catalog.match_paths(tuple(globs), ["shop"]) == expected
    with pytest.raises(InputError, match="not a valid path glob"):
        catalog.match_paths([*globs, "\\"])

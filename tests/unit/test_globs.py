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


# globs as users write them, and the odd ones (a negation, a comment, a blank, a trailing
# slash, a leading `/`, a character class, an escaped wildcard) over paths as a catalog holds
# them and as it never should (a leading `./` or `/`)
ODD_GLOBS = ["src/**", "src/**/*.py", "*.md", "docs/", "/README.md", "**/test_*.py", "!src/**",
             "#src", "", "   ", "src/*/mail.py", "[st]*/**", "\\*.md", "tests/unit/**", "*",
             "**", "src/shop", "shop", "a?.py", "**/docs/**"]
ODD_PATHS = [*PATHS, "src/shop/skipped.py", "./src/shop/db.py", "/README.md", "*.md",
             "shop/src/x.py", "a1.py", "deep/docs/x/y.md"]


@pytest.mark.parametrize("glob", ODD_GLOBS)
def test_a_glob_matches_what_pathspec_says(glob):
    """`glob_matcher` (the regex of a one-rule glob, what `match_paths` runs over every path of
    a catalog) says of each path what pathspec's own `match_file` says."""
    from repokb.globs import compile_glob, glob_matcher

    spec = compile_glob(glob)
    assert [glob_matcher(glob)(p) for p in ODD_PATHS] == [bool(spec.match_file(p))
                                                          for p in ODD_PATHS]


def test_match_paths_follows_the_catalog(catalog, tmp_path):
    """An answer kept for a repeated `--path` goes with any change to the entries: this
    connection's and another's."""
    assert catalog.match_paths("src/**", ["shop"]) == ["src/shop/db.py", "src/shop/mail.py"]
    catalog.put("shop", "src/shop/new.py", status="indexed")
    assert catalog.match_paths("src/**", ["shop"]) == [
        "src/shop/db.py", "src/shop/mail.py", "src/shop/new.py"]
    other = Catalog(tmp_path / "catalog.sqlite3")
    try:
        other.delete("shop", ["src/shop/db.py"])
    finally:
        other.close()
    assert catalog.match_paths("src/**", ["shop"]) == ["src/shop/mail.py", "src/shop/new.py"]
    found = catalog.match_paths("src/**", ["shop"])
    found.append("mine")  # the caller's own list
    assert catalog.match_paths("src/**", ["shop"]) == ["src/shop/mail.py", "src/shop/new.py"]

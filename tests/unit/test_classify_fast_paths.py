"""The classifier's fast paths answer exactly what the plain ones answered.

Each speed-up of the dry run (issue 19) keeps a slower reference next to it or is checked
against the library it short-cuts: rule screening by (extension, language) against walking
every rule, the anchor trie against a longest-first alternation, line-anchored assignments
against the anchor-by-anchor walk, the URL-credential prefilter against the full regex, and
single-pattern globs against pathspec.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pathspec
import pytest

import repokb.secrets  # noqa: F401 (loads repokb.secrets.scan, shadowed by its function)
from repokb.models import SkippedPath
from repokb.pipeline.classify import Classifier
from repokb.pipeline.discover import ProjectRoot, discover
from repokb.rules import engine
from repokb.rules import secret_patterns as P
from repokb.rules.repo_config import load_repo_config
from repokb.secrets.keylines import KeyLines
from repokb.surfaces.render import dumps

from .test_classify_golden import build_golden_tree

scan = sys.modules["repokb.secrets.scan"]


def _every_rule(classifier: Classifier) -> None:
    classifier.screen = lambda facts: classifier.rules  # type: ignore[assignment,misc]


@pytest.mark.parametrize("tree", ["golden", "repository"])
def test_screened_rules_decide_as_the_whole_table(tmp_path, tree):
    """On the golden mixed tree (secrets, vendored, generated, binaries ...) and on this
    repository (a few hundred files of every kind it holds)."""
    root = build_golden_tree(tmp_path) if tree == "golden" else Path(__file__).parents[2]
    project = ProjectRoot("p", root.resolve())
    files = [i for i in discover(project) if not isinstance(i, SkippedPath)]
    assert len(files) > 25
    fast, whole = Classifier.for_root(project.root), Classifier.for_root(project.root)
    _every_rule(whole)
    for item in files:
        assert fast.classify(item) == whole.classify(item), item.path
    assert len(fast.screen._by_pair) > 5  # the cache was used, one entry per pair


def test_a_repository_config_gets_its_own_screen(tmp_path):
    """Screens are per classifier: a config rule (test roots: path and language conditions) is
    screened with the config's table, not a table cached from another project."""
    (tmp_path / "a" / "gen").mkdir(parents=True)
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / ".repokb.yml").write_text("classification:\n  testRoots: [gen]\n")
    for folder in (tmp_path / "a" / "gen", tmp_path / "b"):
        (folder / "models.py").write_text("class Model:\n    pass\n")
    plain = Classifier.for_root(tmp_path / "b")
    configured = Classifier.for_root(tmp_path / "a")
    assert load_repo_config(tmp_path / "a") is not None
    (b_file,) = [i for i in discover(ProjectRoot("b", tmp_path / "b")) if i.path == "models.py"]
    (a_file,) = [i for i in discover(ProjectRoot("a", tmp_path / "a"))
                 if i.path == "gen/models.py"]
    assert plain.classify(b_file).kind.value == "source"
    assert configured.classify(a_file).kind.value == "test"
    assert plain.classify(b_file).kind.value == "source"  # nothing leaked between screens


@pytest.mark.parametrize("pair", [(".py", "python"), (".md", "markdown"), ("", None),
                                  (".json", "json"), (".yaml", "yaml"), (".txt", "text")])
def test_a_screened_out_rule_never_fires(pair):
    """could_fire is only ever False for a rule one of whose own conditions fails."""
    ext, language = pair
    for rule in Classifier().rules:
        if engine.could_fire(rule, ext, language):
            continue
        failing = [c for c in rule.when
                   if isinstance(c, engine.Ext) and ext not in c.extensions
                   or isinstance(c, engine.Lang) and language not in c.languages
                   or isinstance(c, engine.Not) and isinstance(c.inner, engine.Lang)
                   and language in c.inner.languages]
        assert failing, rule.id


def test_the_anchor_search_finds_every_anchor_a_longest_first_alternation_finds():
    rnd = random.Random(11)
    anchors = {a for f in P.TOKEN_FORMATS for a in f.anchors}
    reference = re.compile("|".join(sorted(map(re.escape, anchors), key=len, reverse=True)))
    pieces = [*anchors, "x", " ", "A", "gh", "S", "_", "-"]
    for _ in range(5000):
        text = "".join(rnd.choice(pieces) for _ in range(20))
        found = set(scan._ANCHORS.find_matches_as_strings(text, overlapping=True))
        # every anchor the alternation finds, and those it skips inside a longer one
        assert found == {a for a in anchors if a in text}, text
        assert found >= set(reference.findall(text)), text


def _anchor_by_anchor(text: str, mode: str) -> list[tuple[int, int, str, bool]]:
    """The walk scan._assignments replaced (anchor by anchor, each line once): the oracle."""
    lowered, out, seen = text.lower(), [], set()
    for anchor in P.KEY_ANCHORS:
        at = lowered.find(anchor)
        while at != -1:
            start = text.rfind("\n", 0, at) + 1
            if start in seen:
                at = lowered.find(anchor, at + len(anchor))
                continue
            seen.add(start)
            end = text.find("\n", at)
            end = len(text) if end == -1 else end
            out.extend(scan._line_assignments(text, start, end, mode))
            at = lowered.find(anchor, end)
    return out


def test_an_assignment_below_many_dotted_capital_is_is_found():
    """`İ` lowers to two characters: the anchor walk over text.lower() drifted one place per
    `İ` above, and after enough of them missed the line (a Turkish comment block)."""
    text = "# " + "İstanbul İzmir " * 20 + "\nx = 1\ndb_password = \"Xk29fj3!aQ\"\n"
    found = scan.scan(text, "code")
    assert [text[f.start:f.end] for f in found] == ["Xk29fj3!aQ"]


def test_line_anchored_assignments_match_the_anchor_by_anchor_walk():
    rnd = random.Random(5)
    pieces = ["password", "PASS", "pwd", " = ", ": ", "'s3cr3tValue99'", '"hunter2xyz"', "\n",
              "key", "Token", "api_key", "sas", "x", " ", "credentials", "pass", "=",
              "abcDEF123456ghiJKL", "SECRET_KEY", "(", ")", "# ", "db_pass:"]
    checked = 0
    for _ in range(800):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 60)))
        for mode in ("code", "text", "config"):
            fast = sorted(scan._assignments(text, mode, KeyLines(text)))
            checked += bool(fast)
            assert fast == sorted(_anchor_by_anchor(text, mode)), text
    assert checked > 200  # the texts held assignments, not only misses


def test_the_url_credential_prefilter_drops_no_match():
    rnd = random.Random(8)
    pieces = ["https://", "ftp://", "://", "user", ":", "p4ssw0rd!", "@", "host.org", "/", " ",
              "'", "\n", "a", "Z9", "-"]
    hits = 0
    for _ in range(5000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 30)))
        full = bool(P.URL_CREDENTIALS.search(text))
        hits += full
        assert not full or scan._URL_CREDENTIALS_TAIL.search(text), text
    assert hits > 10  # the texts held credentials, not only misses


@pytest.mark.parametrize("pattern", ["*.egg-info/", "*.dist-info/", "docs/", "/build",
                                     "**/gen/*.py", "src/**", "!keep.py", "a/*/b", "*.min.js"])
def test_single_pattern_globs_answer_as_pathspec(pattern):
    spec = pathspec.GitIgnoreSpec.from_lines([pattern])
    matches = engine._matcher(spec)
    paths = ["a.py", "pkg.egg-info/PKG-INFO", "x/pkg.dist-info/RECORD", "docs/index.md",
             "sub/docs/a.md", "build", "build/x", "src/build", "gen/a.py", "x/gen/a.py",
             "x/gen/y/a.py", "src/a/b.py", "keep.py", "a/x/b", "a/x/y/b", "lib/app.min.js",
             "egg-info", "a.egg-info"]
    for path in paths:
        assert bool(matches(path)) == bool(spec.match_file(path)), (pattern, path)


def test_long_record_lists_print_one_record_per_line_and_read_back_the_same():
    data = {"files": [{"path": f"f{i}.py", "reasons": ["a", "é\u0085"]} for i in range(60)],
            "summary": {"files_seen": 60, "by_kind": {"source": {"files": 60}}, "list": [1]},
            "empty": [], "none": None}
    text = dumps(data)
    assert json.loads(text) == data
    lines = text.splitlines()
    assert sum(1 for ln in lines if ln.startswith('    {"path"')) == 60
    assert '    "files_seen": 60,' in lines  # small values stay indented as before
    for value in ({}, [], [1, 2], "x", 3, {"a": [{"b": 1}] * 3}, {1: "int key"}):
        assert json.loads(dumps(value)) == json.loads(json.dumps(value))


def test_facts_are_computed_once(tmp_path):
    from repokb.models import SourceFile
    from repokb.rules.facts import FileFacts, Limits, ProjectContext

    (tmp_path / "a.py").write_text("x = 1\n")
    facts = FileFacts(SourceFile("p", tmp_path, "a.py", 6, 0), Limits(), ProjectContext())
    assert facts.head == b"x = 1\n"
    (tmp_path / "a.py").write_text("changed\n")
    assert facts.head == b"x = 1\n"  # the head read once, as before
    assert Path(tmp_path / "a.py").read_text() == "changed\n"


def test_the_backends_rate_is_asked_only_when_no_rate_was_measured(tmp_path):
    from repokb.embedders import backend, load_builtins
    from repokb.pipeline import Indexer
    from repokb.settings import Settings

    (tmp_path / "a.md").write_text("# A\n\nSome words.\n")
    settings = Settings()
    report = Indexer(settings, None).dry_run([ProjectRoot("p", tmp_path)])  # type: ignore[arg-type]
    asked = []
    fallback = report.default_rate
    assert fallback is not None
    report.default_rate = lambda: asked.append(1) or fallback()
    report.tokens_per_second = 1234.0  # what the operation measured
    assert report.summary()["estimate"]["tokens_per_second"] == 1234.0 and not asked
    report.tokens_per_second = None  # nobody measured: the backend's own rate
    load_builtins()
    assert report.summary()["estimate"]["tokens_per_second"] == \
        backend(settings.embedder).tokens_per_second and asked == [1]

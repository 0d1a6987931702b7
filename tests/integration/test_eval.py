"""`repokb eval` end to end on the real model and a real store: the shadow copy leaves the
user's index as it was, `--compare` measures two settings on the same cases."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from repokb.embedders.base import Embedder
from repokb.evaluate.records import Options
from repokb.evaluate.runner import evaluate
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.settings import Settings
from repokb.workspace import Workspace

from ..conftest import write

# Questions whose words the code does not use: only the meaning finds them.
FUNCTIONS = [
    ("send_invoice_mail", "Email the customer a copy of their bill as an attachment"),
    ("rotate_logs", "Archive yesterday's diagnostic output and start a fresh file"),
    ("reserve_seat", "Hold a place on the flight so nobody else can book it"),
    ("refund_order", "Give the buyer their money back for a cancelled purchase"),
    ("resize_avatar", "Shrink a profile picture so it fits the thumbnail box"),
    ("count_votes", "Tally the ballots cast for every candidate in the election"),
    ("purge_cache", "Throw away remembered answers that are older than a day"),
    ("geocode", "Turn a street address into latitude and longitude coordinates"),
]


@pytest.fixture
def eval_repo(tmp_path: Path) -> Path:
    root = tmp_path / "shopapp"
    for n, (name, doc) in enumerate(FUNCTIONS):
        write(root, f"app/mod_{n}.py", f'''
            def {name}(item, options=None):
                """{doc}.

                Takes the item and optional options.
                """
                value = item if options is None else (item, options)
                result = [value, {n}]
                return result
            ''')
    for n in range(3):  # files without questions: the shadow copy holds them unchanged
        write(root, f"app/plain_{n}.py", f"def helper_{n}(a, b):\n    total = a + b * {n}\n"
              f"    return [total, a, b, {n}]\n")
    write(root, "README.md", "# Shop app\n\n## How do I run the tests?\n\n"
          + "Install the development extras, then call pytest from the project folder. " * 3)
    write(root, ".repokb/eval.yml", "cases:\n  - question: where are seats booked\n"
          "    path: app/mod_2.py\n    symbol: reserve_seat\n")
    return root


def _snapshot(settings: Settings, embedder: Embedder) -> tuple[int, list[tuple], list[tuple]]:
    ws = Workspace(settings)
    ws.__dict__["embedder"] = embedder
    try:
        hits = ws.searcher.search(Query("book a place on a plane", projects=("shop",)))
        entries = sorted((e.path, e.status, e.mtime_ns)
                         for e in ws.catalog.entries("shop").values())
        return ws.store.count(), [(h.path, h.start_line, round(h.score, 6)) for h in hits], \
            entries
    finally:
        ws.close()


def test_eval_runs_on_a_shadow_copy_and_leaves_the_index_untouched(
        eval_repo: Path, settings: Settings, real_embedder: Embedder, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    ws = Workspace(settings)
    ws.__dict__["embedder"] = real_embedder
    ws.indexer.run(resolve_roots([eval_repo], "shop"))  # not the folder's name
    ws.close()
    before = _snapshot(settings, real_embedder)
    assert before[0] > 0 and before[1]
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))

    result = evaluate(settings, Options(eval_repo, cases=20))

    assert _snapshot(settings, real_embedder) == before  # same points, search, catalog
    assert list(scratch.iterdir()) == []  # the shadow home and copy are gone
    assert result["cases"] == {"docstring": 8, "heading": 1, "user": 1, "all": 10}
    assert set(result["systems"]) == {"repokb", "naive-bm25", "naive-dense", "naive-rrf"}
    overall = result["systems"]["repokb"]["overall"]
    assert overall["cases"] == 10
    for metric in ("R@1", "R@5", "R@10", "MRR@10", "nDCG@10", "MRR@budget"):
        low, high = overall["ci"][metric]
        assert 0 <= low <= overall[metric] <= high <= 1
    assert overall["MRR@10"] >= 0.5  # the meaning finds these, docstrings hidden
    # vectors of unchanged text come from the user's index: only the edited files' chunks
    # (docstrings or the heading removed) are embedded again
    # found under the name it was indexed with
    assert result["project"] == "shop"
    cost = result["cost"]["repokb"]
    assert 0 < cost["embedded"] < cost["chunks"]
    assert cost["from_index"] == cost["chunks"] - cost["embedded"]
    # the JSON is JSON
    json.dumps(result)


def _cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REPOKB_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "repokb", "eval", *args], env=env,
                          capture_output=True, text=True, timeout=600)


def test_compare_measures_two_settings_on_the_same_cases(eval_repo: Path, home: Path,
                                                         tmp_path: Path) -> None:
    # the model reads 8 tokens of each text: the meaning of these questions is lost (and the
    # code shares no words with them). (dense_weight = 0 would not do: candidates the dense
    # search brings still keep its order among equal fused scores.)
    blind = tmp_path / "blind.toml"
    blind.write_text("max_tokens = 8\ncode_max_tokens = 8\n")
    report = tmp_path / "report.html"
    done = _cli(home, str(eval_repo), "--compare", str(blind), "--no-baselines",
                "--json", "--html", str(report))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    compare = result["compare"]
    assert compare["changed"] == {"max_tokens": ["256", "8"], "code_max_tokens": ["192", "8"]}
    assert set(result["systems"]) == {"repokb", "compare"}
    ours = result["systems"]["repokb"]["overall"]["MRR@10"]
    theirs = result["systems"]["compare"]["overall"]["MRR@10"]
    assert compare["overall"]["MRR@10"]["difference"] == pytest.approx(theirs - ours, abs=1e-3)
    assert theirs < ours - 0.2
    low, high = compare["overall"]["MRR@10"]["ci"]
    assert low <= compare["overall"]["MRR@10"]["difference"] <= high <= 0
    assert compare["keep"] == "current"
    assert {"chunks", "index_s", "query_p50_ms"} <= set(result["cost"]["compare"])
    assert result["cost"]["compare"]["embedded"] == result["cost"]["compare"]["chunks"]
    page = report.read_text()
    assert "repokb eval · shopapp" in page and "max_tokens: 256 → 8" in page
    assert "http://" not in page and "https://" not in page

    same = tmp_path / "same.toml"
    same.write_text("max_tokens = 256\n")
    done = _cli(home, str(eval_repo), "--compare", str(same))
    assert done.returncode == 2 and "changes no setting" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("where", ["missing/report.html", "."])
def test_an_unwritable_report_file_fails_before_the_run(eval_repo: Path, home: Path,
                                                        tmp_path: Path, where: str) -> None:
    # the report was written after the whole run: a missing folder lost minutes of work to a
    # traceback (FileNotFoundError); a folder given as the file, an IsADirectoryError
    done = _cli(home, str(eval_repo), "--no-baselines", "--html", str(tmp_path / where))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: --html ") and "hint: " in done.stderr
    assert "eval: building the test set" not in done.stderr  # nothing ran


def test_eval_after_a_search_reuses_the_index_a_warm_owner_holds(eval_repo: Path, home: Path
                                                                 ) -> None:
    """newuser43 on bitarray 3.12.3: `repokb index`, a few `repokb search`es (which start a
    warm owner, holding the store for 10 minutes), then `repokb eval`: the evaluation read
    none of the index's vectors (the store was held), embedded every chunk again and told the
    user to "run `repokb index` on the project first". The warm owner now steps aside, as for
    `repokb index`; a store another process holds is named as the reason."""
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "60"}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "repokb", *args], env=env,
                              capture_output=True, text=True, timeout=600)

    try:
        assert cli("index", str(eval_repo)).returncode == 0
        assert cli("search", "book a seat").returncode == 0
        assert (home / "owner.sock").exists()  # a warm owner holds the store
        done = cli("eval", str(eval_repo), "--no-baselines", "--json")
        assert done.returncode == 0, done.stderr
        cost = json.loads(done.stdout)["cost"]["repokb"]
        assert 0 < cost["from_index"] == cost["chunks"] - cost["embedded"], cost
        assert not cost.get("index_held")
    finally:
        cli("owner", "stop")


def test_eval_says_when_another_process_held_the_index() -> None:
    from repokb.evaluate.report import text

    cost = {"chunks": 10, "index_s": 1.0, "embedded": 10, "from_index": 0}
    result = {"project": "shop", "systems": {}, "cost": {"repokb": cost}, "problems": [],
              "cases": {"all": 0}, "seconds": 1.0, "budget_lines": 200}
    assert "run `repokb index` on the project first" in text(result)  # not indexed
    held = text({**result, "cost": {"repokb": {**cost, "index_held": True}}})
    assert "another process held its store" in held and "project first" not in held

"""Time to first search: how soon `repokb search` answers while `repokb index` runs on a tree.

    python bench/first_search.py TREE [--query "..."] [--modes lexical-first,one-pass]
                                      [--work DIR] [--until-searchable] [--max-seconds S]

For each mode a fresh REPOKB_HOME (the derived model shared through a symlink, so no mode pays
for deriving it) runs `repokb index TREE --json` in a subprocess. From its start, this script
runs `repokb search QUERY --json` again and again, each a new process as a user (or an agent)
would, and asks the indexer's owner socket for its stats. It reports:
- first_answer_s: the first search that returned hits (and whether they were lexical-only);
- all_files_s: when the catalog held a record of every file (the whole tree searchable);
- dense_done_s / total_s: when no chunk waited for a dense vector / the index command ended;
- chunks and tokens the model embedded (the run's summary).
Prints one JSON line per mode and a Markdown table, with `uptime` and the CPU model.
`--until-searchable` stops each index run once the whole tree is searchable (a big tree's
dense pass is left out: its time is the model's, measured by bench/bench.py).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

QUERY = "how does a queryset combine filters with Q objects"


def cli(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "repokb", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def owner_stats(home: Path) -> dict[str, Any] | None:
    """The running indexer's stats over its owner socket (None: no answer yet)."""
    from repokb.errors import RepokbError
    from repokb.settings import Settings
    from repokb.surfaces.owner import NoOwner, Remote

    try:
        return Remote(Settings.load(home=home)).stats()
    except (NoOwner, RepokbError):
        return None


def files_seen(tree: Path, env: dict[str, str]) -> int:
    """Files the walk meets: once the catalog has a row for each, every admitted file has its
    chunks in the store (rows are committed after their points)."""
    proc = subprocess.run([sys.executable, "-m", "repokb", "index", str(tree), "--dry-run",
                           "--json"], env=env, capture_output=True, text=True, check=True)
    return int(json.loads(proc.stdout)["summary"]["files_seen"])


def measure(tree: Path, home: Path, models: Path, mode: str, query: str,
            expected_files: int, until_searchable: bool = False,
            max_seconds: float = 0.0) -> dict[str, Any]:
    home.mkdir(parents=True)
    (home / "models").symlink_to(models)
    env = {**os.environ, "REPOKB_HOME": str(home),
           "REPOKB_LEXICAL_FIRST": "true" if mode == "lexical-first" else "false"}
    started = time.monotonic()
    indexer = cli(env, "index", str(tree), "--json")
    result: dict[str, Any] = {"mode": mode, "first_answer_s": None, "first_answer_lexical": None,
                              "all_files_s": None, "dense_done_s": None, "searches": 0}
    searcher: subprocess.Popen[str] | None = None
    while indexer.poll() is None:
        now = time.monotonic() - started
        if max_seconds and now > max_seconds:  # give up on this run: report what was seen
            indexer.kill()
            indexer.communicate()
            if searcher is not None:
                searcher.kill()
                searcher.communicate()
            result["stopped"] = f"after {max_seconds:.0f} s"
            return result
        if result["first_answer_s"] is None:
            if searcher is None:
                searcher = cli(env, "search", query, "--json", "--limit", "5")
            elif searcher.poll() is not None:
                out, _ = searcher.communicate()
                result["searches"] += 1
                hits = json.loads(out) if searcher.returncode == 0 and out.strip() else []
                if hits:
                    result["first_answer_s"] = round(now, 2)
                    result["first_answer_lexical"] = sum(1 for h in hits
                                                         if h.get("lexical_only"))
                    result["first_answer_top"] = hits[0]["path"]
                searcher = None
        stats = owner_stats(home)
        if stats:
            recorded = sum(stats["by_status"].values())
            if result["all_files_s"] is None and recorded >= expected_files:
                result["all_files_s"] = round(now, 2)
                if until_searchable and result["first_answer_s"] is not None:
                    indexer.kill()
                    indexer.communicate()
                    result["stopped"] = True
                    return result
            if (result["all_files_s"] is not None and result["dense_done_s"] is None
                    and not stats.get("dense_pending")):
                result["dense_done_s"] = round(now, 2)
        time.sleep(0.2)
    out, err = indexer.communicate()
    result["total_s"] = round(time.monotonic() - started, 2)
    if searcher is not None:
        searcher.kill()
        searcher.communicate()
    if indexer.returncode != 0:
        raise SystemExit(f"index failed: {err[-2000:]}")
    summary = json.loads(out)["summary"]
    for key in ("files_indexed", "chunks_created", "chunks_embedded", "tokens_embedded",
                "chunks_lexical_only", "seconds"):
        result[key] = summary.get(key, 0)
    result["dense_done_s"] = result["dense_done_s"] or result["total_s"]
    result["all_files_s"] = result["all_files_s"] or result["total_s"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", type=Path)
    parser.add_argument("--query", default=QUERY)
    parser.add_argument("--modes", default="one-pass,lexical-first")
    parser.add_argument("--work", type=Path, default=None,
                        help="folder for the homes (default: a temp dir)")
    parser.add_argument("--until-searchable", action="store_true",
                        help="stop each run once every admitted file is searchable")
    parser.add_argument("--max-seconds", type=float, default=0.0,
                        help="stop each run after this long (0: never)")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="repokb-first-search-"))
    models = work / "models"
    models.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "REPOKB_HOME": str(work / "probe")}
    (work / "probe").mkdir(exist_ok=True)
    if not (work / "probe" / "models").exists():
        (work / "probe" / "models").symlink_to(models)
    expected = files_seen(args.tree, env)  # also derives the model once, into `models`
    print(f"# {args.tree}: {expected} files; query {args.query!r}")
    print("# uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    cpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    print("#", next((ln.strip() for ln in cpu.splitlines() if "Model name" in ln), "cpu ?"))
    rows = []
    for n, mode in enumerate(args.modes.split(",")):
        row = measure(args.tree, work / f"home-{n}-{mode}", models, mode, args.query, expected,
                      args.until_searchable, args.max_seconds)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print("# after:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    keys = ["mode", "first_answer_s", "first_answer_lexical", "all_files_s", "dense_done_s",
            "total_s", "chunks_created", "chunks_embedded", "tokens_embedded",
            "chunks_lexical_only"]
    print("\n| " + " | ".join(keys) + " |\n|" + "---|" * len(keys))
    for row in rows:
        print("| " + " | ".join(str(row.get(k)) for k in keys) + " |")


if __name__ == "__main__":
    main()

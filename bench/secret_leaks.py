"""Secret redaction on real and planted trees: what would be stored, and what detect-secrets says.

    python bench/secret_leaks.py planted       # the planted repository (tests/planted_secrets.py)
    python bench/secret_leaks.py index [--plant FILE.py] [--keep DIR]
    python bench/secret_leaks.py tree DIR [DIR ...] [--oracle] [--show N]

For every file the classifier admits, the text the chunker would cut (`secrets.redact`) is what
reaches the store. `planted` counts planted values still present there (leaks), values in
stored paths, and false blocks. `index` is the attacker's pass end to end: it builds the planted
repository (or the `planted()` list of FILE.py, Planted records of tests/planted_secrets.py kept
out of the repository), runs the real CLI (`repokb index`, real model, real store) into a fresh
REPOKB_HOME, asks `search --json` for every value and `explain --json` for every file, then looks
for every value (raw, base64 and UTF-16, and its 16-character pieces as the integration test
does) in every byte under the home (the store's LZ4 pages read back: tests/stored_pages.py),
every SQLite row and every answer. `tree` counts
redactions by detector and shows a sample of N of them (the line, value masked to its first 3
characters); with `--oracle`, detect-secrets' own
full scan (all default plugins and filters) runs on each admitted file and every value it
reports that survives redaction is a leak. Run it against another checkout to get a "before"
figure: `PYTHONPATH=/path/to/other/src python bench/secret_leaks.py ...`.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from repokb.models import Classification, SourceFile  # noqa: E402
from repokb.pipeline.classify import Classifier  # noqa: E402
from repokb.pipeline.discover import ProjectRoot  # noqa: E402
from repokb.secrets import mode_for, redact  # noqa: E402
from tests.stored_pages import readable_bytes  # noqa: E402


def _redact(text: str, language: str | None):  # type: ignore[no-untyped-def]
    try:
        return redact(text, mode_for(language), language)
    except TypeError:  # an older redact(text, mode)
        return redact(text, mode_for(language))


def admitted(root: Path) -> Iterator[tuple[SourceFile, Classification]]:
    """Every file of the tree with its classification (admitted or not)."""
    return Classifier.for_root(root).files(ProjectRoot(root.name, root), admitted=False)


def planted() -> None:
    from tests.planted_secrets import build

    root = Path(tempfile.mkdtemp()) / "planted"
    items = build(root)
    shown: dict[str, tuple[SourceFile, object]] = {}
    for f, c in admitted(root):
        shown[f.path] = (f, c)
    values = leaks = false_blocks = path_leaks = 0
    for item in items:
        values += len(item.values)
        record = next(((f, c) for p, (f, c) in shown.items()
                       if getattr(f, "real_path", p) == item.path or p == item.path), None)
        if record is None:
            continue
        f, c = record
        path_leaks += sum(v in f.path for v in item.values)
        policy = c.index_policy  # type: ignore[attr-defined]
        if not policy.admits_content:
            false_blocks += item.expect == "index"
            if item.expect == "index":
                print(f"  false block: {item.path} ({c.reasons[0]})")  # type: ignore[attr-defined]
            continue
        text = _redact(item.content, c.language).text  # type: ignore[attr-defined]
        for v in item.values:
            if v in text:
                leaks += 1
                print(f"  leak: {item.path}: {v[:4]}...")
    print(f"planted: {len(items)} files, {values} values; stored verbatim: {leaks}; "
          f"in stored paths: {path_leaks}; false blocks: {false_blocks}")


def index(plant: str | None, keep: str | None) -> None:
    import base64
    import json
    import os
    import shutil
    import sqlite3
    import subprocess

    items = _plant(plant)
    work = Path(tempfile.mkdtemp(prefix="secret-leaks-"))
    root, home = work / "planted", Path(keep) if keep else work / "home"
    for item in items:
        path = root / item.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(item.content, encoding="utf-8")
    env = {**os.environ, "REPOKB_HOME": str(home)}

    def cli(*args: str) -> str:
        run = subprocess.run([sys.executable, "-m", "repokb", *args], env=env, text=True,
                             capture_output=True, check=False)
        if run.returncode:
            print(f"  repokb {args[0]} failed ({run.returncode}): {run.stderr.strip()[-300:]}")
        return run.stdout

    started = time.perf_counter()
    indexed = cli("index", str(root), "--json")
    seconds = time.perf_counter() - started
    files = {f["path"]: f for f in json.loads(indexed or '{"files": []}')["files"]}
    answers = [indexed] + [cli("explain", str(root / i.path), "--json") for i in items]
    answers += [cli("search", "--json", "--limit", "5", "--", v) for i in items for v in i.values]
    shown = "\n".join(answers)
    # every byte but the embedding model's files, copied there (no value can come from them)
    # (the store's LZ4 pages read back too: a repeated run is a back-reference there)
    stored = b"\n".join(readable_bytes(p) for p in sorted(home.rglob("*"))
                        if p.is_file() and "models" not in p.relative_to(home).parts)
    rows = []
    for db in home.rglob("*.sqlite*"):
        if db.suffix not in (".sqlite", ".sqlite3", ".db"):
            continue
        with sqlite3.connect(db) as conn:
            for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'"):
                rows += [repr(r) for r in conn.execute(f'SELECT * FROM "{table}"')]
    catalog = "\n".join(rows)
    pieces_of = {}  # (item's path, value) -> the forms of the value looked for
    for item in items:
        for value in item.values:
            forms = [value, base64.b64encode(value.encode()).decode()]
            if len(value) >= 24 and not any(c.isspace() for c in value):  # a redaction cut short
                forms += [value[at:at + 16] for at in range(8, len(value) - 15)]
            pieces_of[item.path, value] = [v for v in forms
                                           if not any(v in r for r in item.readable)]
    # every form looked for in one Aho-Corasick pass per haystack (a `in` per form and
    # haystack took half an hour over a home of a few hundred MB and 80 long values)
    patterns = sorted({v for forms in pieces_of.values() for v in forms})
    in_shown, in_catalog = _present(patterns, shown), _present(patterns, catalog)
    in_stored = _present_bytes([v.encode() for v in patterns]
                               + [v.encode("utf-16-le") for v in patterns], stored)
    values = leaks = 0
    for item in items:
        record = files.get(item.path) or next((f for p, f in files.items()
                                               if p.endswith(item.path[-12:])), {})
        decided = (f"{record.get('kind')}/{record.get('index_policy')}, "
                   f"{record.get('chunks')} chunks")
        if item.expect == "index" and record.get("index_policy") in ("block", None):
            print(f"  false block: {item.path} ({decided})")
        for value in item.values:
            values += 1
            pieces = pieces_of[item.path, value]
            where = [name for name, found in (
                ("answers", any(v in in_shown for v in pieces)),
                ("home", any(v.encode() in in_stored or v.encode("utf-16-le") in in_stored
                             for v in pieces)),
                ("catalog", any(v in in_catalog for v in pieces))) if found]
            if where:
                leaks += 1
                print(f"  leak: {item.path} ({decided}): {value[:4]}... in {', '.join(where)}")
    print(f"index: {len(items)} files, {values} values, indexed in {seconds:.0f}s; "
          f"found under the home or in answers: {leaks}")
    if keep:
        print(f"kept: the home {home}, the planted tree {root} (remove both when done)")
    else:
        shutil.rmtree(work)


def _present(patterns: list[str], haystack: str) -> set[str]:
    """The patterns found in haystack (overlapping ones too)."""
    from ahocorasick_rs import AhoCorasick

    if not patterns or not haystack:
        return set()
    found = AhoCorasick(patterns).find_matches_as_indexes(haystack, overlapping=True)
    return {patterns[i] for i, _, _ in found}


def _present_bytes(patterns: list[bytes], haystack: bytes) -> set[bytes]:
    from ahocorasick_rs import BytesAhoCorasick

    if not patterns or not haystack:
        return set()
    found = BytesAhoCorasick(patterns).find_matches_as_indexes(haystack, overlapping=True)
    return {patterns[i] for i, _, _ in found}


def _plant(plant: str | None) -> list:  # type: ignore[type-arg]
    if plant is None:
        from tests.planted_secrets import planted as make
    else:
        import runpy
        make = runpy.run_path(plant)["planted"]
    return list(make())


def tree(dirs: list[str], oracle: bool, show: int) -> None:
    for d in dirs:
        root = Path(d).resolve()
        started = time.perf_counter()
        files = redacted_files = 0
        detectors: Counter[str] = Counter()
        samples: list[str] = []
        ds_found = ds_leaked = 0
        for f, c in admitted(root):
            if not c.index_policy.admits_content:
                continue
            try:
                text = f.absolute.read_text("utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            files += 1
            result = _redact(text, c.language)
            if result.findings:
                redacted_files += 1
            for finding in result.findings:
                detectors[finding.detector] += 1
                line = text[text.rfind("\n", 0, finding.start) + 1:finding.start]
                value = text[finding.start:finding.end]
                samples.append(f"{f.path}:{finding.line} [{finding.detector}] "
                               f"...{line[-40:]}{value[:3]}***")
            if oracle:
                for value in _detect_secrets(f.absolute):
                    ds_found += 1
                    if value in result.text:
                        ds_leaked += 1
                        print(f"  detect-secrets value kept: {f.path}: {value[:4]}...")
        seconds = time.perf_counter() - started
        total = sum(detectors.values())
        print(f"{root.name}: {files} admitted files, {redacted_files} with redactions, "
              f"{total} redactions in {seconds:.1f}s")
        for name, n in detectors.most_common():
            print(f"  {n:5d} {name}")
        if oracle:
            print(f"  detect-secrets (all default plugins+filters) found {ds_found} values in "
                  f"admitted files; left unredacted: {ds_leaked}")
        random.Random(13).shuffle(samples)
        for line in samples[:show]:
            print("  sample:", line)


def _detect_secrets(path: Path) -> list[str]:
    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings

    collection = SecretsCollection()
    with default_settings():
        collection.scan_file(str(path))
    return [s.secret_value for _, s in collection if s.secret_value]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("planted", "index", "tree"))
    parser.add_argument("dirs", nargs="*")
    parser.add_argument("--oracle", action="store_true")
    parser.add_argument("--show", type=int, default=0)
    parser.add_argument("--plant", help="a .py file whose planted() lists Planted records")
    parser.add_argument("--keep", help="index into this home and keep it (else a temporary one)")
    args = parser.parse_args()
    if args.what == "planted":
        planted()
    elif args.what == "index":
        index(args.plant, args.keep)
    else:
        tree(args.dirs, args.oracle, args.show)


if __name__ == "__main__":
    main()

"""CPU seconds per redaction finder on real trees, each called as `secrets.find_all` calls it.

    python bench/redaction_cpu.py DIR [DIR ...] [--rounds N] [--profile FINDER]

Walks each tree the way an index does (discover, classify, decode the text of every file whose
content the policy admits; the walk is not timed), then over those texts times every finder
(`process_time`, summed per finder, the best of `--rounds` rounds), the key words the
finders share (`keylines.KeyLines`: the text lower-cased and one pass for every finder's words,
made once per text as find_all makes it), and the whole `find_all` on its own.
`--profile FINDER` (e.g. `openresty`) prints cProfile's top functions inside that one finder.
Run it with `PYTHONPATH=/other/checkout/src` for another version of repokb (of the same
calling convention: an older one with its own copy of this script).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from repokb import secrets as S  # noqa: E402
from repokb.pipeline.chunk import FileProblem, decode_text  # noqa: E402
from repokb.pipeline.classify import Classifier  # noqa: E402
from repokb.pipeline.discover import ProjectRoot  # noqa: E402
from repokb.secrets.keylines import KeyLines  # noqa: E402
from repokb.secrets.library import library_findings  # noqa: E402

Text = tuple[str, str, str | None]  # text, mode, language


def texts(root: Path) -> list[Text]:
    classifier = Classifier.for_root(root)
    out: list[Text] = []
    for item, c in classifier.files(ProjectRoot(root.name, root)):
        try:
            text, _ = decode_text(item.absolute.read_bytes())
        except (FileProblem, OSError):
            continue
        out.append((text, S.mode_for(c.language), c.language))
    return out


# every finder as find_all calls it, by name: scan's and detect-secrets' own, then the others
FINDERS: dict[str, Callable[[str, str, str | None, KeyLines], Any]] = {
    "scan": lambda text, mode, language, keys: S.scan(text, mode, keys),
    "library": library_findings,
    **S.FINDERS,
}


def measure(items: list[Text]) -> dict[str, float]:
    """CPU seconds per finder (and `keys`, `find_all`) over items. The finders share a text's
    key words (`KeyLines`: the text lower-cased, every finder's words found in one pass) in
    find_all: they are made once per text, their cost shown once (`keys (once)`)."""
    out: dict[str, float] = {}
    started = time.process_time()
    shared = []
    for t, _, _ in items:
        keys = KeyLines(t)
        keys.at("pass")  # the one pass
        shared.append(keys)
    out["keys (once)"] = time.process_time() - started
    for name, run in FINDERS.items():
        spent = 0.0
        for (t, mode, language), keys in zip(items, shared, strict=True):
            started = time.process_time()
            run(t, mode, language, keys)
            spent += time.process_time() - started
        out[name] = spent
    started = time.process_time()
    for t, mode, language in items:
        S.find_all(t, mode, language)  # type: ignore[arg-type]
    out["find_all"] = time.process_time() - started
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--profile", choices=sorted(FINDERS))
    args = parser.parse_args()
    for d in args.dirs:
        root = Path(d).resolve()
        items = texts(root)
        size = sum(len(t) for t, _, _ in items) / 1e6
        print(f"{root.name}: {len(items)} admitted files, {size:.1f} M characters")
        if args.profile:
            run = FINDERS[args.profile]
            profile = cProfile.Profile()
            profile.enable()
            for t, mode, language in items:
                run(t, mode, language, KeyLines(t))
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(15)
            continue
        best: dict[str, float] = {}
        for _ in range(args.rounds):
            for name, seconds in measure(items).items():
                best[name] = min(best.get(name, seconds), seconds)
        for name, seconds in best.items():
            print(f"  {seconds:7.2f} s  {name}")
        finders = sum(v for k, v in best.items() if k in FINDERS)
        print(f"  {finders:7.2f} s  (sum of finders)")


if __name__ == "__main__":
    main()

"""Every redaction on real trees, per detector, and what changed between two versions of repokb.

    python bench/redaction_findings.py dump OUT.json DIR [DIR ...]
    python bench/redaction_findings.py diff BEFORE.json AFTER.json [--values]

`dump` walks each tree the way an index does (discover, classify, then `secrets.redact` on the
text of every file whose content the policy admits, in its language's mode) and writes every
finding (tree, path, line, detector, the line's text and the value's place in it) to OUT.json;
it prints the count per detector and the CPU seconds spent in `redact` alone. Run it once per
version (`PYTHONPATH=/other/checkout/src python bench/redaction_findings.py dump ...` for the
"before"), then `diff` prints the counts side by side and every finding that is new or gone,
with its line, so each one can be read and judged. Values are masked to their first 3
characters unless `--values` (OUT.json holds them: keep it outside the repository).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from repokb.pipeline.chunk import FileProblem, decode_text  # noqa: E402
from repokb.pipeline.classify import Classifier  # noqa: E402
from repokb.pipeline.discover import ProjectRoot  # noqa: E402
from repokb.secrets import mode_for, redact  # noqa: E402


def dump(out: Path, dirs: list[str]) -> None:
    records: list[dict[str, object]] = []
    for d in dirs:
        root = Path(d).resolve()
        classifier = Classifier.for_root(root)
        files = 0
        cpu = 0.0
        detectors: Counter[str] = Counter()
        for item, c in classifier.files(ProjectRoot(root.name, root)):
            try:
                text, _ = decode_text(item.absolute.read_bytes())
            except (FileProblem, OSError):
                continue
            files += 1
            started = time.process_time()
            result = redact(text, mode_for(c.language), c.language)
            cpu += time.process_time() - started
            for f in result.findings:
                detectors[f.detector] += 1
                line_start = text.rfind("\n", 0, f.start) + 1
                line_end = text.find("\n", f.start)
                line = text[line_start:len(text) if line_end == -1 else line_end]
                records.append({"tree": root.name, "path": item.path, "line": f.line,
                                "detector": f.detector, "language": c.language,
                                "text": line[:400], "at": f.start - line_start,
                                "value": text[f.start:f.end][:200]})
        print(f"{root.name}: {files} admitted files, {sum(detectors.values())} findings, "
              f"redact CPU {cpu:.2f} s")
        for name, n in detectors.most_common():
            print(f"  {n:5d} {name}")
    out.write_text(json.dumps(records))


def _key(r: dict[str, object]) -> tuple[object, ...]:
    return (r["tree"], r["path"], r["line"], r["at"], r["value"])


def _show(r: dict[str, object], values: bool) -> str:
    value = str(r["value"])
    text, at = str(r["text"]), int(r["at"])  # type: ignore[call-overload]
    shown = value if values else value[:3] + "***"
    line = (text[:at] + "[[" + shown + "]]" + text[at + len(value):]).strip()
    return f"{r['tree']}/{r['path']}:{r['line']} [{r['detector']}] {line[:240]}"


def diff(before_file: Path, after_file: Path, values: bool) -> None:
    before = json.loads(before_file.read_text())
    after = json.loads(after_file.read_text())
    trees = sorted({str(r["tree"]) for r in before + after})
    for tree in trees:
        b = Counter(str(r["detector"]) for r in before if r["tree"] == tree)
        a = Counter(str(r["detector"]) for r in after if r["tree"] == tree)
        print(f"{tree}: {sum(b.values())} -> {sum(a.values())} findings")
        for name in sorted(set(a) | set(b), key=lambda n: -max(a[n], b[n])):
            mark = "" if a[name] == b[name] else "   <-"
            print(f"  {b[name]:5d} -> {a[name]:5d} {name}{mark}")
    old = {_key(r) for r in before}
    new = {_key(r) for r in after}
    for title, rows, other in (("new", after, old), ("gone", before, new)):
        changed = [r for r in rows if _key(r) not in other]
        print(f"\n{len(changed)} {title} findings")
        for r in changed:
            print("  " + _show(r, values))


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="what", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("dirs", nargs="+")
    c = sub.add_parser("diff")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--values", action="store_true")
    args = parser.parse_args()
    if args.what == "dump":
        dump(args.out, args.dirs)
    else:
        diff(args.before, args.after, args.values)


if __name__ == "__main__":
    main()

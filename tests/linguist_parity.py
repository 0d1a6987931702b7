"""Linguist parity on the labelled paths of Linguist's own tests (golden/linguist/labels.yml).

Method: each labelled path is classified by repokb as a file of that name holding `head` (or a
few neutral bytes when no content is given). A vendored or generated path counts as agreed when
repokb keeps it out of the index (its policy admits no content: vendor, generated, lockfile,
fixture, tool settings); a documentation path when repokb calls it documentation (kind, or the
`documentation` flag for code in a documentation folder). Precision counts the `neg` paths
repokb labels with that category (kind vendor; kind generated or lockfile; documentation):
repokb keeps other files out for its own reasons (CSS and unknown formats are metadata only by
default), which is no claim that they are vendored or generated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from repokb.models import SourceFile
from repokb.pipeline.classify import Classifier

LABELS = Path(__file__).parent / "golden" / "linguist" / "labels.yml"


@dataclass
class Score:
    category: str
    tp: int = 0
    fn: int = 0
    fp: int = 0
    misses: list[str] = field(default_factory=list)
    false: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.tp / max(self.tp + self.fn, 1)

    @property
    def precision(self) -> float:
        return self.tp / max(self.tp + self.fp, 1)


def _classify(classifier: Classifier, root: Path, path: str, head: str | None) -> Any:
    data = (head if head is not None else "x = 1\n").encode()
    return classifier.classify(SourceFile("linguist", root, path, len(data), 0), head=data)


_LABELLED_KINDS = {"vendored": ("vendor",), "generated": ("generated", "lockfile")}


def _agrees(category: str, c: Any) -> bool:
    if category == "documentation":
        return c.kind.value == "documentation" or "documentation" in c.flags
    return not c.index_policy.admits_content


def _labels(category: str, c: Any) -> bool:
    if category == "documentation":
        return _agrees(category, c)
    return c.kind.value in _LABELLED_KINDS[category]


def score(root: Path) -> dict[str, Score]:
    labels = yaml.safe_load(LABELS.read_text("utf-8"))
    classifier = Classifier(None)
    out = {}
    for category, sets in labels.items():
        s = Score(category)
        for entry in sets["pos"]:
            path, head = (entry, None) if isinstance(entry, str) else (entry["path"],
                                                                     entry.get("head"))
            if _agrees(category, _classify(classifier, root, path, head)):
                s.tp += 1
            else:
                s.fn += 1
                s.misses.append(path)
        for entry in sets["neg"]:
            path, head = (entry, None) if isinstance(entry, str) else (entry["path"],
                                                                     entry.get("head"))
            if _labels(category, _classify(classifier, root, path, head)):
                s.fp += 1
                s.false.append(path)
        out[category] = s
    return out

"""An uploaded project's files judged again when its rule files change.

A walk reads the project's `.repokb.yml` and `.gitattributes` before any file; a client of the
REST API may upload them after other files (or upload a new version). The files already
recorded are then judged again under the new rules, as far as the server can: it keeps no
uploaded bytes (an upload's content lives only as redacted chunks), so a file is judged again
by its path and size, the part of a decision the rule files speak of (include / exclude,
sensitive, source / docs / generated roots, vendor overrides, Linguist's lines are all path
rules). Each file is classified twice without its content, under the old rules and the new;
where the two agree the change does not concern it, and where they differ:

- now left out (excluded, sensitive, generated, vendored): its chunks leave the store and its
  record says why, as the walk records it (`removed`);
- now admitted, or admitted as another kind: its content is needed to index it (or to cut and
  enrich it as its new kind) and was not kept, so the client is told to upload it again
  (`upload_again`); a file that was out only by the old rules (not by its content: binary,
  too large, a secret) is recorded so, an indexed one keeps its chunks until then;
- a blocked file stays blocked (no rule file unblocks a secret).

A folder recorded as left out that the new rules reopen (a vendor override into `vendor/`) is
forgotten and listed in `upload_again` (its files were never recorded).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from repokb.models import Classification, Policy, SourceFile
from repokb.pipeline.classify import Classifier
from repokb.pipeline.run import drop_points
from repokb.stores.base import Store
from repokb.stores.catalog import Catalog, Entry


@dataclass
class Rejudged:
    removed: list[str] = field(default_factory=list)  # now left out: chunks gone
    upload_again: list[str] = field(default_factory=list)  # needs its content: send it again

    def to_json(self) -> dict[str, list[str]]:
        return {"removed": self.removed, "upload_again": self.upload_again}


def _by_path(classifier: Classifier, root: Path, project: str,
             entry: Entry) -> Classification:
    """The file's decision by its path and size alone (no byte of it: an empty head)."""
    return classifier.classify(SourceFile(project, root, entry.path, entry.size or 0, 0), b"")


def _same(a: Classification, b: Classification) -> bool:
    return (a.kind, a.index_policy, a.knowledge_role, a.reasons[:1]) == (
        b.kind, b.index_policy, b.knowledge_role, b.reasons[:1])


def rejudge(catalog: Catalog, store: Store, root: Path, project: str, before: Classifier,
            after: Classifier, counts: Counter[str]) -> Rejudged:
    """Judge the recorded files of an uploaded `project` again (`root`: where its files
    point, no folder), `before` being the classifier of the old rule files and `after` that
    of the new (see the module's docstring); the folders are pipeline/uploads.py's. Counts
    `files_rejudged_removed`, `files_rejudged_upload_again` and `chunks_pruned`."""
    done = Rejudged()
    changed: list[tuple[Entry, Classification, str]] = []  # (entry, new record, why)
    clearing = {rule.id for rule in after.rules if rule.then.clears}
    for entry in catalog.entries(project).values():
        if entry.is_dir or entry.classification is None \
                or entry.classification.index_policy is Policy.BLOCK:
            continue
        old, new = (_by_path(before, root, project, entry),
                    _by_path(after, root, project, entry))
        if (old.rules, old.signals) == (new.rules, new.signals):
            continue  # no rule of the rule files changed for it
        if not new.index_policy.admits_content:
            if entry.status == "indexed" or not _same(entry.classification, new):
                changed.append((entry, new, new.reasons[0]))
                done.removed.append(entry.path)
        elif entry.status == "indexed":
            if not _same(old, new):  # another kind now: cut and enriched as such
                done.upload_again.append(entry.path)
        elif _same(entry.classification, old) or clearing.intersection(
                set(new.rules) - set(old.rules)):
            # out by the old rules, or a negation now turns off the rule that took it out
            # (`-linguist-generated` on a file whose head says generated): its content decides
            done.upload_again.append(entry.path)
            rules = after.label_of(entry.path) or before.label_of(entry.path)
            changed.append((entry, new, f"judged again since it was uploaded ({rules} "
                            "changed): admitted by its path, but its content was not kept "
                            "(upload it again to index it)"))
    with catalog.transaction():
        for entry, c, why in changed:
            drop_points(store, project, counts, entry)
            catalog.put(project, entry.path, status="skipped", reason=why, size=entry.size,
                        mtime_ns=entry.mtime_ns, classification=c)
    counts["files_rejudged_removed"] += len(done.removed)
    counts["files_rejudged_upload_again"] += len(done.upload_again)
    return done

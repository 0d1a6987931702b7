"""Stage 2 — classify: decide what each file is and whether it may become knowledge, and why.

A small front for the rule engine (rules/engine.py) and its tables (rules/ruleset.py,
rules/tables.py): one `Classifier` per project run holds that project's repository config, its
.gitattributes (the root's, and once the walk found them those of the folders below:
`read_below`) and caches; `classify()` is the one-file shortcut. Only a bounded head of each
file is ever read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path

from repokb import packed
from repokb.formats import linguist_id
from repokb.models import Classification, Policy, Signal, SkippedPath, SourceFile
from repokb.pipeline.discover import discover, scope_record
from repokb.roots import ProjectRoot
from repokb.rules import tables as T
from repokb.rules.engine import Screen, decide, order
from repokb.rules.facts import FileFacts, Limits, ProjectContext
from repokb.rules.gitattributes import NAME as GITATTRIBUTES
from repokb.rules.gitattributes import GitAttributes, gitattributes_of, load_gitattributes
from repokb.rules.repo_config import RepoConfig, config_of, load_repo_config
from repokb.rules.ruleset import BUILTIN_RULES, CLASSIFIER_VERSION, CONSTRAINTS, KIND_DEFAULTS
from repokb.secrets import mode_for

__all__ = ["CLASSIFIER_VERSION", "Classifier", "Limits", "classify"]


class Classifier:
    """Classifies the files of one project: its config is read once, its rules sorted once."""

    def __init__(self, config: RepoConfig | None = None, limits: Limits | None = None,
                 attributes: GitAttributes | None = None) -> None:
        self.config = config
        self.limits = limits or Limits()
        self.context = ProjectContext()
        self.sources: dict[str, bytes] | None = None  # an upload's: what it was made from
        self._attribute(attributes)

    def _attribute(self, attributes: GitAttributes | None) -> None:
        """Take the project's .gitattributes lines into the rules."""
        self.attributes = attributes
        config = self.config
        extra = config.rules() if config else ()
        # the config's rules sort before .gitattributes' in each tier (priority), and the
        # paths it decides outright are never taken from it by a .gitattributes line
        marked = attributes.rules(config.claimed() if config else ()) if attributes else ()
        self.rules = order((*BUILTIN_RULES, *extra, *marked))
        self.screen = Screen(self.rules)

    @classmethod
    def for_root(cls, root: Path, limits: Limits | None = None) -> Classifier:
        """The classifier of the project at `root`: its repository config and its root
        .gitattributes (`read_below` reads those of its folders)."""
        return cls(load_repo_config(root), limits, load_gitattributes(root))

    @classmethod
    def for_upload(cls, texts: Mapping[str, bytes], limits: Limits | None = None) -> Classifier:
        """The classifier of an uploaded project (it has no folder), from the files that
        change its rules as its uploads kept them (path -> bytes: its `.repokb.yml`, its
        .gitattributes at the root and below): the walk's rules, read from bytes instead of a
        folder. `sources` keeps them (a classifier made before the write lock is still this
        project's if they did not change meanwhile)."""
        made = cls(config_of(texts), limits, gitattributes_of(texts))
        made.sources = dict(texts)
        return made

    def read_below(self, project: ProjectRoot,
                   walked: Iterable[SourceFile | SkippedPath] = (),
                   folders: Iterable[tuple[str, str]] = ()) -> None:
        """Read the .gitattributes of the folders below the root too, before classifying their
        files: those among the files the walk of `project` found (`walked`: no second walk),
        for a run of one folder (`project.scope`) those of the folders down to it, and those
        of the folders down to each of `folders` ((recorded, on disk): the folders of files
        found without a walk, freshness.py's added ones); a file not there is skipped."""
        nested = [item for item in walked if isinstance(item, SourceFile)
                  and item.path.endswith("/" + GITATTRIBUTES)]
        chains = [*folders, *([(scope_record(project), project.scope)] if project.scope else [])]
        for shown, disk in chains:  # the folders down to each, which no walk listed
            shown_parts, disk_parts = shown.split("/"), disk.split("/")
            nested += [SourceFile(project.name, project.root,
                                  "/".join([*shown_parts[: i + 1], GITATTRIBUTES]), 0, 0,
                                  "/".join([*disk_parts[: i + 1], GITATTRIBUTES]))
                       for i in range(min(len(disk_parts), len(shown_parts))) if disk]
        if nested:
            self._attribute(load_gitattributes(project.root, nested))

    def label_of(self, path: str) -> str | None:
        """The project files that changed the rules for `path` (config files, the
        .gitattributes of its folder and those above it)."""
        names = [self.config.label] if self.config else []
        names += self.attributes.names_of(path) if self.attributes else []
        return ", ".join(names) or None

    def digest_of(self, path: str) -> str | None:
        """Their content hash: an edit of any re-classifies the file at `path`."""
        attributes = self.attributes.digest_of(path) if self.attributes else None
        if attributes is None:
            return self.config.digest if self.config else None
        return hashlib.sha256(((self.config.digest if self.config else "") + "+"
                               + attributes).encode()).hexdigest()[:16]

    def files(self, root: ProjectRoot,
              admitted: bool = True) -> Iterator[tuple[SourceFile, Classification]]:
        """The files under `root` with their classification, as an index run walks them (only
        those whose content the policy admits, unless `admitted` is False); for benchmarks
        and tools that read trees the way repokb does."""
        items = list(discover(root, self.config))
        self.read_below(root, items)
        for item in items:
            if isinstance(item, SourceFile):
                c = self.classify(item)
                if c.index_policy.admits_content or not admitted:
                    yield item, c

    def classify(self, file: SourceFile, head: bytes | None = None) -> Classification:
        """Classify one file; `head` gives its first bytes from memory (uploads) instead of
        reading the disk. A compressed text file (`ls.1.gz`) is decided as the file it holds
        when that one is read or blocked (packed.py); else as it stands."""
        inner = packed.inner_name(file.path) if head is None else None
        if inner is not None and file.size <= self.limits.max_file_bytes:
            unpacked = self._unpacked(file, *inner)
            if unpacked is not None:
                return unpacked
        return self._classify(file, head)

    def _unpacked(self, file: SourceFile, path: str, fmt: str) -> Classification | None:
        """The decision on what a packed file holds, as if `path` were there with that text;
        None when it is not read (refused, unknown, or metadata only: the file then stands
        as a compressed file, with the reason it was not unpacked)."""
        try:
            with file.open() as fh:
                data = packed.unpack(fh, fmt, file.size, self.limits.max_file_bytes)
        except OSError:
            return None
        except packed.Refused as refused:
            c = self._classify(file, None)
            return replace(c, reasons=(*c.reasons, str(refused)))
        if data is None:
            return None
        view = SourceFile(file.project, file.root, path, len(data), file.mtime_ns,
                          file.disk_path or file.path)
        c = self._classify(view, data)
        if not (c.index_policy.admits_content or c.index_policy is Policy.BLOCK):
            return None
        name = path.rsplit("/", 1)[-1]
        return replace(c, reasons=(f"{fmt}-compressed {name}, read unpacked "
                                   f"({len(data):,} bytes)", *c.reasons),
                       signals=(Signal(type=packed.SIGNAL,
                                       value=packed.signal_value(fmt, path, len(data)),
                                       weight=0.0), *c.signals))

    def _classify(self, file: SourceFile, head: bytes | None) -> Classification:
        given = self.attributes.language_of(file.path) if self.attributes else None
        language = linguist_id(given[0]) if given else None
        note = None
        if given and language:
            where = f"linguist-language in {given[1].file} ({given[1].label})"
            own = FileFacts(file=file, limits=self.limits, project=self.context,
                            content=head).language
            if own is not None and _SCAN_STRICTNESS[mode_for(language)] < \
                    _SCAN_STRICTNESS[mode_for(own)]:  # `*.yml linguist-language=Python`
                note = (f"language {given[0]} not taken ({where}): secrets are looked for in "
                        f"{own} as in {mode_for(own)}, more strictly than in {given[0]}")
                language = None
            else:
                note = f"language {given[0]}: marked {where}"
        facts = FileFacts(file=file, limits=self.limits, project=self.context, content=head,
                          language_given=language)
        c = decide(facts, self.screen(facts), KIND_DEFAULTS, CONSTRAINTS, CLASSIFIER_VERSION)
        if note:  # the project's word for the language, and where it says so
            c = replace(c, reasons=(*c.reasons, note))
        package = facts.nearest_dir_with(T.PACKAGE_MARKERS) if c.index_policy.admits_content \
            else None
        signals = c.signals
        if package:  # a monorepo package below the project root: its own boundary
            signals = (*signals, Signal(type="package", value=package, weight=0.5))
        if self.config is None and self.attributes is None:
            return replace(c, package=package, signals=signals)
        return replace(c, package=package, signals=signals, config_path=self.label_of(file.path),
                       config_digest=self.digest_of(file.path))


# a .gitattributes language never makes the secret scan of a file laxer than its own language's:
# `password: X` is a value in configuration, and may be a variable's name in code
_SCAN_STRICTNESS = {"code": 0, "text": 1, "config": 2}


def classify(file: SourceFile, *, head_bytes: int = 8192, max_file_bytes: int = 2_000_000,
             skip_file_bytes: int = 50_000_000, max_tabular_bytes: int = 1_000_000,
             max_notebook_bytes: int = 32_000_000, config: RepoConfig | None = None,
             head: bytes | None = None) -> Classification:
    """Classify one file (a fresh Classifier each call; a pipeline keeps one per project)."""
    limits = Limits(head_bytes, max_file_bytes, skip_file_bytes, max_tabular_bytes,
                    max_notebook_bytes)
    return Classifier(config, limits).classify(file, head)

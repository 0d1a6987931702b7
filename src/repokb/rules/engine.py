"""The rule engine: ordered rules (data), each a set of conditions and an outcome.

Rules are sorted by tier (SPEC §2 precedence, highest first), then priority, then position in
the table. Every rule whose conditions all hold fires and records its signals; a non-terminal
rule only adds flags (large, sensitive, redact ...) and the walk goes on; the first terminal rule
decides kind, subkind, role and policy, and ends the walk. Constraints then cap the policy
(e.g. a large file is metadata only, whatever its kind).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum

import pathspec

from repokb.models import Classification, Kind, Policy, Role, Signal
from repokb.rules.facts import FileFacts


class Tier(IntEnum):
    """SPEC §2 precedence; FORMAT (empty, binary, size) sits where no later rule could read."""

    BLOCK = 90
    SECURITY = 80
    VENDOR = 70
    GENERATED = 60
    FORMAT = 55
    CONFIG = 50
    PATH = 40
    LANGUAGE = 30
    CONTENT = 20
    FALLBACK = 0


# -- conditions: each returns evidence (the signal value) or None --------------------------
class Condition:
    signal = "path"

    def check(self, f: FileFacts) -> str | None:
        raise NotImplementedError


def _glob_regex(globs: Iterable[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{fnmatch.translate(g)})" for g in globs) or "(?!)")


@dataclass(frozen=True)
class Name(Condition):
    """File name (lower case) equals or matches one of the globs."""

    globs: tuple[str, ...]
    signal = "name"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_any", _glob_regex(g.lower() for g in self.globs))

    def check(self, f: FileFacts) -> str | None:
        if not self._any.match(f.lower_name):  # type: ignore[attr-defined]
            return None
        return next(g for g in self.globs if fnmatch.fnmatchcase(f.lower_name, g.lower()))


@dataclass(frozen=True)
class CaseName(Condition):
    """File name matches a case-sensitive glob (`*Test.java`)."""

    globs: tuple[str, ...]
    signal = "name"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_any", _glob_regex(self.globs))

    def check(self, f: FileFacts) -> str | None:
        if not self._any.match(f.name):  # type: ignore[attr-defined]
            return None
        return next(g for g in self.globs if fnmatch.fnmatchcase(f.name, g))


@dataclass(frozen=True)
class Ext(Condition):
    extensions: frozenset[str]
    signal = "extension"

    def check(self, f: FileFacts) -> str | None:
        return f.ext if f.ext in self.extensions else None


@dataclass(frozen=True)
class Dir(Condition):
    """Any directory on the file's path has one of these names (case-insensitive)."""

    names: frozenset[str]
    signal = "dir"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_lower", frozenset(n.lower() for n in self.names))

    def check(self, f: FileFacts) -> str | None:
        hit = f.lower_dirs & self._lower  # type: ignore[attr-defined]
        if not hit:
            return None
        return next(d + "/" for d in f.dirs if d.lower() in hit)


@dataclass(frozen=True)
class Glob(Condition):
    """gitwildmatch patterns over the relative path (as in .gitignore)."""

    patterns: tuple[str, ...]
    signal = "path"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_specs", tuple(
            (p, _matcher(pathspec.GitIgnoreSpec.from_lines([p]))) for p in self.patterns))

    def check(self, f: FileFacts) -> str | None:
        return next((p for p, matches in self._specs  # type: ignore[attr-defined]
                     if matches(f.file.path)), None)


def _matcher(spec: pathspec.GitIgnoreSpec) -> Callable[[str], object]:
    """What `spec.match_file` answers for a canonical path (relative, POSIX, no './', which
    pathspec would normalise first): a single including pattern is its own regex, searched
    as pathspec searches it, without pathspec's per-call wrapping."""
    patterns = list(spec.patterns)
    if len(patterns) == 1 and patterns[0].include and isinstance(
            getattr(patterns[0], "regex", None), re.Pattern):
        return patterns[0].regex.search  # type: ignore[union-attr]
    return spec.match_file


@dataclass(frozen=True)
class Lang(Condition):
    languages: frozenset[str | None]
    signal = "language"

    def check(self, f: FileFacts) -> str | None:
        return (f.language or "none") if f.language in self.languages else None


@dataclass(frozen=True)
class Sniff(Condition):
    """A named content sniffer (rules/sniff.py) found something in the head."""

    sniffer: str
    signal = "content"

    def check(self, f: FileFacts) -> str | None:
        return f.sniff(self.sniffer)


@dataclass(frozen=True)
class Fact(Condition):
    """A computed fact about the file: a small named function, kept out of the table."""

    label: str
    test: Callable[[FileFacts], str | None]
    signal: str = "content"

    def check(self, f: FileFacts) -> str | None:
        return self.test(f)


def fact(label: str, signal: str = "content") -> Callable[[Callable[[FileFacts], str | None]],
                                                          Fact]:
    """A function made a `Fact` of that label and signal, as a decorator (rules/checks.py)."""
    def wrap(fn: Callable[[FileFacts], str | None]) -> Fact:
        return Fact(label, fn, signal)
    return wrap


@dataclass(frozen=True)
class Not(Condition):
    inner: Condition
    signal = "not"

    def check(self, f: FileFacts) -> str | None:
        return None if self.inner.check(f) is not None else ""


@dataclass(frozen=True)
class AnyOf(Condition):
    options: tuple[Condition, ...]
    signal = "any"

    def check(self, f: FileFacts) -> str | None:
        return next((e for c in self.options if (e := c.check(f)) is not None), None)


# -- outcome and rule ----------------------------------------------------------------------
@dataclass(frozen=True)
class Then:
    kind: Kind | None = None  # None: a non-terminal rule that only adds flags
    reason: str = ""  # may use {evidence} {language} {name}
    subkind: str | None = None  # may use {language}
    subkinds: Mapping[str, str] | None = None  # evidence -> subkind
    role: Role | None = None  # default: by kind (rules/ruleset.py KIND_DEFAULTS)
    policy: Policy | None = None
    flags: tuple[str, ...] = ()
    confidence: float = 0.9
    # flags whose built-in rules no longer fire for this file (`-linguist-vendored` in
    # .gitattributes turns off repokb's own vendor rules): set by a non-terminal rule
    clears: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    id: str
    tier: Tier
    when: tuple[Condition, ...]
    then: Then
    weight: float = 0.8
    priority: int = 0
    source: str | None = None  # the config file a rule came from; None for built-ins

    @property
    def terminal(self) -> bool:
        return self.then.kind is not None


@dataclass(frozen=True)
class Constraint:
    """After the decision: a flag that caps an admitting policy, with the reason why."""

    flag: str
    policy: Policy
    role: Role
    reason: str


@dataclass
class _Walk:
    signals: list[Signal] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    fired: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    flag_reasons: dict[str, str] = field(default_factory=dict)  # flag -> why it was set


def order(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    indexed = list(enumerate(rules))
    indexed.sort(key=lambda item: (-item[1].tier, -item[1].priority, item[0]))
    return tuple(r for _, r in indexed)


def could_fire(rule: Rule, ext: str, language: str | None) -> bool:
    """False when one of the rule's conditions on the extension or the language fails for
    these: the rule cannot fire, whatever else the file holds. (Conditions on anything else,
    and those inside AnyOf, are left to the rule's own check.)"""
    for c in rule.when:
        if (isinstance(c, Ext) and ext not in c.extensions
                or isinstance(c, Lang) and language not in c.languages
                or isinstance(c, Not) and isinstance(c.inner, Lang)
                and language in c.inner.languages):
            return False
    return True


class Screen:
    """The rules (in order) that could fire for an extension and a language, worked out once
    per pair: a file is then walked through those only (about half the table)."""

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        self.rules = rules
        self._by_pair: dict[tuple[str, str | None], tuple[Rule, ...]] = {}

    def __call__(self, f: FileFacts) -> tuple[Rule, ...]:
        key = (f.ext, f.language)
        found = self._by_pair.get(key)
        if found is None:
            found = self._by_pair[key] = tuple(r for r in self.rules if could_fire(r, *key))
        return found


def _fires(rule: Rule, f: FileFacts) -> list[Signal] | None:
    signals = []
    for condition in rule.when:
        evidence = condition.check(f)
        if evidence is None:
            return None
        if evidence:  # Not(...) gives "" and records nothing
            signals.append(Signal(type=condition.signal, value=evidence, weight=rule.weight))
    return signals


def decide(f: FileFacts, rules: tuple[Rule, ...], defaults: Mapping[Kind, tuple[Role, Policy]],
           constraints: tuple[Constraint, ...], version: str) -> Classification:
    walk = _Walk()
    decided: tuple[Rule, str] | None = None
    cleared: set[str] = set()
    for rule in rules:
        if cleared and rule.source is None and cleared.intersection(rule.then.flags):
            continue
        signals = _fires(rule, f)
        if signals is None:
            continue
        walk.signals.extend(signals)
        walk.fired.append(rule.id)
        if rule.source and rule.source not in walk.sources:
            walk.sources.append(rule.source)
        walk.flags.extend(x for x in rule.then.flags if x not in walk.flags)
        cleared.update(rule.then.clears)
        evidence = signals[0].value if signals else ""
        if rule.then.reason and not rule.terminal:
            walk.reasons.append(_fill(rule.then.reason, f, evidence))
            for flag in rule.then.flags:
                walk.flag_reasons.setdefault(flag, walk.reasons[-1])
        if rule.terminal:
            decided = (rule, evidence)
            break
    if decided is None:
        raise LookupError("the rule table must end with a rule that always fires")
    rule, evidence = decided
    then = rule.then
    assert then.kind is not None
    role, policy = defaults[then.kind]
    role, policy = then.role or role, then.policy or policy
    reasons = [_fill(then.reason, f, evidence), *walk.reasons]
    for c in constraints:
        if c.flag in walk.flags and policy.admits_content:
            role, policy = c.role, c.policy
            # the reason that decided the policy goes first: "empty file", not "python source"
            decisive = c.reason or walk.flag_reasons.get(c.flag, "")
            reasons = [decisive, *(r for r in reasons if r != decisive)]
    subkind = (then.subkinds or {}).get(evidence) or then.subkind
    return Classification(
        kind=then.kind, subkind=_fill(subkind, f, evidence) if subkind else None,
        language=f.language, knowledge_role=role, index_policy=policy, reasons=tuple(reasons),
        confidence=then.confidence, flags=tuple(walk.flags), signals=tuple(walk.signals),
        classifier_version=version, rules=tuple(walk.fired),
    )


def _fill(template: str, f: FileFacts, evidence: str) -> str:
    if "{" not in template:
        return template
    return template.format(evidence=evidence, language=f.language or "text", name=f.name)

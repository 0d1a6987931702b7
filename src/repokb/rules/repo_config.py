"""Repository config: `.repokb.yml` (and the seed's `.ai-docs.yml`) at a project root.

    classification:
      include: ["src/**", "docs/**"]          # only these paths may be indexed
      exclude: ["src/legacy/**"]              # never these
      sourceRoots: ["src/main/java"]          # code here is source (tests inside stay tests)
      testRoots: ["src/test/java"]
      docsRoots: ["handbook"]
      generatedRoots: ["src/gen"]
      sensitive: ["config/prod/**"]           # extra blocked paths (adding blocks is allowed)
      vendorOverrides:
        - path: third_party/rules-engine/**
          treatAs: source
          reason: Internally modified fork used as product logic

The config becomes rules in the engine's tiers: `sensitive` in BLOCK, `vendorOverrides` in VENDOR,
`generatedRoots` in GENERATED, the rest in CONFIG. So a config can never unblock a secret: the
built-in block and security rules run first. Errors name the file, the line and the key.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pathspec
import yaml

from repokb.errors import ConfigError
from repokb.models import Kind
from repokb.rules.engine import Fact, Glob, Lang, Not, Rule, Then, Tier
from repokb.rules.facts import FileFacts
from repokb.rules.layout import TEST_LAYOUT
from repokb.rules.ruleset import CODE, DOCS

CONFIG_NAMES = (".repokb.yml", ".repokb.yaml", ".ai-docs.yml", ".ai-docs.yaml")
_LISTS = {  # accepted spelling -> canonical name
    "include": "include", "exclude": "exclude", "sensitive": "sensitive",
    "sourceRoots": "source_roots", "source_roots": "source_roots",
    "testRoots": "test_roots", "test_roots": "test_roots",
    "docsRoots": "docs_roots", "docs_roots": "docs_roots",
    "generatedRoots": "generated_roots", "generated_roots": "generated_roots",
}
_OVERRIDES = ("vendorOverrides", "vendor_overrides")
_OVERRIDE_KEYS = {"path": "path", "treatAs": "treat_as", "treat_as": "treat_as",
                  "reason": "reason"}
_TREAT_AS = sorted(k.value for k in Kind if k is not Kind.SECRET_CANDIDATE)


@dataclass(frozen=True)
class VendorOverride:
    path: str
    treat_as: Kind
    reason: str


@dataclass(frozen=True)
class ConfigFile:
    name: str  # relative to the project root
    digest: str
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    sensitive: tuple[str, ...] = ()
    source_roots: tuple[str, ...] = ()
    test_roots: tuple[str, ...] = ()
    docs_roots: tuple[str, ...] = ()
    generated_roots: tuple[str, ...] = ()
    vendor_overrides: tuple[VendorOverride, ...] = ()


def _is_text(f: FileFacts) -> str | None:
    return "" if f.file.size and not f.is_binary else None


TEXT_FILE = Fact("text file", _is_text, "content")


def _root_glob(root: str) -> str:
    return "/" + root.strip("/") + "/**"


@dataclass(frozen=True)
class RepoConfig:
    files: tuple[ConfigFile, ...]

    @property
    def label(self) -> str:
        return ", ".join(f.name for f in self.files)

    @property
    def digest(self) -> str:
        return hashlib.sha256("".join(f.digest for f in self.files).encode()).hexdigest()[:16]

    def rules(self) -> tuple[Rule, ...]:
        out: list[Rule] = []
        for c in self.files:
            out.extend(_rules_of(c))
        return tuple(out)

    def claimed(self) -> tuple[str, ...]:
        """The path globs this config decides outright (generatedRoots, vendorOverrides):
        a project's .gitattributes does not take them from it."""
        return tuple(g for c in self.files for g in (
            *(_root_glob(r) for r in c.generated_roots), *(o.path for o in c.vendor_overrides)))

    def reaches_into(self, rel_dir: str) -> bool:
        """Whether a vendor override may match below a directory the walk would skip."""
        for c in self.files:
            for o in c.vendor_overrides:
                literal = _literal_prefix(o.path)
                if not literal or literal.startswith(rel_dir + "/") \
                        or (rel_dir + "/").startswith(literal):
                    return True
        return False


def _literal_prefix(pattern: str) -> str:
    head = pattern.lstrip("/")
    cut = min((i for i, ch in enumerate(head) if ch in "*?[!"), default=len(head))
    literal = head[:cut]
    return literal[: literal.rfind("/") + 1] if "/" in literal else ""


def _rules_of(c: ConfigFile) -> list[Rule]:
    src = c.name

    def rule(id: str, tier: Tier, when: tuple[Any, ...], then: Then, priority: int) -> Rule:
        return Rule(f"config:{id}", tier, when, then, weight=1.0, priority=priority, source=src)

    rules: list[Rule] = []
    if c.sensitive:
        rules.append(rule("sensitive", Tier.BLOCK, (Glob(c.sensitive),), Then(
            Kind.SECRET_CANDIDATE, f"matches sensitive glob {{evidence}} in {src}",
            subkind="config_sensitive", flags=("sensitive",), confidence=1.0), -10))
    for o in c.vendor_overrides:
        rules.append(rule("vendor-override", Tier.VENDOR, (Glob((o.path,)), TEXT_FILE), Then(
            o.treat_as, f"vendor override in {src} ({{evidence}}): {o.reason}",
            subkind="vendor_override", confidence=1.0), 10))
    if c.generated_roots:
        roots = tuple(_root_glob(r) for r in c.generated_roots)
        rules.append(rule("generated-root", Tier.GENERATED, (Glob(roots),), Then(
            Kind.GENERATED, f"under a generated root in {src} ({{evidence}})",
            subkind="generated_code", flags=("generated",), confidence=1.0), 10))
    if c.exclude:
        rules.append(rule("exclude", Tier.CONFIG, (Glob(c.exclude),), Then(
            reason=f"excluded by {src} ({{evidence}})", flags=("config_excluded",)), 30))
    if c.include:
        rules.append(rule("include", Tier.CONFIG, (Not(Glob(c.include)),), Then(
            reason=f"outside the include globs of {src}", flags=("config_excluded",)), 20))
    if c.test_roots:
        roots = tuple(_root_glob(r) for r in c.test_roots)
        rules.append(rule("test-root", Tier.CONFIG, (Glob(roots), Lang(CODE)), Then(
            Kind.TEST, f"test code under a test root in {src} ({{evidence}})",
            subkind="{language}_test", confidence=0.98), 15))
    if c.source_roots:
        roots = tuple(_root_glob(r) for r in c.source_roots)
        rules.append(rule("source-root", Tier.CONFIG, (Glob(roots), Lang(CODE), Not(TEST_LAYOUT)),
                          Then(Kind.SOURCE, f"under a source root in {src} ({{evidence}})",
                               subkind="{language}_source", confidence=0.98), 10))
    if c.docs_roots:
        roots = tuple(_root_glob(r) for r in c.docs_roots)
        rules.append(rule("docs-root", Tier.CONFIG, (Glob(roots), Lang(DOCS)), Then(
            Kind.DOCUMENTATION, f"under a docs root in {src} ({{evidence}})",
            subkind="guide", confidence=0.98), 5))
    return rules


# -- loading and validation ----------------------------------------------------------------
def load_repo_config(root: Path) -> RepoConfig | None:
    """The project's config files, validated; None when there is none."""
    files = [_load_file(root / name, name) for name in CONFIG_NAMES if (root / name).is_file()]
    present = [f for f in files if f is not None]
    return RepoConfig(tuple(present)) if present else None


def config_of(texts: Mapping[str, bytes]) -> RepoConfig | None:
    """The config of a project known by its config files' bytes (name -> bytes: an upload's,
    which has no folder to read), as `load_repo_config` reads them from a root."""
    present = [parse_config(texts[name], name) for name in CONFIG_NAMES if name in texts]
    return RepoConfig(tuple(present)) if present else None


class _Reader:
    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, node: yaml.Node | None, message: str, hint: str = "") -> ConfigError:
        where = f" line {node.start_mark.line + 1}" if node is not None else ""
        return ConfigError(f"{self.name}{where}: {message}",
                           hint=hint or "See the Configuration section of README.md.")

    def mapping(self, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} must be a mapping of keys to values.")
        out = []
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                raise self.fail(key, f"keys under {what} must be plain names.")
            out.append((str(key.value), key, value))
        return out

    def unknown(self, key: str, node: yaml.Node, where: str, known: list[str]) -> ConfigError:
        close = difflib.get_close_matches(key, known, n=1)
        hint = (f"Did you mean {close[0]!r}? " if close else "") + "Known keys: " + \
            ", ".join(known) + "."
        return self.fail(node, f"unknown key {key!r} under {where}.", hint)

    def strings(self, node: yaml.Node, key: str) -> tuple[str, ...]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, f"{key!r} must be a list of path globs.",
                            f'Write it as a YAML list, e.g. {key}: ["src/**"]')
        out = []
        for item in node.value:
            if not isinstance(item, yaml.ScalarNode) or not str(item.value).strip():
                raise self.fail(item, f"every entry of {key!r} must be a non-empty path glob.")
            out.append(self.glob(item, key))
        return tuple(out)

    def glob(self, node: yaml.ScalarNode, key: str) -> str:
        value = str(node.value).strip()
        if value.startswith(("~", "../")) or "/../" in value or Path(value).is_absolute() \
                and not value.startswith("/"):
            raise self.fail(node, f"{key!r} entry {value!r} leaves the project root.",
                            "Globs are relative to the folder holding the config file.")
        try:
            pathspec.GitIgnoreSpec.from_lines([value])
        except (ValueError, TypeError) as exc:
            raise self.fail(node, f"{key!r} entry {value!r} is not a valid glob: {exc}") from exc
        return value


def _load_file(path: Path, name: str) -> ConfigFile | None:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"Cannot read {name}: {exc.strerror}") from exc
    return parse_config(raw, name)


def parse_config(raw: bytes, name: str) -> ConfigFile:
    """The config file `name` (relative to the project root) from its bytes, validated
    (ConfigError naming the file, the line and the key)."""
    reader = _Reader(name)
    try:
        root = yaml.compose(raw.decode("utf-8"), Loader=yaml.SafeLoader)
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{name} is not valid UTF-8 (byte {exc.start}).") from exc
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else "?"
        raise ConfigError(f"{name} line {line}: invalid YAML: {exc.problem}",
                          hint="Fix the YAML syntax (indentation, colons, quotes).") from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"{name}: invalid YAML: {exc}") from exc
    digest = hashlib.sha256(raw).hexdigest()[:16]
    if root is None:
        return ConfigFile(name, digest)
    fields: dict[str, Any] = {}
    for key, key_node, value in reader.mapping(root, "the top level"):
        if key != "classification":
            raise reader.unknown(key, key_node, "the top level", ["classification"])
        if isinstance(value, yaml.ScalarNode) and value.value in ("", "null", "~"):
            continue
        for sub, sub_node, sub_value in reader.mapping(value, "'classification'"):
            if sub in _LISTS:
                fields[_LISTS[sub]] = reader.strings(sub_value, sub)
            elif sub in _OVERRIDES:
                fields["vendor_overrides"] = _overrides(reader, sub_value, sub)
            else:
                raise reader.unknown(sub, sub_node, "'classification'",
                                     sorted(set(_LISTS) | set(_OVERRIDES)))
    return ConfigFile(name, digest, **fields)


def _overrides(reader: _Reader, node: yaml.Node, key: str) -> tuple[VendorOverride, ...]:
    if not isinstance(node, yaml.SequenceNode):
        raise reader.fail(node, f"{key!r} must be a list of {{path, treatAs, reason}} entries.")
    out = []
    for item in node.value:
        values: dict[str, Any] = {}
        for k, k_node, v in reader.mapping(item, f"an entry of {key!r}"):
            if k not in _OVERRIDE_KEYS:
                raise reader.unknown(k, k_node, f"an entry of {key!r}", ["path", "treatAs",
                                                                          "reason"])
            if not isinstance(v, yaml.ScalarNode) or not str(v.value).strip():
                raise reader.fail(v, f"{k!r} of a vendor override must be a non-empty string.")
            values[_OVERRIDE_KEYS[k]] = v
        for required in ("path", "treat_as", "reason"):
            if required not in values:
                shown = {"treat_as": "treatAs"}.get(required, required)
                raise reader.fail(item, f"a vendor override needs {shown!r}.",
                                  "Each override must say which path, treated as what, and "
                                  "why (reason is mandatory so the choice can be audited).")
        treat = str(values["treat_as"].value).strip()
        if treat not in _TREAT_AS:
            raise reader.fail(values["treat_as"], f"treatAs {treat!r} is not a kind.",
                              "One of: " + ", ".join(_TREAT_AS) + ".")
        out.append(VendorOverride(reader.glob(values["path"], "path"), Kind(treat),
                                  str(values["reason"].value).strip()))
    return tuple(out)

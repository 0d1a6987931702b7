"""Structured configuration (JSON, YAML, TOML) by key path.

The file is read as a tree of keys (tree-sitter grammars give each key its lines). Siblings are
packed in order into chunks of at most `max_chars`; a mapping or list of some substance
(`standalone_chars`) gets a chunk of its own, so `dependencies` or `database` is one chunk
named by its key path. A value too large for one chunk is split by its sub-keys (recursively,
never inside an object); JSON/YAML arrays and TOML `[[tables]]` are grouped by elements
(`servers[0-3]`). Every line of the file lands in exactly one chunk: comments go with the key
below them, a closing bracket with the key above it. Files that do not parse fall back to fixed
windows.

Symbols are key paths (`database.connection.timeout`); a chunk of several small keys is named
by their parent's path, or at the top by the keys themselves (`name, version, license`); a file
that is a list of named items (Ansible's tasks: `- name: Install PostgreSQL`) by their names.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from repokb.chunkers.base import OverBudget, last_row, load_language, parse, register
from repokb.chunkers.fixed import numbered, split_lines, windows_over
from repokb.chunkers.gotemplate import MASK, has_actions, mask
from repokb.chunkers.joining import join_short
from repokb.chunkers.packing import first_names, group_pieces, pack
from repokb.chunkers.yamldepth import too_deep
from repokb.models import ChunkPiece


@dataclass
class Entry:
    key: str  # the key, or "" for an array element
    index: int | None  # position in its array, for array elements
    start: int  # 0-based rows
    end: int
    size: int  # bytes of source text
    value: Any  # the node whose children are the sub-entries (None for a scalar)
    label: str | None = None  # an array element's own `name:` (an Ansible task's)


# Jinja's statements and comments (Salt's states, Ansible's YAML templates), masked as Go's
# `{{ }}` actions are: the same length, an opening `{{` and a closing `}}`
_JINJA_TAG = re.compile(r"\{([%#])(.*?)\1\}", re.S)


def _as_action(m: re.Match[str]) -> str:
    return "{{" + m.group(2) + "}}"


def _text(node: Any) -> str:
    return " ".join(node.text.decode("utf-8", "replace").split()).strip("\"'")


def _entry(node: Any, key: str, index: int | None, value: Any,
           label: str | None = None) -> Entry:
    return Entry(key, index, node.start_point[0], last_row(node),
                 node.end_byte - node.start_byte, value, label)


# -- per-format readers: a container node -> its entries ----------------------------------------

def _json_entries(node: Any) -> list[Entry]:
    out: list[Entry] = []
    if node.type == "object":
        for pair in node.named_children:
            key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
            if pair.type == "pair" and key is not None:
                container = value if value is not None and value.type in ("object",
                                                                          "array") else None
                out.append(_entry(pair, _text(key), None, container))
    elif node.type == "array":
        elements = [n for n in node.named_children if n.type != "comment"]
        for i, element in enumerate(elements):
            container = element if element.type in ("object", "array") else None
            out.append(_entry(element, "", i, container))
    return out


def _json_root(root: Any) -> Any:
    return next((n for n in root.named_children if n.type in ("object", "array")), None)


_YAML_CONTAINERS = ("block_mapping", "block_sequence", "flow_mapping", "flow_sequence")


def _yaml_container(node: Any) -> Any:
    """The mapping or sequence inside a block_node/flow_node (past anchors and tags)."""
    if node is None:
        return None
    if node.type in _YAML_CONTAINERS:
        return node
    return next((c for c in node.named_children if c.type in _YAML_CONTAINERS), None)


def _yaml_entries(node: Any) -> list[Entry]:
    out: list[Entry] = []
    if node.type == "stream":
        documents = [d for d in node.named_children if d.type == "document"]
        if len(documents) == 1:
            inner = next((x for c in documents[0].named_children
                          if (x := _yaml_container(c)) is not None), None)
            if inner is None:
                return []
            if _kubernetes_object(inner):  # one manifest: named `Deployment/shop-api` too
                return [_entry(documents[0], _document_label(inner, 0), None, inner)]
            return _yaml_entries(inner)
        for i, document in enumerate(documents):
            # past a comment opening the document (`# the web front end` above `apiVersion`)
            inner = next((x for c in document.named_children
                          if (x := _yaml_container(c)) is not None), None)
            out.append(_entry(document, _document_label(inner, i), None, inner))
        return out
    if node.type in ("block_mapping", "flow_mapping"):
        for pair in node.named_children:
            key = pair.child_by_field_name("key")
            if pair.type in ("block_mapping_pair", "flow_pair") and key is not None:
                value = _yaml_container(pair.child_by_field_name("value"))
                out.append(_entry(pair, _text(key), None, value))
    elif node.type in ("block_sequence", "flow_sequence"):
        items = [n for n in node.named_children if n.type != "comment"]
        roles = _roles_of(node)
        for i, item in enumerate(items):
            inner = item.named_children[0] if item.type == "block_sequence_item" and \
                item.named_children else item
            container = _yaml_container(inner)
            # a `roles:` list outside a play is data: its items keep their positions
            label = None if roles is False else _item_name(container) or (
                _role_name(inner, container) if roles else None)
            out.append(_entry(item, "", i, container, label))
    return out


def _roles_of(sequence: Any) -> bool | None:
    """For the value of a `roles:` key, whether it is an Ansible play's (its mapping holds
    `hosts` too); None for any other sequence."""
    pair: Any = sequence.parent.parent if sequence.parent is not None else None
    if pair is None or pair.type != "block_mapping_pair" or pair.parent is None:
        return None
    key = pair.child_by_field_name("key")
    if key is None or _text(key) != "roles":
        return None
    return "hosts" in _top_keys(pair.parent)


def _role_name(inner: Any, mapping: Any) -> str | None:
    """A play's role item's role: `- role: nginx`, `- { role: nginx, tags: x }` or a bare
    `- common`."""
    if mapping is None:
        value = inner if inner.type == "flow_node" else None  # (not an empty `- `)
    elif mapping.type in ("block_mapping", "flow_mapping"):
        value = _top_keys(mapping).get("role")
    else:
        return None
    if value is None or _yaml_container(value) is not None:
        return None
    name = _text(value)
    return name[:80] if name and MASK * 5 not in name else None


def _item_name(mapping: Any) -> str | None:
    """A list item's `name:` when it is a plain value: an Ansible task's, play's or handler's
    (`- name: Install PostgreSQL`)."""
    if mapping is None or mapping.type != "block_mapping":
        return None
    value = _top_keys(mapping).get("name")
    if value is None or _yaml_container(value) is not None:
        return None
    name = _text(value)
    return name[:80] if name and MASK * 5 not in name else None


def _top_keys(mapping: Any) -> dict[str, Any]:
    values = {}
    for pair in mapping.named_children:
        key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
        if key is not None and value is not None:
            values[_text(key)] = value
    return values


def _kubernetes_object(mapping: Any) -> bool:
    """A Kubernetes object (or a Kustomization): `apiVersion` and `kind` at the top."""
    if mapping.type != "block_mapping":
        return False
    keys = _top_keys(mapping)
    return "apiVersion" in keys and "kind" in keys and MASK * 5 not in _text(keys["kind"])


def _document_label(mapping: Any, index: int) -> str:
    """A multi-document YAML stream names its documents `Kind/name` (Kubernetes) if it can."""
    if mapping is not None and mapping.type == "block_mapping":
        values = _top_keys(mapping)
        kind = _text(values["kind"]) if "kind" in values else None
        metadata = _yaml_container(values.get("metadata"))
        value = _top_keys(metadata).get("name") if metadata is not None else None
        name = _text(value) if value is not None else None
        if name and MASK * 5 in name:  # a template's `name: {{ include "x.fullname" . }}`
            name = None
        if kind:
            return f"{kind}/{name}" if name else kind
    return f"document {index}"


_TOML_KEYS = ("bare_key", "dotted_key", "quoted_key")


def _toml_entries(node: Any) -> list[Entry]:
    out: list[Entry] = []
    counts: dict[str, int] = {}
    for child in node.named_children:
        key = next((c for c in child.named_children if c.type in _TOML_KEYS), None)
        if key is None:
            continue
        name = ".".join(_text(k) for k in key.named_children) if key.type == "dotted_key" \
            else _text(key)
        if child.type == "pair":
            value = [c for c in child.named_children if c.type != "comment"][-1]
            out.append(_entry(child, name, None, value if value.type == "inline_table" else None))
        elif child.type == "table":
            out.append(_entry(child, name, None, child))
        elif child.type == "table_array_element":
            index = counts.get(name, 0)
            counts[name] = index + 1
            out.append(_entry(child, name, index, child))
        elif child.type == "inline_table":
            out.append(_entry(child, name, None, child))
    return out


@dataclass(frozen=True)
class ConfigFormat:
    language: str
    grammar: str  # "module:function"
    root: Callable[[Any], Any]  # tree root -> the top container
    entries: Callable[[Any], list[Entry]]
    # False for a text the grammar must not be given (it would crash the process): windows
    parsable: Callable[[str], bool] = lambda _text: True


FORMATS = (
    ConfigFormat("json", "tree_sitter_json:language", _json_root, _json_entries),
    ConfigFormat("yaml", "tree_sitter_yaml:language", lambda root: root, _yaml_entries,
                 lambda text: not too_deep(text)),
    ConfigFormat("toml", "tree_sitter_toml:language", lambda root: root, _toml_entries),
)


class ConfigChunker:
    name = "config"

    def __init__(self, fmt: ConfigFormat, max_chars: int = 1000, standalone_chars: int = 80,
                 window: tuple[int, int] = (800, 100)) -> None:
        self.format = fmt
        self.languages = frozenset({fmt.language})
        self.max_chars = max_chars
        self.standalone_chars = standalone_chars  # a mapping this big gets its own chunk
        self.window = window
        self._mine = threading.local()  # a parser per thread: one is not thread-safe (code.py)

    def chunk(self, text: str) -> list[ChunkPiece]:
        lines = split_lines(text)
        try:
            pieces = self._chunk(text, lines)
            if pieces is not None:
                return join_short(pieces, lines)
        except OverBudget:  # not a surprise of the input: the caller records why
            raise
        except Exception:  # malformed or surprising input: windows, never an exception
            pass
        return windows_over(numbered(lines), *self.window)

    def _chunk(self, text: str, lines: list[str]) -> list[ChunkPiece] | None:
        if not self.format.parsable(text):
            return None
        parser = getattr(self._mine, "parser", None)
        if parser is None:
            language = load_language(self.format.grammar)
            if language is None:  # the grammar package is not installed: windows serve
                return None
            import tree_sitter

            parser = self._mine.parser = tree_sitter.Parser(language)
        tree = parse(parser, text)
        masked: list[str] | None = None
        if tree.root_node.has_error and self.format.language == "yaml" and (
                has_actions(text) or "{%" in text or "{#" in text):
            # a Helm template (`name: {{ include "x.fullname" . }}`), a Salt state (`{% for
            # user in users %}` lines): its keys, read with the template's actions and Jinja's
            # tags masked (gotemplate.py); the pieces hold the real text
            plain = mask(_JINJA_TAG.sub(_as_action, text))
            tree = parse(parser, plain)
            masked = split_lines(plain)  # the same lines, offsets and lengths as `lines`
        if tree.root_node.has_error:
            return None
        top = self.format.root(tree.root_node)
        entries = self.format.entries(top) if top is not None else []
        if not entries or not lines:
            return None
        pieces = self._emit(entries, 0, len(lines) - 1, "", lines)
        return [_real_key(p, lines, masked) for p in pieces] if masked else pieces

    def _emit(self, entries: list[Entry], lo: int, hi: int, path: str,
              lines: list[str], task: bool = False) -> list[ChunkPiece]:
        """Chunks covering rows lo..hi exactly, from the sibling entries inside them (`task`:
        the keys of a named item cut for its size, its `name:` kept with the key after it)."""
        if hi <= lo:  # everything on one line (minified): nothing to cut by keys
            return windows_over(numbered(lines, lo, hi + 1), *self.window, path or None, "key")
        pieces: list[ChunkPiece] = []
        # a file that is a list of named items (Ansible's tasks, handlers, plays): each item is
        # a piece of its own, named by its `name:` (three packed tasks answered "which task
        # installs nginx" with a piece named after the first); a short one still joins its
        # neighbour (join_short)
        # (an Ansible `block:`'s tasks, its `rescue:`'s and `always:`'s too)
        named = _in_task_list(path) and all(e.index is not None and e.label for e in entries)
        alone = (lambda e: True) if named else self._alone
        groups = pack(entries, lo, hi, self.max_chars, alone)
        if task and len(groups) > 1 and [e.key for e in groups[0][0]] in (["name"], ["role"]):
            # a big task's `- name:` line was a piece alone (`X.name`, two lines that matched
            # every question about its name): it goes with the module call after it
            (first, start, _), (second, _, end) = groups[0], groups[1]
            groups[:2] = [(first + second, start, end)]
        for group, start, end in groups:
            pieces.extend(self._group(group, start, end, path, lines))
        return pieces

    def _alone(self, e: Entry) -> bool:
        """Too big to share a chunk, or a mapping big enough to deserve its own."""
        return e.size > self.max_chars or (
            e.value is not None and e.index is None and e.size >= self.standalone_chars)

    def _group(self, group: list[Entry], start: int, end: int, path: str,
               lines: list[str]) -> list[ChunkPiece]:
        symbol = _symbol(group, path)
        e = group[0]
        children = self.format.entries(e.value) if len(group) == 1 and e.value is not None \
            else []
        nested = sum(1 for c in children if c.value is not None and c.index is None
                     and c.size >= self.standalone_chars)
        # an Ansible task holding tasks (`block:`, `rescue:`, `always:`), a play holding its
        # `tasks:`, `pre_tasks:`, `handlers:`: each task its own piece
        tasks = bool(children) and (all(c.label for c in children) and e.key in _TASK_LISTS
                                    or e.label is not None and any(c.key in _TASK_LISTS
                                                                   for c in children))
        # a named item (an Ansible task) is one action: cut by its keys only when too big, not
        # for holding two mappings (a module's arguments and a `with_items:` list were three
        # pieces, `X.name` two lines alone)
        task = e.index is not None and e.label is not None and _in_task_list(path)
        if len(group) == 1 and (e.size > self.max_chars or nested >= 2 and not task or tasks):
            # too big, or a mapping of mappings (`checkout: {address_autocomplete, payment}`):
            # one chunk per sub-key, each named by its own key path
            if children:
                return self._emit(children, start, end, _join(path, e), lines, task)
            return windows_over(numbered(lines, start, end + 1), *self.window, symbol, "key")
        return group_pieces(lines, start, end, symbol, "key", self.max_chars, self.window)


def _real_key(piece: ChunkPiece, lines: list[str], masked: list[str]) -> ChunkPiece:
    """A top-level key read masked (Salt's `{{ name }}-user:`, `__________-user`) named by its
    own text: the mask keeps every offset, so the real key is the same span of its line."""
    symbol = piece.symbol
    if not symbol or MASK * 5 not in symbol or "." in symbol or "," in symbol:
        return piece
    for row in range(piece.start_line - 1, min(piece.end_line, len(lines))):
        if masked[row].startswith(symbol + ":"):
            return replace(piece, symbol=lines[row][:len(symbol)])
    return piece


def _key_path(path: str, key: str) -> str:
    if not key:
        return path
    return f"{path}.{key}" if path else key


def _join(path: str, e: Entry) -> str:
    """The entry's key path: `a.b`, or `a.b[2]` for an array element; a named item's is its
    own name (an Ansible task's `- name:`, in a `block:` or cut by its keys when big; a named
    item of a variable's list stays `var[2]`)."""
    if e.label and _in_task_list(path):
        return e.label
    base = _key_path(path, e.key)
    return f"{base}[{e.index}]" if e.index is not None else base


# Ansible's lists of tasks inside a task (`block:`, `rescue:`, `always:`) and a play's (infra39:
# a play's `tasks:` piece was `Manage OpenSSH Server.tasks`, the play's name over its two tasks,
# and came before the role's own task for "which task generates sshd_config")
_TASK_LISTS = ("block", "rescue", "always", "tasks", "pre_tasks", "post_tasks", "handlers")


def _in_task_list(path: str) -> bool:
    """Whether entries at `path` are items of a list of tasks: the file's top (a task file's,
    a playbook's plays) or a key of _TASK_LISTS; or of a play's `roles:` (cuts39b: a role was
    `Play.roles[5]`, now named by its role as a task by its `- name:`; only a play's role
    items have a label there, _roles_of)."""
    return not path or path.rsplit(".", 1)[-1] in (*_TASK_LISTS, "roles")


def _symbol(group: list[Entry], path: str) -> str | None:
    if not path and all(e.index is not None and e.label for e in group):
        # a file that is a list of named items (Ansible's tasks, handlers, plays): their names
        return first_names([e.label or "" for e in group])
    if len(group) == 1:
        return _join(path, group[0]) or None
    if path and all(e.index is not None and e.key == group[0].key for e in group):
        return f"{_key_path(path, group[0].key)}[{group[0].index}-{group[-1].index}]"
    if path:
        return path
    labels: list[str] = []  # the keys, runs of one array's elements as `name[i-j]`
    run: list[Entry] = []
    for e in [*group, None]:
        if e is not None and e.index is not None and (not run or run[0].key == e.key):
            run.append(e)
            continue
        if run:
            span = f"{run[0].index}-{run[-1].index}" if len(run) > 1 else f"{run[0].index}"
            labels.append(f"{run[0].key}[{span}]" if run[0].key else f"[{span}]")
            run = []
        if e is not None and e.index is not None:
            run.append(e)
        elif e is not None and e.key:
            labels.append(e.key)
    return first_names(labels) or None


for _fmt in FORMATS:
    register(ConfigChunker(_fmt))

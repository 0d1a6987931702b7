"""Kubernetes Secret objects in a YAML stream: their data, whatever its keys are called.

A Secret's `data:` values are the base64 of anything (`webhook: V2JoLVNlYy0z...`) and its
`stringData:` the same in clear, under keys no secret pattern knows (`license`,
`.dockerconfigjson`, `tls.key`); its annotations may hold the whole object again
(`kubectl.kubernetes.io/last-applied-configuration`). So in every object of `kind: Secret` -- a
document, or an item of a `kind: List` (`kubectl get secrets -o yaml` writes `data:` before
`kind:`) -- each value is redacted except those that name it: `apiVersion`, `kind`, `type`,
and `metadata`'s `name`, `namespace` and `labels` (a label's value is Kubernetes' short
label syntax, shown to anyone by selectors). A key stays readable (`password:`, `tls.key:`), its
value does not; a line that is no `key: value` (a block scalar's) is redacted whole.

A value that is only a reference is kept as written: Helm's template actions
(`{{ .Values.db.password | b64enc | quote }}`, `{{- include "x.labels" . | nindent 4 }}`,
quotes around them) and a whole `${NAME}` / `$(NAME)` placeholder (envsubst, kustomize). A
string literal inside an action is a value (`{{ default "X" .Values.key }}`): redacted, unless
it names a template (`include "x"`, `template "x"`) or is `required`'s message. Text written
beside an action (`"postgres://u:X@{{ .Values.host }}"`) makes the whole value literal.

kustomize's `secretGenerator:` makes Secrets from its entries' `literals:` (`- license=X`):
each literal's value is redacted the same way, its key kept (a configMapGenerator's stay).

The same objects written as JSON (`kubectl get secret -o json`, a List of them) are read
with `json`: each value of a Secret but those that name it is redacted wherever its JSON
string stands in the text.

`census` tells the classifier what a head holds (rules: kubernetes-secret-values): a file
holding a Secret with values written in it is indexed with those values redacted, whatever the
file is called and whatever stands beside the Secret (a file of Secrets only was blocked whole
until secrets36, the same Secret beside a Deployment indexed).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

DETECTOR = "kubernetes_secret_data"
_DOCUMENT = re.compile(r"^---[^\n]*\n?", re.M)
_TOP_KIND = re.compile(r"^kind:[ \t]*(['\"]?)([\w.-]+)\1[ \t]*(?:#[^\n]*)?$", re.M)
_ITEMS = re.compile(r"^items:[ \t]*(?:#[^\n]*)?$", re.M)
_ITEM = re.compile(r"^([ \t]*)-[ \t]+(?=\S)", re.M)
_KEEP_TOP = re.compile(r"(?:-[ \t]+)?(?:apiVersion|kind|type|metadata):")
_KEEP_META = re.compile(r"[ \t]+(?:name|namespace):")
# metadata's `labels:` (its entries on the lines below) and one label: a name and a value of
# Kubernetes' label syntax (63 characters at most of `[A-Za-z0-9._-]`), which selectors and
# `kubectl get --show-labels` show to anyone; an entry of another shape is redacted
_LABELS = re.compile(r"labels:[ \t]*(?:#.*)?")
_LABEL = re.compile(r"[\w./-]{1,253}:[ \t]+(['\"]?)[A-Za-z0-9]?[\w.-]{0,61}\1[ \t]*(?:#.*)?")
# a key and the start of its value: `  password: `, `  "tls.key": `, `- key: `
_KEY = re.compile(r"[ \t]*(?:-[ \t]+)?(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s:#'\"][^:\n]*?):(?:[ \t]+|$)")
_ACTION = re.compile(r"\{\{.*?\}\}")
_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")
_NAMES_TEMPLATE = re.compile(r"(?:\binclude|\btemplate|\brequired)[ \t(]*$")
# a whole placeholder: envsubst's `${NAME}`, kustomize's `$(NAME)`, Kapitan's reference to a
# secret it keeps (`?{gpg:mysql/root/password:7f90b2db}`, `?{base64:...}`, `?{vaultkv:...}`)
_PLACEHOLDER = re.compile(r"([\"']?)(?:\$\{[A-Za-z_][\w.]*\}|\$\([A-Za-z_]\w*\)"
                          r"|\?\{[a-z0-9]+:[^{}\s]+\})\1")

Span = tuple[int, int, str, bool]


@dataclass(frozen=True)
class Census:
    """What a YAML or JSON text's Kubernetes objects are: `objects` (a List's items counted, not the
    List), `secrets` of them Secrets, `written` values in those Secrets that are no reference
(and string literals inside template actions),
    `templated`: the text holds template actions (a Helm chart's template)."""
    objects: int
    secrets: int
    written: int
    templated: bool


def census(text: str, language: str | None = "yaml") -> Census | None:
    """The Kubernetes objects of a YAML or JSON text, or None when it holds no Secret."""
    if language == "json":
        return _json_census(text)
    if language != "yaml" or "Secret" not in text:
        return None
    objects = [o for o in _objects(text) if o[3]]
    secrets = [(start, end, col) for start, end, col, kind in objects if kind == "Secret"]
    if not secrets:
        return None
    # the Secrets' own values, from the objects read once (`find` would read them again, and
    # count a kustomization's generator literals, which are no object of the file)
    written = sum(len(_object(text, start, end, col)) for start, end, col in secrets)
    return Census(len(objects), len(secrets), written, "{{" in text)


def find(text: str, language: str | None) -> list[Span]:
    """The values of every Secret object of a YAML text (see the module's docstring): a value
    written whole is a strong span, a string literal inside a template action a weak one."""
    if language == "json":
        return _json_find(text)
    if language != "yaml":
        return []
    spans = _generated(text) if "secretGenerator:" in text else []
    if "Secret" in text:
        spans += [span for start, end, col, kind in _objects(text) if kind == "Secret"
                  for span in _object(text, start, end, col)]
    return spans


# kustomize's `secretGenerator:` makes Secrets from its entries' `literals:` (`- KEY=VALUE`):
# each VALUE is a Secret's data under a key no pattern knows (`license=X`, `webhook=X`)
_GENERATOR = re.compile(r"^secretGenerator:[ \t]*(?:#[^\n]*)?$", re.M)
_LITERALS = re.compile(r"^([ \t]*)(?:-[ \t]+)?literals:[ \t]*(?:#[^\n]*)?$", re.M)
_NEXT_KEY = re.compile(r"^[^\s#-]", re.M)
_LITERAL = re.compile(r"[ \t]*-[ \t]+(['\"]?)[A-Za-z_][\w.\-]*=(?P<value>.*?)\1[ \t]*(?:#.*)?")


def _generated(text: str) -> list[Span]:
    """The values of the `literals:` of every `secretGenerator:` entry (kustomization.yaml);
    a whole `${NAME}` placeholder stays. A configMapGenerator's literals are no secret."""
    spans: list[Span] = []
    for block in _GENERATOR.finditer(text):
        end = _NEXT_KEY.search(text, block.end() + 1)  # its entries may stand at column 0
        stop = end.start() if end else len(text)
        for lit in _LITERALS.finditer(text, block.end(), stop):
            col = len(lit.group(1)) + (2 if lit.group(0).lstrip().startswith("-") else 0)
            at = lit.end() + 1
            while at < stop:
                nl = text.find("\n", at, stop)
                line_end = stop if nl == -1 else nl
                line = text[at:line_end]
                indent = len(line) - len(line.lstrip(" \t"))
                if line.strip() and (indent < col or indent == col
                                     and not line.lstrip().startswith("-")):
                    break
                item = _LITERAL.fullmatch(line)
                if item is not None and item.group("value").strip() and \
                        not _PLACEHOLDER.fullmatch(item.group("value").strip()):
                    spans.append((at + item.start("value"), at + item.end("value"), DETECTOR,
                                  True))
                at = line_end + 1
    return spans


Object = tuple[int, int, int, str]  # start, end, the column of its keys, its kind ('' if none)


def _objects(text: str) -> Iterator[Object]:
    """Each document with a top-level `kind:`, or a List document's items, not the List."""
    bounds = [0, *(m.end() for m in _DOCUMENT.finditer(text)), len(text)]
    for start, end in zip(bounds, bounds[1:], strict=False):
        top = _TOP_KIND.search(text, start, end)
        kind = top.group(2) if top else ""
        items = _ITEMS.search(text, start, end)
        if items is not None and (top is None or kind.endswith("List")):
            yield from _items(text, items.end(), end)
        elif top is not None:
            yield start, end, 0, kind


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _items(text: str, at: int, end: int) -> Iterator[Object]:
    """The items of the sequence after a List's `items:`: each from its `- ` to the next."""
    first = _ITEM.search(text, at, end)
    if first is None:
        return
    dash = len(first.group(1))
    starts: list[tuple[int, int]] = []
    line_at = first.start()
    stop = end
    while line_at < end:
        nl = text.find("\n", line_at, end)
        line = text[line_at: end if nl == -1 else nl]
        body = line.strip()
        if body and not body.startswith("#"):
            ind = _indent(line)
            item = _ITEM.match(line)
            if ind == dash and item is not None:
                starts.append((line_at, item.end()))
            elif ind <= dash:  # the List's next key (`kind: List` after kubectl's items)
                stop = line_at
                break
        line_at = end if nl == -1 else nl + 1
    for (s, col), nxt in zip(starts, [*(s for s, _ in starts[1:]), stop], strict=True):
        kind = re.search(rf"^(?:[ \t]{{{col}}}|[ \t]{{{dash}}}-[ \t]+)kind:[ \t]*['\"]?([\w.-]+)",
                         text[s:nxt], re.M)
        yield s, nxt, col, kind.group(1) if kind else ""


def _object(text: str, start: int, end: int, col: int) -> list[Span]:
    spans: list[Span] = []
    in_meta = False
    labels = -1  # the column of metadata's `labels:` while its entries are read, else -1
    at = start
    while at < end:
        stop = text.find("\n", at, end)
        stop = end if stop == -1 else stop
        line = text[at:stop]
        body = line.strip()
        # an item's `- key:` line: its key stands at col
        ind = col if at == start and col else _indent(line)
        top = bool(body) and ind <= col
        if top and not body.startswith("#"):
            in_meta = line[ind:].startswith("metadata:") or body.startswith("- metadata:")
        if body and not body.startswith("#") and ind <= labels:
            labels = -1
        if in_meta and ind > col and _LABELS.fullmatch(body):
            labels = ind
        keep = (not body or body.startswith("---")
                or (top and _KEEP_TOP.match(body) is not None)
                or (in_meta and ind > col and _KEEP_META.match(line) is not None)
                or (labels >= 0 and ind > labels and _LABEL.fullmatch(body) is not None))
        if not keep:
            key = _KEY.match(line)
            value_at = at + (key.end() if key else ind)
            spans.extend(_value(text, value_at, stop))
        at = stop + 1
    return spans


def _value(text: str, start: int, end: int) -> list[Span]:
    """The spans to redact in one value: none for a reference, the literals inside its
    template actions, or the whole value."""
    value = text[start:end]
    if not value.strip() or _PLACEHOLDER.fullmatch(value.strip()):
        return []
    actions = list(_ACTION.finditer(value))
    if not actions or _ACTION.sub("", value).strip(" \t\"'"):
        return [(start, end, DETECTOR, True)]
    spans: list[Span] = []
    for action in actions:
        inner = action.group(0)
        if inner.startswith(("{{/*", "{{- /*")):  # a comment: anything may be written in it
            spans.append((start + action.start(), start + action.end(), DETECTOR, False))
            continue
        for s in _STRING.finditer(inner):
            if len(s.group(0)) > 2 and not _NAMES_TEMPLATE.search(inner, 0, s.start()):
                at = start + action.start() + s.start() + 1
                spans.append((at, at + len(s.group(0)) - 2, DETECTOR, False))
    return spans


# -- JSON ----------------------------------------------------------------------------------
_JSON_SECRET = re.compile(r'"kind"\s*:\s*"Secret"')
_JSON_KIND = re.compile(r'"kind"\s*:\s*"([\w.-]+)"')
_JSON_DATA = re.compile(r'"(?:data|stringData)"\s*:\s*\{\s*"')


def _json_objects(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object with a string `kind` and an `apiVersion`, at any depth (a List's
    items; not a schema's `{"group": "", "kind": "Secret", "version": "v1"}`)."""
    if isinstance(value, dict):
        if isinstance(value.get("kind"), str) and "apiVersion" in value:
            yield value
        for v in value.values():
            yield from _json_objects(v)
    elif isinstance(value, list):
        for v in value:
            yield from _json_objects(v)


def _secret_values(obj: dict[str, Any]) -> Iterator[str]:
    """The string values of a Secret object but those that name it."""
    for key, value in obj.items():
        if key in ("apiVersion", "kind", "type"):
            continue
        if key == "metadata" and isinstance(value, dict):
            value = {k: v for k, v in value.items() if k not in ("name", "namespace")}
        yield from _strings(value)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        if value and not _PLACEHOLDER.fullmatch(value):
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _parsed(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _json_find(text: str) -> list[Span]:
    """Every place a Secret's value stands as a JSON string. Text that does not parse: every
    string value of each `data`/`stringData` object."""
    if _JSON_SECRET.search(text) is None:
        return []
    doc = _parsed(text)
    if doc is None:
        return [(m.start(1), m.end(1), DETECTOR, True) for block in _JSON_BLOCK.finditer(text)
                for m in _JSON_PAIR.finditer(text, block.start(1), block.end(1))]
    values = {v for o in _json_objects(doc) if o["kind"] == "Secret" for v in _secret_values(o)}
    spans: list[Span] = []
    for value in values:
        for needle in {json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1]}:
            at = text.find(f'"{needle}"')
            while at != -1:
                spans.append((at + 1, at + 1 + len(needle), DETECTOR, True))
                at = text.find(f'"{needle}"', at + 1)
    return sorted(set(spans))


_JSON_BLOCK = re.compile(r'"(?:data|stringData)"\s*:\s*\{([^{}]*)\}?')
_JSON_PAIR = re.compile(r'"(?:[^"\\]|\\.)*"\s*:\s*"((?:[^"\\]|\\.)*)"')


def _json_census(text: str) -> Census | None:
    if _JSON_SECRET.search(text) is None:
        return None
    doc = _parsed(text)
    if doc is None:  # a head cut short: its kinds as written, its data blocks
        kinds = [k for k in _JSON_KIND.findall(text) if not k.endswith("List")]
        written = 1 if _JSON_DATA.search(text) else 0
        return Census(len(kinds), kinds.count("Secret"), written, False)
    objects = [o for o in _json_objects(doc) if not o["kind"].endswith("List")]
    secrets = [o for o in objects if o["kind"] == "Secret"]
    written = sum(1 for o in secrets for _ in _secret_values(o))
    return Census(len(objects), len(secrets), written, False)

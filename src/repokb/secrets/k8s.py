"""Kubernetes Secret objects in a YAML stream: their data, whatever its keys are called.

A Secret's `data:` values are the base64 of anything (`webhook: V2JoLVNlYy0z...`) and its
`stringData:` the same in clear, under keys no secret pattern knows (`license`,
`.dockerconfigjson`, `tls.key`); its annotations may hold the whole object again
(`kubectl.kubernetes.io/last-applied-configuration`). So in every object of `kind: Secret` -- a
document, or an item of a `kind: List` (`kubectl get secrets -o yaml` writes `data:` before
`kind:`) -- each value is redacted except those that name it: `apiVersion`, `kind`, `type`,
and `metadata`'s `name` and `namespace`. A key stays readable (`password:`, `tls.key:`), its
value does not; a line that is no `key: value` (a block scalar's) is redacted whole.

A value that is only a reference is kept as written: Helm's template actions
(`{{ .Values.db.password | b64enc | quote }}`, `{{- include "x.labels" . | nindent 4 }}`,
quotes around them) and a whole `${NAME}` / `$(NAME)` placeholder (envsubst, kustomize). A
string literal inside an action is a value (`{{ default "X" .Values.key }}`): redacted, unless
it names a template (`include "x"`, `template "x"`) or is `required`'s message. Text written
beside an action (`"postgres://u:X@{{ .Values.host }}"`) makes the whole value literal.

`census` tells the classifier what a head holds (rules: kubernetes-secret): a file whose every
object is a Secret with values written in it is a credential store, blocked; a Secret among
other objects, or in a Helm template, leaves the file indexed with those values redacted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DETECTOR = "kubernetes_secret_data"
_DOCUMENT = re.compile(r"^---[^\n]*\n?", re.M)
# `kind: Secret` at any depth: `  kind: Secret` of a List's item, `- kind: Secret` opening one
_SECRET = re.compile(r"^([ \t]*)(-[ \t]+)?kind:[ \t]*(['\"]?)Secret\3[ \t]*(?:#[^\n]*)?$", re.M)
_KIND = re.compile(r"^[ \t]*(?:-[ \t]+)?kind:[ \t]*['\"]?([\w.-]+)", re.M)
_KEEP_TOP = re.compile(r"(?:-[ \t]+)?(?:apiVersion|kind|type|metadata):")
_KEEP_META = re.compile(r"[ \t]+(?:name|namespace):")
# a key and the start of its value: `  password: `, `  "tls.key": `, `- key: `
_KEY = re.compile(r"[ \t]*(?:-[ \t]+)?(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s:#'\"][^:\n]*?):(?:[ \t]+|$)")
_ACTION = re.compile(r"\{\{.*?\}\}")
_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")
_NAMES_TEMPLATE = re.compile(r"(?:\binclude|\btemplate|\brequired)[ \t(]*$")
_PLACEHOLDER = re.compile(r"([\"']?)(?:\$\{[A-Za-z_][\w.]*\}|\$\([A-Za-z_]\w*\))\1")

Span = tuple[int, int, str, bool]


@dataclass(frozen=True)
class Census:
    """What a YAML text's Kubernetes objects are: `objects` (a List's items counted, not the
    List), `secrets` of them Secrets, `written` values in those Secrets that are no reference,
    `templated`: the text holds template actions (a Helm chart's template)."""
    objects: int
    secrets: int
    written: int
    templated: bool

    @property
    def store(self) -> bool:
        """Every object a Secret holding values written in it, no template: a credential store."""
        return (self.secrets == self.objects > 0 and self.written > 0
                and not self.templated)


def census(text: str) -> Census | None:
    """The Kubernetes objects of a YAML text, or None when it holds no Secret."""
    if "Secret" not in text or _SECRET.search(text) is None:
        return None
    kinds = [m.group(1) for m in _KIND.finditer(text)
             if not (m.group(1).endswith("List") and m.group(0).startswith("kind"))]
    secrets = sum(k == "Secret" for k in kinds)
    written = sum(1 for s in find(text, "yaml") if s[3])
    return Census(len(kinds), secrets, written, "{{" in text)


def find(text: str, language: str | None) -> list[Span]:
    """The values of every Secret object of a YAML text (see the module's docstring): a value
    written whole is a strong span, a string literal inside a template action a weak one."""
    if language != "yaml" or "Secret" not in text:
        return []
    bounds = [0, *(m.end() for m in _DOCUMENT.finditer(text)), len(text)]
    spans: list[Span] = []
    seen: set[int] = set()
    for m in _SECRET.finditer(text):
        col = len(m.group(1)) + len(m.group(2) or "")
        doc = next(i for i in range(len(bounds) - 1) if bounds[i] <= m.start() < bounds[i + 1])
        start, end = bounds[doc], bounds[doc + 1]
        if col:
            start, end = _extent(text, m.start(), col, start, end)
        if start not in seen:
            seen.add(start)
            spans.extend(_object(text, start, end, col))
    return sorted(spans)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _extent(text: str, at: int, col: int, first: int, last: int) -> tuple[int, int]:
    """The lines of the mapping whose keys stand at `col` around the line at `at`: up to the
    `- ` that opens it (or a line less indented), down to the next line less indented."""
    start = at
    if text[at:at + col].strip() != "-":  # not the `- kind: Secret` that opens the item
        while start > first:
            prev = text.rfind("\n", first, start - 1) + 1
            line = text[prev:start - 1]
            body = line.strip()
            ind = _indent(line)
            if body and not body.startswith("#") and ind < col:
                if ind == col - 2 and body.startswith("-"):
                    start = prev
                break
            start = prev
    end = text.find("\n", at, last)
    while end != -1 and end + 1 < last:
        stop = text.find("\n", end + 1, last)
        line = text[end + 1: last if stop == -1 else stop]
        body = line.strip()
        if body and not body.startswith("#") and _indent(line) < col:
            break
        end = stop
    return start, last if end == -1 else end + 1


def _object(text: str, start: int, end: int, col: int) -> list[Span]:
    spans: list[Span] = []
    in_meta = False
    at = start
    while at < end:
        stop = text.find("\n", at, end)
        stop = end if stop == -1 else stop
        line = text[at:stop]
        body = line.strip()
        ind = col if at == start and col else _indent(line)  # the item's `- key:` line: its key at col
        top = bool(body) and ind <= col
        if top and not body.startswith("#"):
            in_meta = line[ind:].startswith("metadata:") or body.startswith("- metadata:")
        keep = (not body or body.startswith("---")
                or (top and _KEEP_TOP.match(body) is not None)
                or (in_meta and ind > col and _KEEP_META.match(line) is not None))
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

"""Kubernetes Secret documents in a YAML stream: their data, whatever its keys are called.

A Secret's `data:` values are the base64 of anything (`webhook: V2JoLVNlYy0z...`) and its
`stringData:` the same in clear, under keys no secret pattern knows (`license`,
`.dockerconfigjson`, `tls.key`); its annotations may hold the whole object again
(`kubectl.kubernetes.io/last-applied-configuration`). The classifier blocks a file whose head
holds a Secret (rules: kubernetes-secret); a Secret further down a stream (after 8 KB of
ConfigMaps) reaches the chunker. So in every document of `kind: Secret` each value is redacted
except those that name it: `apiVersion`, `kind`, `type`, and `metadata`'s `name` and
`namespace`. A key stays readable (`password:`, `tls.key:`), its value does not; a line that
is no `key: value` (a block scalar's) is redacted whole.
"""

from __future__ import annotations

import re

DETECTOR = "kubernetes_secret_data"
_DOCUMENT = re.compile(r"^---[^\n]*\n?", re.M)
_SECRET = re.compile(r"^kind:[ \t]*(['\"]?)Secret\1[ \t]*(?:#[^\n]*)?$", re.M)
_KEEP_TOP = re.compile(r"(?:apiVersion|kind|type|metadata):")
_KEEP_META = re.compile(r"[ \t]+(?:name|namespace):")
# a key and the start of its value: `  password: `, `  "tls.key": `, `- key: `
_KEY = re.compile(r"[ \t]*(?:-[ \t]+)?(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s:#'\"][^:\n]*?):(?:[ \t]+|$)")

Span = tuple[int, int, str, bool]


def find(text: str, language: str | None) -> list[Span]:
    """The values of every Secret document of a YAML text (see the module's docstring)."""
    if language != "yaml" or "Secret" not in text:
        return []
    bounds = [0, *(m.end() for m in _DOCUMENT.finditer(text)), len(text)]
    spans: list[Span] = []
    for start, end in zip(bounds, bounds[1:], strict=False):
        if _SECRET.search(text, start, end):
            spans.extend(_document(text, start, end))
    return spans


def _document(text: str, start: int, end: int) -> list[Span]:
    spans: list[Span] = []
    in_meta = False
    at = start
    while at < end:
        stop = text.find("\n", at, end)
        stop = end if stop == -1 else stop
        line = text[at:stop]
        body = line.strip()
        top = bool(line) and line[0] not in " \t"
        if top and not body.startswith("#"):
            in_meta = line.startswith("metadata:")
        keep = (not body or body.startswith("---")
                or (top and _KEEP_TOP.match(line) is not None)
                or (in_meta and not top and _KEEP_META.match(line) is not None))
        if not keep:
            key = _KEY.match(line)
            value_at = at + (key.end() if key else len(line) - len(line.lstrip()))
            if line[value_at - at:].strip():
                spans.append((value_at, stop, DETECTOR, True))
        at = stop + 1
    return spans

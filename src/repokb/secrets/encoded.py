"""Secrets hidden in base64: a run of base64 that decodes to text holding a credential.

`find` looks at every run of 24+ characters of the base64 alphabet (standard or URL-safe, with
or without `=` padding) wherever it stands (a comment, prose, a bare value; a quoted one is also
read by detect-secrets' entropy plugin). A blob wrapped over lines (`# YXdz...` then `# aXZl...`)
is decoded as the concatenation of the runs of consecutive lines where a run ends its line and
the next line holds only a comment marker before the next run; a run that starts its line may
continue a blob from the line before, so it is also decoded from its 2nd, 3rd and 4th
character. When our own finders (`scan.scan`, detect-secrets' vendor formats) find a strong
secret (a token of a known format, a private key, a URL's credentials) in the decoded text, the
whole run (every run of a wrapped blob) is redacted.

Cheap and precise: runs are found by a byte translation and a substring search, not a regex
over the text; a run must mix upper and lower case and keep to one alphabet; its first 48
characters must decode to mostly printable text (an image in a data URI, compressed data, a
lockfile's `sha512-` integrity hash or a git SHA do not) before the rest is decoded, 64 KB at a
time (windows overlapping by 3 KB, so a secret past the first 64 KB or across a seam is found;
a blob is never longer than the file, itself at most `max_file_bytes`); and base64 of harmless
text stays readable, since only a strong finding counts.

`passwords` gives the passwords of the URLs and Basic credentials in what a found blob decodes
to (`parts.passwords`, with its rules: 6+ characters, a letter and a digit or symbol, no
placeholder), so the password typed bare beside a base64 DSN is redacted too.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Iterator

from repokb.secrets import parts
from repokb.secrets.library import library_findings
from repokb.secrets.scan import scan

Span = tuple[int, int, str, bool]

DETECTOR = "base64_secret"
MIN_RUN = 24  # characters of the alphabet, padding not counted
MAX_DECODED = 64 * 1024  # bytes decoded at once: a longer blob is read in windows of this size
_MAX_CHARS = MAX_DECODED // 3 * 4
_OVERLAP = 4096  # characters (3 KB decoded) each window reads again: a secret across the seam
_PROBE = 48  # characters decoded first: 36 bytes that must read as text
_ALPHABET = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-")
_TABLE = bytes(0x61 if i in _ALPHABET else 0x20 for i in range(256))  # alphabet -> "a"
_NEEDLE = b"a" * MIN_RUN
_CONTROL = bytes(i for i in (*range(0x20), 0x7F) if i not in b"\t\n\r")
_URL_SAFE = str.maketrans("-_", "+/")
# what may stand before a blob's next line: indentation and a comment marker
_PREFIX = re.compile(r"[ \t]*(?:#+|//+|/?\*+|--|;+|>|%+)?[ \t]*")
_TAIL = re.compile(r"[A-Za-z0-9+/_\-]{4,}={0,2}(?=[ \t\r]*(?:\n|\Z))")
_DEPTH = 2  # base64 of base64: decoded twice at most


def find(text: str, depth: int = 0) -> list[Span]:
    """Spans of base64 runs whose decoded text holds a strong secret (see the module doc)."""
    return [(s, e, DETECTOR, True) for part in _found(text, depth) for s, e in part]


def passwords(text: str, depth: int = 0) -> set[str]:
    """The passwords inside the URLs and Basic credentials of what `find`'s runs decode to
    (`parts.passwords`: those that may be redacted wherever they occur), to be redacted where
    the file types them bare (`PGPASSWORD=...` beside a base64 DSN)."""
    found: set[str] = set()
    for part in _found(text, depth):
        for decoded in _decoded(text, part):
            found |= parts.passwords(decoded)
            if depth + 1 < _DEPTH:  # base64 of base64
                found |= passwords(decoded, depth + 1)
    return found


def _found(text: str, depth: int) -> Iterator[list[tuple[int, int]]]:
    """The runs (a blob wrapped over lines: all of its runs) whose decoded text holds a
    strong secret."""
    runs = _runs(text)
    if not runs:
        return
    for group in _groups(text, runs):
        tries = [group] + ([[run] for run in group] if len(group) > 1 else [])
        for part in tries:
            if _holds_secret(text, part, depth):
                yield part
                break


def _runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of every run of MIN_RUN+ alphabet characters mixing upper and lower case,
    its `=` padding included. Each character is one byte in the translation, so offsets hold."""
    mapped = text.encode("ascii", "replace").translate(_TABLE)
    out: list[tuple[int, int]] = []
    at = mapped.find(_NEEDLE)
    while at != -1:
        end = mapped.find(b" ", at)
        end = len(mapped) if end == -1 else end
        run = text[at:end]
        if run.lower() != run and run.upper() != run:
            pad = end
            while pad < len(text) and pad - end < 2 and text[pad] == "=":
                pad += 1
            out.append((at, pad))
        at = mapped.find(_NEEDLE, end)
    return out


def _groups(text: str, runs: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Runs, a blob wrapped over consecutive lines grouped: a run that ends its line (without
    padding) and the run that begins the next line after a comment marker (a last, shorter one
    too, when it fills the rest of its line)."""
    groups: list[list[tuple[int, int]]] = []
    i = 0
    while i < len(runs):
        group = [runs[i]]
        head = _head(text, runs[i][0])
        if head:
            group.insert(0, head)
        while True:
            start, end = group[-1]
            nl = text.find("\n", end)
            if nl == -1 or text[end:nl].strip() or text[end - 1] == "=":
                break
            at = _content_at(text, nl + 1)
            if i + 1 < len(runs) and runs[i + 1][0] == at:
                i += 1
                group.append(runs[i])
                continue
            tail = _TAIL.match(text, at)
            if tail:
                group.append((at, tail.end()))
            break
        groups.append(group)
        i += 1
    return groups


def _content_at(text: str, line_start: int) -> int:
    """Where a line's content begins: past its indentation and comment marker."""
    match = _PREFIX.match(text, line_start)
    assert match is not None  # every part of _PREFIX is optional
    return match.end()


def _head(text: str, start: int) -> tuple[int, int] | None:
    """The start of a blob on the line before a run that begins its line: a shorter run that
    fills the rest of its line after a comment marker."""
    line_start = text.rfind("\n", 0, start) + 1
    if line_start < 2 or _content_at(text, line_start) != start:
        return None
    previous = text.rfind("\n", 0, line_start - 1) + 1
    at = _content_at(text, previous)
    head = _TAIL.match(text, at)
    if head is None or head.end() - at >= MIN_RUN or text[head.end() - 1] == "=":
        return None  # none, or a run of its own (already a group), or a blob's end
    return at, head.end()


def _holds_secret(text: str, part: list[tuple[int, int]], depth: int) -> bool:
    return any(_strong_secret(decoded, depth) for decoded in _decoded(text, part))


def _decoded(text: str, part: list[tuple[int, int]]) -> Iterator[str]:
    """The text a blob's runs decode to, in windows of MAX_DECODED bytes; for a run that may
    continue a blob, at each alignment whose probe reads as text."""
    blob = "".join(text[s:e].rstrip("=") for s, e in part)
    start, end = part[0]
    # a run that starts its line (no head found before it) may continue a blob: each alignment
    continued = end - start >= MIN_RUN and _content_at(
        text, text.rfind("\n", 0, start) + 1) == start
    for skip in range(4) if continued else (0,):
        decoded = _decode(blob[skip:skip + _PROBE])
        if decoded is None:
            continue
        if len(blob) - skip <= _PROBE:  # the probe was all of it
            yield decoded
            continue
        at = skip  # windows of MAX_DECODED bytes, each overlapping the one before
        while True:
            decoded = _decode(blob[at:at + _MAX_CHARS])
            if decoded is not None:
                yield decoded
            if at + _MAX_CHARS >= len(blob):
                break
            at += _MAX_CHARS - _OVERLAP


def _decode(b64: str) -> str | None:
    """The text a base64 string decodes to, or None when it is not base64 of text."""
    if "-" in b64 or "_" in b64:
        if "+" in b64 or "/" in b64:
            return None  # two alphabets: a path or a name, not base64
        b64 = b64.translate(_URL_SAFE)
    b64 = b64[:len(b64) - 1] if len(b64) % 4 == 1 else b64 + "=" * (-len(b64) % 4)
    try:
        data = binascii.a2b_base64(b64)
    except (binascii.Error, ValueError):
        return None
    if not data or len(data.translate(None, _CONTROL)) * 10 < len(data) * 9:
        return None  # control bytes: binary
    decoded = data.decode("utf-8", "replace")
    if decoded.count("\ufffd") * 10 > len(decoded):
        return None  # not UTF-8: binary (an image, compressed data, a hash)
    return decoded


def _strong_secret(decoded: str, depth: int) -> bool:
    if any(f.strong for f in scan(decoded, "text")):
        return True
    if any(f.strong for f in library_findings(decoded, "text")):
        return True
    return depth + 1 < _DEPTH and bool(find(decoded, depth + 1))

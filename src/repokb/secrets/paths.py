"""Secrets in file and directory names: `notes/ghp_....md` must not reach the catalog, a point's
payload, a result or a log under its own name.

`redact_path` replaces each credential of a known format in a path (our token formats, URL
credentials, detect-secrets' vendor formats; not the keyword or entropy finders, which would
take hashed asset names for secrets) by `<REDACTED_SECRET_xxxxxxxx>`, where the suffix is a
short digest of the value so two such files in one folder keep distinct names. The walk then
hands on a `RedactedSourceFile`: its `path` is the redacted one (what is stored and shown) and
only `absolute`, used to read the bytes, knows the real name.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from repokb.models import SourceFile
from repokb.roots import CREDENTIAL_SHAPED, REDACTED_NAME
from repokb.secrets.library import _scan_line
from repokb.secrets.scan import merged, scan


def redact_path(path: str) -> str:
    """The path with every credential-shaped part replaced; the path itself when none is.
    Each folder or file name is looked at alone, its extension kept (it decides the format)."""
    if not CREDENTIAL_SHAPED.search(path):
        return path  # no long run with digits, so no credential: the common case, one regex
    return "/".join(_redact_name(name) for name in path.split("/"))


def stored_names(projects: tuple[str, ...]) -> tuple[str, ...]:
    """Project names as they are stored: a project named after a folder holding a credential
    is stored redacted (`redact_path`), so a filter naming that folder finds it."""
    return tuple(redact_path(p) for p in projects)


def _redact_name(name: str) -> str:
    dot = name.rfind(".")
    stem, ext = (name[:dot], name[dot:]) if dot > 0 and len(name) - dot <= 6 else (name, "")
    found = merged([f for f in (*scan(stem, "code"),
                                *_scan_line(stem, 0, len(stem), 1, {"token"}, "x.txt"))
                    if f.strong])  # two finders may each see a part of one value: the union
    if not found:
        return name
    out, at = [], 0
    for f in found:
        digest = hashlib.sha256(stem[f.start:f.end].encode()).hexdigest()[:8]
        out.append(stem[at:f.start] + f"{REDACTED_NAME}{digest}>")
        at = f.end
    return "".join(out) + stem[at:] + ext


def disk_path(root: Path, stored: str) -> Path:
    """Where a stored path is on disk: a redacted name is looked up among its folder's entries
    (the one whose redaction it is); the stored path itself when nothing matches."""
    if REDACTED_NAME not in stored:
        return root / stored
    at = root
    for name in stored.split("/"):
        if REDACTED_NAME in name:
            with contextlib.suppress(OSError):
                name = next((entry for entry in sorted(os.listdir(at))
                             if _redact_name(entry) == name), name)
        at = at / name
    return at


def disk_name(root: str, stored: str) -> str:
    """`disk_path` as a string, without pathlib on the common path: freshness stats every
    recorded file and folder on each MCP answer, and making a Path cost more than the stat."""
    if REDACTED_NAME not in stored:
        return f"{root}/{stored}" if stored else root
    return str(disk_path(Path(root), stored))


@dataclass(frozen=True)
class RedactedSourceFile(SourceFile):
    """A file whose stored and shown path is redacted; `real_path` opens it."""

    real_path: str = ""

    @property
    def absolute(self) -> Path:
        return self.root / self.real_path

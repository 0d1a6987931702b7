"""Secret-like content: find it, and redact it before any text reaches a chunk.

Two finders: `scan.scan` (ours: fast, anchors first; runs on every classified head) and
`library.library_findings` (detect-secrets' vendor-format plugins; runs on text about to be
indexed). `redact` applies both and returns text in which every finding is `<REDACTED_SECRET>`,
line numbers unchanged. Findings never hold the value, so they may be logged and explained.
"""

from __future__ import annotations

from dataclasses import dataclass

from repokb.rules.secret_patterns import REDACTED
from repokb.secrets.library import library_findings
from repokb.secrets.scan import Finding, Mode, entropy, is_placeholder, mode_for, scan

__all__ = ["REDACTED", "Finding", "Mode", "Redacted", "entropy", "find_secret", "is_placeholder",
           "mode_for", "redact", "scan"]


@dataclass(frozen=True)
class Redacted:
    text: str
    findings: tuple[Finding, ...]


def find_secret(text: str, mode: Mode = "config") -> str | None:
    """The detector name of the first secret-like value in text, or None."""
    found = scan(text, mode) or library_findings(text)
    return found[0].detector if found else None


def redact(text: str, mode: Mode = "config") -> Redacted:
    """Text with every secret-like value replaced by `<REDACTED_SECRET>`, newlines kept."""
    findings = _merge(scan(text, mode) + library_findings(text))
    if not findings:
        return Redacted(text, ())
    parts: list[str] = []
    at = 0
    for f in findings:
        parts.append(text[at:f.start])
        parts.append(REDACTED + "\n" * text.count("\n", f.start, f.end))
        at = f.end
    parts.append(text[at:])
    return Redacted("".join(parts), tuple(findings))


def _merge(findings: list[Finding]) -> list[Finding]:
    out: list[Finding] = []
    for f in sorted(findings):
        if out and f.start < out[-1].end:
            last = out[-1]
            out[-1] = Finding(last.start, max(last.end, f.end), last.detector,
                              last.strong or f.strong, last.line)
        else:
            out.append(f)
    return out

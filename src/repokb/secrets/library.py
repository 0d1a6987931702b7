"""detect-secrets (Yelp) as a second finder, for the token formats our own table does not know.

Evaluation (tests/unit/test_secrets.py pins it): its vendor-format plugins (Artifactory, Azure,
Discord, IBM, Mailchimp, Square, Telegram, Twilio ...) are precise, so they run here. Left out:
the two high-entropy plugins (they flag words, lockfile hashes, base64 images and UUIDs), the
keyword plugin (no placeholder or entropy grading; `scan.py` does key=value itself) and the
public-IP plugin (not a secret). Where it is weak we have our own rules: Google API keys and
OAuth secrets (no plugin), placeholder values such as AKIA...EXAMPLE (flagged by its AWS plugin),
exact spans (its GitHub plugin yields only the `ghp` prefix), multi-line private key blocks and
URL credentials redacted as a whole. It runs only on lines holding a long token-like run, and
only where the text is about to be indexed, because checking every line of every file with
twenty plugins would cost seconds per thousand files.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from repokb.secrets.scan import Finding, is_placeholder

_SKIPPED_PLUGINS = frozenset({"Base64 High Entropy String", "Hex High Entropy String",
                              "Secret Keyword", "Public IP (ipv4)"})
_CANDIDATE = re.compile(r"[A-Za-z0-9_\-+/=.:]{20,}")
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_\-+/=.]+")


@cache
def _plugins() -> tuple[Any, ...]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    plugins = []
    mapping: dict[str, Any] = get_mapping_from_secret_type_to_class()
    for secret_type, cls in sorted(mapping.items()):
        if secret_type in _SKIPPED_PLUGINS:
            continue
        try:
            plugins.append(cls())
        except TypeError:  # a plugin that needs options we do not give it
            continue
    return tuple(plugins)


def library_findings(text: str) -> list[Finding]:
    """Findings of the detect-secrets plugins, as spans of `text` (never values)."""
    findings: list[Finding] = []
    line_no, line_start, lines_seen = 1, 0, set()
    for m in _CANDIDATE.finditer(text):
        run = m.group(0)
        if not (any(c.isdigit() for c in run) and any(c.isalpha() for c in run)):
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        if start in lines_seen:
            continue
        lines_seen.add(start)
        end = text.find("\n", m.end())
        end = len(text) if end == -1 else end
        line_no += text.count("\n", line_start, start)
        line_start = start
        findings.extend(_scan_line(text, start, end, line_no))
    return findings


def _scan_line(text: str, start: int, end: int, line_no: int) -> list[Finding]:
    line = text[start:end]
    out = []
    for plugin in _plugins():
        try:
            values = list(plugin.analyze_string(line))
        except Exception:  # a plugin bug must not stop indexing; our own finder still ran
            continue
        for value in values:
            if not isinstance(value, str) or not value or is_placeholder(value):
                continue
            at = line.find(value)
            if at == -1:
                continue
            span_start, span_end = at, at + len(value)
            if len(value) < 12:
                span_start, span_end = _widen(line, span_start, span_end)
            out.append(Finding(start + span_start, start + span_end,
                               _detector_name(plugin.secret_type), True, line_no))
    return out


def _widen(line: str, start: int, end: int) -> tuple[int, int]:
    """A plugin may yield only part of a token (GitHub: `ghp`): widen to the whole token."""
    for m in _TOKEN_CHARS.finditer(line):
        if m.start() <= start < m.end():
            return min(start, m.start()), max(end, m.end())
    return start, end


def _detector_name(secret_type: str) -> str:
    return "detect_secrets:" + re.sub(r"[^a-z0-9]+", "_", secret_type.lower()).strip("_")

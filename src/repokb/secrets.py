"""Secret-like content detection, shared by the classifier (file heads) and the chunk guard.

A deliberately small first set of high-precision patterns; a chunk that matches is dropped and
counted, so no raw secret reaches the store even when it hides past the classified head.
"""

from __future__ import annotations

import re

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("private_key", re.compile(r"-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----")),
    ("aws_access_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("github_token", re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}\b")),
    ("slack_token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b")),
    ("stripe_key", re.compile(r"\b(?:sk|rk)_live_[A-Za-z0-9]{16,}\b")),
    ("google_api_key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b")),
    ("url_credentials", re.compile(r"[a-z][a-z0-9+.-]*://[^\s:/@]+:[^\s@/]{3,}@[^\s/]+", re.I)),
)


def find_secret(text: str) -> str | None:
    """The name of the first secret-like pattern in text, or None."""
    for name, pattern in _PATTERNS:
        match = pattern.search(text)
        if match and not _is_placeholder(match.group(0)):
            return name
    return None


def _is_placeholder(value: str) -> bool:
    lowered = value.lower()
    return any(word in lowered for word in ("example", "xxxx", "<", "${", "changeme", "placeholder"))

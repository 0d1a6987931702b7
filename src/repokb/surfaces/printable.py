"""Text from indexed files made safe for a terminal.

File names, contents, symbols and reasons come from repositories, so they may carry escape
sequences: ANSI CSI (clear the screen), OSC (retitle the terminal, write the clipboard, forge
links), bare carriage returns that overwrite a line, and bidirectional overrides that make text
read differently than it runs ("Trojan Source"). Human output shows each such character as a
visible escape (`\\x1b`, `\\u202e`); newlines and tabs stay. JSON output escapes the C1 range
too (json.dumps already escapes C0), which decodes to the same strings.
"""

from __future__ import annotations

import re
from typing import Any

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_C1 = re.compile("[\x7f-\x9f]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(value: Any) -> Any:
    """The value with every unsafe character in its strings (also inside dicts and lists)
    shown as an escape."""
    if isinstance(value, str):
        return _UNSAFE.sub(_visible, value)
    if isinstance(value, dict):
        return {k: printable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [printable(v) for v in value]
    return value


def json_safe(text: str) -> str:
    """JSON text with C1 controls (U+0080..U+009F, which some terminals obey) escaped."""
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)

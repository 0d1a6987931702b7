"""Text that is an LLM transcript rather than project knowledge (seed 000 `is_llm_response`).

Model answers pasted into a repository, compaction summaries of coding sessions and hard-coded
chat payloads read like documentation but describe a conversation, not the project; indexed,
they would be retrieved and fed back to a model as if they were facts. Precision matters more
than recall here: a dropped chunk of real code is a worse loss than a stray transcript, so a
chunk is flagged on one unmistakable marker, on two distinct assistant phrases, or when it
opens the way an assistant answer opens.
"""

from __future__ import annotations

import re

_STRONG: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ai_disclaimer", re.compile(r"\bas an ai(?: language)? model\b", re.I)),
    ("session_summary", re.compile(
        r"this session is being continued from a previous conversation", re.I)),
    ("transcript_turns", re.compile(r"^(?:Human|User):[^\n]*\n(?:[^\n]*\n){0,40}?Assistant:",
                                    re.M)),
)
# A hard-coded assistant turn: role "assistant" next to a literal prose content string.
_ROLE = re.compile(r"""["']role["']\s*:\s*["']assistant["']""")
_PROSE_CONTENT = re.compile(r"""["']content["']\s*:\s*["']((?:[^"'\\\n]|\\.){40,})""")
_WEAK: tuple[re.Pattern[str], ...] = (
    re.compile(r"\bI'll help you\b", re.I),
    re.compile(r"\bHere's the (?:updated|revised|modified|corrected|complete|full|fixed)\b",
               re.I),
    re.compile(r"\bI (?:apologi[sz]e for|hope this helps)\b", re.I),
    re.compile(r"\bLet me know if you (?:have|need|want|would)\b", re.I),
    re.compile(r"\b(?:Great|Good) question\b", re.I),
    re.compile(r"^(?:Sure|Certainly|Absolutely|Of course)[!,]", re.I | re.M),
    re.compile(r"\bI've (?:updated|made the changes|fixed)\b", re.I),
)
_OPENERS = re.compile(
    r"^(?:Sure|Certainly|Absolutely|Of course)[!,]|^I'll help you\b|^Here's the (?:updated|revised"
    r"|modified|corrected|complete|full|fixed)\b", re.I)


def llm_transcript(text: str) -> str | None:
    """Why text looks like an LLM transcript, or None when it does not."""
    for name, pattern in _STRONG:
        if pattern.search(text):
            return name
    if _ROLE.search(text):
        for match in _PROSE_CONTENT.finditer(text):
            if match.group(1).count(" ") >= 6:
                return "assistant_payload"
    if _OPENERS.match(text.lstrip()):
        return "assistant_opening"
    if sum(1 for pattern in _WEAK if pattern.search(text)) >= 2:
        return "assistant_phrasing"
    return None

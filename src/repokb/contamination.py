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

# A line opening a chat turn ("User:", "**Assistant:**", "Human: ..."): three or more turns with
# both an asker and an assistant read as a pasted conversation.
_TURN = re.compile(r"^\s*(?:[*_#>]+\s*)?(human|user|assistant|ai|claude|chatgpt)\s*(?:[*_]+)?\s*:",
                   re.IGNORECASE | re.MULTILINE)
_ASSISTANT = {"assistant", "ai", "claude", "chatgpt"}
_ASKER = {"human", "user"}
# A hard-coded message: a role literal followed by a literal content string of some length
# (code that builds a request from variables is not flagged).
_PAYLOAD = re.compile(
    r"""["']role["']\s*:\s*["'](?:user|assistant|system)["']\s*,\s*["']content["']\s*:\s*"""
    r"""["'][^"'\n]{15,}""", re.IGNORECASE)
_META_PHRASES = (
    "as an ai language model", "as a large language model",
    "this session is being continued from a previous conversation",
    "summary of the conversation so far", "the conversation is summarized below",
    "i'm claude, an ai", "i am claude, an ai",
)


def llm_transcript(text: str) -> str | None:
    """Why text looks like an LLM transcript, payload or meta-answer, or None when it does not."""
    turns = [m.group(1).lower() for m in _TURN.finditer(text)]
    if len(turns) >= 3 and set(turns) & _ASSISTANT and set(turns) & _ASKER:
        return "llm_transcript"
    if _PAYLOAD.search(text):
        return "llm_api_payload"
    lowered = text.lower()
    if any(phrase in lowered for phrase in _META_PHRASES):
        return "llm_meta_response"
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

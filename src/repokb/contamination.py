"""LLM-response contamination: text that is a model transcript, not project knowledge (seed 000).

Seed 002 learnt this the hard way: test scripts holding hard-coded questions and API payloads,
compaction summaries and meta-answers got indexed, and the knowledge base then answered the
agent's own requests. A chunk that matches is dropped and counted, like a secret. The patterns
aim at precision: code that *builds* a request from variables is not flagged, a literal one is.
"""

from __future__ import annotations

import re

# A line opening a chat turn: "User:", "**Assistant:**", "Human: ..."
_TURN = re.compile(r"^\s*(?:[*_#>]+\s*)?(human|user|assistant|ai|claude|chatgpt)\s*(?:[*_]+)?\s*:",
                   re.IGNORECASE | re.MULTILINE)
_ASSISTANT = {"assistant", "ai", "claude", "chatgpt"}
_ASKER = {"human", "user"}

# A hard-coded message: a role literal followed by a literal content string of some length.
_PAYLOAD = re.compile(
    r"""["']role["']\s*:\s*["'](?:user|assistant|system)["']\s*,\s*["']content["']\s*:\s*"""
    r"""["'][^"'\n]{15,}""", re.IGNORECASE)

_PHRASES = (
    "as an ai language model",
    "as a large language model",
    "this session is being continued from a previous conversation",
    "summary of the conversation so far",
    "the conversation is summarized below",
    "i'm claude, an ai",
    "i am claude, an ai",
)


def contamination(text: str) -> str | None:
    """Why `text` looks like an LLM transcript or payload ("llm_transcript", ...), or None."""
    turns = [m.group(1).lower() for m in _TURN.finditer(text)]
    roles = set(turns)
    if len(turns) >= 3 and roles & _ASSISTANT and roles & _ASKER:
        return "llm_transcript"
    if _PAYLOAD.search(text):
        return "llm_api_payload"
    lowered = text.lower()
    for phrase in _PHRASES:
        if phrase in lowered:
            return "llm_meta_response"
    return None

"""Text that is an LLM transcript rather than project knowledge (seed 000 `is_llm_response`).

Model answers pasted into a repository, compaction summaries of coding sessions and hard-coded
chat payloads read like documentation but describe a conversation, not the project; indexed,
they would be retrieved and fed back to a model as if they were facts. Precision matters more
than recall here: a dropped README is a worse loss than a stray transcript, so only what
ordinary Markdown and HTML never hold counts. Not evidence on its own: `<details>`/`<summary>`
(GitHub READMEs use them everywhere), "Summary" headings, a chat example in a code block or a
short "User:/Assistant:" illustration, a single "Let me know if you have questions".

Measured on real Markdown (bench/transcripts.py: Django's docs and the READMEs of 50 npm and
PyPI packages): 0 files flagged.
"""

from __future__ import annotations

import re

# Unmistakable: a model speaking about itself, or a coding session's compaction header.
_META_PHRASES = (
    "as an ai language model", "as a large language model,",
    "this session is being continued from a previous conversation",
    "summary of the conversation so far", "the conversation is summarized below",
    "i'm claude, an ai", "i am claude, an ai", "i'm chatgpt, ", "i am chatgpt, ",
)
_STRONG = re.compile(r"\bas an ai(?: language)? model\b", re.I)
# The section headers of a compaction summary: two of them together are a summary.
_COMPACTION = re.compile(r"^\s*(?:\d+\.\s*)?(?:\*\*)?(?:primary request and intent|key technical "
                         r"concepts|files and code sections|pending tasks|current work|optional "
                         r"next step|errors and fixes|problem solving)(?:\*\*)?:",
                         re.I | re.M)
# A line opening a chat turn ("User:", "**Assistant:**", "Human: ...").
_TURN = re.compile(r"^\s*(?:[*_#>]+\s*)?(human|user|assistant|ai|claude|chatgpt)\s*(?:[*_]+)?\s*:",
                   re.IGNORECASE | re.MULTILINE)
_ASSISTANT = {"assistant", "ai", "claude", "chatgpt"}
_ASKER = {"human", "user"}
_MIN_TURNS = 2
# Code blocks are examples, not the text's own voice: fenced, or indented four spaces.
_FENCE = re.compile(r"^(?P<f>```|~~~)[^\n]*\n.*?^(?P=f)[ \t]*$", re.M | re.S)
_INDENTED = re.compile(r"^(?: {4}|\t).*$", re.M)
# A hard-coded message: a role literal followed by a literal content string of some length
# (code that builds a request from variables is not flagged; neither are documentation examples).
_PAYLOAD = re.compile(
    r"""["']role["']\s*:\s*["'](?:user|assistant|system)["']\s*,\s*["']content["']\s*:\s*"""
    r"""["'][^"'\n]{15,}""", re.IGNORECASE)
_WEAK: tuple[re.Pattern[str], ...] = (
    re.compile(r"\bI'll help you\b", re.I),
    re.compile(r"\bHere's the (?:updated|revised|modified|corrected|complete|full|fixed)\b",
               re.I),
    re.compile(r"\bI (?:apologi[sz]e for the confusion|hope this helps)\b", re.I),
    re.compile(r"\bLet me know if you (?:have|need|want|would)\b", re.I),
    re.compile(r"\b(?:Great|Good) question\b", re.I),
    re.compile(r"^(?:Sure|Certainly|Absolutely)! ", re.I | re.M),
    re.compile(r"\bI've (?:updated|made the changes|fixed)\b", re.I),
)
_WEAK_NEEDED = 2  # distinct assistant phrases (one occurs in friendly human prose)
_OPENERS = re.compile(r"^(?:Sure|Certainly|Absolutely|Of course)! (?:Here|I'll|I can|Let me)\b|"
                      r"^I'll help you\b", re.I)


def _prose(text: str) -> str:
    """The text without its code examples."""
    if "```" in text or "~~~" in text:
        text = _FENCE.sub("", text)
    return _INDENTED.sub("", text) if "    " in text or "\t" in text else text


_COMPACTION_HINTS = ("primary request", "key technical", "files and code", "pending tasks",
                     "current work", "next step", "errors and fixes", "problem solving")
_ASSISTANT_HINTS = ("assistant", "claude", "chatgpt", "ai:", "ai**:", "ai*:")
_WEAK_HINTS = ("i'll help you", "here's the", "i apologi", "i hope this helps",
               "let me know if you", "question", "sure! ", "certainly! ", "absolutely! ", "i've ")


def llm_transcript(text: str, docs: bool = False) -> str | None:
    """Why text looks like an LLM transcript, payload or meta-answer, or None when it does not.

    `docs`: the text is documentation, where a hard-coded chat payload is an API example.
    Cheap substring tests on the lower-cased text come first: the regexes run only on text
    that holds their words (this runs on every admitted chunk)."""
    lowered = text.lower()
    if any(phrase in lowered for phrase in _META_PHRASES):
        return "llm_meta_response"
    if "as an ai" in lowered and _STRONG.search(text):
        return "llm_meta_response"
    if (sum(h in lowered for h in _COMPACTION_HINTS) >= 2
            and len(_COMPACTION.findall(text)) >= 2):
        return "llm_compaction_summary"
    prose: str | None = None
    if any(h in lowered for h in _ASSISTANT_HINTS) and ("user" in lowered or "human" in lowered):
        prose = _prose(text)
        turns = [m.group(1).lower() for m in _TURN.finditer(prose)]
        if (len(turns) >= _MIN_TURNS and set(turns) & _ASSISTANT and set(turns) & _ASKER
                and _opens_with_turn(prose)):
            return "llm_transcript"
    if not docs and "role" in lowered and _PAYLOAD.search(text):
        return "llm_api_payload"
    if _OPENERS.match(text.lstrip()[:200]):
        return "assistant_opening"
    if sum(h in lowered for h in _WEAK_HINTS) >= _WEAK_NEEDED:
        prose = _prose(text) if prose is None else prose
        if sum(1 for pattern in _WEAK if pattern.search(prose)) >= _WEAK_NEEDED:
            return "assistant_phrasing"
    return None


def _opens_with_turn(prose: str) -> bool:
    """A transcript is turns from its first lines on, not a document quoting one exchange."""
    head = [ln for ln in prose.splitlines() if ln.strip()][:3]
    return any(_TURN.match(ln) for ln in head)

"""The project a question names ("how does gin recover from panics"): the search is scoped to
it and the name left out of the text the model and BM25 read.
"""

from __future__ import annotations

import re

from repokb.lexicon import STOP_WORDS

# A version after a name, as an sdist or a checkout folder carries it: django-5.2.8, gin_v1.10
_VERSION = re.compile(r"[-_ ]v?\d+(?:\.\d+)*(?:[-._]?[a-z]+\d*)?$", re.I)
# Everyday English words that are also project names: one of them names a project only with a
# cue ("in black", "does click", "rich's", "the black project"), never as a plain word.
ORDINARY = frozenset((
    "arrow", "black", "celery", "click", "express", "fabric", "flask", "gin", "glob", "koa",
    "mock", "next", "nest", "pillow", "poetry", "react", "rich", "requests", "sphinx", "trio",
    "vue"))
# words that go with the name ("in attrs," / "en attrs,") and count as a cue
_BEFORE = r"(?:in|of|for|from|with|using|about|inside|within|en|de|del|para|con)"
_VERB = re.compile(r"\b(?:does|do|did|is|can|should)\s+(?:the\s+)?$", re.I)  # a cue that stays
_NOUN = r"(?:project|repo|repository|library|package|codebase|framework|source|code)"


def bare_name(project: str) -> str:
    """A project's name without its version: `gin-1.8.1` -> `gin`."""
    return _VERSION.sub("", project) or project


def project_aliases(projects: list[str] | tuple[str, ...]) -> dict[str, str]:
    """The words that name each project, lower-cased, to the project: its name, and its name
    without a version (`django-5.2.8` -> `django`); a word two projects share names neither."""
    seen: dict[str, set[str]] = {}
    for name in projects:
        for alias in {name.lower(), bare_name(name).lower()}:
            if alias and re.search(r"[a-z]", alias):
                seen.setdefault(alias, set()).add(name)
    return {alias: next(iter(owners)) for alias, owners in seen.items() if len(owners) == 1}


_JOINER = re.compile(r"(?:'s|’s)?\s*(?:,\s*(?:and\s+|or\s+)?|&\s*|/\s*|(?:and|or|vs\.?|versus|"
                     r"y|o|e|ou)\s+)", re.I)


def _joined(text: str, match: re.Match[str], found: dict[str, list[re.Match[str]]]) -> bool:
    """Is `match` (a name) joined to a name in `found` by "and", "or", "vs", a comma ...?"""
    for other in (m for ms in found.values() for m in ms):
        first, second = (other, match) if other.start(1) < match.start(1) else (match, other)
        if _JOINER.fullmatch(text, first.end(1), second.start(1)):
            return True
    return False


def named_project(text: str, projects: list[str] | tuple[str, ...]) -> tuple[str, str] | None:
    """(project, text without its name) when the question names exactly one indexed project.

    A name counts as a whole word, case-insensitive, not inside a dotted, slashed or hyphenated
    name (`gin.Context`, `attrs/_make.py`, `fastify-plugin` name code, not the project), nor a
    Rust or C++ path (`rayon::join`, `serde_json::from_str`). An
    ordinary word (ORDINARY: black, click, gin ...) counts only with a cue: a preposition or
    "does" / "is" / "can" before it, "'s" or a noun such as "project" after it. Two projects
    named: None (a comparison: nothing to scope to). The name goes with the words that only
    serve it ("in attrs,", "fastify's", "the black project"); "how does" stays (it is the
    intent); only one mention goes (the one with most such words, else the first); a question
    that is only the name keeps it as its text.
    """
    aliases = project_aliases(projects)
    if not aliases:
        return None
    found: dict[str, list[re.Match[str]]] = {}
    bare: list[tuple[str, re.Match[str]]] = []  # ordinary words without a cue
    for alias in sorted(aliases, key=len, reverse=True):
        pattern = (rf"(?:\b{_BEFORE}\s+(?:the\s+)?)?(?<![\w./\-@])(?<!::)({re.escape(alias)})"
                   rf"(?![\w/\-]|\.\w|::)('s|’s)?(?:\s+{_NOUN}\b)?,?")
        for match in re.finditer(pattern, text, re.I):
            taken = [m for ms in found.values() for m in ms]
            if any(m.start(1) < match.end(1) and match.start(1) < m.end(1) for m in taken):
                continue  # inside a longer name already found (django-5.2 before django)
            cued = (match.group(0).rstrip(",").lower() != match.group(1).lower()
                    or bool(_VERB.search(text[:match.start()])))
            if alias in ORDINARY and not cued:
                bare.append((aliases[alias], match))
                continue
            found.setdefault(aliases[alias], []).append(match)
    # an ordinary word joined to a name found ("cobra and click", "black, gin and attrs") is a
    # project as well: two named, nothing to scope to (multi28: "how does cobra and click
    # handle flags" searched cobra alone)
    while found and (joined := [(p, m) for p, m in bare if _joined(text, m, found)]):
        for project, match in joined:
            found.setdefault(project, []).append(match)
            bare.remove((project, match))
    if len(found) != 1:
        return None
    (project, matches), = found.items()
    # one mention is the scope ("in black," before a bare "black"); another is a word of the
    # question ("In black, does Black have an API?")
    match = max(matches, key=lambda m: (len(m.group(0)) - len(m.group(1)), -m.start()))
    rest = text[:match.start()] + " " + text[match.end():]
    rest = " ".join(rest.split()).strip(" ,")
    words = [w for w in re.findall(r"\w+", rest.lower()) if w not in STOP_WORDS]
    return project, (rest if words else text)

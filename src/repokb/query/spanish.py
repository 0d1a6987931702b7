"""Spanish questions: MiniLM is English-only, so a Spanish question also gets an English
rendering of its programming words (lexicon ES_EN) for both the dense and the lexical side.
"""

from __future__ import annotations

import re

from repokb.embedders.code_bm25 import fold
from repokb.lexicon import ES_EN, STOP_WORDS

_SPANISH_HINT = re.compile(r"[¿¡ñáéíóú]|\b(c[oó]mo|qu[eé]|d[oó]nde|para|una?|los|las|el|del|"
                           r"con|por|se|es)\b", re.I)


def is_spanish(text: str) -> bool:
    words = re.findall(r"\w+", text.lower())
    hints = len(_SPANISH_HINT.findall(text))
    return bool(words) and (("¿" in text) or hints >= max(2, len(words) // 4))


def translate_es(text: str) -> str:
    """The English programming words of a Spanish question (unknown words kept as they are)."""
    folded = fold(text.lower())
    for phrase in sorted((p for p in ES_EN if " " in p), key=len, reverse=True):
        folded = re.sub(rf"\b{phrase}\b", ES_EN[phrase].replace(" ", "_"), folded)
    out = []
    for word in re.findall(r"[\w.]+", folded):
        if word in ES_EN:
            out.append(ES_EN[word])
        elif word.replace("_", " ") in ES_EN.values():
            out.append(word.replace("_", " "))
        elif word not in STOP_WORDS:
            out.append(word)
    return " ".join(out)


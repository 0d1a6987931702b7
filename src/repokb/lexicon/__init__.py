"""Word lists the lexical side and query understanding use, kept as data.

STOP_WORDS: English and Spanish function words (accent-folded), dropped from BM25 tokens.
ES_EN: common programming vocabulary in Spanish with its English word, so a Spanish question
about English code can still match its words (see repokb.query).
PRODUCT_NAMES: products spelled with a capital inside (PyPI, GitHub, macOS), lower-cased: words
of a question, not code names, unless the project defines one (repokb.query).
PHRASAL_COMPOUNDS: phrasal verbs written as one word in names ("check it out": `checkout`), one
more word for BM25 (repokb.query).
VAGUE_WORDS: words a question says for what it does not name ("something", "stuff"), left out
of the question's BM25 text (repokb.query).
"""

from repokb.lexicon.words import (
    ES_EN,
    PHRASAL_COMPOUNDS,
    PRODUCT_NAMES,
    STOP_WORDS,
    VAGUE_WORDS,
)

__all__ = ["ES_EN", "PHRASAL_COMPOUNDS", "PRODUCT_NAMES", "STOP_WORDS", "VAGUE_WORDS"]

"""Word lists the lexical side and query understanding use, kept as data.

STOP_WORDS: English and Spanish function words (accent-folded), dropped from BM25 tokens.
ES_EN: common programming vocabulary in Spanish with its English word, so a Spanish question
about English code can still match its words (see repokb.query).
"""

from repokb.lexicon.words import ES_EN, STOP_WORDS

__all__ = ["ES_EN", "STOP_WORDS"]

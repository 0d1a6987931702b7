"""The lexical side: BM25 sparse vectors over code-aware tokens (the default; see
bench/RESULTS.md for the measurement against Qdrant's built-in `Bm25` with its Code tokenizer).

Tokens: every identifier-like run is split on dots, slashes, dashes and colons, each part on
snake_case and camelCase/PascalCase humps; the parts are lower-cased, accent-folded, stop-word
filtered and stemmed (Snowball, English), and the whole identifier (underscores dropped, so
`get_user_name` and `getUserName` meet) and the whole dotted or slashed path are kept too. So
`parseConfigFile` matches "parse config file", "configuration" and `parse_config_file`.

Documents carry BM25 term-frequency weights with length normalisation; IDF is applied by the
store (sparse vector modifier), so it follows the corpus as it grows. Indices are a stable
32-bit hash of the token, the same in every process.
"""

from __future__ import annotations

import hashlib
import re
import threading
import unicodedata
from collections import Counter
from functools import lru_cache

import snowballstemmer

from repokb.lexicon import STOP_WORDS

SparseVector = tuple[list[int], list[float]]

_RUN = re.compile(r"[A-Za-z0-9_]+(?:[./:\-][A-Za-z0-9_]+)*")
_SEPARATORS = re.compile(r"[./:\-]")
_HUMPS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_MAX_RUN = 80  # longer runs are hashes, base64 or minified code: not words anyone searches
_STEMMER = snowballstemmer.stemmer("english")
# Entries per memo below. Words repeat a lot, so a few tens of thousands hold nearly every hit:
# over Django's files cut in 700-character pieces, 32,768 each answered 98.7% of the runs that
# 200,000 did, in the same CPU time (3.6-3.8 s either way), and the four held 26 MB where
# 200,000 held 80 MB, for the whole run (they never empty; a bigger tree fills all 200,000).
_MEMO = 32_768


def fold(text: str) -> str:
    """Accents off ("configuración" -> "configuracion"), so Spanish words tokenise too."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


_STEM_LOCK = threading.Lock()


@lru_cache(maxsize=_MEMO)
def _stem(word: str) -> str:
    # The Snowball stemmer keeps its state in the object while it works: an index run and
    # the searches of one owner process share it, one thread at a time.
    with _STEM_LOCK:
        return str(_STEMMER.stemWord(word))


@lru_cache(maxsize=_MEMO)
def _identifier_tokens(identifier: str) -> tuple[str, ...]:
    humps = [h for piece in identifier.split("_") for h in _HUMPS.findall(piece)]
    out = []
    if len(humps) > 1:
        out.append(identifier.replace("_", "").lower())
    for hump in humps:
        low = hump.lower()
        if len(low) < 2 or low in STOP_WORDS:
            continue
        out.append(_stem(low))
    return tuple(out)


def tokenize(text: str) -> list[str]:
    tokens: list[str] = []
    for run in _RUN.findall(fold(text)):
        if len(run) <= _MAX_RUN:
            tokens.extend(_run_tokens(run))
    return tokens


@lru_cache(maxsize=_MEMO)
def _run_tokens(run: str) -> tuple[str, ...]:
    """The tokens of one identifier-like run (runs repeat a lot: each is split once)."""
    parts = [p for p in _SEPARATORS.split(run) if p]
    out: list[str] = [run.lower()] if len(parts) > 1 else []
    for part in parts:
        out.extend(_identifier_tokens(part))
    return tuple(out)


@lru_cache(maxsize=_MEMO)
def _index(token: str) -> int:
    return int.from_bytes(hashlib.blake2b(token.encode(), digest_size=4).digest(), "little")


class CodeBm25Encoder:
    name = "code-bm25"

    def __init__(self, k1: float = 1.2, b: float = 0.75, avg_len: float = 256.0) -> None:
        self.k1, self.b, self.avg_len = k1, b, avg_len

    def document(self, text: str) -> SparseVector:
        counts = Counter(tokenize(text))
        length = sum(counts.values())
        norm = self.k1 * (1 - self.b + self.b * length / self.avg_len)
        weights: dict[int, float] = {}
        for token, tf in counts.items():
            index = _index(token)
            weights[index] = weights.get(index, 0.0) + tf * (self.k1 + 1) / (tf + norm)
        return list(weights), list(weights.values())

    def query(self, text: str) -> SparseVector:
        weights: dict[int, float] = {}
        for token in tokenize(text):
            weights[_index(token)] = 1.0
        return list(weights), list(weights.values())

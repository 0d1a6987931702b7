"""library's own forms of detect-secrets' patterns and of its line search, faster, the same
answers: `_is_indirect_reference` (a keyword's value read from a call or a subscript, not
written) without the quadratic search, the token lines found from the character before a run."""

from __future__ import annotations

import random

from detect_secrets.filters.heuristic import is_indirect_reference

from repokb.secrets.library import _is_indirect_reference

LINES = [
    "secret = get_secret_key()",
    "password = request.headers['apikey']",
    "api_key := os.Getenv(\"API_KEY\")",
    "if password !== cfg.get('pw') {",
    "password = 'hunter2xyz'",
    "token: ${TOKEN}",
    "x" * 999 + "=f()",
    "x" * 1000 + "=f()",  # over 1,000 characters: not looked at, as there
    "",
    "password\v= f()",
    "a == b(c) d",
]


def _random_lines(n: int) -> list[str]:
    rng = random.Random(3)
    pieces = ["=", "==", "!=", ":", ":=", "!", " ", "\t", "\v", "(", ")", "[", "]", "f", "a.b",
              "-", "_x", "'k'", '"v"', "password", "é", "9"]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 30))) for _ in range(20000)]


def test_the_same_answer_as_detect_secrets() -> None:
    lines = LINES + _random_lines(20000)
    assert sum(map(is_indirect_reference, lines)) > 1000  # both answers occur
    for line in lines:
        assert _is_indirect_reference(line) == is_indirect_reference(line), repr(line)


def test_token_runs_start_where_the_lookbehind_pattern_starts() -> None:
    """library's token lines: a run found after the character before it (or at the text's
    start) starts where the pattern opening on a lookbehind found one."""
    from repokb.secrets.library import _TOKEN_LINE, _TOKEN_RUN

    rng = random.Random(1)
    pieces = ["a", "1", "_", "-", "+", "/", "=", ":", " ", "\n", "(", "abcdefgh", "12345678",
              "é", ".", "ghp_" + "A1" * 10]
    texts = ["", "x" * 15 + "1", "(" + "x" * 15 + "1", "x" * 16 + " " + "y" * 15 + "2"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 40))) for _ in range(20000)]
    found = 0
    for text in texts:
        starts = ([0] if _TOKEN_LINE.match(text) else []) + [
            m.start(1) for m in _TOKEN_RUN.finditer(text)]
        assert starts == [m.start() for m in _TOKEN_LINE.finditer(text)], text
        found += len(starts)
    assert found > 5000

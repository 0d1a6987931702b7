"""library._is_indirect_reference: detect-secrets' `is_indirect_reference` (a keyword's value
read from a call or a subscript, not written), the same answer without its quadratic search."""

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

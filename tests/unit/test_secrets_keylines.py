"""keylines.KeyLines: the lines holding a key word, found in one pass for every finder, are the
lines a `str.find` loop per word found (`anchored_lines`, what each finder ran on its own)."""

from __future__ import annotations

import random

import pytest

from repokb import secrets as S
from repokb.rules import secret_patterns as P
from repokb.secrets import keylines
from repokb.secrets.keylines import KeyLines, lower_same_length

TEXTS = [
    "",
    "password",
    "db_password = 'x'\n",
    "no key word here\nnor here",
    "token token token\npass\n\nsecret=1\nKEY: v",
    "sasas\nsas sas\n",  # overlapping places of one word
    "pwpwpw = 1\n-u--user --password\n",
    "İstanbul password: Straße\nΣΑΣ token Σ\n",  # `İ` lowers to two characters
    "\u212aey = 'kelvin'\n",  # KELVIN SIGN lowers to an ASCII k
    "Basic abc\nBASIC def\nbasic ghi\n\"Bearer \" .. 'x'\nset $api_key v;\n",
    "mysql -uroot -pSecret1 db\nMARIADB\nnuget setapikey X\n<setting name=\"a\">\n",
    "\n\npassword\n\n",
    "a" * 50 + "key" + "\n" * 3 + "token",
]


def anchored_lines(text: str, low: str, anchors: tuple[str, ...],
                   below: int = 0) -> list[tuple[int, int]]:
    """The reference: (start, end) of each line holding one of `anchors` in `low` (the text, or
    the text lower-cased: same length), with the `below` lines after it, once each, in order,
    by a `str.find` loop per word, as each finder searched on its own before KeyLines."""
    spans: set[tuple[int, int]] = set()
    for anchor in anchors:
        at = low.find(anchor)
        while at != -1:
            start = text.rfind("\n", 0, at) + 1
            end = at
            for _ in range(below + 1):
                end = text.find("\n", end + 1)
                if end == -1:
                    end = len(text)
                    break
            spans.add((start, end))
            at = low.find(anchor, max(end, at + 1))
    return sorted(spans)



def _random_texts(n: int) -> list[str]:
    rng = random.Random(7)
    pieces = [*P.LINE_WORDS, "PASS", "Token", "\n", "\n", " ", "=", "x", "'", "İ", "Σ", "ab"]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 60))) for _ in range(n)]


@pytest.mark.parametrize("below", [0, 1, 2])
def test_lines_are_the_lines_each_words_find_loop_found(below: int) -> None:
    groups = [P.KEY_ANCHORS, P.LIBRARY_KEY_WORDS, ("auth", "token"), ("--",), ("-u",),
              ("name",), ("sas",), ("get;", "set;", "init;"), ("?:",), P.LINE_WORDS,
              ("not-a-line-word", "pass")]
    for text in TEXTS + _random_texts(300):
        keys = KeyLines(text)
        low = lower_same_length(text)
        for words in groups:
            assert keys.lines(words, below) == anchored_lines(text, low, words, below), (
                text, words)


def test_cased_lines_are_the_lines_of_the_text_itself() -> None:
    for text in TEXTS + _random_texts(300):
        keys = KeyLines(text)
        for words in (("asic", "earer", "oken"), ("_header", "_param", "add_trailer", "$")):
            assert keys.lines(words, cased=True) == anchored_lines(text, text, words)
            assert keys.has(words, cased=True) == any(w in text for w in words)


def test_at_holds_every_place_and_has_says_whether_any() -> None:
    for text in TEXTS + _random_texts(300):
        keys = KeyLines(text)
        low = lower_same_length(text)
        for word in (*P.LINE_WORDS, "absent-word", "a"):
            places = [i for i in range(len(low)) if low.startswith(word, i)]
            assert keys.at(word) == places
            assert keys.has((word,)) == (word in low)


def test_lower_same_length_keeps_offsets() -> None:
    for text in ("İstanbul KEY", "ΣΑΣ İ Σ Token", "plain PassWord"):
        low = lower_same_length(text)
        assert len(low) == len(text)
        assert all(low[i] == ("?" if c == "İ" else c.lower()) for i, c in enumerate(text)
                   if c.isascii() or c == "İ")


def test_line_words_are_lower_case_and_distinct() -> None:
    assert all(w == w.lower() for w in P.LINE_WORDS)
    assert len(set(P.LINE_WORDS)) == len(P.LINE_WORDS)


_EVERY_FORM = "\n".join([
    "password = 'Zt8pQ2xW7mK4vL9n' # token auth bearer Basic",
    "mysql -uroot -pZt8pQ2xW7mK4vL9n; curl -u a:b --password x; sshpass redis-cli mongo",
    "htpasswd getconnection pdo mysqli bind datasource jwt hmac openssl_ cipheriv",
    "userpwd base64 btoa encode64 encodetostring b64( @tcp( 'auth' \"auth\" log in signin",
    "name: API_TOKEN value: 'Zt8pQ2xW7mK4vL9n' account credential cargo wandb pgpass",
    "machine h login u password Zt8pQ2xW7mK4vL9n | pass | pw |",
    "buildConfigField resValue <string <item setProperty putString putExtra ?: toCharArray",
    "get; set; init; SetEnvironmentVariable user-secrets <setting setapikey nuget <apikeys>",
    "appendchar cookie _env( :basic :bearer hash epgsql signer key_octet",
    "proxy_set_header X-Api-Key Zt8pQ2xW7mK4vL9n; set $token v; add_trailer fastcgi_param",
    "local a, api_key = 'x', 'Zt8pQ2xW7mK4vL9n'",
    "auth = { password = 'Zt8pQ2xW7mK4vL9n' } [[ x ]] getenv",
])


@pytest.mark.parametrize("language", [None, "python", "lua", "groovy", "kotlin", "ruby",
                                      "java", "csharp", "erlang", "elixir", "yaml", "markdown",
                                      "nginx", "go", "perl", "haskell"])
def test_every_word_a_finder_asks_for_is_found_in_the_one_pass(
        language: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A word outside P.LINE_WORDS is still found, by a pass of its own: none should be."""
    asked: set[str] = set()
    at = KeyLines.at

    def recording(self: KeyLines, word: str, cased: bool = False) -> list[int]:
        asked.add(word)
        return at(self, word, cased)

    has = KeyLines.has

    def recording_has(self: KeyLines, words: tuple[str, ...], cased: bool = False) -> bool:
        asked.update(words)
        return has(self, words, cased)

    monkeypatch.setattr(KeyLines, "at", recording)
    monkeypatch.setattr(KeyLines, "has", recording_has)
    S.find_all(_EVERY_FORM, S.mode_for(language), language)
    assert asked  # the finders read their lines through KeyLines
    # openresty's nginx lines are asked for `$` only in a text its own anchors let through
    # (`set $`, `_header`): `$` in the shared pass would stop at every PHP or shell variable
    gated = {"$"}
    assert asked - gated <= keylines._KNOWN, sorted(asked - gated - keylines._KNOWN)

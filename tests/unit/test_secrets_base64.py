"""Base64-encoded secrets outside string literals: in a comment, in prose, wrapped over lines.

A new user's pass found `// fixture: <base64 of an AWS key id and a Stripe key>` stored as
written in a JS file: detect-secrets' base64 entropy plugin reads quoted strings only, so the
same blob in quotes was redacted and unquoted it was not, nor wrapped over two `#` lines.
Base64 of harmless text, hashes, lockfile integrity values and images stay readable.
"""

from __future__ import annotations

import base64
import gzip

import pytest

from repokb.secrets import REDACTED, encoded, redact

from .. import fake_secrets as fake
from ..conftest import cases

AWS_ID = "".join(("AK", "IA", "UJZDE8GX", "D6NCF10E"))  # FAKE, assembled at run time
STRIPE = "".join(("sk", "_live_", "LKOmxgJTeK", "dNnFRIBXuD"))
PAYLOAD = f"aws={AWS_ID} stripe={STRIPE}"
BLOB = base64.b64encode(PAYLOAD.encode()).decode()  # the blob of the report, rebuilt


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def test_the_reported_blob_is_the_one_rebuilt_here():
    assert BLOB.startswith("YXdzPUFLSUFV") and BLOB.endswith("WHVE") and len(BLOB) == 80


FOUND = [  # (mode, language, text, runs that must go)
    ("code", "javascript", f"// fixture: {BLOB}\nconst x = 1;\n", [BLOB]),
    ("code", "javascript", f'const fixture = "{BLOB}";\n', [BLOB]),  # quoted: as before
    ("code", "python", f"x = 1\n# {BLOB[:48]}\n# {BLOB[48:]}\ny = 2\n",  # wrapped, aligned
     [BLOB[:48], BLOB[48:]]),
    ("code", "python", f"# {BLOB[:50]}\n# {BLOB[50:]}\n", [BLOB[:50], BLOB[50:]]),  # not aligned
    ("code", "python", f"# {BLOB[:31]}\n# {BLOB[31:62]}\n# {BLOB[62:]}\n",  # 3 lines, a short tail
     [BLOB[:31], BLOB[31:62], BLOB[62:]]),
    # a blob whose first line is too short to be a run: its start goes with the rest
    ("code", "python", f"# fixture:\n# {BLOB[:13]}\n# {BLOB[13:]}\n", [BLOB[:13], BLOB[13:]]),
    # a line that continues a blob from a line not seen as its start: its 4 alignments
    ("code", "python", f"# fixture: (the first part is in a.txt)\n# {BLOB[13:]}\n", [BLOB[13:]]),
    ("code", "ruby", f"=begin\n  {BLOB[:40]}\n  {BLOB[40:]}\n=end\n", [BLOB[:40], BLOB[40:]]),
    ("text", "markdown", f"The fixture is {BLOB} (see the tests).\n", [BLOB]),
    ("config", "yaml", f"# seed: {BLOB}\nname: shop\n", [BLOB]),
    # URL-safe, unpadded
    ("code", "go", "// " + base64.urlsafe_b64encode(
        f"token {fake.GITHUB_TOKEN} ok?>>".encode()).decode().rstrip("=") + "\n",
     [base64.urlsafe_b64encode(f"token {fake.GITHUB_TOKEN} ok?>>".encode()).decode()
      .rstrip("=")]),
    # base64 of base64
    ("code", "python", f"# {_b64(_b64(PAYLOAD))}\n", [_b64(_b64(PAYLOAD))]),
    # a private key, and a URL's credentials
    ("code", "python", f"# {_b64(fake.PRIVATE_KEY)}\n", [_b64(fake.PRIVATE_KEY)]),
    ("code", "python", f"# {_b64('postgres://shop:' + fake.DB_PASSWORD + '@db.internal/x')}\n",
     [_b64("postgres://shop:" + fake.DB_PASSWORD + "@db.internal/x")]),
    # a long blob: the secret at its start, 40 KB of text after it
    ("code", "python", f"# {_b64(PAYLOAD + ' filler' * 6000)}\n",
     [_b64(PAYLOAD + " filler" * 6000)]),
]


@cases(("mode", "language", "text", "runs"), FOUND, named_by=1)
def test_base64_holding_a_secret_is_redacted_whole(mode, language, text, runs):
    result = redact(text, mode, language)
    for run in runs:
        assert run.rstrip("=") not in result.text, result.text[:200]
    for piece in (BLOB[at:at + 12] for at in range(0, len(BLOB) - 12, 4)):
        assert piece not in result.text  # no piece of the blob of the report either
    assert REDACTED in result.text
    assert result.text.count("\n") == text.count("\n")


def test_a_wrapped_blob_is_found_only_as_a_whole():
    """Alone, the second line decodes to the Stripe key's tail, which no finder reads as a
    key; the two lines together hold it whole."""
    head, tail = BLOB[:52], BLOB[52:]
    assert "stripe=sk_live_" not in base64.b64decode(head + "=" * (-len(head) % 4)).decode(
        errors="replace")
    text = f"# {_b64('just a harmless note, nothing to see here')}\n# {head}\n# {tail}\n"
    result = redact(text, "code", "python")
    assert result.text.splitlines()[1:] == [f"# {REDACTED}", f"# {REDACTED}"]
    assert result.text.splitlines()[0] == text.splitlines()[0]


KEPT = [
    ("code", "python", f"# {_b64('hello world, this is a harmless fixture string')}\n"),
    ("code", "javascript", f"// {_b64('hello world, this is a harmless fixture string')}\n"),
    ("text", "markdown", f"The fox line is {_b64('The quick brown fox jumps over the lazy dog')}"
                         " in base64.\n"),
    # the AWS documentation's example key id is a placeholder, encoded or not
    ("code", "python", f"# {_b64('aws=AKIAIOSFODNN7EXAMPLE region=eu-west-1')}\n"),
    ("config", "json", '{"integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+Zt'
                       'gLjKqvy3tQ5uqWn7VjVkLrQhPqr8Yk2g0/pw=="}\n'),
    ("config", "yaml", "resolution: {integrity: sha512-3VJYlnMvhpTbyTnyC3LNvy4yvH8NRSpkD2uVrC5k"
                       "AvaWmKXnVX1yDzsnC6RE8uwxZV8Oy0TBp9Ny3mSQqtbU8w==}\n"),
    ("text", "markdown", "Fixed in commit 3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d4c3b2a19.\n"),
    ("code", "go", "// h1:g61tztE5qeGQ89tm6NTjjM9VPIm088od1l6aSorWRWg=\n"),
    ("text", "html", '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAf'
                     'FcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">\n'),
    ("code", "python", "# " + base64.b64encode(gzip.compress(PAYLOAD.encode(), mtime=0))
     .decode() + "\n"),  # compressed: not text, not decoded further
    ("code", "python", "def test_concrete_abstract_concrete_pk_IntegerUsernameUserManager():\n"),
    ("text", "markdown", "See django/contrib/contenttypes/locale/az/LC_MESSAGES/django.po\n"),
]


@pytest.mark.parametrize(("mode", "language", "text"), KEPT)
def test_base64_without_a_secret_and_hashes_stay_readable(mode, language, text):
    assert redact(text, mode, language).text == text


def test_binary_is_rejected_on_its_first_48_characters_and_decoding_is_capped(monkeypatch):
    """A 1 MB image or archive is not decoded past its probe; a text blob 64 KB at a time,
    each window overlapping the one before by 3 KB: the whole blob about once."""
    sizes: list[int] = []
    decode = encoded._decode

    def counting(b64: str) -> str | None:
        sizes.append(len(b64))
        return decode(b64)

    monkeypatch.setattr(encoded, "_decode", counting)
    binary = base64.b64encode(bytes(range(256)) * 3000).decode()
    assert redact(f"x = 1  # {binary}\n", "code", "python").text.endswith(binary + "\n")
    assert max(sizes) <= encoded._PROBE
    sizes.clear()
    text_blob = _b64("harmless words " * 20000)  # 300 KB of text, 400 KB of base64
    assert redact(f"# {text_blob}\n", "code", "python").text == f"# {text_blob}\n"
    assert max(sizes) <= encoded.MAX_DECODED // 3 * 4
    assert sum(sizes) < len(text_blob) * 1.1


_WORDS = "harmless words " * 20000  # 300 KB of text: five windows of 64 KB


@pytest.mark.parametrize("at", [70_000, 65_535 - 20, len(_WORDS)],  # 65,535: a seam
                         ids=["past the first window", "across a seam", "at the end"])
def test_a_secret_past_the_first_64_kb_of_a_long_text_blob_is_found(at):
    blob = _b64(_WORDS[:at] + f"stripe={STRIPE} " + _WORDS[at:])  # one secret only
    text = f"x = 1\n# {blob}\n"
    result = redact(text, "code", "python")
    assert blob not in result.text and REDACTED in result.text
    assert [f.detector for f in result.findings] == ["base64_secret"]

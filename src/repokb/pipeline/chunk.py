"""Stage 3 — chunk: read an admitted file in full and cut it along its natural boundaries.

Only files whose policy admits content are read past their head. Secret-like values are
redacted from the whole text before it is cut, so no raw secret reaches a chunk, its symbol,
the embedder or the store (the classifier saw only the head; this sees everything). A file
whose chunker decodes it (a notebook's JSON) is redacted as decoded, each cell's source before
it is cut: a secret JSON-escaped on disk reads differently in the raw text. Bad input
becomes a `FileProblem` with a reason; it never escapes as an exception from here. Pieces too
short to mean anything, pieces still holding a secret, pieces that read as LLM transcripts
and pieces of base64 or hex data (an image in a `data:` URL) are dropped and counted by reason.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from repokb import packed
from repokb.chunkers import chunker_for, fixed_windows
from repokb.chunkers.base import (
    Decoder,
    OverBudget,
    Oversized,
    PathAware,
    Undecodable,
    is_decoder,
    parse_budget,
    source_bytes,
)
from repokb.chunkers.jinjasql import macros_are_definitions, with_macros
from repokb.chunkers.joining import join_minimum
from repokb.contamination import llm_transcript
from repokb.models import (
    Chunk,
    ChunkPiece,
    Classification,
    EmbedPlan,
    Kind,
    ParseBudget,
    Signal,
    SourceFile,
)
from repokb.pipeline.enrich import enrich
from repokb.rules.ruleset import BUILTIN_RULES, CONSTRAINTS, KIND_DEFAULTS, NOT_UTF8
from repokb.rules.sniff import info_text
from repokb.secrets import Finding, mode_for, redact, scan, values
from repokb.secrets.scan import summary


class FileProblem(Exception):
    """A file that cannot be chunked; the message is the reason recorded for it."""

    status = "failed"  # recorded as failed: retried at the next run, its cause may be gone


class TooLarge(FileProblem):
    """A notebook whose decoded text (its cells' sources) is over max_file_bytes: recorded as
    metadata only, as a file over max_file_bytes is, and not read again until it changes."""

    status = "skipped"


class PastTheHead(FileProblem):
    """What the head the classifier read did not show, found when the file is read whole:
    recorded as a file whose head shows it is (skipped, metadata only, not read again until
    it changes): where the byte lies decides nothing (`recorded` gives the classification to
    record)."""

    status = "skipped"

    def __init__(self, reason: str, at: int) -> None:
        super().__init__(reason)
        self.at = at

    def recorded(self, c: Classification) -> Classification:
        raise NotImplementedError


class NotUtf8(PastTheHead):
    """Text whose first invalid UTF-8 byte lies past the head: `rules/ruleset.NOT_UTF8`, the
    reason of a head that shows one."""

    def __init__(self, at: int) -> None:
        super().__init__(NOT_UTF8, at)

    def recorded(self, c: Classification) -> Classification:
        """`c` as the classifier decides a file whose head shows the bad byte."""
        constraint = next(x for x in CONSTRAINTS if x.flag == "invalid_utf8")
        return replace(
            c, knowledge_role=constraint.role, index_policy=constraint.policy,
            reasons=(NOT_UTF8, *(r for r in c.reasons if r != NOT_UTF8)),
            flags=(*c.flags, "invalid_utf8") if "invalid_utf8" not in c.flags else c.flags,
            signals=(*c.signals, Signal(type="encoding", value=f"invalid UTF-8 at byte {self.at}",
                                        weight=0.9)))


class NulBytes(PastTheHead):
    """A NUL byte the head's measure let pass (past the head, or one among much text): binary
    content, as a head holding NUL bytes is (kind binary, metadata only), not a failure read
    again at every run."""

    def __init__(self, at: int) -> None:
        super().__init__(f"binary content (a NUL byte at byte {at}): recorded, not read", at)

    def recorded(self, c: Classification) -> Classification:
        """`c` as the classifier decides a file whose head holds NUL bytes (its rule
        `binary-content`: kind, subkind, flags, confidence)."""
        then = next(r.then for r in BUILTIN_RULES if r.id == "binary-content")
        assert then.kind is not None
        role, policy = KIND_DEFAULTS[then.kind]
        return replace(
            c, kind=then.kind, subkind=then.subkind, knowledge_role=role, index_policy=policy,
            flags=(*c.flags, *(f for f in then.flags if f not in c.flags)),
            confidence=then.confidence, reasons=(str(self),),
            signals=(*c.signals, Signal(type="binary", value=f"NUL byte at byte {self.at}",
                                        weight=0.9)))


@dataclass
class ChunkedFile:
    file: SourceFile
    classification: Classification
    content_hash: str
    chunks: list[Chunk]
    dropped: Counter[str] = field(default_factory=Counter)
    # what redaction found in the whole text (a notebook's: in each cell, on the file's lines)
    redactions: tuple[Finding, ...] = ()
    over_limit: int = 0  # chunks past max_chunks_per_file: counted, not indexed
    one_line: bool = False  # a decoded file (a notebook) written as one line of JSON
    over_budget: str = ""  # why its parse stopped (OverBudget): cut into fixed windows

    @property
    def secrets_redacted(self) -> int:
        return len(self.redactions)

    @property
    def note(self) -> str:
        """The reason recorded with an indexed file that was not indexed whole, or not as it
        is: the values redaction took out of the whole text (the classifier saw only the head,
        with the fast finder: its reason may name fewer, or none); or whose hits cannot point
        at their own lines (a notebook written as one line of JSON)."""
        notes = [redaction_note(self.redactions, self.classification), self.over_budget]
        if self.over_limit:
            kept = len(self.chunks)
            notes.append(f"only the first {kept:,} of {kept + self.over_limit:,} chunks "
                         "indexed (max_chunks_per_file)")
        if self.one_line and self.chunks:
            notes.append("saved as one line of JSON: every hit in it points at line 1 (saved "
                         "indented, as Jupyter does, its hits point at their cells' lines)")
        return "; ".join(n for n in notes if n)


def read_limit(c: Classification, max_file_bytes: int, max_notebook_bytes: int) -> int:
    """How much of a file may be read whole: max_file_bytes, or for a file whose chunker decodes
    it (a notebook, mostly outputs that are never indexed) max_notebook_bytes; max_file_bytes
    then bounds what it decodes (chunk_file's `max_decoded`)."""
    if is_decoder(chunker_for(c.language)):
        return max(max_file_bytes, max_notebook_bytes)
    return max_file_bytes


def read_text(file: SourceFile, max_bytes: int) -> tuple[str, str]:
    """(text, sha256 of the bytes); FileProblem for unreadable, oversize or non-UTF-8 files.
    A compressed text file (`ls.1.gz`) gives the text it holds (packed.py)."""
    inner = packed.inner_name(file.path)
    try:
        with file.open() as fh:
            data = packed.unpack(fh, inner[1], file.size, max_bytes) if inner else None
            if data is None:
                fh.seek(0)
                data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise FileProblem(f"unreadable: {exc.strerror or exc}") from exc
    except packed.Refused as refused:
        raise FileProblem(str(refused)) from refused
    if len(data) > max_bytes:
        raise FileProblem(f"grew past its size limit ({max_bytes} bytes) while indexing")
    return decode_text(data)


def decode_text(data: bytes) -> tuple[str, str]:
    """(text, sha256 of the bytes) of content already in memory; FileProblem if not UTF-8 text.
    A GNU Info manual's index markers (NUL bytes) are left out of its text (sniff.info_text)."""
    digest = hashlib.sha256(data).hexdigest()
    data = info_text(data)
    if (nul := data.find(b"\x00")) >= 0:
        raise NulBytes(nul)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotUtf8(exc.start) from exc
    return text, digest


def indexed_bytes(file: SourceFile, c: Classification, max_bytes: int,
                  text: str | None = None) -> int | None:
    """For an estimate: the bytes of a file whose chunker decodes it (a notebook) that its
    chunker would decode, its cells' sources rather than its outputs (the file is read, up to
    `max_bytes`, if `text` is not given); None for any other file, whose size is the measure.
    (Over max_file_bytes nothing of it is indexed: see `decoded_too_large`.)"""
    if c.index_policy.admits_content and (size := next(
            (packed.unpacked_size(s.value) for s in c.signals if s.type == packed.SIGNAL),
            None)) is not None:
        return size  # a compressed text file: what it holds
    chunker = chunker_for(c.language)
    if not is_decoder(chunker) or not c.index_policy.admits_content:
        return None
    if text is None:
        try:
            text, _ = read_text(file, max_bytes)
        except FileProblem:
            return 0
    return chunker.indexed_bytes(text)


def decoded_too_large(size: int | None, max_bytes: int) -> str | None:
    """The reason a decoded file is not indexed when what it decodes to, `size` bytes (see
    indexed_bytes), is over max_file_bytes; None when it is not."""
    if size is None or size <= max_bytes:
        return None
    return _too_large(size, max_bytes)


def _too_large(size: int, max_bytes: int) -> str:
    return (f"cell sources too large to index ({size} bytes > max_file_bytes {max_bytes}): "
            "recorded, not indexed")


_ENCODED_RUN = re.compile(r"[A-Za-z0-9+/=_\-]{200,}")


def encoded_data(content: str) -> bool:
    """A piece that is mostly unbroken runs of base64 or hex (a PNG in a `data:` URL, a wasm
    binary in a string): data no question is asked in, not code or text."""
    body = sum(len(word) for word in content.split())
    if body < 200:
        return False
    runs = [run for run in _ENCODED_RUN.findall(content)
            if any(ch.isdigit() for ch in run) and any(ch.isalpha() for ch in run)]
    return sum(map(len, runs)) >= 0.8 * body


def redaction_note(found: Sequence[Finding], c: Classification) -> str:
    """The values redaction takes out of the whole text, in a reason's words ("" for none):
    their count when the classifier (the head, the fast finder) already flagged the file,
    else their kinds and first line (never a value)."""
    if found and "redact" in c.flags:
        return f"{len(found)} secret-like value(s) redacted in the whole file"
    if found:
        return f"secret-like values ({summary(found)}): redacted before indexing"
    return ""


def whole_text_findings(c: Classification, text: str,
                        max_decoded: int | None = None) -> tuple[Finding, ...]:
    """What redaction finds in the whole text, exactly as `chunk_file` redacts it (every
    finder, not only the classifier's fast one on the head): `repokb explain` of a file never
    indexed says so. FileProblem / TooLarge as for chunk_file when a notebook cannot be decoded."""
    chunker = chunker_for(c.language)
    if is_decoder(chunker):
        return _decoded(chunker, text, max_decoded)[1]
    return redact(text, mode_for(c.language), c.language).findings


def chunk_file(file: SourceFile, c: Classification, text: str, content_hash: str,
               plan: EmbedPlan, min_chars: int = 40,
               max_chunks: int | None = None, max_decoded: int | None = None,
               budget: ParseBudget | None = None) -> ChunkedFile:
    """The file's chunks, at most `max_chunks` of them (the rest are counted in over_limit);
    FileProblem for a file its chunker cannot decode (a notebook that is not valid JSON), and
    TooLarge for one that decodes to more than `max_decoded` bytes (max_file_bytes). A parse
    over `budget` (the default one when None: one allowance for all of the file's parses) cuts
    the file into fixed windows (a notebook: the cell), and says so in `over_budget`."""
    mode = mode_for(c.language)
    docs = c.kind is Kind.DOCUMENTATION or c.language in ("markdown", "rst", "html")
    chunker = chunker_for(c.language)
    over_budget = ""
    if is_decoder(chunker):
        with join_minimum(min_chars):
            pieces, findings, over_budget = _decoded(chunker, text, max_decoded, budget)
    else:
        redacted = redact(text, mode, c.language)
        findings = redacted.findings
        try:
            with parse_budget(budget, len(source_bytes(redacted.text))), join_minimum(min_chars):
                pieces = (chunker.chunk_path(redacted.text, file.path)
                          if isinstance(chunker, PathAware) else
                          chunker.chunk(redacted.text) if chunker else
                          fixed_windows(redacted.text))
        except OverBudget as exc:  # a grammar too slow on this text: windows, and why
            pieces = fixed_windows(redacted.text)
            over_budget = str(exc)
        except Exception:  # a chunker bug must not stop the run: fall back to windows
            pieces = fixed_windows(redacted.text)
        if c.kind is not Kind.DOCUMENTATION and macros_are_definitions(c.language, file.path):
            pieces = with_macros(redacted.text, pieces)  # a template's `{% macro %}` blocks
    dropped: Counter[str] = Counter()
    chunks: list[Chunk] = []
    over = 0
    for piece in pieces:
        if max_chunks is not None and len(chunks) >= max_chunks:
            over += 1  # the rest of a huge file: counted, never enriched nor held
            continue
        if len(piece.content.strip()) < min_chars:
            dropped["too_short"] += 1
            continue
        if scan(piece.content, mode):  # guard: redaction missed nothing
            dropped["secret"] += 1
            continue
        if llm_transcript(piece.content, docs):
            dropped["llm_transcript"] += 1
            continue
        if encoded_data(piece.content):
            dropped["encoded_data"] += 1
            continue
        chunks.append(enrich(file, c, piece, len(chunks), plan))
    if over:
        dropped["over_max_chunks_per_file"] = over
    # its cells' lines are those of the file, and all of them are on line 1: say so
    one_line = is_decoder(chunker) and "\n" not in text.strip()
    return ChunkedFile(file, c, content_hash, chunks, dropped, findings, over, one_line,
                       over_budget)


def _decoded(chunker: Decoder, text: str, max_bytes: int | None,
             budget: ParseBudget | None = None,
             ) -> tuple[list[ChunkPiece], tuple[Finding, ...], str]:
    """The pieces of a file whose indexed text is decoded from it (a notebook's cells), each
    decoded text redacted before it is cut, and what redaction found; FileProblem when the
    file cannot be decoded (never windows over its raw text, which holds what is left out),
    TooLarge when it decodes to more than `max_bytes`. A value found in one part is redacted
    in every other, as in one text (a password set in one cell, printed in another): when
    one recurs in another part, the file is decoded again with every value found known. Each
    decoding has one parse budget for all its parts (`budget`, sized by what it decoded): a
    part whose parse is over it is cut into windows, and the third value says why."""
    parts: list[tuple[str, set[str]]] = []  # each decoded text, the values found in it
    pieces, findings, stopped = _decode(chunker, text, max_bytes, set(), parts, budget)
    known = set().union(*(found for _, found in parts))
    if any(value in part for part, found in parts for value in known - found):
        pieces, findings, stopped = _decode(chunker, text, max_bytes, known, [], budget)
    return pieces, findings, stopped


def _decode(chunker: Decoder, text: str, max_bytes: int | None, known: set[str],
            parts: list[tuple[str, set[str]]], budget: ParseBudget | None,
            ) -> tuple[list[ChunkPiece], tuple[Finding, ...], str]:
    findings: list[Finding] = []

    def scrub(part: str, language: str | None, rows: Sequence[int]) -> str:
        redacted = redact(part, mode_for(language), language, known)
        parts.append((part, values(part, redacted.findings)))
        # a finding's line is the file's (a user opens the .ipynb there), not the part's
        findings.extend(replace(f, line=rows[min(f.line, len(rows)) - 1]) if rows else f
                        for f in redacted.findings)
        return redacted.text

    try:
        with parse_budget(budget) as allowance:  # sized by the decoder (a notebook's sources)
            allowance.fallback = "that part (a cell) cut into fixed windows, the others as usual"
            pieces = chunker.chunk_decoded(text, scrub, max_bytes)
    except Oversized as exc:
        raise TooLarge(_too_large(exc.size, max_bytes or 0)) from exc
    except Undecodable as exc:
        raise FileProblem(str(exc)) from exc
    except Exception as exc:  # a chunker bug: the file fails with a reason, the run goes on
        raise FileProblem(f"{chunker.name} chunker failed ({type(exc).__name__})") from exc
    return pieces, tuple(findings), allowance.stopped

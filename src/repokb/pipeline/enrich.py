"""Stage 4 — enrich: give each piece its identity, its enrichment prefix and a quality score.

The prefix closes the gap between a question and code (seed 000 §III):
`src/api.ts: function authenticate — ...`, `docs/README.md: section Installation — ...`,
`config/app.yaml: config database.connection — ...`, `nb.ipynb: notebook code cell — ...`.

The quality score (0..1, seed 001) ranks what a chunk is worth as evidence: definitions,
docstrings, headed sections and examples up; very short, comment-only, whitespace-heavy and
selector-only chunks down; TypeScript type annotations a little up.
"""

from __future__ import annotations

import re

from repokb.formats import CODE_LANGUAGES
from repokb.models import (
    Chunk,
    ChunkPiece,
    Classification,
    EmbedPlan,
    SourceFile,
)
from repokb.pipeline.dense_text import Piece, model_text

# Symbol types that name a structure rather than a definition.
STRUCTURAL = frozenset({"window", "module", "section", "key", "element", "rule"})
_LABELS = {"key": "config", "section": "section", "element": "element", "rule": "rule"}

_COMMENT_LINE = re.compile(
    r"^\s*(?:#(?!include|define|if|ifdef|ifndef|endif|else|elif|pragma|undef|import|!)"
    r"|//|/\*|\*|--|<!--|;)")
_DOCSTRING = re.compile(r'"""|\'\'\'|/\*\*|<summary>')
_TS_TYPES = re.compile(r"\)\s*:\s*[\w<\[{]|\b\w+\??\s*:\s*(?:string|number|boolean|void|unknown"
                       r"|any|never|Promise<|Array<|Record<|[A-Z]\w*(?:<[^>\n]*>)?(?:\[\])?[,;)=\s])")
_DECLARATION = re.compile(r"[\w-]+\s*:\s*[^;{}\s][^;{}]*(?:;|\n|})")
_TAG = re.compile(r"<[^>]*>")
# a leaf element holding a value (a pom's `<java.version>17</java.version>`): its name is read
# with its value, as a key is, not as markup
_LEAF = re.compile(r"<([A-Za-z_][\w.:\-]*)(?:\s[^<>]*)?>([^<>\n]+)</\1>")
# Languages whose doc comment stands above a short declaration: a Java enum constant, an
# annotation's element or a package-info.java's `package a.b;` under its Javadoc is documented
# code, not a piece of comments (measured on Java alone: bench/retrieval/java.py)
_DOC_ABOVE = frozenset({"java"})
# A Lisp definition's docstring: a string right after its name (Clojure's `(defn parse-string
# "Returns ..."`), after its argument list (Emacs Lisp's `(defun projectile-project-root
# (&optional dir)` then `"Returns ..."`) or its value (`(defcustom magit-x nil` then
# `"..."`), as a line of its own within the head's next lines (bench/RESULTS.md, rank36).
# A string right after the name that closes the form is the value, not a docstring:
# `(def greeting "hello")`, `(defvar x\n  "value")` (rank37)
_LISP = frozenset({"clojure", "emacs_lisp"})
_LISP_DOCSTRING = re.compile(
    r'\A\s*(?:;[^\n]*\n\s*)*\((?:[\w.-]+/)?(?:def|cl-def|define-)[\w-]*\s+(?:\^\S+\s+)?[^\s()"]+'
    r'(?P<between>\s+|[^\n]*\n(?:[^\n]*\n){0,2}?\s*)"(?:[^"\\]|\\.)*(?P<end>"\s*\)?)?')
NOTEBOOK = "jupyter"  # the classifier's language of .ipynb files
_STYLE_LANGUAGES = frozenset({"css", "scss", "less", "sass"})
_MARKUP_LANGUAGES = frozenset({"html", "xml", "xhtml", "svg"})


def is_definition(symbol_type: str | None) -> bool:
    return symbol_type is not None and symbol_type not in STRUCTURAL


def prefix(path: str, piece: ChunkPiece, language: str | None = None) -> str:
    """`path: function authenticate — `; in a notebook, what kind of cell the piece is from
    (`nb.ipynb: notebook code cell, function load — `, `notebook markdown cell, section ...`)."""
    head = f"{path}:"
    if language == NOTEBOOK:
        cell = "markdown" if piece.symbol_type == "section" else "code"
        head = f"{path}: notebook {cell} cell" + ("," if piece.symbol else " —")
    if not piece.symbol:
        return f"{head} "
    also = "".join(f", {_label(kind)} {name}" for name, kind in piece.also)
    # a Java piece by its qualified name (`method com.google.common.collect.ImmutableList.
    # copyOf`), a PHP one as PHP writes it (`method Monolog\Handler\StreamHandler.write`): a
    # question naming the package or the fully qualified name reads it
    joint = "\\" if language == "php" else "."
    symbol = f"{piece.namespace}{joint}{piece.symbol}" if piece.namespace else piece.symbol
    return f"{head} {_label(piece.symbol_type)} {symbol}{also} — "


def _label(symbol_type: str | None) -> str:
    """What a symbol type is called in the embedded text (`key` -> config)."""
    return _LABELS.get(symbol_type or "", symbol_type or "symbol")


def _lisp_docstring(text: str) -> bool:
    """Whether a Lisp definition's head holds a docstring: a string after its name, unless
    that string is its only form (`(def x "value")`, a value)."""
    head = _LISP_DOCSTRING.match(text)
    if head is None:
        return False
    value = not head["between"].strip() and (head["end"] or "").endswith(")")
    return not value


def quality(piece: ChunkPiece, language: str | None = None) -> float:
    text = piece.content
    stripped = text.strip()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    score = 0.7
    if is_definition(piece.symbol_type):
        score *= 1.25
        if _DOCSTRING.search(text) or (lines and _COMMENT_LINE.match(lines[0])) or (
                language in _LISP and _lisp_docstring(text)):
            score *= 1.2  # a docstring or doc comment says what it is for
    elif piece.symbol and piece.symbol_type == "section":
        score *= 1.2
    elif piece.symbol and piece.symbol_type == "key":
        score *= 1.15
    if len(stripped) < 100:
        score *= 0.6
    if "example" in text.lower():
        score *= 1.1
    comments = sum(1 for ln in lines if _COMMENT_LINE.match(ln)) / len(lines) if lines else 0.0
    documented = (language in _DOC_ABOVE and is_definition(piece.symbol_type)
                  and comments < 1.0)
    if language in CODE_LANGUAGES or language == "ini":
        if comments > 0.8 and not documented:
            score *= 0.5
        elif language == "shell" and comments > 0.5:
            score *= 0.9
    if language in ("typescript", "tsx") and _TS_TYPES.search(text):
        score *= 1.2
    if language in _STYLE_LANGUAGES and not _DECLARATION.search(text):
        score *= 0.2  # selectors without properties say nothing
    if language in _MARKUP_LANGUAGES and stripped:
        visible = _TAG.sub(" ", _LEAF.sub(r" \1 \2 ", stripped))
        if sum(not c.isspace() for c in visible) < 0.2 * sum(not c.isspace() for c in stripped):
            score *= 0.5  # mostly tags and whitespace: markup noise, little to read
    return round(max(0.0, min(1.0, score)), 3)


def enrich(file: SourceFile, c: Classification, piece: ChunkPiece, index: int,
           plan: EmbedPlan) -> Chunk:
    head = prefix(file.path, piece, c.language)
    context = f"{piece.context}\n" if piece.context else ""
    text = f"{head}{context}{piece.content}"
    dense = model_text(plan.squeeze, Piece(file.path, str(c.kind), piece.symbol,
                                           piece.symbol_type, head, context, piece.content)
                       ) if plan.squeeze else text  # no rules (the default): the text itself
    return Chunk(
        project=file.project, path=file.path, chunk_index=index,
        start_line=piece.start_line, end_line=piece.end_line, content=piece.content,
        embed_text=text, symbol=piece.symbol,
        symbol_type=piece.symbol_type, kind=str(c.kind), language=c.language,
        role=str(c.knowledge_role), quality=quality(piece, c.language),
        classifier_version=c.classifier_version, model=plan.model,
        token_limit=plan.for_file(str(c.kind), c.language), also=piece.also,
        dense_text=dense if dense != text else None,
    )

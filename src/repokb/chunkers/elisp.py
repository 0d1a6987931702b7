"""Emacs Lisp (`.el`) by its top-level forms: one chunk per definition.

No tree-sitter grammar for Emacs Lisp is packaged, but a Lisp file is a sequence of top-level
forms, found by their parentheses (counted outside strings, `;` comments and character
literals: `?(`, `?\\(`, `?\\"`). A form that opens with a defining macro is a definition named
after its second element:
- functions: `defun`, `defsubst`, `cl-defun`, `cl-defgeneric`, `cl-defmethod` (named after the
  class of its first specialised argument when it has one: `(cl-defmethod magit-section-ident
  ((section magit-section)) ...)` is `magit-section.magit-section-ident`), `define-derived-mode`,
  `define-minor-mode`, `define-globalized-minor-mode`, `transient-define-prefix` / `-suffix` /
  `-infix` / `-argument`, `defalias 'name`;
- macros: `defmacro`, `cl-defmacro`;
- variables: `defvar`, `defvar-local`, `defcustom`, `defface`, `defconst` (`constant`);
  a customization group, `defgroup` (`group`, not boosted as a definition: the package's command
  of the same name comes first);
- classes: `cl-defstruct`, `defclass`.
The `;` comment lines directly above a form (`;;;###autoload` among them) are part of it. The
package's `;;; Commentary:` section (up to `;;; Code:`) is its documentation: one piece named
after the package (`magit`, from the file's first line `;;; magit.el --- ...`), of symbol type
`package`. The rest (`require`s, `provide`, key bindings) goes into fixed windows. Any surprise
falls back to windows.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts, row_at

_KINDS = {
    "defun": "function", "defsubst": "function", "cl-defun": "function",
    "cl-defgeneric": "function", "cl-defmethod": "function", "define-derived-mode": "function",
    "define-minor-mode": "function", "define-globalized-minor-mode": "function",
    "define-global-minor-mode": "function", "transient-define-prefix": "function",
    "transient-define-suffix": "function", "transient-define-infix": "function",
    "transient-define-argument": "function", "defalias": "function",
    "defmacro": "macro", "cl-defmacro": "macro",
    "defvar": "variable", "defvar-local": "variable", "defcustom": "variable",
    "defface": "variable", "defconst": "constant",
    # a customization group, named as the package's main command often is (`(defgroup
    # magit-status nil ...)` beside `(defun magit-status ...)`): no definition a "where is
    # magit-status defined" asks for before the function
    "defgroup": "group",
    "cl-defstruct": "class", "defclass": "class",
}
_SYMBOL = r"[^\s()\[\]\"';`,]+"
_HEAD = re.compile(r"\(\s*(" + _SYMBOL + r")\s+(?:\(\s*)?'?(" + _SYMBOL + r")")
# `(cl-defmethod name :around ((obj class) ...)`: the class of the first specialised argument
_SPECIALISED = re.compile(r"\(\s*\(\s*" + _SYMBOL + r"\s+(" + _SYMBOL + r")\s*\)")
_PACKAGE_LINE = re.compile(r";;;\s+([\w.+-]+?)(?:\.el)?\s+---")


def forms(text: str, char_mark: str = "?", opening: str = "([", closing: str = ")]"
          ) -> list[tuple[int, int]]:
    """(start, end) character offsets of each top-level parenthesised form. `char_mark` opens
    a character literal (Emacs Lisp's `?(`; Clojure's are `\\(`, escapes, and its `?` is a
    symbol's letter: `nil?`); `opening` and `closing` are the brackets counted (Clojure's
    maps and sets add `{}`)."""
    out: list[tuple[int, int]] = []
    depth, start, i, n = 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == ";":
            nl = text.find("\n", i)
            i = n if nl == -1 else nl
            continue
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == char_mark:  # a character literal: `?(`, `?\(`, `?\"`, `?\C-x`
            i += 2 if i + 1 < n and text[i + 1] == "\\" else 1
        elif c == "\\":  # an escaped character in a symbol: `foo\(bar`
            i += 1
        elif c in opening:
            if depth == 0:
                start = i
            depth += 1
        elif c in closing:
            depth -= 1
            if depth < 0:
                raise ValueError("unbalanced parentheses")  # the windows serve
            if depth == 0:
                out.append((start, i + 1))
        i += 1
    return out


def defining_forms(text: str, lines: list[str], starts: list[int], head: re.Pattern[str],
                   kinds: Collection[str], **reading: str,
                   ) -> Iterator[tuple[re.Match[str], int, int, int]]:
    """The top-level forms whose `head` match names one of `kinds` and that open their line:
    (the match, the form's end offset, its first and last rows). `reading`: `forms`' options
    (Clojure's brackets)."""
    for start, end in forms(text, **reading):
        m = head.match(text, start)
        if m is None or m.group(1) not in kinds:
            continue
        first, last = row_at(starts, start), row_at(starts, end - 1)
        if lines[first][: start - starts[first]].strip():
            continue  # a form opened after other code on its line
        yield m, end, first, last


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The definitions of an Emacs Lisp file, each with the comment lines directly above it,
    and its `;;; Commentary:` (see the module docstring)."""
    starts = line_starts(lines)
    found: list[Definition] = []
    commentary = _commentary(lines, starts)
    if commentary is not None:
        found.append(commentary)
    for m, end, first, last in defining_forms(text, lines, starts, _HEAD, _KINDS):
        name = m.group(2)
        if m.group(1) == "cl-defmethod":
            rest = text[m.end():end]
            qualifiers = re.match(r"(?:\s*:\w+)*", rest)
            after = rest[qualifiers.end() if qualifiers else 0:]
            if (s := _SPECIALISED.match(after.lstrip())) is not None:
                name = f"{s.group(1)}.{name}"
        top = first_above(lines, first, _comment)
        found.append(Definition(symbol_type=_KINDS[m.group(1)], name=name, owner=None,
                                start=top, end=last, span=(starts[top], end),
                                signature=lines[first].strip()))
    return found


def _commentary(lines: list[str], starts: list[int]) -> Definition | None:
    """The `;;; Commentary:` section up to `;;; Code:`, named after the package."""
    head = next((i for i, line in enumerate(lines[:200])
                 if line.startswith(";;; Commentary")), None)
    if head is None:
        return None
    end = next((i for i in range(head + 1, len(lines)) if not lines[i].startswith(";")
                and lines[i].strip() or lines[i].startswith(";;; Code")), len(lines))
    while end - 1 > head and not lines[end - 1].strip():
        end -= 1
    m = _PACKAGE_LINE.match(lines[0]) if lines else None
    name = m.group(1) if m else None
    return Definition(symbol_type="package", name=name, owner=None, start=head, end=end - 1,
                      span=(starts[head], starts[end]), signature=lines[0].strip())


def _comment(line: str) -> bool:
    """A `;` comment line directly above a form (`;;;###autoload` too), not a `;;;` heading
    that opens a file's section (`;;; Code:`, `;;; Options`)."""
    s = line.lstrip()
    return s.startswith(";") and not (s.startswith(";;; ") or s.startswith(";;;;"))


register(FoundChunker("emacs_lisp", frozenset({"emacs_lisp"}), definitions,
                      Cutter(module_window=(500, 100))))

"""Clojure (`.clj`, `.cljs`, `.cljc`; Leiningen's `project.clj`) by its top-level forms.

No tree-sitter grammar for Clojure is packaged; a Clojure file is a sequence of top-level forms,
found by their brackets as Emacs Lisp's are (elisp.forms, with Clojure's `{}` counted and its
`\\(` character literals). A form that opens with a defining macro is a definition named after
the symbol it defines, past any metadata (`(defn ^:private ^String name ...)`,
`^{:doc "..."}`); its docstring is inside the form, so it stays with it:
- `defn`, `defn-`, `defmulti`, `deftest`, Compojure's `defroutes`: a function; `defmethod`: a
  method of its multimethod (named after it: `(defmethod encode :json ...)` is `encode`);
- `defmacro`: a macro; `defprotocol`, `definterface`: a protocol; `defrecord`, `deftype`,
  `defstruct`: a class; `def`, `defonce`: a var; `ns`, `defproject`: a module (named after the
  namespace or the project);
- `extend-protocol P ...` and `extend-type T ...`: an `impl` named after P or T.
Names are bare (`parse-string`, not `cheshire.core/parse-string`): the namespace is the
file's, and a question names a function as its callers do. The `;` comment lines directly above
a form are part of it; the rest goes into fixed windows, and any surprise falls back to them.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.elisp import defining_forms
from repokb.chunkers.fixed import first_above, line_starts

_KINDS = {
    "defn": "function", "defn-": "function", "defmulti": "function", "deftest": "function",
    "defroutes": "function", "defmethod": "method",
    "defmacro": "macro",
    "defprotocol": "protocol", "definterface": "protocol",
    "defrecord": "class", "deftype": "class", "defstruct": "class",
    "def": "var", "defonce": "var",
    "ns": "module", "defproject": "module",
    "extend-protocol": "impl", "extend-type": "impl",
}
_SYMBOL = r"[^\s()\[\]{}\"';`,@~^]+"
# metadata before the name: `^:private`, `^String`, `^{:doc "x"}` (no nested map), `#^String`
_META = r"(?:#?\^(?:\{[^{}]*\}|\S+)\s+)*"
_HEAD = re.compile(r"\(\s*(" + _SYMBOL + r")\s+" + _META + "(" + _SYMBOL + ")")


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The definitions of a Clojure file, each with the comment lines directly above it."""
    starts = line_starts(lines)
    found: list[Definition] = []
    for m, end, first, last in defining_forms(text, lines, starts, _HEAD, _KINDS, char_mark="",
                                              opening="([{", closing=")]}"):
        top = first_above(lines, first, _comment)
        found.append(Definition(symbol_type=_KINDS[m.group(1)], name=m.group(2), owner=None,
                                start=top, end=last, span=(starts[top], end),
                                signature=lines[first].strip()))
    return found


def _comment(line: str) -> bool:
    """A `;` comment line directly above a form, not a `;;;;` banner."""
    s = line.lstrip()
    return s.startswith(";") and not s.startswith(";;;;")


register(FoundChunker("clojure", frozenset({"clojure"}), definitions,
                      Cutter(module_window=(500, 100))))

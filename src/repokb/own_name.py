"""A question asked of a project that says the project's own name: "how does maturin find the
Python interpreters installed on the system", asked of maturin.

Inside the project its name says little (maturin's name is in its README, its CLI's help, its
error messages and half its docs), yet BM25 scores it as any other word, so the pieces that
repeat the name outrank the one that answers: maturin's `PythonInterpreter.find_all` was
BM25's 8th with the name and 4th without it. A question that names a project of none given
already searches without the name (search.py, `query.named_project`, which reads the name as a
word only where it serves as one: "in black,", "does gin", "maturin's"); a question asked of
the project it names drops the name the same way, unless the project defines a code name of
it as a whole (Flask's class `Flask`, Express's function `express`; not a member, maturin's
method `PyProjectToml.maturin`): then the word is a name of code.
"""

from __future__ import annotations

from collections.abc import Callable

from repokb.query import bare_name, named_project


def without_own_name(text: str, projects: tuple[str, ...] | list[str],
                     defines: Callable[[str], bool]) -> str:
    """`text` without the name of the one project of `projects` it names (as
    `query.named_project` reads a name), unless that project defines the name (`defines`,
    asked only when a name is found); `text` itself otherwise."""
    named = named_project(text, projects)
    if named is None or named[1] == text:
        return text
    return text if defines(bare_name(named[0])) else named[1]

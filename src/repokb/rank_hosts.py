"""Code a project ships to run inside another program: an editor's plugin, a project template.

black's `plugin/black.vim` (Vim script that calls black from Vim, in a Python project) and
scrapy's `templates/project/module/settings.py.tmpl` (the settings module `scrapy startproject`
writes into a new project) say the project's words about each of its features: the plugin
passes `g:black_skip_magic_trailing_comma` on, the template lists every `AUTOTHROTTLE_*`
setting with a comment. Neither is how the project does it, yet "how does black handle the
magic trailing comma" found the plugin first (dense 5th, BM25 1st), and "where is the download
delay adjusted by autothrottle" the template (bench/RESULTS.md, newuser41 and rank42). For a
question about the code (the intents docs step back for) that names no such host, such a
piece steps back as documentation does (`code_doc_factor`):
- a plugin: a piece in an editor's own language (Vim script, Emacs Lisp) when the candidates
  hold the project's source in another language too (in a Vim plugin's own repository it is
  the code; the words "vim", "editor", "plugin" ... keep it where it is);
- a template: a code file written with a template engine's suffix (`settings.py.tmpl`,
  Django's `manage.py-tpl`, `models.py.jinja`), the words "template", "scaffold",
  "startproject" ... keep it. A sample copy (`.example`, `.sample`, `.dist`) is no template:
  it is the configuration a user copies, and answers where a setting is set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from repokb.formats import CODE_LANGUAGES, EXTRA_CODE_LANGUAGES

# the languages editors are extended in (Vim's, Emacs')
EDITOR_LANGUAGES = frozenset({"vim", "emacs_lisp"})
_EDITOR_SAID = re.compile(r"\b(?:vim|neovim|nvim|vimscript|vimrc|emacs|elisp|editors?|plugins?"
                          r"|ide|vs ?code|sublime)\b", re.I)
# a template engine's suffix after a code file's own name (rules/tables.TEMPLATE_SUFFIXES
# without the sample copies)
TEMPLATE_ENGINE_SUFFIXES = (".tmpl", ".tpl", "-tpl", ".template", ".mako", ".jinja", ".jinja2",
                            ".j2")
_TEMPLATE_SAID = re.compile(r"\b(?:templates?|templated|scaffold\w*|skeleton|boilerplate"
                            r"|startproject|startapp|genspider|cookiecutter|new\s+project)\b", re.I)
_CODE = CODE_LANGUAGES | EXTRA_CODE_LANGUAGES


@lru_cache(maxsize=65_536)
def is_code_template(path: str, language: str | None) -> bool:
    """Whether a file is a code file written as a template (`settings.py.tmpl`: Python)."""
    return language in _CODE and path.lower().endswith(TEMPLATE_ENGINE_SUFFIXES)


def elsewhere(candidates: Iterable[Any], text: str) -> set[str]:
    """The ids of the candidates (rank.py's `Candidate`s) that are code run inside another
    program the question does not name: an editor's plugin beside source in another language,
    a code template."""
    pieces = list(candidates)
    editor = _EDITOR_SAID.search(text) is None
    template = _TEMPLATE_SAID.search(text) is None
    if not editor and not template:
        return set()
    # the projects whose candidates hold source in another language than an editor's
    others = {c.payload.get("project") for c in pieces if c.payload.get("kind") == "source"
              and c.payload.get("language") in _CODE
              and c.payload.get("language") not in EDITOR_LANGUAGES} if editor else set()
    return {c.id for c in pieces
            if (editor and c.payload.get("language") in EDITOR_LANGUAGES
                and c.payload.get("project") in others)
            or (template and is_code_template(str(c.payload.get("path", "")),
                                              c.payload.get("language")))}

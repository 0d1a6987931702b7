"""Code a project ships to run inside another program steps back for a question about the code.

newuser41 and rank42 on black 24.10.0's and scrapy 2.12.0's sdists: "how does black handle the
magic trailing comma" put `plugin/black.vim` first (Vim script passing the option on; dense
5th, BM25 1st), `Line.has_magic_trailing_comma` 2nd; "where is the download delay adjusted by
autothrottle" found scrapy's project template `settings.py.tmpl` (every `AUTOTHROTTLE_*` setting
with a comment) among the first, beside `AutoThrottle._adjust_delay`.
"""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.settings import Settings


def _piece(n: int, path: str, language: str, kind: str, fused: float,
           symbol: str | None = None, project: str = "black") -> Candidate:
    payload = {"project": project, "path": path, "kind": kind, "language": language,
               "start_line": 1, "end_line": 20, "symbol": symbol,
               "symbol_type": "method" if symbol else None, "quality": 0.5,
               "content": "x\n", "chunk_index": n}
    return Candidate(str(n), payload, fused, n, n, 0.5)


def black() -> list[Candidate]:
    return [_piece(1, "plugin/black.vim", "vim", "source", 0.0318),
            _piece(2, "src/black/lines.py", "python", "source", 0.0262,
                   "Line.has_magic_trailing_comma"),
            _piece(3, "autoload/black.vim", "vim", "source", 0.0300)]


def test_an_editor_plugin_steps_back_beside_the_projects_own_code():
    s = Settings()
    ranked = rerank(black(), plan("how does black handle the magic trailing comma"), s)
    assert [c.id for c in ranked] == ["2", "1", "3"]
    assert ranked[1].factors["elsewhere"] == s.code_doc_factor
    assert "elsewhere" not in ranked[0].factors
    # the question names the editor: the plugin is its answer
    ranked = rerank(black(), plan("how does the vim plugin pass the magic trailing comma on"), s)
    assert ranked[0].id == "1" and all("elsewhere" not in c.factors for c in ranked)
    # a how-to keeps the order docs and code take there
    assert all("elsewhere" not in c.factors for c in rerank(
        black(), plan("how do I turn off the magic trailing comma"), s))


def test_a_vim_plugins_own_repository_is_its_code():
    # vim-fugitive: every candidate is Vim script; nothing else is the project's code
    pieces = [_piece(1, "autoload/fugitive.vim", "vim", "source", 0.03, project="fugitive"),
              _piece(2, "plugin/fugitive.vim", "vim", "source", 0.031, project="fugitive"),
              _piece(3, "doc/fugitive.txt", "text", "documentation", 0.029, project="fugitive")]
    ranked = rerank(pieces, plan("how does fugitive find the git directory"), Settings())
    assert ranked[0].id == "2" and all("elsewhere" not in c.factors for c in ranked)


def scrapy() -> list[Candidate]:
    return [_piece(1, "scrapy/templates/project/module/settings.py.tmpl", "python",
                   "configuration", 0.0300, project="scrapy"),
            _piece(2, "scrapy/extensions/throttle.py", "python", "source", 0.0262,
                   "AutoThrottle._adjust_delay", project="scrapy"),
            _piece(3, "conf/settings.py.example", "python", "configuration", 0.0290,
                   project="scrapy")]


def test_a_project_template_steps_back_unless_templates_are_asked_for():
    s = Settings()
    ranked = rerank(scrapy(), plan("where is the download delay adjusted by autothrottle"), s)
    # the template below the extension; a sample copy a user edits is configuration, kept
    assert [c.id for c in ranked] == ["3", "2", "1"]
    assert ranked[2].factors["elsewhere"] == s.code_doc_factor
    assert "elsewhere" not in ranked[0].factors
    for question in ("where is the download delay set in the project template",
                     "what does startproject write into settings"):
        assert all("elsewhere" not in c.factors for c in rerank(scrapy(), plan(question), s))


def test_a_code_template_is_told_by_its_suffix_and_language():
    from repokb.rank_hosts import is_code_template

    assert is_code_template("scrapy/templates/project/module/settings.py.tmpl", "python")
    assert is_code_template("django/conf/project_template/manage.py-tpl", "python")
    assert is_code_template("app/templates/models.py.jinja", "python")
    assert not is_code_template("roles/web/templates/nginx.conf.j2", "nginx")
    assert not is_code_template(".env.example", "dotenv")
    assert not is_code_template("conf/settings.py.example", "python")
    assert not is_code_template("scrapy/extensions/throttle.py", "python")

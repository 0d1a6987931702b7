"""A page the per-file caps leave short is filled (real model, real store).

projectile 2.8 is one 6,000-line projectile.el with a two-line projectile-pkg.el beside it:
"how do I turn on caching in projectile" gave 6 hits of the 10 asked for (the lead file's cap
of 5, and the -pkg.el), and its answer, `projectile-enable-caching` (the model's 1st), was
projectile.el's 7th piece: no hit (bench/RESULTS.md, rank39). Where nothing else is found, the
pieces the caps held back fill the page, after every other hit and scoring no higher.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.roots import resolve_roots
from repokb.search import Query

from ..conftest import write

pytestmark = pytest.mark.integration

_TOPICS = ("cache", "root", "buffer", "file", "command", "project", "ignore", "switch",
           "compile", "test", "search", "replace", "mode", "hook", "tag", "history")


def test_one_file_package_gives_a_full_page(workspace, tmp_path: Path) -> None:
    root = tmp_path / "tinyproj"
    write(root, "tinyproj.el", ";;; tinyproj.el --- projects, one file\n\n"
          + "".join(f'''
(defun tinyproj-{topic}-{i} (project)
  "Do the {topic} work number {i} of PROJECT: look up its {topic}, then keep it."
  (let ((found (tinyproj--lookup project '{topic} {i})))
    (when found
      (tinyproj--keep project found))
    found))
''' for topic in _TOPICS for i in range(2)) + "\n(provide 'tinyproj)\n")
    write(root, "tinyproj-pkg.el", '(define-package "tinyproj" "1.0" "Projects.")\n')
    workspace.indexer.run(resolve_roots([root], None))
    for text in ("how does tinyproj keep the cache of a project", "tinyproj buffer"):
        hits = workspace.searcher.search(Query(text=text, limit=10))
        assert len(hits) == 10, text  # 5 or 6 before: the file's cap
        scores = [h.score for h in hits]
        assert scores == sorted(scores, reverse=True), text
        for limit in (1, 3, 6, 8):  # a smaller limit's hits are the first of a larger one's
            assert [(h.path, h.start_line) for h in workspace.searcher.search(
                Query(text=text, limit=limit))] == [(h.path, h.start_line)
                                                    for h in hits[:limit]], (text, limit)

"""Retrieval quality measured on a repository: `repokb eval` (and bench/retrieval).

cases.py (with comments.py), history.py and user_cases.py build the test set; systems.py and
baselines.py are what answers it; metrics.py scores; runner.py runs it all on a shadow copy;
report.py and html.py render the result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from repokb.settings import Settings


def run(settings: Settings, path: str, *, project: str | None = None, cases: int = 60,
        budget: int = 200, baselines: bool = True, compare: str | None = None,
        progress: Any = None) -> dict[str, Any]:
    """Evaluate retrieval on the repository at `path`; the JSON-ready result."""
    from repokb.errors import InputError
    from repokb.evaluate.records import Options
    from repokb.evaluate.runner import evaluate
    from repokb.roots import user_path

    if cases < 1 or budget < 1:
        raise InputError("--cases and --budget must be at least 1.")
    options = Options(user_path(path), project, cases, budget, baselines,
                      user_path(compare) if compare else None)
    return evaluate(settings, options, progress or (lambda _: None))


def render_text(result: dict[str, Any]) -> str:
    from repokb.evaluate.report import text

    return text(result)


def render_html(result: dict[str, Any]) -> str:
    from repokb.evaluate.html import render

    return render(result)


def report_file(path: Path) -> Path:
    """The `--html` file, checked before the run: an unwritable place fails at once, not
    after minutes of indexing with the figures lost."""
    from repokb.errors import InputError
    from repokb.roots import user_path

    target = user_path(str(path))
    if target.is_dir():
        raise InputError(f"--html {path} is a folder.", hint="Give a file name, e.g. "
                         f"{target / 'eval.html'}.")
    if not target.parent.is_dir():
        raise InputError(f"--html {path}: the folder {target.parent} does not exist.",
                         hint="Create it first, or give a file in an existing folder.")
    return target


def write_report(path: Path, text: str) -> None:
    from repokb.errors import InputError

    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"Cannot write the report to {path}: {exc.strerror or exc}.",
                         hint="Give a file in a folder you can write to.") from exc

"""Retrieval quality measured on a repository: `repokb eval` (and bench/retrieval).

cases.py (with comments.py), history.py and user_cases.py build the test set; systems.py and
baselines.py are what answers it; metrics.py scores; runner.py runs it all on a shadow copy;
report.py and html.py render the result.
"""

from __future__ import annotations

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

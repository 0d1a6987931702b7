"""The `repokb eval` HTML report in a real browser (Debian's chromium through Playwright): one
file that renders offline, with the worst cases' expected target beside what came first."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.evaluate import render_html
from repokb.evaluate.records import Options
from repokb.evaluate.runner import evaluate
from repokb.settings import Settings

from ..conftest import write
from .test_dashboard import CHROMIUM_ARGS, browser  # noqa: F401  (the module's browser)

pytestmark = pytest.mark.e2e


def test_the_report_renders_offline_with_the_worst_cases(browser, tmp_path: Path,  # noqa: F811
                                                          settings: Settings) -> None:
    root = tmp_path / "tiny"
    write(root, "pkg/fetch.py", '''
        def fetch(url):
            """Download a page and return its body as text, following redirects."""
            return url
        ''')
    write(root, "pkg/headers.py", '''
        def parse_header(line):
            """Split a raw HTTP header line into its name and value."""
            name, _, value = line.partition(":")
            return name.strip(), value.strip()
        ''')
    # the same question expecting two different files: one of them cannot rank first, so the
    # report has a worst case to show
    write(root, ".repokb/eval.yml", "cases:\n  - question: Split a raw HTTP header line into "
          "its name and value\n    path: pkg/fetch.py\n")
    write(root, "docs/guide.md", "# Guide\n\n## How do I set a timeout?\n\n"
          + "Pass timeout=5 to every call; the default waits forever for the server. " * 3)
    result = evaluate(settings, Options(root, cases=10))
    assert result["cases"] == {"docstring": 2, "heading": 1, "user": 1, "all": 4}
    assert result["worst"]
    report = tmp_path / "report.html"
    report.write_text(render_html(result), encoding="utf-8")

    context = browser.new_context(viewport={"width": 1300, "height": 1100})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(report.as_uri())
    assert requests == [report.as_uri()]  # nothing else is fetched
    assert page.title() == "repokb eval · tiny"
    tables = page.locator("table")
    # repokb by source, every system overall, repokb minus the best baseline, cost
    assert tables.count() == 4
    first = tables.first.inner_text()
    assert "MRR@budget" in first and "docstring" in first and "user" in first
    assert tables.nth(1).locator("tr").count() == 5  # header, repokb and three baselines
    cases = page.locator(".case")
    assert cases.count() == len(result["worst"])
    for i in range(cases.count()):
        text = cases.nth(i).inner_text()
        assert "expected" in text and "what came first" in text
        assert cases.nth(i).locator("pre").count() >= 1
    shot = tmp_path / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    context.close()

"""Regenerate docs/eval-report.png from an HTML report written by `repokb eval --html`.

    repokb index /tmp/x/httpx-0.27.2 --project httpx
    repokb eval /tmp/x/httpx-0.27.2 --project httpx --html /tmp/httpx-eval.html
    python docs/make_eval_screenshot.py /tmp/httpx-eval.html

Opens the file in Debian's chromium with Playwright (never `playwright install`), lets no
request leave the file, and saves the top of the page (the figures and the first worst cases).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.e2e.test_dashboard import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def main() -> None:
    from playwright.sync_api import sync_playwright

    report = Path(sys.argv[1]).resolve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1300, "height": 1900})
        page.route("**/*", lambda route: route.continue_() if route.request.url ==
                   report.as_uri() else route.abort())
        page.goto(report.as_uri())
        page.screenshot(path=str(REPO / "docs" / "eval-report.png"))
        browser.close()


if __name__ == "__main__":
    main()

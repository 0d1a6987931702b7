"""Regenerate docs/dashboard.png: upload this repository through the dashboard, then search.

    python docs/make_screenshot.py

Starts `repokb serve` on a free loopback port with a fresh REPOKB_HOME, drives Debian's chromium
with Playwright (never `playwright install`), uploads the repository folder through the page,
runs a search, opens the explanation of a result and saves a full-page screenshot.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.conftest import serve_process  # noqa: E402
from tests.e2e.test_dashboard import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def main() -> None:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="repokb-shot-"))
    project = work / "repokb"  # the folder name becomes the project name
    shutil.copytree(REPO, project, ignore=shutil.ignore_patterns(
        ".git", ".ci-venv", "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache",
        ".hypothesis", "*.png"))
    with serve_process(work / "home", api_key="docs") as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 1000})
        page.on("dialog", lambda dialog: dialog.accept("docs"))  # the page asks for the key
        page.goto(url)
        page.set_input_files("#folder-input", str(project))
        page.locator("#upload-status").filter(has_text="Done:").wait_for(timeout=600_000)
        page.wait_for_function("Number(document.getElementById('stat-points').textContent) > 0")
        page.fill("#search-query", "how are writes serialised while searches keep answering")
        page.click("#search-form button[type=submit]")
        page.locator("#search-results .hit").first.wait_for()
        page.evaluate("document.querySelectorAll('#search-results .hit:nth-child(n+4)')"
                      ".forEach(e => e.remove())")
        page.locator("#upload-files li", has_text="service.py").first.click()
        page.locator("#explain-panel").filter(has_text="signals").wait_for()
        page.evaluate("window.scrollTo(0, 0)")
        out = REPO / "docs" / "dashboard.png"
        page.screenshot(path=str(out), full_page=True)
        browser.close()
    shutil.rmtree(work, ignore_errors=True)
    print(out)


if __name__ == "__main__":
    main()

"""The dashboard's Files panel in Chromium (Playwright), against a real `repokb serve` on the
real model: a project's records with their status, kind, language and reason, filtered, a page
at a time, a row opening explain; usable 390 px wide.

Before (newuser43): the dashboard listed only the files of the upload it had just made, and
`explain` of one path typed in; what a run of 4,263 files left out, and why, could not be
browsed."""

from __future__ import annotations

import re

import httpx
import pytest

from ..conftest import write
from .test_dashboard import KEY, browser, page, uploaded  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.e2e
CACHED = 55  # files the project's .gitignore leaves out: more records than one page (50)


def records(tab, **params) -> dict:
    """GET /knowledge/files of the project `shop` on the server the page `tab` is on."""
    with httpx.Client(base_url=tab.url.rstrip("/"), headers={"x-api-key": KEY}) as client:
        answer = client.get("/knowledge/files", params={"project": "shop", "limit": 500,
                                                        **params})
    assert answer.status_code == 200, answer.text
    return answer.json()


def shown(tab) -> list[str]:
    return tab.locator("#files-list li .path").all_inner_texts()


def test_the_files_panel_lists_filters_pages_and_opens_explain(page, mixed_repo):  # noqa: F811
    for i in range(CACHED):
        write(mixed_repo, f"cache/entry_{i:02d}.tmp", f"cached value {i}\n")
    uploaded(page, mixed_repo)
    everything = records(page)
    total = everything["total"]
    assert total > 50 and everything["by_decision"]["blocked"] == 1, everything["by_decision"]
    summary = page.locator("#files-summary")
    summary.filter(has_text=f"{total} records").wait_for()
    assert "blocked 1" in summary.inner_text()
    assert shown(page) == [f["path"] + ("/" if f["folder"] else "")
                           for f in everything["files"][:50]]
    assert page.locator("#files-page").inner_text() == f"1–50 of {total}"
    env = page.locator("#files-list li").filter(has=page.get_by_text(".env", exact=True))
    assert env.locator(".badge").first.inner_text() == "blocked"
    assert "secret" in env.locator(".reason").inner_text()
    page.click("#files-next")  # the second page: the rest
    page.locator("#files-page").filter(has_text=f"51–{total} of {total}").wait_for()
    assert shown(page) == [f["path"] + ("/" if f["folder"] else "")
                           for f in everything["files"][50:]]
    assert page.locator("#files-next").is_disabled()

    page.select_option("#files-decision", "not_indexed")  # what was left out, and why
    left_out = records(page, status="not_indexed")
    summary.filter(has_text=f"{left_out['total']} records").wait_for()
    assert page.locator("#files-page").inner_text().startswith("1–")  # back to the first page
    badges = set(page.locator("#files-list li .badge:first-child").all_inner_texts())
    assert "indexed" not in badges and {"blocked", "metadata only", "skipped"} <= badges, badges
    page.fill("#files-path", "node_mod")
    page.press("#files-path", "Enter")
    summary.filter(has_text=re.compile(r"^1 record \(skipped 1\)$")).wait_for()
    assert shown(page) == ["node_modules/"]
    assert page.locator("#files-list li .badge").first.inner_text() == "left out"

    page.select_option("#files-decision", "")
    page.fill("#files-path", "SRC/SHOP")
    page.click("#files-form button[type=submit]")
    summary.filter(has_text="2 records").wait_for()
    assert shown(page) == ["src/shop/db.py", "src/shop/mail.py"]
    row = page.locator("#files-list li").first
    assert row.locator(".badge").all_inner_texts()[:3] == ["indexed", "source", "python"]
    row.click()
    panel = page.locator("#explain-panel")
    panel.filter(has_text="shop/src/shop/db.py").wait_for()
    assert "parse_and_index" in panel.inner_text()

    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing wider than it
    page.fill("#files-path", "")
    page.click("#files-form button[type=submit]")
    summary.filter(has_text=f"{total} records").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for box in (page.locator(sel).bounding_box() for sel in (
            "#files-card", "#files-form", "#files-list", "#files-next")):
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box

"""The dashboard says what it left out before uploading, and the server records it as `repokb
index` records it: in Chromium (Playwright), against a real `repokb serve`, on the real model.

Before: the page left node_modules/, .git/, a virtualenv ... out of the upload and told the
server nothing: explain of a file there in the uploaded project (one whose marker never
reached the server: env/lib/...) answered 404, the folders had no record, and the project's
run counted no folder skipped, whereas `repokb index` of the same folder records each with
its reason."""

from __future__ import annotations

import httpx
import pytest

from ..conftest import write
from ..integration.test_upload_walk_folders import LEFT_OUT, OWN, TREE
from .test_dashboard import KEY, browser, page  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.e2e


def test_the_folders_the_page_leaves_out_are_recorded_on_the_server(page, tmp_path):  # noqa: F811
    folder = tmp_path / "shop"
    for rel, content in TREE.items():
        write(folder, rel, content)
    write(folder, "env/lib/python3.12/site.py", "def main():\n    return 0\n")
    page.set_input_files("#folder-input", str(folder))
    status = page.locator("#upload-status")
    status.filter(has_text="Done:").wait_for(timeout=120_000)
    text = status.inner_text()
    assert text.startswith(f"Done: shop — {len(OWN)} files uploaded"), text
    assert "not recorded" not in text, text
    rows = page.locator("#upload-files li")
    for name, reason in LEFT_OUT.items():  # one row per folder, its reason the walk's
        row = rows.filter(has=page.get_by_text(f"{name}/", exact=True))
        assert row.count() == 1 and row.get_attribute("title") == reason, name
    rows.filter(has=page.get_by_text("node_modules/", exact=True)).click()
    page.locator("#explain-panel").filter(has_text="installed npm dependencies").wait_for()

    base = page.url.rstrip("/")
    with httpx.Client(base_url=base, headers={"x-api-key": KEY}) as client:
        def explain(path: str) -> dict:
            answer = client.get("/knowledge/explain", params={"project": "shop", "path": path})
            assert answer.status_code == 200, (path, answer.text)
            return answer.json()

        for path, folder_left in (("env/lib/python3.12/site.py", "env"),
                                  (".venv/lib/python3.12/site-packages/requests/api.py", ".venv"),
                                  ("node_modules/left-pad/index.js", "node_modules")):
            record = explain(path)
            assert (record["status"], record["inside"], record["reason"]) == (
                "skipped", folder_left, LEFT_OUT[folder_left]), record
        for name, reason in LEFT_OUT.items():
            assert (explain(name)["status"], explain(name)["reason"]) == ("skipped", reason)
        stats = client.get("/knowledge/stats", params={"project": "shop"}).json()
        assert stats["last_run"]["summary"]["dirs_skipped"] == len(LEFT_OUT), stats["last_run"]
        assert stats["files"] == len(OWN), stats  # the folders are records, not files

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

from ..conftest import write, write_tree
from ..integration.test_upload_walk_folders import LEFT_OUT, OWN, TREE
from .test_dashboard import KEY, browser, page, uploaded  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.e2e


def api(tab) -> httpx.Client:
    """A client of the server the page `tab` is on, with its key."""
    return httpx.Client(base_url=tab.url.rstrip("/"), headers={"x-api-key": KEY})


def explain(client: httpx.Client, path: str) -> dict:
    """The record of `path` in the uploaded project (explain answers 200)."""
    answer = client.get("/knowledge/explain", params={"project": "shop", "path": path})
    assert answer.status_code == 200, (path, answer.text)
    return answer.json()


def test_the_folders_the_page_leaves_out_are_recorded_on_the_server(page, tmp_path):  # noqa: F811
    folder = write_tree(tmp_path / "shop", TREE)
    write(folder, "env/lib/python3.12/site.py", "def main():\n    return 0\n")
    status = uploaded(page, folder)
    text = status.inner_text()
    assert text.startswith(f"Done: shop — {len(OWN)} files uploaded"), text
    assert "not recorded" not in text, text
    rows = page.locator("#upload-files li")
    for name, reason in LEFT_OUT.items():  # one row per folder, its reason the walk's
        row = rows.filter(has=page.get_by_text(f"{name}/", exact=True))
        assert row.count() == 1 and row.get_attribute("title") == reason, name
    rows.filter(has=page.get_by_text("node_modules/", exact=True)).click()
    page.locator("#explain-panel").filter(has_text="installed npm dependencies").wait_for()

    with api(page) as client:
        for path, folder_left in (("env/lib/python3.12/site.py", "env"),
                                  (".venv/lib/python3.12/site-packages/requests/api.py", ".venv"),
                                  ("node_modules/left-pad/index.js", "node_modules")):
            record = explain(client, path)
            assert (record["status"], record["inside"], record["reason"]) == (
                "skipped", folder_left, LEFT_OUT[folder_left]), record
        for name, reason in LEFT_OUT.items():
            record = explain(client, name)
            assert (record["status"], record["reason"]) == ("skipped", reason)
        stats = client.get("/knowledge/stats", params={"project": "shop"}).json()
        assert stats["last_run"]["summary"]["dirs_skipped"] == len(LEFT_OUT), stats["last_run"]
        assert stats["files"] == len(OWN), stats  # the folders are records, not files


def test_the_page_sends_the_config_first_and_records_the_files_it_leaves_out(page, tmp_path):  # noqa: F811
    """The project's .repokb.yml reopens vendor/acme/ (the walk indexes it): the page sends the
    config first, the server refuses vendor/ as left out, and the page uploads its files, which
    the server judges as the walk does. A file the page leaves out itself (over
    max_file_bytes, CLAUDE.md) is sent by its head: explain gives the walk's reason. Before:
    vendor/ was left out whole (explain: 'skipped directory: vendored third-party code'), and
    explain of big.txt or CLAUDE.md answered 404."""
    from ..integration.test_upload_repo_config import TREE as CONFIGURED

    folder = write_tree(tmp_path / "shop", CONFIGURED)
    write(folder, "big.txt", "GET /cart 200 1.2ms\n" * 120_000)  # 2.4 MB > max_file_bytes
    write(folder, "CLAUDE.md", "# Agent notes\n\nRun pytest before each commit of the shop.\n")
    status = uploaded(page, folder)
    text = status.inner_text()
    assert "2 left out before upload" in text, text

    with api(page) as client:
        assert explain(client, "vendor/acme/engine.py")["status"] == "indexed"
        assert explain(client, "vendor/other/lib.py")["reason"] == \
            "vendored or installed third-party code (vendor/)"
        assert explain(client, "docs/drafts/plan.md")["reason"] == \
            "excluded by .repokb.yml (docs/drafts/**)"
        big = explain(client, "big.txt")
        assert big["status"] == "skipped" and big["reason"].startswith(
            "too large to read whole (2400000 bytes > max_file_bytes"), big
        claude = explain(client, "CLAUDE.md")
        assert (claude["status"], claude["classification"]["kind"]) == (
            "skipped", "documentation"), claude
        assert claude["reason"] == "left out by the uploading client (skipped file): not read"
        assert client.get("/knowledge/stats", params={"project": "shop"}).json()["points"] > 0


def test_the_page_sends_the_gitattributes_first_and_a_head_is_not_judged_by_its_end(
        page, tmp_path):  # noqa: F811
    """The page sends the .gitattributes the walk reads (root and below) right after the
    config, before the files they speak of: each is judged by them as the walk judges it. A
    file too large to send goes by its head: the server does not read the end of that head as
    the file's end (a source-map comment 8 KB in is not the bundle's last line). Before: the
    .gitattributes went with the other files (judged without them), and web/app.js was
    recorded generated (`has_source_map`) from the end of its head."""
    from ..integration.test_upload_gitattributes import TREE as ATTRIBUTED

    folder = write_tree(tmp_path / "shop", ATTRIBUTED)
    line = "export function handler_{0}(event) {{ return event.detail + {0}; }}\n"
    head = "".join(line.format(i) for i in range(110)) + "//# sourceMappingURL=inline.js.map\n"
    write(folder, "web/app.js", head + "".join(line.format(i) for i in range(110, 40_000)))
    uploaded(page, folder)

    with api(page) as client:
        records = {path: explain(client, path)
                   for path in ("gen/api_pb.py", "lib/old/legacy.py", "lib/kept_models_pb2.py",
                                "docs2/guide.txt", "extern/zlib_wrap.py", "app.py")}
        kinds = {p: (r["status"], r["classification"]["kind"]) for p, r in records.items()}
        assert kinds == {"gen/api_pb.py": ("skipped", "generated"),
                         "lib/old/legacy.py": ("skipped", "generated"),
                         "lib/kept_models_pb2.py": ("indexed", "source"),
                         "docs2/guide.txt": ("indexed", "documentation"),
                         "extern/zlib_wrap.py": ("skipped", "vendor"),
                         "app.py": ("indexed", "source")}, kinds
        bundle = explain(client, "web/app.js")
        assert bundle["classification"]["kind"] == "source", bundle
        assert any(s["type"] == "upload" and "end not seen" in s["value"]
                   for s in bundle["classification"]["signals"]), bundle


def test_a_folder_uploaded_again_without_its_config_ends_as_the_walk_without_it(
        page, tmp_path):  # noqa: F811
    """The .repokb.yml deleted from the folder, the folder uploaded again: the page sends each
    file (still judged by the config the server kept), the prune forgets the config and the
    server judges the project's files again; the page sends again the files it lists (their
    content was never kept), so docs/drafts/plan.md ends indexed, as `repokb index` of the
    folder would. Before: it stayed excluded by a config no longer in the folder."""
    from ..integration.test_upload_repo_config import TREE as CONFIGURED

    folder = write_tree(tmp_path / "shop", CONFIGURED)
    status = uploaded(page, folder)
    (folder / ".repokb.yml").unlink()
    page.set_input_files("#folder-input", str(folder))
    status.filter(has_text="1 removed").wait_for(timeout=120_000)
    text = status.inner_text()
    with api(page) as client:
        plan = explain(client, "docs/drafts/plan.md")
        assert (plan["status"], plan["classification"]["kind"]) == (
            "indexed", "documentation"), (plan, text)


def test_a_file_the_page_fails_to_send_again_after_the_prune_counts_as_failed(
        page, tmp_path):  # noqa: F811
    """A file the server asks to be sent again after the prune (the config gone) that fails
    to reach it is counted in the status line's "N failed", as any other failed file is, and
    no longer counted under its earlier answer. Before: a row said "error" while the status
    line said "0 failed"."""
    from ..integration.test_upload_repo_config import TREE as CONFIGURED

    folder = write_tree(tmp_path / "shop", CONFIGURED)
    uploaded(page, folder)
    pruned = []

    def prune(route):
        pruned.append(True)
        route.continue_()

    def ingest(route):  # every file sent after the prune is a file sent again
        route.abort() if pruned else route.continue_()

    page.route("**/knowledge/ingest/prune", prune)
    page.route("**/knowledge/ingest/file", ingest)
    (folder / ".repokb.yml").unlink()
    page.evaluate("document.getElementById('upload-status').textContent = ''")
    page.set_input_files("#folder-input", str(folder))
    status = page.locator("#upload-status")
    status.filter(has_text="Done:").wait_for(timeout=120_000)
    text = status.inner_text()
    assert pruned and ", 1 failed," in text, text
    assert page.locator("#upload-files li").filter(has_text="docs/drafts/plan.md").filter(
        has=page.locator(".badge.failed")).count() >= 1
    # the request this test aborted is the one error the page may log
    page.problems[:] = [p for p in page.problems if "net::ERR_FAILED" not in p]

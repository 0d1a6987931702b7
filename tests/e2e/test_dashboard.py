"""The dashboard in a real browser: Debian's chromium driven by Playwright, against a real
`repokb serve` on loopback, on the real model. Playwright's own browser download is never used.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..conftest import serve_process, write, write_tree

pytestmark = pytest.mark.e2e
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
KEY = "e2e-key"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs it with apt-get")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, home):
    with serve_process(home, api_key=KEY) as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

        def local_only(route):  # nothing may be fetched from anywhere but this server
            if route.request.url.startswith(url):
                route.continue_()
            else:
                problems.append(f"external request: {route.request.url}")
                route.abort()

        page.route("**/*", local_only)
        page.on("dialog", lambda dialog: dialog.accept(KEY))  # the key, at the first refusal
        page.goto(url)
        page.problems = problems
        yield page
        context.close()
        assert not [p for p in problems if "status of 401" not in p], problems


def test_upload_search_explain_flush(page, mixed_repo):
    status = uploaded(page, mixed_repo)
    assert page.locator("#upload-bar").get_attribute("style") == "width: 100%;"
    text = status.inner_text()
    assert text.startswith("Done: shop")
    assert "1 left out before upload" in text  # node_modules/leftpad/index.js
    rows = page.locator("#upload-files li")
    assert "node_modules/leftpad" not in page.locator("#upload-files").inner_text()
    # the folder left out, as the server recorded it (POST /knowledge/ingest/left-out)
    left_out = rows.filter(has_text="left out")
    assert left_out.all_inner_texts() == ["left out\nnode_modules/"]
    assert left_out.get_attribute("title") == "skipped directory: installed npm dependencies"
    assert rows.count() == 9 + 1

    page.locator("#stat-points").filter(has_not_text="–").wait_for()
    page.wait_for_function("Number(document.getElementById('stat-points').textContent) > 0")
    assert "source" in page.locator("#chart-kind").inner_text()
    assert "shop" in page.locator("#chart-project").inner_text()

    page.fill("#search-query", "how do I reset a forgotten password by email")
    page.click("#search-form button[type=submit]")
    first = page.locator("#search-results .hit").first
    first.wait_for()
    assert first.locator(".hit-path").inner_text().startswith("shop/src/shop/mail.py:")
    assert first.locator(".hit-symbol").inner_text() == "send_password_reset_email"
    assert first.locator(".hit-symbol-type").inner_text() == "function"
    assert "score" in first.locator(".hit-score").inner_text()
    assert first.locator("pre.snippet mark").count() > 0

    page.select_option("#search-kind", "documentation")
    page.click("#search-form button[type=submit]")
    page.locator("#search-status").filter(has_text="results").wait_for()
    page.wait_for_function("[...document.querySelectorAll('#search-results .hit-path')]"
                           ".every(e => e.textContent.includes('docs/'))")

    first_hit = page.locator("#search-results .hit-path").first
    first_hit.click()
    panel = page.locator("#explain-panel")
    panel.filter(has_text="documentation / install_guide").wait_for()
    assert "parse_and_index" in panel.inner_text()

    page.locator("#upload-files li", has_text=".env").click()
    panel.filter(has_text="blocked").wait_for()
    assert "secret file" in panel.inner_text() and "block" in panel.inner_text()

    page.select_option("#flush-project", "shop")
    page.fill("#flush-key", "wrong")
    page.click("#flush-button")
    page.locator("#flush-status").filter(has_text="Missing or wrong API key").wait_for()
    page.fill("#flush-key", "")  # the key this tab was given at its first refusal
    page.click("#flush-button")
    page.locator("#flush-status").filter(has_text="Flushed shop").wait_for()
    page.wait_for_function("document.getElementById('stat-points').textContent === '0'")
    # what the page showed of the project is gone with it (clicking it answered 404)
    assert page.locator("#search-results li").count() == 0
    assert page.locator("#upload-files li").count() == 0
    assert page.locator("#explain-panel").inner_text().strip() == ""


def test_cancel_stops_the_upload(page, tmp_path):
    folder = tmp_path / "many"
    for i in range(60):
        write(folder, f"docs/note_{i:02d}.md",
              f"# Note {i}\n\nThis is note number {i}; it explains one small thing in detail.\n")
    page.set_input_files("#folder-input", str(folder))
    page.locator("#upload-files li").first.wait_for(timeout=60_000)
    page.click("#cancel-upload")
    status = page.locator("#upload-status")
    status.filter(has_text="Cancelled after").wait_for()
    done = int(status.inner_text().split("Cancelled after ")[1].split(" ")[0])
    assert 0 < done < 60
    assert page.locator("#cancel-upload").is_disabled()


def test_a_loopback_server_with_a_key_asks_for_it_once_and_refuses_a_wrong_one(browser, home,
                                                                               mixed_repo):
    """Other users of the machine reach loopback ports, so a key set guards a loopback server
    too: the page asks for it at its first refusal (once for the calls it makes together), says
    in words that a wrong key is refused, asks again, then uploads and searches; the proxy
    panel reads its stats with the key."""
    with serve_process(home, api_key=KEY) as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        prompts: list[str] = []
        answers = iter(["wrong-key", KEY])

        def answer(dialog) -> None:
            prompts.append(dialog.message)
            dialog.accept(next(answers, KEY))

        page.on("dialog", answer)
        page.goto(url)
        status = page.locator("#upload-status")
        status.filter(has_text="Missing or wrong API key").wait_for()
        assert "x-api-key" in status.inner_text()  # how to send it
        page.locator("#health").filter(has_text="API key refused").wait_for()
        assert prompts == ["This repokb server needs its API key (kept in this tab only):"]

        with page.expect_response(lambda r: "/proxy/stats" in r.url and r.status == 200,
                                  timeout=30_000):
            page.set_input_files("#folder-input", str(mixed_repo))
            status.filter(has_text="Done:").wait_for(timeout=120_000)
        assert len(prompts) == 2 and "refused" in prompts[1], prompts
        assert page.evaluate("sessionStorage.getItem('repokb-api-key')") == KEY
        page.fill("#search-query", "how do I reset a forgotten password by email")
        page.click("#search-form button[type=submit]")
        first = page.locator("#search-results .hit").first
        first.wait_for()
        assert first.locator(".hit-path").inner_text().startswith("shop/src/shop/mail.py:")
        page.locator("#health").filter(has_text="online").wait_for()
        assert len(prompts) == 2, prompts
        context.close()


PWN = '<img src=x onerror="window.__pwned=1">'
SCRIPT = "</script><script>window.__pwned=2</script>"


def test_hostile_names_and_contents_are_shown_as_text_never_run_or_reordered(page, tmp_path):
    """Names, headings, code and reasons come from repositories: markup in them stays text, and
    a bidirectional override shows as a visible escape, as in the CLI, instead of reordering
    what follows it (`rtl_\\u202egnp.py` read as `rtl_yp.png`, a hit's `:1-3` as `3-1:`)."""
    folder = tmp_path / "hostile"
    write(folder, f"docs/{PWN}.md", f"# Heading {PWN}\n\nThe {SCRIPT} guide, with a "
          "[link](javascript:window.__pwned=3) and enough words to make a chunk.\n")
    write(folder, "src/rtl_\u202egnp.py",
          "def reverse_name():\n    '''Reverse the name \u202eof the thing\u202c given.'''\n"
          "    return 1\n")
    write(folder, "README.md", f"# Hostile {PWN}\n\n<script>window.__pwned=4</script>\n\n"
          "A readme for the dashboard's rendering of hostile content.\n")
    uploaded(page, folder)
    files = page.locator("#upload-files").inner_text()
    assert PWN in files and "src/rtl_\\u202egnp.py" in files

    page.fill("#search-query", "reverse name heading")
    page.click("#search-form button[type=submit]")
    page.locator("#search-status").filter(has_text="results").wait_for()
    paths = page.locator("#search-results .hit-path").all_inner_texts()
    assert "hostile/src/rtl_\\u202egnp.py:1-3" in paths, paths
    assert f"hostile/docs/{PWN}.md:1-3" in paths, paths
    assert "\\u202eof the thing\\u202c" in page.locator("#search-results").inner_text()
    page.locator("#search-results .hit-path", has_text="rtl_").click()
    panel = page.locator("#explain-panel")
    panel.filter(has_text="python source").wait_for()
    assert panel.locator(".headline").inner_text() == "hostile/src/rtl_\\u202egnp.py"

    assert "\u202e" not in page.locator("body").inner_text()
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("document.querySelectorAll('main img, main script, main a').length") == 0


def test_a_dismissed_key_prompt_is_not_asked_again_until_the_user_acts(browser, home, tmp_path):
    """Someone without the key at hand dismisses the prompt: the page's calls made together, and
    its refresh every 5 s, do not ask again (a modal prompt every 5 s held the tab); the next
    thing the user does asks once more."""
    with serve_process(home, api_key=KEY) as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        prompts: list[str] = []
        page.on("dialog", lambda dialog: (prompts.append(dialog.message), dialog.dismiss()))
        page.goto(url)
        page.locator("#health").filter(has_text="API key refused").wait_for()
        page.wait_for_timeout(6_000)  # past one refresh
        assert len(prompts) == 1, prompts
        page.fill("#search-query", "anything at all")
        page.click("#search-form button[type=submit]")
        page.locator("#search-status").filter(has_text="Missing or wrong API key").wait_for()
        assert len(prompts) == 2, prompts
        context.close()


def test_an_upload_with_a_refused_project_name_stops_and_says_why(page, mixed_repo):
    """A project name the server refuses fails every file alike: the upload stops at the first
    answer and says why, instead of 'Done: … 9 failed' with the reason in each row's tooltip."""
    page.fill("#upload-project", "my/shop")
    page.set_input_files("#folder-input", str(mixed_repo))
    status = page.locator("#upload-status")
    status.filter(has_text="project names are one folder-like name").wait_for(timeout=60_000)
    assert not status.inner_text().startswith("Done:")
    assert "error" in (status.get_attribute("class") or "")
    assert page.locator("#cancel-upload").is_disabled()
    page.problems[:] = [p for p in page.problems if "status of 422" not in p]


def test_a_server_side_index_job_can_be_cancelled_from_the_page(browser, home, tmp_path):
    """A folder started by mistake: Cancel stops the job and says how far it got and why;
    Index is one job at a time from the page (pressed twice, one job), and usable again
    after."""
    allowed = tmp_path / "allowed"
    for i in range(150):
        write(allowed, f"big/docs/note_{i:03d}.md",
              f"# Note {i}\n\nThis is note number {i}; it explains one small thing in detail.\n")
    with serve_process(home, api_key=KEY, allow_roots=(allowed,)) as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept(KEY))
        page.goto(url)
        page.click("summary:has-text('Index a folder on the server')")
        page.fill("#index-path", str(allowed / "big"))
        page.click("#index-submit")
        status = page.locator("#index-status")
        status.filter(has_text="running").wait_for(timeout=60_000)
        assert page.locator("#index-submit").is_disabled()  # one job at a time from the page
        page.click("#cancel-index")
        status.filter(has_text="cancelled after").wait_for(timeout=60_000)
        done = int(status.inner_text().split("cancelled after ")[1].split(" ")[0])
        assert done < 150
        assert page.locator("#index-submit").is_enabled()
        assert page.locator("#cancel-index").is_disabled()
        jobs = page.evaluate(
            "async (key) => (await fetch('/knowledge/jobs', {headers: {'x-api-key': key}}))"
            ".json()", KEY)
        assert [j["status"] for j in jobs] == ["cancelled"]
        # the job's reason, next to its status: this page stopped it for every caller
        assert jobs[0]["reason"] == "Stopped for every caller that waited for it."
        assert re.search(rf"cancelled after {done} of \d+ files — Stopped for every caller "
                         r"that waited for it\. \(what it wrote stays", status.inner_text())
        context.close()


def _notes(folder: Path) -> None:
    write(folder, "docs/guide.md", "# Guide\n\n## Resetting a password\n\nUsers who forgot "
          "their password ask for a reset link by email; the link holds a one-time token.\n")
    write(folder, "docs/archive.md", "# Archive\n\n## Where old invoices go\n\nInvoices older "
          "than ten years are shredded by the lighthouse keeper every spring tide.\n")
    write(folder, "src/mail.py", "def send_password_reset_email(address, token):\n"
          '    """Email a password reset link holding a one-time token."""\n'
          "    return f'{address}: https://shop.example/reset?token={token}'\n")


def uploaded(page, folder: Path) -> Any:
    """Choose `folder` in the page's folder input and wait for the upload to end ("Done:");
    the status line's locator."""
    page.set_input_files("#folder-input", str(folder))
    status = page.locator("#upload-status")
    status.filter(has_text="Done:").wait_for(timeout=120_000)
    return status


def _search_paths(page, query: str) -> list[str]:
    page.fill("#search-query", query)
    page.evaluate("document.getElementById('search-status').textContent = ''")  # not the last
    page.click("#search-form button[type=submit]")
    page.locator("#search-status").filter(has_text=re.compile(r"results in \d+ ms")).wait_for()
    return page.locator("#search-results .hit-path").all_inner_texts()


def test_uploading_a_folder_again_forgets_the_files_deleted_from_it(page, tmp_path):
    """Found by the dashboard pass: a file deleted from a folder since its last upload stayed
    in the knowledge base and kept being found, until the whole project was flushed (and
    embedded again). A complete upload now brings the project in line with the folder."""
    folder = tmp_path / "notes"
    _notes(folder)
    status = uploaded(page, folder)
    assert "0 removed" in status.inner_text()
    assert any(p.startswith("notes/docs/archive.md") for p in _search_paths(
        page, "old invoices shredded by the lighthouse keeper"))

    (folder / "docs" / "archive.md").unlink()
    page.set_input_files("#folder-input", str(folder))
    status.filter(has_text="1 removed").wait_for(timeout=120_000)
    text = status.inner_text()
    assert text.startswith("Done: notes — 2 files uploaded"), text
    assert "error" not in (status.get_attribute("class") or "")
    removed = page.locator("#upload-files li", has_text="docs/archive.md")
    assert removed.locator(".badge").inner_text() == "removed"
    assert page.locator("#upload-files li").count() == 3
    paths = _search_paths(page, "old invoices shredded by the lighthouse keeper")
    assert not any("archive.md" in p for p in paths), paths
    assert "lighthouse" not in page.locator("#search-results").inner_text()
    page.wait_for_function("document.getElementById('stat-files').textContent === '2'")


def test_an_upload_prunes_only_its_own_files_and_sends_a_package_named_build(page, tmp_path):
    """Two found together. A file another client uploaded to the project between this upload's
    start and its prune was removed by the prune: the dashboard now sends `since` (the earliest
    `received_at` of its answers), so only what was there before it began goes. And a Python
    package named `build` (build/__init__.py) was left out as build output, where `repokb
    index` indexes it: the page applies the walk's rule (client-config's source markers)."""
    import httpx

    folder = tmp_path / "notes"
    _notes(folder)
    write(folder, "build/__init__.py", '"""Build a source distribution and a wheel."""\n')
    write(folder, "build/backend.py", "def build_wheel(directory):\n"
          '    """Build a wheel of the project into the given directory."""\n'
          "    return directory + '/project-1.0-py3-none-any.whl'\n")
    write(folder, "dist/bundle.js", "console.log('minified bundle of the web app');\n")
    status = uploaded(page, folder)
    text = status.inner_text()
    assert text.startswith("Done: notes — 5 files uploaded"), text
    assert "1 left out before upload" in text  # dist/bundle.js: output
    assert page.locator("#upload-files li", has_text="build/backend.py").count() == 1

    # another client uploads to the project after this page's upload began, before its prune
    url = page.url.rstrip("/")
    pruned: list[dict] = []

    def upload_then_prune(route):
        pruned.append(route.request.post_data_json)
        theirs = httpx.post(f"{url}/knowledge/ingest/file", headers={"x-api-key": KEY},
                            json={"project": "notes", "path": "theirs/plan.md", "content":
                                  "# Plan\n\nThe release plan another teammate uploaded.\n"})
        assert theirs.status_code == 200, theirs.text
        route.continue_()

    page.route("**/knowledge/ingest/prune", upload_then_prune)
    (folder / "docs" / "archive.md").unlink()
    page.set_input_files("#folder-input", str(folder))
    status.filter(has_text="1 removed").wait_for(timeout=120_000)
    assert len(pruned) == 1 and isinstance(pruned[0]["since"], float), pruned
    assert "theirs/plan.md" not in pruned[0]["paths"]
    removed = page.locator("#upload-files li", has_text="docs/archive.md")
    assert removed.locator(".badge").inner_text() == "removed"
    theirs = httpx.get(f"{url}/knowledge/explain", headers={"x-api-key": KEY},
                       params={"project": "notes", "path": "theirs/plan.md"})
    assert theirs.status_code == 200 and theirs.json()["status"] == "indexed", theirs.text
    page.wait_for_function("document.getElementById('stat-files').textContent === '5'")


def test_a_server_without_a_key_keeps_the_deleted_files_and_says_why(browser, home, tmp_path):
    """Forgetting files is destructive: as a flush, it needs the server's API key. A loopback
    server without one keeps them, and the upload's status says so instead of pretending."""
    folder = tmp_path / "notes"
    _notes(folder)
    with serve_process(home, api_key="") as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.goto(url)
        status = page.locator("#upload-status")
        page.set_input_files("#folder-input", str(folder))
        status.filter(has_text="Done:").wait_for(timeout=120_000)
        (folder / "docs" / "archive.md").unlink()
        page.locator("#stat-files").filter(has_text="3").wait_for()
        page.set_input_files("#folder-input", str(folder))
        status.filter(has_text="2 files uploaded").wait_for(timeout=120_000)
        assert "were kept: removing them needs a server started with an API key" in (
            status.inner_text())
        assert any("archive.md" in p for p in _search_paths(
            page, "old invoices shredded by the lighthouse keeper"))
        context.close()


def test_the_page_leaves_out_the_folders_the_walk_leaves_out_for_a_marker(page, tmp_path, home):
    """The page left out only folders skipped by name: it uploaded a build's copy of
    appsettings.json (bin/Debug/net8.0/), a virtualenv named `env/`, Carton's local/ and a
    crate `cargo vendor` copied, all of which `repokb index` leaves out. It now applies the
    server's one table (client-config's marker_dirs) to the files chosen."""
    import httpx

    from ..conftest import every_byte
    from ..integration.test_marker_skip import LEFT_OUT, OWN, PASSWORD, TREE

    text = uploaded(page, write_tree(tmp_path / "shop", TREE)).inner_text()
    assert text.startswith(f"Done: shop — {len(OWN)} files uploaded"), text
    assert f"{len(TREE) - len(OWN)} left out before upload" in text, text
    rows = page.locator("#upload-files li").all_inner_texts()
    sent = [r for r in rows if not r.startswith("left out")]
    assert len(sent) == len(OWN) and all(any(p in r for p in OWN) for r in sent), rows
    assert sorted(r.split("\n")[1] for r in rows if r not in sent) == sorted(
        f"{folder}/" for folder in LEFT_OUT), rows  # each recorded on the server
    record = httpx.get(f"{page.url.rstrip('/')}/knowledge/explain", headers={"x-api-key": KEY},
                       params={"project": "shop",
                               "path": "src/Web/bin/Debug/net8.0/appsettings.json"}).json()
    assert (record["status"], record["reason"]) == ("skipped", LEFT_OUT["src/Web/bin"]), record
    assert PASSWORD.encode() not in every_byte(home)


def test_a_folder_opened_through_the_file_system_access_api_is_judged_the_same(page):
    """Where the browser has showDirectoryPicker the page walks handles, not a file list: it
    looks for each marker in the folder (a file, or a folder for `Debug/`, `lib/perl5/`)."""
    from ..integration.test_marker_skip import OWN, TREE

    page.wait_for_function("typeof configLoaded === 'function'")
    found = page.evaluate("""async (tree) => {
      await configLoaded();
      const dir = (name, children) => ({kind: "directory", name, children,
        async *entries() { for (const c of Object.values(children)) yield [c.name, c]; },
        async getDirectoryHandle(n) { return child(children, n, "directory"); },
        async getFileHandle(n) { return child(children, n, "file"); }});
      const child = (children, n, kind) => {
        if (!children[n] || children[n].kind !== kind) throw new Error("absent");
        return children[n];
      };
      const root = dir("shop", {});
      for (const path of tree) {
        const parts = path.split("/");
        let node = root;
        for (const part of parts.slice(0, -1)) node = node.children[part] ||= dir(part, {});
        const name = parts[parts.length - 1];
        node.children[name] = {kind: "file", name, getFile: async () => new File(["x"], name)};
      }
      return (await filesFromHandle(root)).map((entry) => entry.path).sort();
    }""", sorted(TREE))
    assert found == sorted(OWN)

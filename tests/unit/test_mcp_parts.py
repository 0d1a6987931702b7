"""Freshness and file context, the pieces the MCP tools answer with (no model, no store)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from repokb.errors import InputError, NotFoundError, RepokbError
from repokb.filecontext import _target, locate, outline
from repokb.freshness import project_freshness
from repokb.stores.base import StoredPoint
from repokb.stores.catalog import Catalog
from repokb.surfaces.mcp import render
from repokb.surfaces.mcp.backend import Session


def _catalog(tmp_path: Path, root: Path, files: list[str]) -> Catalog:
    catalog = Catalog(tmp_path / "catalog.sqlite3")
    for rel in files:
        st = os.lstat(root / rel)
        catalog.put("p", rel, status="indexed", size=st.st_size, mtime_ns=st.st_mtime_ns)
    catalog.put("p", "node_modules", status="skipped", is_dir=True, reason="vendor")
    catalog.set_project("p", root)
    return catalog


def test_freshness_counts_changed_and_deleted_files(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    for name in ("a.py", "b.py", "c.py"):
        (root / name).write_text(f"# {name}\n")
    catalog = _catalog(tmp_path, root, ["a.py", "b.py", "c.py"])
    (fresh,) = project_freshness(catalog)
    assert (fresh["changed_since_index"], fresh["deleted_since_index"]) == (0, 0)
    assert fresh["files_recorded"] == 3 and fresh["seconds_since_index"] >= 0
    (root / "a.py").write_text("# a.py, longer now\n")
    (root / "c.py").unlink()
    (fresh,) = project_freshness(catalog)
    assert (fresh["changed_since_index"], fresh["deleted_since_index"]) == (1, 1)
    assert fresh["changed_examples"] == ["a.py", "c.py"]
    text = render.freshness({"projects": [fresh], "index_jobs": [], "writing": False,
                             "store_owner": None})
    assert "1 of its 3 files changed and 1 was deleted" in text  # (it said "1 were")
    assert project_freshness(catalog, ["other"]) == []


def _point(i: int, start: int, end: int, symbol: str | None = None,
           symbol_type: str | None = None, content: str = "x") -> StoredPoint:
    return StoredPoint(str(i), 0.0, {"chunk_index": i, "start_line": start, "end_line": end,
                                     "symbol": symbol, "symbol_type": symbol_type,
                                     "content": content})


POINTS = [
    _point(0, 1, 4, None, None, "import os\n"),
    _point(1, 6, 12, "Repo", "class",
           "class Repo:\n    x = 1\n\n    def load(self):\n        pass\n    def save(self):\n"),
    _point(2, 15, 20, "Big.run", "method"),
    _point(3, 21, 30, "Big.stop", "method"),
]


def test_target_by_symbol_line_and_member() -> None:
    assert _target(POINTS, "f.py", None, "Repo") == 1
    assert _target(POINTS, "f.py", None, "run") == 2  # the last part of a dotted name
    assert _target(POINTS, "f.py", None, "Repo.save") == 1  # a member of a class kept whole
    assert _target(POINTS, "f.py", 16, None) == 2
    assert _target(POINTS, "f.py", 13, None) == 2  # between chunks: the next one
    with pytest.raises(InputError, match="No symbol 'nothing'"):
        _target(POINTS, "f.py", None, "nothing")
    with pytest.raises(InputError, match="outside the indexed lines"):
        _target(POINTS, "f.py", 99, None)


def test_outline_lists_definitions_and_members_in_order() -> None:
    items = [(o["symbol"], o["start_line"]) for o in outline(POINTS)]
    assert items == [("Repo", 6), ("Repo.load", 9), ("Repo.save", 11), ("Big.run", 15),
                     ("Big.stop", 21)]


def test_locate_refuses_escapes_and_unknown_projects(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    (root / "a.py").write_text("# a\n")
    catalog = _catalog(tmp_path, root, ["a.py"])
    assert locate(catalog, str(root / "a.py"), None) == ("p", "a.py")
    assert locate(catalog, "./a.py", "p") == ("p", "a.py")
    with pytest.raises(InputError, match="'..'"):
        locate(catalog, "../p/a.py", "p")
    with pytest.raises(NotFoundError, match=r"^No project 'q' in the knowledge base\.$") as e:
        locate(catalog, "a.py", "q")  # the 404 of every surface (it was a 422 here)
    assert e.value.hint == "Known projects: p."
    with pytest.raises(NotFoundError, match="b.py is not in the catalog in project 'p'"):
        locate(catalog, "b.py", "p")
    with pytest.raises(InputError, match="not inside an indexed project"):
        locate(catalog, "/etc/passwd", None)


def test_freshness_sees_a_secret_named_file_under_its_real_name(tmp_path: Path) -> None:
    """The catalog records `notes/<REDACTED_SECRET_...>.md`: every freshness line said that
    file was deleted on disk, for ever (nu2's trial)."""
    from repokb.freshness import file_changed
    from repokb.secrets.paths import redact_path

    token = "ghp_" + "Z9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8b"
    root = tmp_path / "p"
    (root / f"keys-{token}").mkdir(parents=True)
    real = root / f"keys-{token}" / f"{token}.md"
    real.write_text("# Notes\n")
    stored = redact_path(f"keys-{token}/{token}.md")
    assert token not in stored
    st = real.stat()
    catalog = Catalog(tmp_path / "catalog.sqlite3")
    catalog.put("p", stored, status="indexed", size=st.st_size, mtime_ns=st.st_mtime_ns)
    catalog.set_project("p", root)
    (fresh,) = project_freshness(catalog)
    assert (fresh["changed_since_index"], fresh["deleted_since_index"]) == (0, 0)
    assert file_changed(root, stored, st.st_size, st.st_mtime_ns) is False
    real.write_text("# Notes, edited\n")
    assert project_freshness(catalog)[0]["changed_since_index"] == 1
    real.unlink()
    assert project_freshness(catalog)[0]["deleted_since_index"] == 1


def test_locate_finds_a_secret_named_file_and_never_echoes_its_name(tmp_path: Path) -> None:
    """The catalog holds `notes/<REDACTED_SECRET_...>.md`; asked by the name on disk (relative
    or absolute), get_context found nothing and its error repeated the token (nu2's trial)."""
    from repokb.secrets.paths import redact_path

    token = "ghp_" + "Z9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8b"
    root = tmp_path / "p"
    (root / "notes").mkdir(parents=True)
    (root / "notes" / f"{token}.md").write_text("# Notes\n")
    stored = redact_path(f"notes/{token}.md")
    assert token not in stored
    catalog = Catalog(tmp_path / "catalog.sqlite3")
    catalog.put("p", stored, status="indexed", size=1, mtime_ns=1)
    catalog.set_project("p", root)
    assert locate(catalog, f"notes/{token}.md", "p") == ("p", stored)
    assert locate(catalog, str(root / "notes" / f"{token}.md"), None) == ("p", stored)
    for raw in (f"notes/{token}-old.md", f"/elsewhere/{token}.md", f"../{token}.md"):
        with pytest.raises(InputError) as refused:
            locate(catalog, raw, "p")
        assert token not in refused.value.message


def test_invalid_arguments_are_named_without_repeating_a_long_value() -> None:
    from repokb.surfaces.mcp.calls import _validate
    from repokb.surfaces.mcp.specs import TOOLS

    search = TOOLS["search"]
    with pytest.raises(InputError) as too_long:
        _validate(search, {"query": "x" * 3000})
    assert too_long.value.message == "Invalid query for search: longer than 2000 characters"
    with pytest.raises(InputError) as empty:
        _validate(search, {"query": ""})
    assert empty.value.message == "Invalid query for search: empty"
    with pytest.raises(InputError) as wrong_type:
        _validate(search, {"query": "x", "limit": "abc"})
    assert "'abc' is not of type 'integer'" in wrong_type.value.message


def test_a_list_of_thousands_of_globs_is_refused_without_being_repeated() -> None:
    """Seen with the official MCP client: 5,000 path globs came back whole in the error (25 KB
    of "['a', 'a', ..." in the agent's context); so did a long list of the wrong type."""
    from repokb.surfaces.mcp.calls import _validate
    from repokb.surfaces.mcp.specs import TOOLS

    search = TOOLS["search"]
    with pytest.raises(InputError) as too_many:
        _validate(search, {"query": "x", "path": ["src/**/*.py"] * 5000})
    assert too_many.value.message == "Invalid path for search: more than 20 items"
    with pytest.raises(InputError) as wrong_items:
        _validate(search, {"query": "x", "project": ["flask"] * 500})
    assert len(wrong_items.value.message) < 200 and "flask" not in wrong_items.value.message


def test_a_finished_job_says_when_its_vectors_were_made_again() -> None:
    job = {"id": "j1", "path": "/repo", "project": "shop", "status": "done",
           "summary": {"files_seen": 3, "files_indexed": 3, "chunks_updated": 6, "seconds": 1.2}}
    plain = render.job(job)
    assert plain.endswith("seconds 1.2") and "another way" not in plain
    job["summary"]["vectors_changed"] = {"shop": {"was": "minilm-onnx+int8+graph2 code=192",
                                                  "now": "minilm-onnx+int8+graph3 code=192"}}
    said = render.job(job)
    assert said.startswith(plain) and "another way than at its last run" in said
    assert "was minilm-onnx+int8+graph2 code=192; now minilm-onnx+int8+graph3" in said


class _Runs:
    """What cancel_index reads of a backend: its index runs (newest first), and cancel."""

    def __init__(self, *jobs) -> None:
        self._jobs = list(jobs)
        self.cancelled: list[str] = []

    def jobs(self):
        return self._jobs

    def cancel(self, job_id, session):
        self.cancelled.append(job_id)
        (job,) = [j for j in self._jobs if j.id == job_id]
        job.status = "cancelled"
        return job


def test_cancel_index_names_a_nul_in_the_path_and_never_echoes_a_secret_named_folder(
        tmp_path: Path) -> None:
    """A path with a NUL was answered "... is not an absolute path" (it was absolute) with the
    NUL echoed; the folder of a path is echoed redacted, as explain_file does."""
    from repokb.surfaces.mcp.tools import _run_to_cancel

    with pytest.raises(InputError, match="NUL character") as nul:
        _run_to_cancel(_Runs(), Session("test"), None, f"{tmp_path}/x\x00y", None)
    assert "\x00" not in nul.value.message
    secret = "/srv/ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    for raw in (secret, secret[1:]):  # unknown absolute, relative
        with pytest.raises(RepokbError) as refused:
            _run_to_cancel(_Runs(), Session("test"), None, raw, None)
        assert "ghp_A1b2" not in refused.value.message, refused.value.message


def test_cancel_index_finds_the_run_by_the_project_name_as_index_path_stored_it(
        tmp_path: Path) -> None:
    """index_path stores a project name stripped (the REST API's rule); cancel_index compared
    the name as given, so " shop " found no run of "shop"."""
    import anyio

    from repokb.operations.jobs import Job
    from repokb.surfaces.mcp.tools import cancel_index

    runs = _Runs(Job(path=str(tmp_path.resolve()), project="shop", status="running"))
    data, text, _ = anyio.run(cancel_index, runs, {"path": f"{tmp_path}/", "project": " shop ",
                                                    "wait_seconds": 0}, Session("test"))
    assert runs.cancelled and data["job"]["status"] == "cancelled", text
    with pytest.raises(InputError, match="Invalid project name"):
        anyio.run(cancel_index, runs, {"path": str(tmp_path), "project": "a/b"},
                  Session("test"))


class _Serving:
    """What Backend reads of serve's Operations for index runs: its jobs, and submit_index."""

    def __init__(self, runner) -> None:
        from repokb.operations.jobs import Jobs

        self.jobs = Jobs(runner)

    def submit_index(self, path, project):
        return self.jobs.submit(path, project)

    def roots(self, paths, project=None, access=None):  # no project indexed yet: as named
        from repokb.roots import resolve_roots

        return resolve_roots([Path(p) for p in paths], project)


def test_each_session_lets_go_of_its_own_hold_only_and_its_end_lets_go_of_the_rest(
        tmp_path: Path) -> None:
    """Under serve, index_path held a run without keeping the hold's id, and cancel_index let
    go of any such hold: one agent's cancel stopped another agent's run."""
    import threading

    from repokb.settings import Settings
    from repokb.surfaces.mcp.backend import Backend

    going = threading.Event()

    def runner(job, progress):
        while True:  # until let go: progress raises JobCancelled
            progress("f.py", 0, 1)
            going.set()
            threading.Event().wait(0.01)

    ops = _Serving(runner)
    try:
        _two_sessions(Backend(Settings.load(home=tmp_path), ops), tmp_path, going)
    finally:
        ops.jobs.shutdown()  # the run ends here if a check failed (else the test hangs)


def _two_sessions(backend, tmp_path: Path, going) -> None:
    from repokb.errors import AccessError
    from repokb.surfaces.mcp.backend import SESSION_ENDED

    one, two, late = Session("one"), Session("two"), Session("late")
    job = backend.index(tmp_path, "shop", one)
    assert going.wait(10) and job.status == "running"
    assert backend.index(tmp_path, "shop", two) is job
    assert backend.index(tmp_path, "shop", two) is job and len(job.holds) == 2  # one per session
    assert backend.cancel(job.id, two) is job and len(job.holds) == 1 and not job.stop.is_set()
    with pytest.raises(AccessError, match="not cancelled: it goes on for the 1 caller") as refused:
        backend.cancel(job.id, two)  # let go already: another session's hold is not its to drop
    assert "cancel?all=true" in refused.value.hint and not job.stop.is_set()
    assert not one.keep(job.id, "a second hold")  # two calls at once: the first hold stays
    late.end()  # a client gone while its index_path ran: its hold is let go at once
    assert backend.index(tmp_path, "shop", late) is job and len(job.holds) == 1
    backend.end_session(one)
    assert job.stop.is_set() and job.reason == SESSION_ENDED


def _two_projects_with_a_readme(tmp_path: Path) -> Catalog:
    catalog = Catalog(tmp_path / "catalog.sqlite3")
    for name in ("axios", "cobra"):
        root = tmp_path / name
        root.mkdir()
        (root / "README.md").write_text(f"# {name}\n")
        (root / f"{name}.txt").write_text(f"{name}\n")
        for rel in ("README.md", f"{name}.txt"):
            catalog.put(name, rel, status="indexed", size=1, mtime_ns=1)
        catalog.set_project(name, root)
    return catalog


def test_a_path_two_projects_hold_names_them_rather_than_answering_one(tmp_path: Path) -> None:
    """get_context (MCP and REST) of `README.md` without a project, in a knowledge base of
    several projects, answered the first project's README, silently (multi28's trial with 9
    projects: axios's), where `repokb explain` and the REST explain name the projects."""
    catalog = _two_projects_with_a_readme(tmp_path)
    with pytest.raises(InputError, match=r"That path is in 2 projects: axios, cobra\.") as e:
        locate(catalog, "README.md", None)
    assert "<<project>>" in e.value.hint
    assert locate(catalog, "README.md", "cobra") == ("cobra", "README.md")
    assert locate(catalog, "cobra.txt", None) == ("cobra", "cobra.txt")  # one holder: it


def test_explain_file_of_a_path_two_projects_hold_names_them(tmp_path: Path) -> None:
    """explain_file(path="README.md") answered axios's record among 9 projects (multi28)."""
    from types import SimpleNamespace

    from repokb.settings import Settings
    from repokb.surfaces.mcp.tools import _explain_target

    catalog = _two_projects_with_a_readme(tmp_path)
    backend = SimpleNamespace(projects=lambda: dict(sorted(catalog.projects().items())),
                              settings=Settings.load(home=tmp_path / "home"))
    with pytest.raises(InputError, match=r"That path is in 2 projects: axios, cobra\."):
        _explain_target(backend, "README.md", None)  # type: ignore[arg-type]
    assert _explain_target(backend, "README.md", "cobra") == (  # type: ignore[arg-type]
        str(tmp_path / "cobra" / "README.md"), "cobra", True)
    assert _explain_target(backend, "axios.txt", None) == (  # type: ignore[arg-type]
        str(tmp_path / "axios" / "axios.txt"), "axios", True)


@pytest.mark.parametrize(("line", "code", "ident"), [
    ('{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"q": "\\udcff"}}', -32700, 7),
    ('{"jsonrpc": "2.0", "id": "three", "method": 3}', -32600, "three"),
    ('{"jsonrpc": "2.0", "id": "a\\udcff", "method": "x"}', -32700, "a\ufffd"),
    ('{"jsonrpc": "2.0", "id": true, "method": 5}', -32600, None),  # no usable id: null
    ("{this is not json", -32700, None),
    ("[1, 2]", -32600, None),
])
def test_an_unreadable_stdio_line_gets_the_json_rpc_error_for_its_id(line: str, code: int,
                                                                     ident: object) -> None:
    import mcp_types as types
    from pydantic import ValidationError

    from repokb.surfaces.mcp.unparsed import error_for

    with pytest.raises(ValidationError) as caught:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    answer = error_for(caught.value)
    assert (answer.error.code, answer.id) == (code, ident)
    assert answer.error.message.startswith("Parse error: " if code == -32700
                                           else "Invalid request: ")


def test_a_long_query_is_not_repeated_whole_in_the_answer() -> None:
    """A new user's agent (agents42): a 1,800-character query came back whole on the answer's
    first line, before the hits (and again when nothing matched)."""
    query = "retry " * 300
    hit = {"project": "p", "path": "a.py", "start_line": 1, "end_line": 2, "kind": "source",
           "score": 0.5, "content": "def retry(): pass", "language": "python"}
    for text in (render.hits(query, [hit]), render.hits(query, [], "no chunk matches")):
        first = text.splitlines()[0]
        assert len(first) < 250 and "retry retry" in first and "...'" in first, first
    assert render.hits("how are retries done", [hit]).startswith(
        "1 hit for 'how are retries done':")


def test_the_stdio_backend_starts_once_and_a_failed_start_is_every_calls_error() -> None:
    """`repokb mcp` makes its backend after initialize (starting.py): begun once however many
    calls wait for it; a maker that fails is each call's error (the server goes on), and a
    backend made is closed when the server stops."""
    import anyio

    from repokb.surfaces.mcp.starting import Starting

    made: list[Any] = []

    class Made:
        closed = warmed = False

        def warm(self) -> None:
            self.warmed = True

        def close(self) -> None:
            self.closed = True

    def make() -> Any:
        made.append(Made())
        return made[-1]

    def broken() -> Any:
        raise RuntimeError("no model")

    async def main() -> tuple[list[Any], list[str]]:
        starting = Starting(make)
        async with starting.running():
            starting.begin()
            got = [await starting.backend() for _ in range(3)]
        errors = []
        failing = Starting(broken)
        async with failing.running():
            for _ in range(2):
                try:
                    await failing.backend()
                except RuntimeError as exc:
                    errors.append(str(exc))
        return got, errors

    got, errors = anyio.run(main)
    assert len(made) == 1 and got == made * 3
    assert made[0].warmed and made[0].closed
    assert errors == ["no model", "no model"]

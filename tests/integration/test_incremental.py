"""Incremental indexing scenarios with exact expected counts (real model, real Qdrant Edge)."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path

import pytest

from repokb.operations import Operations
from repokb.pipeline.verify import verify
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.workspace import Workspace

from ..conftest import readable_bytes, write, written_files

pytestmark = pytest.mark.integration

FUNC = '''
def {name}(value):
    """{doc}"""
    result = value * 2
    return result + {n}
'''


def module(*names: str) -> str:
    return "".join(FUNC.format(name=n, doc=f"Compute the {n.replace('_', ' ')} of a value.",
                               n=len(n)) for n in names)


@pytest.fixture
def ws(workspace: Workspace) -> Workspace:
    return workspace


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "calc"
    write(root, "calc/ops.py", module("double_value", "triple_value", "halve_value"))
    write(root, "calc/more.py", module("square_value", "cube_value"))
    write(root, "README.md",
          "# Calc\n\nA tiny calculator library used to test incremental indexing.\n")
    return root


def run(ws: Workspace, root: Path) -> dict[str, int]:
    s = ws.indexer.run(resolve_roots([root], None)).summary()
    assert verify(ws.catalog, ws.store).ok  # the store always matches the catalog
    # lexical-first: what was written without a dense vector got one before the run ended,
    # and the model's work is counted in tokens too
    assert s["chunks_dense_pending"] == 0 and ws.store.dense_pending() == 0
    assert (s["tokens_embedded"] > 0) == (s["chunks_embedded"] > 0)
    assert s["chunks_dense_deferred"] >= s["chunks_embedded"]
    return {k: v for k, v in s.items() if k not in ("tokens_embedded", "chunks_dense_deferred")
            and not k.startswith("seconds") and v and not isinstance(v, dict)}


def test_first_run_then_unchanged(ws, repo):
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_created": 6,
                             "chunks_embedded": 6}
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_unchanged": 6}
    os.utime(repo / "calc/ops.py", None)  # touched, not changed: no work beyond a hash
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_unchanged": 6}


def test_edit_one_function(ws, repo):
    run(ws, repo)
    write(repo, "calc/ops.py", module("double_value", "triple_value", "halve_value")
          .replace("return result + 11", "return result - 11"))
    # the old function's text leaves the disk: a small store is rewritten within the run
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_updated": 1,
                             "chunks_unchanged": 5, "chunks_embedded": 1, "store_compacted": 1}


def test_rename_moves_chunks_and_old_path_vanishes(ws, repo):
    run(ws, repo)
    (repo / "calc/more.py").rename(repo / "calc/powers.py")
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_created": 2,
                             "chunks_unchanged": 4, "chunks_pruned": 2, "chunks_embedded": 2,
                             "files_deleted": 1, "store_compacted": 1}
    paths = {h.path for h in ws.searcher.search(Query("cube of a value", limit=20))}
    assert "calc/powers.py" in paths and "calc/more.py" not in paths


def test_delete_a_file(ws, repo):
    run(ws, repo)
    (repo / "calc/more.py").unlink()
    # its text leaves the disk within the run: a store under `compact_points` is rewritten
    assert run(ws, repo) == {"files_seen": 2, "files_indexed": 2, "chunks_unchanged": 4,
                             "chunks_pruned": 2, "files_deleted": 1, "store_compacted": 1}
    assert ws.store.count() == 4


def test_shrink_and_grow(ws, repo):
    run(ws, repo)
    write(repo, "calc/ops.py", module("double_value"))
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_unchanged": 4,
                             "chunks_pruned": 2, "store_compacted": 1}
    write(repo, "calc/ops.py", module("double_value", "triple_value", "halve_value",
                                      "negate_value"))
    # triple/halve come back with the same text: new points, vectors from... nowhere (pruned),
    # so they are embedded again; negate is new.
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_created": 3,
                             "chunks_unchanged": 4, "chunks_embedded": 3}


def test_insert_at_top_reuses_shifted_vectors(ws, repo):
    run(ws, repo)
    write(repo, "calc/ops.py", module("zero_value", "double_value", "triple_value",
                                      "halve_value"))
    # Indices 0..2 now hold other text (updated), index 3 is new (created), but only the new
    # function is embedded: the shifted ones reuse their vectors by text hash.
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_created": 1,
                             "chunks_updated": 3, "chunks_unchanged": 3, "chunks_embedded": 1}


def test_read_error_is_recorded_and_its_chunks_removed(ws, repo, monkeypatch):
    run(ws, repo)
    os.utime(repo / "calc/more.py", (1, 1))  # changed mtime: the file must be read again
    from repokb.models import SourceFile

    real_open = SourceFile.open

    def deny(self: SourceFile):
        if self.path.endswith("more.py"):
            raise PermissionError(13, "Permission denied")
        return real_open(self)

    monkeypatch.setattr(SourceFile, "open", deny)
    summary = run(ws, repo)
    assert summary == {"files_seen": 3, "files_indexed": 2, "files_failed": 1,
                       "chunks_unchanged": 4, "chunks_pruned": 2, "store_compacted": 1}
    assert "Permission denied" in ws.catalog.get("calc", "calc/more.py").reason


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_is_recorded_and_its_chunks_removed(ws, repo):
    run(ws, repo)
    (repo / "calc/more.py").chmod(0)
    try:
        summary = run(ws, repo)
    finally:
        (repo / "calc/more.py").chmod(0o644)
    assert summary["files_failed"] == 1 and summary["chunks_pruned"] == 2
    assert "Permission denied" in ws.catalog.get("calc", "calc/more.py").reason


def test_file_that_becomes_invalid_utf8_is_recorded_with_reason(ws, repo):
    run(ws, repo)
    (repo / "calc/more.py").write_bytes(b"def f():\n    return 'caf\xe9 \xc3\x28 broken'\n" * 5)
    summary = run(ws, repo)  # the classifier sees it in the head: recorded, not read
    assert summary["files_skipped"] == 1 and summary["chunks_pruned"] == 2
    entry = ws.catalog.get("calc", "calc/more.py")
    assert entry.status == "skipped" and "UTF-8" in entry.reason


def test_invalid_utf8_past_the_classified_head_is_recorded_as_in_the_head(ws, repo, settings):
    """Where the first bad byte lies decides nothing: past the head the classifier read, the
    file was `failed` ("not valid UTF-8 (byte N)", retried every run) while one with the byte
    in its head was `skipped` ("not valid UTF-8: recorded, not read", metadata only). Both are
    now the latter, the byte's offset kept as a signal."""
    run(ws, repo)
    padding = "# " + "x" * 70 + "\n"
    body = module("square_value", "cube_value") + padding * (settings.head_bytes // 70 + 10)
    (repo / "calc/more.py").write_bytes(body.encode() + b"BAD = '\xc3\x28'\n")
    (repo / "calc/early.py").write_bytes(b"BAD = '\xc3\x28'\n" + body.encode())
    summary = run(ws, repo)
    assert summary.get("files_failed", 0) == 0 and summary["chunks_pruned"] == 2
    late, early = (ws.catalog.get("calc", f"calc/{n}.py") for n in ("more", "early"))
    assert (late.status, late.reason) == (early.status, early.reason) == (
        "skipped", "not valid UTF-8: recorded, not read")
    for entry in (late, early):
        c = entry.classification
        assert c.index_policy.value == "metadata_only" and "invalid_utf8" in c.flags
        assert c.reasons[0] == "not valid UTF-8: recorded, not read"
    assert any(s.value.startswith("invalid UTF-8 at byte ") for s in late.classification.signals)
    assert run(ws, repo).get("files_failed", 0) == 0  # not retried as a failure at every run


def test_a_nul_byte_past_the_classified_head_is_recorded_as_binary(ws, repo, settings):
    """A NUL byte the head did not show was `failed` ("NUL bytes in content"), read again at
    every run, its classification still source; one in the head is binary, metadata only.
    Both are now binary and skipped, the byte's offset said."""
    run(ws, repo)
    padding = "# " + "x" * 70 + "\n"
    body = module("square_value", "cube_value") + padding * (settings.head_bytes // 70 + 10)
    (repo / "calc/more.py").write_bytes(body.encode() + b"BAD = '\x00'\n")
    summary = run(ws, repo)
    assert summary.get("files_failed", 0) == 0 and summary["chunks_pruned"] == 2
    entry = ws.catalog.get("calc", "calc/more.py")
    at = len(body.encode()) + len("BAD = '")
    assert entry.status == "skipped"
    assert entry.reason == f"binary content (a NUL byte at byte {at}): recorded, not read"
    c = entry.classification
    assert (c.kind.value, c.index_policy.value) == ("binary", "metadata_only")
    assert any(s.value == f"NUL byte at byte {at}" for s in c.signals)
    # recorded as the classifier decides a file whose head shows the NUL byte
    (repo / "calc/head.py").write_bytes(b"BAD = '\x00'\n" + body.encode())
    assert run(ws, repo).get("files_failed", 0) == 0  # not retried as a failure at every run
    head = ws.catalog.get("calc", "calc/head.py").classification
    assert (c.kind, c.subkind, c.flags, c.confidence, c.knowledge_role) == (
        head.kind, head.subkind, head.flags, head.confidence, head.knowledge_role)


def test_verify_finds_and_repairs_differences(ws, repo):
    run(ws, repo)
    ws.store.prune("calc", "calc/ops.py", 1)  # lose chunks behind the catalog's back
    ws.catalog.delete("calc", ["calc/more.py"])  # and forget a file whose points remain
    report = verify(ws.catalog, ws.store)
    assert report.mismatched == ["calc/calc/ops.py"] and report.orphans == ["calc/calc/more.py"]
    verify(ws.catalog, ws.store, repair=True)
    assert verify(ws.catalog, ws.store).ok
    assert run(ws, repo)["chunks_created"] == 5  # the next run rebuilds what repair forgot


def test_projects_side_by_side(ws, repo, tmp_path):
    other = tmp_path / "notes"
    write(other, "notes.md",
          "# Notes\n\nMeeting notes about the calculator roadmap and releases.\n")
    run(ws, repo)
    run(ws, other)
    assert ws.store.facet("project") == {"calc": 6, "notes": 1}
    only_notes = ws.searcher.search(Query("calculator roadmap", projects=("notes",)))
    assert {h.project for h in only_notes} == {"notes"}
    assert Operations(ws).flush("calc")["points_deleted"] == 6
    assert ws.catalog.entries("calc") == {} and "calc" not in ws.catalog.projects()
    assert ws.store.facet("project") == {"notes": 1}


def test_a_changed_token_limit_re_embeds_only_the_chunks_it_cuts(ws, repo, real_embedder):
    run(ws, repo)
    ws.close()  # one process owns the shard: hand it to the workspace with the new limit
    shorter = Workspace(replace(ws.settings, code_max_tokens=64))
    shorter.__dict__["embedder"] = real_embedder
    try:
        # Unchanged files are read again (their vectors were cut at another length), the five
        # code chunks are embedded anew, the README keeps its vector. (A text hash covers the
        # limit, so the overwrite counts as removed text: compacted, as after an edit.)
        assert run(shorter, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_updated": 5,
                                      "chunks_unchanged": 1, "chunks_embedded": 5,
                                      "store_compacted": 1}
        # And the new limit is remembered: the next run skips every file unread again.
        assert run(shorter, repo) == {"files_seen": 3, "files_indexed": 3,
                                      "chunks_unchanged": 6}
    finally:
        shorter.close()


def test_another_model_variant_re_embeds_every_chunk(ws, repo, shipped_embedder):
    run(ws, repo)
    ws.close()
    shipped = Workspace(replace(ws.settings, embed_int8=False))
    shipped.__dict__["embedder"] = shipped_embedder
    try:
        # Same text, same limits, another model: no vector of the int8 copy may be reused.
        assert run(shipped, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_updated": 6,
                                      "chunks_embedded": 6, "store_compacted": 1}
    finally:
        shipped.close()


def test_an_index_made_with_the_previous_model_graph_re_embeds_every_chunk(ws, repo,
                                                                          monkeypatch):
    import repokb.settings
    from repokb.models import MINILM_GRAPH as GRAPH

    # the vectors are signed by the graph they come from (not by how its copy is saved)
    assert ws.settings.embed_plan.model.endswith(f"+graph{GRAPH}")
    monkeypatch.setattr(repokb.settings, "MINILM_GRAPH", GRAPH - 1)
    before = Workspace(ws.settings)
    before.__dict__["embedder"] = ws.embedder
    try:
        run(before, repo)  # signed as the graph before the fusions
    finally:
        before.close()
    monkeypatch.undo()
    # The fused graph moves vectors in their last digits: none made before may be kept, and the
    # run says why it embeds everything again.
    summary = ws.indexer.run(resolve_roots([repo], None)).summary()
    assert {k: summary[k] for k in ("files_indexed", "chunks_updated", "chunks_embedded")} == {
        "files_indexed": 3, "chunks_updated": 6, "chunks_embedded": 6}
    (change,) = summary["vectors_changed"].values()
    assert set(change) == {"was", "now"}
    assert change["was"].startswith(f"minilm-onnx+int8+graph{GRAPH - 1} ")
    assert change["now"].startswith(f"minilm-onnx+int8+graph{GRAPH} ")
    again = ws.indexer.run(resolve_roots([repo], None)).summary()
    assert again["chunks_embedded"] == 0 and "vectors_changed" not in again  # said once


def test_an_index_made_under_other_dense_text_rules_re_embeds_every_chunk_once(ws, repo):
    """The rules change the text the model reads (pipeline/dense_text.py), so they sign the
    vectors: an index made under others is embedded again once, and says why."""
    write(repo, "docs/guide.rst", "=====\nGuide\n=====\n\nHow to double a value with the "
          "calculator, then halve it again.\n\nOptions\n-------\n\nTimeout ........ 30 s\n")
    rules = "rule_lines,punct_runs,title_once,test_file_name"
    homes = [Workspace(replace(ws.settings, dense_text_rules=other)) for other in ("", rules)]
    for home in homes:
        home.__dict__["embedder"] = ws.embedder
    try:
        first = run(homes[0], repo)
        homes[0].close()
        summary = homes[1].indexer.run(resolve_roots([repo], None)).summary()
        assert summary["chunks_embedded"] == first["chunks_embedded"] >= 7
        (change,) = summary["vectors_changed"].values()
        assert "+rule_lines+punct_runs+title_once+test_file_name " not in change["was"]
        assert "+rule_lines+punct_runs+title_once+test_file_name " in change["now"]
        again = homes[1].indexer.run(resolve_roots([repo], None)).summary()
        assert again["chunks_embedded"] == 0 and "vectors_changed" not in again  # said once
        # BM25 reads the whole text, the stored piece is the file's own
        hits = homes[1].searcher.search(Query("Timeout ........ 30 s", limit=3))
        assert hits and hits[0].path == "docs/guide.rst" and "........" in hits[0].content
    finally:
        for home in homes:
            home.close()


def test_a_stopped_watch_ends_its_run_at_a_file_boundary(ws, repo, monkeypatch):
    import threading

    from repokb.surfaces.watch import watch_and_index

    stop, reports, runs = threading.Event(), [], []
    real_run = ws.indexer.run

    def run_then_interrupt(*args, **kwargs):
        runs.append(args)
        if len(runs) == 2:
            stop.set()  # Ctrl-C lands as the second run starts
        return real_run(*args, **kwargs)

    monkeypatch.setattr(ws.indexer, "run", run_then_interrupt)

    def report(summary):
        reports.append(summary)
        # Once the watcher is waiting, a new file wakes it (a timer: report runs before it waits).
        threading.Timer(0.5, write, (repo, "calc/late.py", module("late_value"))).start()

    guard = threading.Timer(20, stop.set)  # never hang the suite if the watcher stays asleep
    guard.start()
    watch_and_index(Operations(ws), resolve_roots([repo], None), report,
                    debounce_ms=50, stop=stop)
    guard.cancel()
    assert len(runs) == 2 and len(reports) == 1  # the second run ended unreported
    assert verify(ws.catalog, ws.store).ok
    assert ws.catalog.get("calc", "calc/late.py") is None  # never committed, so redone next run
    monkeypatch.undo()
    assert run(ws, repo)["chunks_created"] == 1


def test_a_stopped_watch_ends_its_dense_pass_at_a_page_boundary(settings, real_embedder, repo,
                                                                 monkeypatch):
    """Ctrl-C while the first run's dense pass embeds (minutes on a big tree) ends the run at
    the next page of vectors, not after the whole pass; the next run embeds only the rest."""
    import threading

    from repokb.surfaces.watch import watch_and_index

    small = Workspace(replace(settings, buffer_chunks=2))  # 6 chunks: dense pages of 2
    small.__dict__["embedder"] = real_embedder
    stop, reports, pages = threading.Event(), [], []
    store_type = type(small.store)
    real_fill = store_type.fill_dense

    def fill_then_interrupt(store, vectors):
        pages.append(len(vectors))
        real_fill(store, vectors)
        stop.set()  # Ctrl-C lands while the first page is written

    monkeypatch.setattr(store_type, "fill_dense", fill_then_interrupt)
    guard = threading.Timer(20, stop.set)  # never hang the suite
    guard.start()
    try:
        watch_and_index(Operations(small), resolve_roots([repo], None), reports.append,
                        debounce_ms=50, stop=stop)
        guard.cancel()
        assert pages == [2] and reports == []  # one page embedded; the run ended unreported
        assert small.store.dense_pending() == 4
        assert verify(small.catalog, small.store).ok
        monkeypatch.undo()
        again = small.indexer.run(resolve_roots([repo], None)).summary()
        assert again["chunks_unchanged"] == 6 and again["chunks_embedded"] == 4
        assert small.store.dense_pending() == 0
    finally:
        guard.cancel()
        small.close()


def test_a_watch_the_system_refuses_ends_with_an_error_not_as_if_stopped(ws, repo,
                                                                        monkeypatch):
    """The watcher thread failing (a folder it may not read, the inotify limit) ended the
    watch as a Ctrl-C does ("stopped", exit 0) after a thread traceback: now it is an error."""
    from repokb.errors import RepokbError
    from repokb.surfaces import watch as watching

    def refused(*paths, **kwargs):
        raise PermissionError("Permission denied (os error 13)")
        yield  # a generator, as watchfiles.watch is

    monkeypatch.setattr(watching, "watch", refused)
    reports = []
    with pytest.raises(RepokbError, match="Stopped watching.*Permission denied"):
        watching.watch_and_index(Operations(ws), resolve_roots([repo], None), reports.append,
                                 debounce_ms=50)
    assert len(reports) == 1  # the first run went through


def test_a_watched_folder_that_goes_away_keeps_its_index(ws, repo):
    """A watched project's folder moved or deleted (an unmount, a move-and-restore) made the
    watch prune every file of it (`repokb index` of a missing folder refuses): a full re-embed
    once it came back. Now the index is kept and the watch says why, once."""
    import shutil
    import threading

    from repokb.surfaces.watch import watch_and_index

    stop, reports, notices = threading.Event(), [], []
    guard = threading.Timer(60, stop.set)  # never hang the suite
    guard.start()
    watcher = threading.Thread(target=watch_and_index, args=(
        Operations(ws), resolve_roots([repo], None), reports.append),
        kwargs={"debounce_ms": 50, "stop": stop, "notice": notices.append})
    watcher.start()
    try:
        deadline = time.monotonic() + 30
        while not reports and time.monotonic() < deadline:
            time.sleep(0.05)
        assert reports and ws.store.count() > 0
        points = ws.store.count()
        shutil.move(str(repo), str(repo.parent / "moved-away"))
        while not notices and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # any run the move would start has had its chance
        assert notices and "calc: its folder" in notices[0] and "is gone" in notices[0]
        assert len(notices) == 1 and len(reports) == 1  # said once, no run
        assert ws.store.count() == points
        assert {p for p, e in ws.catalog.entries("calc").items() if not e.is_dir} >= {
            "calc/ops.py", "calc/more.py", "README.md"}
    finally:
        stop.set()
        watcher.join(30)
        guard.cancel()


def test_a_file_bigger_than_the_buffer_is_written_in_slices(settings, real_embedder, repo):
    """buffer_chunks 2: one file of 3 chunks is vectorised and written 2 + 1; the result and
    the counts equal a run that writes it at once."""
    small = Workspace(replace(settings, buffer_chunks=2))
    small.__dict__["embedder"] = real_embedder
    try:
        assert run(small, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_created": 6,
                                    "chunks_embedded": 6}
        assert small.store.count() == 6
        (repo / "calc/ops.py").write_text(module("double_value", "triple_value", "quarter"))
        assert run(small, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_updated": 1,
                                    "chunks_unchanged": 5, "chunks_embedded": 1,
                                    "store_compacted": 1}
    finally:
        small.close()


def test_a_better_redactor_re_reads_files_indexed_before(ws, repo, monkeypatch):
    """A secret an older redactor missed stayed in the store after an upgrade: the file's size
    and mtime were unchanged, so the run skipped it unread (nu2's trial: a key split into two
    short literals). The redactor's version is part of the classifier version."""
    import importlib

    from repokb.pipeline import classify as classify_module
    from repokb.pipeline import run as run_module

    scan_module = importlib.import_module("repokb.secrets.scan")
    shapes_module = importlib.import_module("repokb.secrets.shapes")

    write(repo, "calc/keys.py", "# the partner key, split over lines\n"
          "PARTNER_KEY = ('Tq7Wz3Lx9Rk5'\n               'Np2Vm8Jb4Hc6')\n")
    with monkeypatch.context() as old:  # the redactor before the fix, under its old version
        for module in (scan_module, shapes_module):
            old.setattr(module, "glued_literals", lambda text, at: "")
        for module in (run_module, classify_module):
            old.setattr(module, "CLASSIFIER_VERSION", "0.3.0")
        run(ws, repo)
    stored = ws.searcher.search(Query("partner key split over lines", limit=1))
    assert "Tq7Wz3Lx9Rk5" in stored[0].content  # what the old redactor left
    counts = run(ws, repo)  # the upgrade: nothing changed on disk
    assert counts.get("chunks_updated") == 1, counts
    hit = ws.searcher.search(Query("partner key split over lines", limit=1))[0]
    assert hit.path == "calc/keys.py"
    assert "Tq7Wz3Lx9Rk5" not in hit.content and "Np2Vm8Jb4Hc6" not in hit.content
    # and no byte of it is left on disk: the overwritten payload and the write-ahead log held
    # it until the store was compacted (nu2's trial grepped them)
    assert counts.get("store_compacted") == 1, counts
    leftovers = [p for p in written_files(ws.settings.home) if b"Tq7Wz3Lx9Rk5" in readable_bytes(p)]
    assert leftovers == []
    assert run(ws, repo).get("store_compacted") is None  # once: the next run has nothing to do
    assert ws.searcher.search(Query("partner key split over lines", limit=1))[0].path == hit.path


def test_a_name_an_older_redactor_left_part_of_leaves_the_home_after_the_upgrade(ws, repo,
                                                                                monkeypatch):
    """Before redaction version 4, a file named after a Stripe key longer than detect-secrets'
    24-character pattern was stored under a name that kept the key's tail (of two overlapping
    findings, the first was redacted and the other dropped). After the upgrade its record moves
    to the whole-key name, and the old name's bytes leave the disk with the compaction the
    upgrade brings (the engine's write-ahead log kept them before)."""
    from repokb.pipeline import classify as classify_module
    from repokb.pipeline import run as run_module
    from repokb.secrets import paths as paths_module

    from ..fake_secrets import STRIPE_KEY_LONG

    def first_of_overlapping(findings):  # the redactor before the fix
        kept = []
        for f in sorted(findings):
            if not kept or f.start >= kept[-1].end:
                kept.append(f)
        return kept

    write(repo, f"notes/{STRIPE_KEY_LONG}.md",
          "# Key rotation\n\nHow the payment key is rotated every quarter.\n")
    pieces = {STRIPE_KEY_LONG[i:i + 16].encode() for i in range(len(STRIPE_KEY_LONG) - 15)}

    def leaked() -> list[str]:
        return sorted({str(p.relative_to(ws.settings.home)) for p in written_files(ws.settings.home)
                       if any(piece in readable_bytes(p) for piece in pieces)})

    with monkeypatch.context() as old:
        old.setattr(paths_module, "merged", first_of_overlapping)
        for module in (run_module, classify_module):
            old.setattr(module, "CLASSIFIER_VERSION", "0.3.3+redaction.3")
        run(ws, repo)
        assert leaked()  # the old name, with the key's tail, in the catalog and the store
    counts = run(ws, repo)  # the upgrade: nothing changed on disk
    assert counts.get("store_compacted") == 1, counts
    assert leaked() == []
    hit = ws.searcher.search(Query("how the payment key is rotated", limit=1))[0]
    assert hit.path.startswith("notes/<REDACTED_SECRET_") and hit.path.endswith(">.md")


def test_a_new_chunking_version_re_chunks_unchanged_files_and_re_embeds_nothing(ws, repo,
                                                                                 monkeypatch):
    """A chunker that cuts differently (a JSDoc now kept with its function) changed nothing in
    an existing index: unchanged files were skipped unread. The chunking version is part of
    the vector signature, so they are re-read; identical chunks keep their vectors."""
    from repokb.pipeline import prepare as prepare_module
    from repokb.pipeline import run as run_module

    run(ws, repo)
    reads: list[str] = []
    real_read = prepare_module.read_text

    def counting(file, limit):
        reads.append(file.path)
        return real_read(file, limit)

    monkeypatch.setattr(prepare_module, "read_text", counting)
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_unchanged": 6}
    assert reads == []  # same signature: nothing read
    monkeypatch.setattr(run_module, "CHUNKING_VERSION", run_module.CHUNKING_VERSION + 1)
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_unchanged": 6}
    assert sorted(reads) == ["README.md", "calc/more.py", "calc/ops.py"]


def test_a_nested_gitattributes_added_or_edited_reclassifies_the_files_below_it(ws, repo):
    """A .gitattributes in a folder decides for the files below it, and an edit of it is an
    edit of the rules: the next run re-classifies those files (and only those), even though
    none of them changed. Before: only the root file was read, so calc/more.py stayed indexed
    as source."""
    run(ws, repo)
    write(repo, "calc/.gitattributes", "more.py linguist-generated\n")
    run(ws, repo)
    more = ws.catalog.get("calc", "calc/more.py")
    assert more.status == "skipped" and more.classification.kind.value == "generated"
    assert more.reason == "marked linguist-generated in calc/.gitattributes (line 1: more.py)"
    assert more.classification.config_path == "calc/.gitattributes"
    assert not [h for h in ws.searcher.search(Query("square value of a number", limit=10))
                if h.path == "calc/more.py"]
    readme = ws.catalog.get("calc", "README.md")
    assert readme.status == "indexed" and readme.classification.config_digest is None
    write(repo, "calc/.gitattributes", "more.py linguist-generated=false\n")
    run(ws, repo)
    more = ws.catalog.get("calc", "calc/more.py")
    assert more.status == "indexed" and more.classification.kind.value == "source"


def test_a_changed_chunk_minimum_re_chunks_unchanged_files(ws, repo, real_embedder):
    """`min_chunk_chars` decides which pieces join or are dropped, but it was not part of the
    signature: raising it left an existing index as it was cut (unchanged files skipped
    unread). Now the files are read again once, then skipped as before."""
    from repokb.pipeline import prepare as prepare_module

    run(ws, repo)
    ws.close()
    higher = Workspace(replace(ws.settings, min_chunk_chars=80))
    higher.__dict__["embedder"] = real_embedder
    reads: list[str] = []
    real_read = prepare_module.read_text

    def counting(file, limit):
        reads.append(file.path)
        return real_read(file, limit)

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(prepare_module, "read_text", counting)
            run(higher, repo)
            assert sorted(reads) == ["README.md", "calc/more.py", "calc/ops.py"]
            reads.clear()
            run(higher, repo)  # the new minimum is remembered
            assert reads == []
    finally:
        higher.close()


def test_an_unchanged_run_asks_once_per_file_whether_its_decision_stands(ws, repo,
                                                                         monkeypatch):
    """The shortcut (same size, mtime and rules; a twin's source still there, a stat) is asked
    once a file: the first pass asked it twice of every unchanged file (once to pick the files
    to cut, once to record it)."""
    from repokb.pipeline.run import ProjectRun

    run(ws, repo)
    asked: list[str] = []
    real = ProjectRun.stands

    def counting(self, file, entry):
        asked.append(file.path)
        return real(self, file, entry)

    monkeypatch.setattr(ProjectRun, "stands", counting)
    assert run(ws, repo) == {"files_seen": 3, "files_indexed": 3, "chunks_unchanged": 6}
    assert sorted(asked) == ["README.md", "calc/more.py", "calc/ops.py"]

"""A served search reads its candidates' search fields from the dense copy and the content of
only the hits it returns (`Store.contents`). Real model, real Qdrant Edge: the hits are the
same as with every payload read whole, and a file indexed again between the engine's answer
and the content read never yields a hit whose text is not at its lines."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import repokb.stores.edge_copy as edge_copy
from repokb.search import Query
from repokb.workspace import Workspace

from ..conftest import write
from .test_index_search import index

pytestmark = pytest.mark.integration

QUESTIONS = ["how do I reset a forgotten password by email", "sum of invoice amounts",
             "database connection timeout setting", "run the shop in a docker container",
             "InvoiceRepository", "connect_with_timeout"]


def with_copy(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store keeps its dense copy, as `repokb serve` does."""
    monkeypatch.setattr(edge_copy, "_QUIET_SECONDS", 0.1)
    ws.store.prepare_searches()
    deadline = time.monotonic() + 30
    while ws.store.dense_copy() is None:
        assert time.monotonic() < deadline, "the dense copy was never read"
        time.sleep(0.02)


def answers(ws: Workspace, **kw: Any) -> list[list[dict[str, Any]]]:
    return [[h.to_json(explain=True) for h in ws.searcher.search(Query(text=t, **kw))]
            for t in QUESTIONS]


def test_hits_through_the_copy_equal_hits_from_whole_payloads(
        workspace: Workspace, mixed_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index(workspace, mixed_repo)
    # no copy yet: the engine's payloads, content and all
    whole, widened = answers(workspace), answers(workspace, context_lines=2)
    with_copy(workspace, monkeypatch)
    read: list[int] = []
    contents = workspace.store.contents
    monkeypatch.setattr(workspace.store, "contents",
                        lambda ids: read.append(len(ids)) or contents(ids))
    assert answers(workspace) == whole
    # not vacuous: the content came from `contents`, one call a search, for the chunks of
    # its hits and no other
    assert read == [sum(len(h["provenance"]["chunks"]) for h in hits) for hits in whole]
    assert answers(workspace, context_lines=2) == widened


def test_a_file_indexed_again_meanwhile_never_gives_a_hit_text_from_other_lines(
        workspace: Workspace, mixed_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index(workspace, mixed_repo)
    with_copy(workspace, monkeypatch)
    target = mixed_repo / "src/shop/mail.py"
    contents = workspace.store.contents
    rewrites: list[int] = []

    def rewritten_first(ids: list[str]) -> dict[str, dict[str, Any]]:
        if not rewrites:  # between the engine's answer and the content read: the file moves
            rewrites.append(1)  # down by five lines and is indexed again
            write(mixed_repo, "src/shop/mail.py", "# moved\n" * 5 + target.read_text())
            index(workspace, mixed_repo)
        return contents(ids)

    monkeypatch.setattr(workspace.store, "contents", rewritten_first)
    hits = workspace.searcher.search(Query(text="how do I reset a forgotten password by email"))
    assert rewrites == [1]
    assert hits[0].path == "src/shop/mail.py"
    for hit in hits:  # every hit's text is its file's text at its lines, as the file is now
        lines = (mixed_repo / hit.path).read_text().splitlines()
        assert hit.content.splitlines() == lines[hit.start_line - 1:hit.end_line], hit.path
    assert hits[0].start_line > 5  # the lines of the file as it is now


def test_a_served_search_finds_a_long_definitions_head_reading_only_its_pieces(
        workspace: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the candidates come without content from the dense copy: the head of a long definition
    # is still found (search._head_first), from that definition's own pieces, never by reading
    # the whole file
    values = "".join(
        f"  // The request is denied because the error reason {n} applies: this reason is\n"
        f"  // defined for requests where the error happens, see ErrorReason {n}.\n"
        f"  REASON_{n} = {n};\n\n" for n in range(1, 161))
    write(tmp_path / "protos", "google/api/error_reason.proto",
          'syntax = "proto3";\n\npackage google.api;\n\nmessage Unrelated {\n  int32 a = 1;\n}\n\n'
          "// Defines the supported values for `google.rpc.ErrorInfo.reason`.\n"
          "enum ErrorReason {\n  // Do not use this default value.\n  UNSPECIFIED = 0;\n\n"
          f"{values}}}\n")
    index(workspace, tmp_path / "protos")
    with_copy(workspace, monkeypatch)
    ranges: list[tuple[int, int | None]] = []
    file_chunks = workspace.store.file_chunks

    def counted(project: str, path: str, *span: Any) -> list[Any]:
        ranges.append((span or (0, None)) if len(span) != 1 else (span[0], None))
        return file_chunks(project, path, *span)

    monkeypatch.setattr(workspace.store, "file_chunks", counted)
    workspace.searcher.settings = replace(workspace.settings, candidates=8)
    hits = workspace.searcher.search(Query("where is enum ErrorReason defined", limit=10))
    assert "enum ErrorReason {" in hits[0].content, [(h.start_line, h.symbol) for h in hits]
    assert ranges and all(last is not None and last - first < 8 for first, last in ranges)

"""One contract, every Store backend: the same tests run against the Qdrant Edge shard and
the Qdrant server backend (in qdrant-client's local mode: no Qdrant server installs here).

Vectors are real (the default model and the code BM25 encoder), so the search tests check
ranking, not just plumbing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from repokb.embedders.base import Embedder
from repokb.embedders.code_bm25 import CodeBm25Encoder
from repokb.errors import StoreError
from repokb.models import Chunk, EmbeddedChunk
from repokb.stores import RawPoint, Store, StoreFilter, create, load_builtins
from repokb.stores.base import PLACED_CONTENT, SEARCH_FIELDS

DIM = 384
ANY = StoreFilter()
FILES = {  # (project, path, kind, language) -> chunk texts
    ("alpha", "src/billing/invoice.py", "code", "python"): [
        "def compute_invoice_total(lines): return sum(l.price * l.qty for l in lines)",
        "class InvoiceRenderer: renders an invoice as a PDF document for the customer",
    ],
    ("alpha", "docs/deploy.md", "docs", "markdown"): [
        "How to deploy the service with docker compose on a single host",
        "Rolling back a failed deployment: restore the previous image tag",
        "Monitoring the deployment with Prometheus and Grafana dashboards",
    ],
    ("alpha", "src/auth/login.ts", "code", "typescript"): [
        "export function verifyPassword(hash: string, password: string): boolean",
    ],
    ("beta", "src/billing/tax.py", "code", "python"): [
        "def vat_rate(country): return RATES.get(country, 0.21)",
    ],
    ("beta", "README.md", "docs", "markdown"): [
        "Beta is a tax calculator library for European VAT rules",
    ],
}


def chunks_of(embedder: Embedder, lexical: CodeBm25Encoder, project: str, path: str, kind: str,
              language: str, texts: list[str]) -> list[EmbeddedChunk]:
    vectors = embedder.embed_documents(texts)
    out = []
    for i, (text, vector) in enumerate(zip(texts, vectors, strict=True)):
        chunk = Chunk(project, path, i, i * 10 + 1, i * 10 + 9, text, text, None, None, kind,
                      language, "source" if kind == "code" else "documentation", 0.5, "test",
                      model="test", token_limit=256)
        indices, values = lexical.document(text)
        out.append(EmbeddedChunk(chunk, [float(x) for x in vector], indices, values))
    return out


@pytest.fixture(scope="module")
def corpus(real_embedder: Embedder) -> dict[tuple[str, str], list[EmbeddedChunk]]:
    lexical = CodeBm25Encoder()
    return {(p, path): chunks_of(real_embedder, lexical, p, path, kind, lang, texts)
            for (p, path, kind, lang), texts in FILES.items()}


def _open(backend: str, where: Path, dimension: int = DIM) -> Store:
    load_builtins()
    if backend == "edge":
        return create("qdrant-edge", path=where / "edge", dimension=dimension)
    return create("qdrant", path=where / "unused", url=f"local:{where / 'local'}",
                  dimension=dimension, collection_prefix="t_", batch=3)  # many upserts


@pytest.fixture(params=["edge", "qdrant-local"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[..., Store]:
    return lambda dimension=DIM: _open(request.param, tmp_path, dimension)


@pytest.fixture
def store(opener: Callable[..., Store],
          corpus: dict[tuple[str, str], list[EmbeddedChunk]]) -> Iterator[Store]:
    s = opener()
    for points in corpus.values():
        s.upsert(points[::-1])
    yield s
    s.close()


def _query(store: Store, real_embedder: Embedder, text: str,
           where: StoreFilter = ANY, limit: int = 5) -> tuple[list[str], list[str]]:
    dense = [float(x) for x in real_embedder.embed_query(text)]
    d, lex = store.search(dense, CodeBm25Encoder().query(text), where, limit)
    return [p.payload["path"] for p in d], [p.payload["path"] for p in lex]


def test_upsert_count_and_get(store: Store,
                              corpus: dict[tuple[str, str], list[EmbeddedChunk]]) -> None:
    assert store.count() == 8
    assert store.count("alpha") == 6 and store.count("beta") == 2
    assert store.count("nobody") == 0
    points = store.file_points("alpha", "docs/deploy.md")
    assert sorted(p.payload["chunk_index"] for p in points) == [0, 1, 2]
    ids = [p.chunk.point_id for p in corpus[("alpha", "docs/deploy.md")]]
    assert {p.id for p in points} == set(ids)
    vectors = store.dense_vectors(ids[:2] + ["00000000-0000-0000-0000-000000000000"])
    assert set(vectors) == set(ids[:2])
    expected = corpus[("alpha", "docs/deploy.md")][0].dense
    assert vectors[ids[0]] == pytest.approx(expected, abs=1e-6)


def test_file_chunks_are_the_files_whole_payloads_in_chunk_order(store: Store) -> None:
    # upserted in reverse: the order must come from chunk_index, not from insertion
    points = store.file_chunks("alpha", "docs/deploy.md")
    assert [p.payload["chunk_index"] for p in points] == [0, 1, 2]
    assert [p.payload["content"] for p in points] == FILES[
        ("alpha", "docs/deploy.md", "docs", "markdown")]
    assert {p.payload["project"] for p in points} == {"alpha"}
    assert points[1].payload["start_line"] == 11 and points[1].payload["kind"] == "docs"
    assert store.file_chunks("beta", "docs/deploy.md") == []  # same path, other project
    assert store.file_chunks("alpha", "docs/nothing.md") == []


def test_file_chunks_from_first_to_last_read_only_those(store: Store) -> None:
    # the pieces just before a hit, not the whole file (Searcher._head_first)
    def indexes(first: int, last: int | None) -> list[int]:
        return [p.payload["chunk_index"]
                for p in store.file_chunks("alpha", "docs/deploy.md", first, last)]

    assert indexes(1, 1) == [1]
    assert indexes(0, 1) == [0, 1]
    assert indexes(1, None) == [1, 2]
    assert indexes(2, 9) == [2]
    assert indexes(5, 9) == []
    point = store.file_chunks("alpha", "docs/deploy.md", 1, 1)[0]
    assert point.payload["content"] == FILES[("alpha", "docs/deploy.md", "docs", "markdown")][1]
    assert store.file_chunks("beta", "docs/deploy.md", 0, 2) == []


def test_a_search_without_content_and_the_contents_of_its_hits(
        store: Store, real_embedder: Embedder) -> None:
    text = "how do I deploy"
    dense = [float(x) for x in real_embedder.embed_query(text)]
    whole = store.search(dense, CodeBm25Encoder().query(text), ANY, 5)
    fields = store.search(dense, CodeBm25Encoder().query(text), ANY, 5, False)
    assert [[(p.id, p.score) for p in r] for r in fields] == [
        [(p.id, p.score) for p in r] for r in whole]
    for got, full in zip([p for r in fields for p in r], [p for r in whole for p in r],
                         strict=True):
        assert {k: got.payload[k] for k in SEARCH_FIELDS if k in got.payload} == {
            k: full.payload[k] for k in SEARCH_FIELDS if k in full.payload}
    ids = [p.id for p in whole[0]]
    placed = store.contents(ids + ["00000000-0000-0000-0000-000000000000"])  # one is gone
    assert set(placed) == set(ids)
    for p in whole[0]:
        assert placed[p.id] == {k: p.payload[k] for k in PLACED_CONTENT}
    assert store.contents([]) == {}


def test_upsert_is_idempotent(store: Store,
                              corpus: dict[tuple[str, str], list[EmbeddedChunk]]) -> None:
    store.upsert(corpus[("beta", "README.md")])
    assert store.count() == 8


def test_prune_keeps_the_head_of_a_file(store: Store) -> None:
    store.prune("alpha", "docs/deploy.md", 1)
    assert [p.payload["chunk_index"] for p in store.file_points("alpha", "docs/deploy.md")] == [0]
    store.prune("alpha", "docs/deploy.md", 0)  # 0 deletes the file
    assert store.file_points("alpha", "docs/deploy.md") == []
    assert store.count() == 5  # nothing else went


def test_delete_project_and_all(store: Store) -> None:
    store.delete_project("beta")
    assert store.count("beta") == 0 and store.count("alpha") == 6
    store.delete_project(None)
    assert store.count() == 0


def test_filters(store: Store, real_embedder: Embedder) -> None:
    dense, lexical = _query(store, real_embedder, "invoice tax billing", StoreFilter(
        projects=("beta",)), limit=10)
    assert set(dense) == {"src/billing/tax.py", "README.md"}
    dense, _ = _query(store, real_embedder, "deploy", StoreFilter(kinds=("code",)), limit=10)
    assert set(dense) == {"src/billing/invoice.py", "src/auth/login.ts", "src/billing/tax.py"}
    dense, _ = _query(store, real_embedder, "x", StoreFilter(languages=("typescript",)), limit=10)
    assert dense == ["src/auth/login.ts"]
    # a path glob arrives as the paths it matched (search.py asks the catalog)
    dense, _ = _query(store, real_embedder, "x", StoreFilter(
        paths=("src/billing/invoice.py", "src/billing/tax.py")), limit=10)
    assert set(dense) == {"src/billing/invoice.py", "src/billing/tax.py"}
    assert _query(store, real_embedder, "x", StoreFilter(paths=()), limit=10) == ([], [])


def test_hybrid_search_ranks_the_obvious_hit_first(store: Store, real_embedder: Embedder) -> None:
    dense, lexical = _query(store, real_embedder, "how do I roll back a failed deployment")
    assert dense[0] == "docs/deploy.md"
    assert lexical[0] == "docs/deploy.md"
    dense, lexical = _query(store, real_embedder, "compute_invoice_total")
    assert lexical[0] == "src/billing/invoice.py"
    assert "src/billing/invoice.py" in dense[:2]
    # scores come best first
    vector = [float(x) for x in real_embedder.embed_query("VAT rate per country")]
    hits, _ = store.search(vector, ([], []), StoreFilter(), 8)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].payload["path"] in {"src/billing/tax.py", "README.md"}
    # no query vector (the embedding service is down): BM25 alone, the same lexical ranking
    text = "how do I roll back a failed deployment"
    no_dense, lex = store.search(None, CodeBm25Encoder().query(text), StoreFilter(), 5)
    assert no_dense == [] and [p.payload["path"] for p in lex] == lexical_of(store, text)
    assert store.search(None, ([], []), StoreFilter(), 5) == ([], [])


def lexical_of(store: Store, text: str) -> list[str]:
    vector = [0.0] * 383 + [1.0]  # any vector: only the lexical ranking is compared
    _, lex = store.search(vector, CodeBm25Encoder().query(text), StoreFilter(), 5)
    return [p.payload["path"] for p in lex]


def test_compaction_keeps_every_point_as_it_was(store: Store, real_embedder: Embedder) -> None:
    if type(store).__name__ != "QdrantEdgeStore":
        assert store.compact() is False  # a server keeps its own files
        return
    before = sorted((p.id, p.payload.get("content"), p.dense) for p in store.export())
    ranked = _query(store, real_embedder, "how do I roll back a failed deployment")
    assert store.compact() is True  # a fresh shard of the live points, swapped in
    assert sorted((p.id, p.payload.get("content"), p.dense) for p in store.export()) == before
    assert _query(store, real_embedder, "how do I roll back a failed deployment") == ranked


def test_a_removal_leaves_a_compaction_due_until_one_runs(
        store: Store, opener: Callable[..., Store]) -> None:
    """A prune or a project's deletion puts the due mark up before its write, durably: a new
    opener (the process that removed was killed) still finds it; a compaction takes it down."""
    if type(store).__name__ != "QdrantEdgeStore":
        assert store.compaction_due() is False  # a server keeps its own files
        return
    assert store.compaction_due() is False
    store.prune("alpha", "nothing/here.py", 0)  # no point removed: nothing due
    assert store.compaction_due() is False
    store.prune("beta", "README.md", 0)
    assert store.compaction_due() is True
    store.close()
    again = opener()
    try:
        assert again.compaction_due() is True
        assert again.compact() is True and again.compaction_due() is False
        again.delete_project("beta")
        assert again.compaction_due() is True
    finally:
        again.close()
def test_a_read_during_a_compaction_waits_for_the_new_shard(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under `repokb serve` an upload's prune compacts the store while the dashboard polls its
    stats. A read arriving while the old shard was closed and the new one not yet in place
    loaded the shard itself: it removed the compaction's staging folder and opened the folder
    the engine still locked, so the poll got a 503 ("in use by another process") on a loaded
    host (session 42). The read now waits for the new shard; the window is widened here."""
    if type(store).__name__ != "QdrantEdgeStore":
        assert store.compact() is False  # a server keeps its own files: no swap
        return
    import threading

    import repokb.stores.edge_files as edge_files

    real, answers = edge_files.exchange, []
    assert real is not None

    def read() -> None:
        try:
            answers.append(store.count("alpha"))
        except Exception as exc:  # noqa: BLE001  (what the poll would have answered)
            answers.append(repr(exc))

    def slow_exchange(a: Path, b: Path) -> None:  # the read comes while nothing is open
        reader = threading.Thread(target=read)
        reader.start()
        reader.join(0.5)
        real(a, b)
        reader.join(30)

    monkeypatch.setattr(edge_files, "exchange", slow_exchange)
    assert store.compact() is True
    assert answers == [6] and store.count("alpha") == 6 and store.count() == 8


def test_a_read_on_the_shard_a_compaction_closed_is_answered_by_the_new_one(
        store: Store) -> None:
    """A reader that took the shard just before a compaction closed it (a stats poll, a
    search) is answered by the new shard, not with "Shard is not initialized" (a 500)."""
    if type(store).__name__ != "QdrantEdgeStore":
        assert store.compact() is False  # a server keeps its own files: no swap
        return
    import qdrant_edge as q

    taken = store._shard  # type: ignore[attr-defined]
    assert store.compact() is True
    assert taken.count(q.CountRequest(exact=True)) == 8 == store.count()


def test_what_a_killed_compaction_left_is_removed_at_the_next_open(
        store: Store, opener: Callable[..., Store], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed after its exchange, a compaction leaves the old shard, with every byte it was
    to remove, in its staging folder beside the store: the next opener (it holds the lock)
    removes it."""
    if type(store).__name__ != "QdrantEdgeStore":
        return  # a server keeps its own files
    import repokb.stores.edge_files as edge_files

    store.delete_project("beta")  # its bytes: what the compaction is for
    with monkeypatch.context() as killed:
        killed.setattr(edge_files.shutil, "rmtree", lambda *a, **k: None)  # no clean-up
        assert store.compact() is True
    left = [p for p in tmp_path.glob(".edge-*") if p.is_dir()]
    assert left and any(b"Beta is a tax calculator" in f.read_bytes()
                        for f in left[0].rglob("*") if f.is_file())
    store.close()
    again = opener()
    try:
        assert not list(tmp_path.glob(".edge-*"))
        assert again.count("alpha") == 6 and again.count("beta") == 0
    finally:
        again.close()


def test_facets(store: Store) -> None:
    assert store.facet("language") == {"python": 3, "markdown": 4, "typescript": 1}
    assert store.facet("path", "beta") == {"src/billing/tax.py": 1, "README.md": 1}
    store.delete_project("beta")
    assert "README.md" not in store.facet("path")  # a deleted value is not counted


def test_export_and_raw_round_trip(store: Store, opener: Callable[..., Store]) -> None:
    exported = store.export("beta")
    assert {p.payload["path"] for p in exported} == {"src/billing/tax.py", "README.md"}
    assert all(p.dense is not None and len(p.dense) == DIM for p in exported)
    pages: list[RawPoint] = []
    offset: str | None = None
    while True:
        page, offset = store.scroll_raw(offset, 3)
        pages.extend(page)
        if offset is None:
            break
    assert len(pages) == 8 and len({p.id for p in pages}) == 8
    assert all(p.sparse[0] and len(p.sparse[0]) == len(p.sparse[1]) for p in pages)
    store.delete_project(None)
    store.write_raw(pages)
    assert store.count() == 8
    assert store.facet("project") == {"alpha": 6, "beta": 2}


def test_close_and_reopen_keeps_everything(store: Store, opener: Callable[..., Store],
                                           real_embedder: Embedder) -> None:
    before = _query(store, real_embedder, "deployment rollback")
    store.close()
    again = opener()
    try:
        assert again.count() == 8
        assert again.facet("project") == {"alpha": 6, "beta": 2}
        assert _query(again, real_embedder, "deployment rollback") == before
    finally:
        again.close()


def test_another_vector_size_is_refused(store: Store, opener: Callable[..., Store]) -> None:
    store.close()
    with pytest.raises(StoreError):
        opener(768)
    again = opener()  # the refusal changed nothing
    try:
        assert again.count() == 8
    finally:
        again.close()


def _lexical(points: list[EmbeddedChunk], reason: str | None = None) -> list[EmbeddedChunk]:
    """The same points written lexical-first: BM25 vector and payload, no dense vector."""
    return [EmbeddedChunk(p.chunk, None, p.sparse_indices, p.sparse_values, reason)
            for p in points]


def test_lexical_only_points_are_found_by_bm25_then_by_both_once_filled(
        opener: Callable[..., Store], corpus: dict[tuple[str, str], list[EmbeddedChunk]],
        real_embedder: Embedder) -> None:
    s = opener()
    try:
        deploy = corpus[("alpha", "docs/deploy.md")]
        s.upsert(_lexical(deploy) + corpus[("beta", "README.md")])
        assert s.count() == 4 and s.dense_pending() == 3 and s.dense_pending("beta") == 0
        assert s.lexical_only("alpha") == {"pending": 3}
        dense, lexical = _query(s, real_embedder, "rolling back a failed deployment")
        assert dense == ["README.md"]  # the pending points have no dense vector to match
        assert lexical[0] == "docs/deploy.md"
        assert s.dense_vectors([p.chunk.point_id for p in deploy]) == {}
        payload = s.file_chunks("alpha", "docs/deploy.md")[1].payload
        assert payload["lexical_only"] == "pending" and payload["embed_head"] == ""

        pending, offset = s.scroll_pending("alpha", ("docs",), (), None, 2)
        rest, end = s.scroll_pending("alpha", ("docs",), (), offset, 2)
        assert offset is not None and end is None and len(pending) + len(rest) == 3
        assert s.scroll_pending("alpha", (), ("docs",), None, 10) == ([], None)
        assert s.scroll_pending("beta", (), (), None, 10) == ([], None)
        s.fill_dense({p.chunk.point_id: p.dense for p in deploy if p.dense is not None})
        assert s.dense_pending() == 0 and s.lexical_only() == {}
        dense, _ = _query(s, real_embedder, "rolling back a failed deployment")
        assert dense[0] == "docs/deploy.md"
        # filled, the points are exactly what a one-pass write makes
        after = {p.id: p.payload for p in s.export("alpha")}
        assert after == {p.chunk.point_id: p.chunk.payload() for p in deploy}
    finally:
        s.close()


def test_a_lexical_only_overwrite_drops_the_old_dense_vector(
        store: Store, corpus: dict[tuple[str, str], list[EmbeddedChunk]]) -> None:
    tax = corpus[("beta", "src/billing/tax.py")]
    ids = [p.chunk.point_id for p in tax]
    assert store.dense_vectors(ids).keys() == set(ids)
    store.upsert(_lexical(tax))  # the text changed: its old vector must not answer for it
    assert store.dense_vectors(ids) == {}
    assert store.dense_pending("beta") == 1


def test_lexical_only_for_good_keeps_its_reason_and_round_trips(
        opener: Callable[..., Store], corpus: dict[tuple[str, str], list[EmbeddedChunk]],
        tmp_path: Path) -> None:
    s = opener()
    try:
        s.upsert(_lexical(corpus[("alpha", "docs/deploy.md")], "locale"))
        assert s.lexical_only() == {"locale": 3} and s.dense_pending() == 0
        assert s.scroll_pending("alpha", (), (), None, 10) == ([], None)
        raw, _ = s.scroll_raw(None, 10)
        assert all(p.dense == [] for p in raw)
        s.delete_project(None)
        s.write_raw(raw)  # a migration keeps them lexical-only
        assert s.count() == 3 and s.lexical_only() == {"locale": 3}
        assert all(p.dense is None for p in s.export())
    finally:
        s.close()


def _as(project: str, points: list[EmbeddedChunk]) -> list[EmbeddedChunk]:
    """The same chunks (same text hashes, same vectors) in another project."""
    return [EmbeddedChunk(replace(p.chunk, project=project), p.dense, p.sparse_indices,
                          p.sparse_values, p.lexical_only) for p in points]


def test_dense_by_text_finds_a_vector_under_any_project_never_a_pending_or_pruned_one(
        opener: Callable[..., Store],
        corpus: dict[tuple[str, str], list[EmbeddedChunk]]) -> None:
    s = opener()
    try:
        deploy, readme = corpus[("alpha", "docs/deploy.md")], corpus[("beta", "README.md")]
        s.upsert(deploy + _as("gamma", deploy) + _lexical(readme))
        texts = [p.chunk.text_hash for p in deploy]
        found = s.dense_by_text([*texts, readme[0].chunk.text_hash, "0" * 64])
        assert found.keys() == set(texts)  # one vector per text, though two projects hold it
        for p in deploy:
            assert found[p.chunk.text_hash] == pytest.approx(p.dense, abs=1e-6)
        s.prune("alpha", "docs/deploy.md", 1)
        assert s.dense_by_text(texts).keys() == set(texts)  # gamma still holds them
        s.prune("gamma", "docs/deploy.md", 1)
        assert s.dense_by_text(texts).keys() == {texts[0]}  # pruned points do not count
        s.fill_dense({p.chunk.point_id: p.dense for p in _as("beta", readme)
                      if p.dense is not None})
        assert s.dense_by_text([readme[0].chunk.text_hash]).keys() == {
            readme[0].chunk.text_hash}  # filled in: now it counts
        assert s.dense_by_text([]) == {}
    finally:
        s.close()


def _named(points: list[EmbeddedChunk], *symbols: str) -> list[EmbeddedChunk]:
    """The same chunks defining these symbols, one each."""
    return [EmbeddedChunk(replace(p.chunk, symbol=name, symbol_type="type"), p.dense,
                          p.sparse_indices, p.sparse_values, p.lexical_only)
            for p, name in zip(points, symbols, strict=True)]


def test_defining_finds_the_points_of_a_last_name_in_any_case_within_the_filter(
        opener: Callable[..., Store],
        corpus: dict[tuple[str, str], list[EmbeddedChunk]]) -> None:
    """The definitions of a name BM25 has no token for (Go's `type H`, Haskell's
    `Data.ByteString.Lazy.any`), by their symbol's last name in any case, within the search's
    filter, at most `limit`; a symbol saying the word elsewhere (`Any.foo`, `get_any`) is no
    definition of it; pruned points are gone; without content the search fields."""
    s = opener()
    try:
        deploy = corpus[("alpha", "docs/deploy.md")]
        invoice = corpus[("alpha", "src/billing/invoice.py")]
        tax = corpus[("beta", "src/billing/tax.py")]
        s.upsert(_named(deploy, "H", "Context.h", "Any.foo")
                 + _named(invoice, "Data.ByteString.Lazy.any", "get_any") + _named(tax, "H"))

        def found(names: list[str], where: StoreFilter = ANY, limit: int = 10,
                  content: bool = True) -> set[tuple[str, str]]:
            return {(p.payload["project"], p.payload["symbol"])
                    for p in s.defining(names, where, limit, content)}

        assert found(["H"]) == found(["h", "H"]) == {
            ("alpha", "H"), ("alpha", "Context.h"), ("beta", "H")}
        assert found(["any"]) == found(["Any"]) == {("alpha", "Data.ByteString.Lazy.any")}
        assert found(["H"], StoreFilter(projects=("beta",))) == {("beta", "H")}
        assert found(["H"], StoreFilter(kinds=("code",))) == {("beta", "H")}
        assert found(["H"], StoreFilter(paths=())) == set()
        assert found(["_"]) == found([]) == set()
        assert len(s.defining(["H"], ANY, 2)) == 2
        [point] = s.defining(["any"], ANY, 10)
        assert point.payload["content"] == invoice[0].chunk.content
        [bare] = s.defining(["any"], ANY, 10, content=False)
        assert bare.id == point.id and set(bare.payload) <= set(SEARCH_FIELDS)
        s.prune("alpha", "docs/deploy.md", 1)
        assert found(["H"]) == {("alpha", "H"), ("beta", "H")}
    finally:
        s.close()


@pytest.mark.parametrize("index", ["text_hash", "symbol"])
def test_an_edge_shard_made_before_an_index_gets_it_when_opened(
        tmp_path: Path, corpus: dict[tuple[str, str], list[EmbeddedChunk]], index: str) -> None:
    """A home an older repokb wrote (no `text_hash` or `symbol` index): its points are found
    by text and by symbol's last name once this version opens it; the index it adds leaves an
    older version's open as it was."""
    import qdrant_edge as q

    from repokb.stores import qdrant_edge as edge

    deploy = _named(corpus[("alpha", "docs/deploy.md")], "H", "b", "c")
    s = _open("edge", tmp_path)
    s.upsert(deploy)
    s.close()
    config = edge.store_config(DIM)

    def schema(change: q.UpdateOperation | None = None) -> set[str]:
        shard = q.EdgeShard.load(str(tmp_path / "edge"), config)
        try:
            if change is not None:
                shard.update(change)
            return set(shard.info().payload_schema or {})
        finally:
            shard.close()

    assert index not in schema(q.UpdateOperation.delete_field_index(index))
    s = _open("edge", tmp_path)
    try:
        assert s.dense_by_text([p.chunk.text_hash for p in deploy]).keys() == {
            p.chunk.text_hash for p in deploy}
        assert [p.payload["chunk_index"] for p in s.defining(["H"], ANY, 10)] == [0]
        assert s.count() == 3
    finally:
        s.close()
    assert index in schema()



def _stats_of(store: Store) -> dict[str, object]:
    """What stats asks the store (operations/base.py `stats`), for the whole store and each
    project."""
    asked: dict[str, object] = {}
    for project in (None, "alpha", "beta"):
        asked[f"count {project}"] = store.count(project)
        asked[f"lexical {project}"] = store.lexical_only(project)
        asked[f"projects {project}"] = store.facet("project", project)
    return asked


def _counted(store: Store) -> dict[str, object]:
    """The same answers counted from every live point's payload (not by count or facet)."""
    points = [p.payload for p in store.export()]
    counted: dict[str, object] = {}
    for project in (None, "alpha", "beta"):
        mine = [p for p in points if project in (None, p["project"])]
        counted[f"count {project}"] = len(mine)
        counted[f"lexical {project}"] = dict(Counter(
            p["lexical_only"] for p in mine if p.get("lexical_only")))
        counted[f"projects {project}"] = dict(Counter(p["project"] for p in mine))
    return counted


def test_counts_and_facets_follow_every_write_exactly(
        opener: Callable[..., Store], corpus: dict[tuple[str, str], list[EmbeddedChunk]]) -> None:
    """The Edge store answers a count or a facet asked again from memory until a write begins
    (stats polled by the dashboard): after each kind of write, asked twice, they are what the
    points say (a write that left a kept answer standing fails here)."""
    s = opener()
    deploy, tax = corpus[("alpha", "docs/deploy.md")], corpus[("beta", "src/billing/tax.py")]
    steps: list[tuple[str, Callable[[], object]]] = [
        ("upsert", lambda: s.upsert(corpus[("alpha", "src/billing/invoice.py")] + tax)),
        ("lexical upsert", lambda: s.upsert(_lexical(deploy))),
        ("for good", lambda: s.upsert(_lexical(corpus[("beta", "README.md")], "locale"))),
        ("fill_dense", lambda: s.fill_dense({p.chunk.point_id: p.dense or [] for p in deploy})),
        ("overwrite lexical", lambda: s.upsert(_lexical(tax))),
        ("prune", lambda: s.prune("alpha", "docs/deploy.md", 1)),
        ("delete project", lambda: s.delete_project("beta")),
        ("write_raw", lambda: s.write_raw(s.scroll_raw(None, 100)[0])),
        ("compact", s.compact),
        ("delete all", lambda: s.delete_project(None)),
    ]
    try:
        seen = []
        for name, write in [("empty", lambda: None), *steps]:
            write()
            first, again = _stats_of(s), _stats_of(s)
            assert first == again == _counted(s), name
            seen.append(first)
        assert len({repr(answers) for answers in seen}) >= 8  # the writes changed the answers
    finally:
        s.close()

"""Hybrid search: dense nearest neighbours + BM25, fused with weighted RRF, re-ranked, shaped.
A name BM25 has no token for (the `H` of `gin.H`), and a name the query is about (`serializer`,
`django.forms.Form`), is looked up by the definitions' symbol, one more ranking fused with
BM25's weight (`Searcher._defining`).

Fusion happens in repokb rather than inside the engine so every store backend ranks the same
way and each hit can say where it came from (dense rank, lexical rank, fused score, factors):
the fusion itself, and a tie at a page's end settled, are in fusion.py. Query understanding is in
query/, re-ranking and shaping in rank.py, the query vectors' memo in
embedders/query_vectors.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from repokb.embedders.base import Embedder, LexicalEncoder
from repokb.embedders.query_vectors import QueryVectors
from repokb.errors import InputError, ModelError, StoreError
from repokb.fusion import better_reading, fused_candidates, settle, unsettled
from repokb.models import LEXICAL_ONLY, MAX_LIMIT, MAX_PATH_GLOBS, Hit, HitCopy, Query
from repokb.query import SYMBOL, QueryPlan, named_project, plan
from repokb.rank import (
    GO_PACKAGE_CLAUSE,
    Candidate,
    Group,
    go_package,
    go_packages_to_read,
    holds_definition,
    is_definition,
    join_lines,
    rerank,
    rust_crate,
    shape,
    starts_definition,
    symbol_match,
)
from repokb.rank_copies import Folded, fold, list_copies
from repokb.roots import stored_as_given
from repokb.settings import Settings
from repokb.stores.base import PLACE, Store, StoredPoint, StoreFilter, last_name
from repokb.stores.catalog import Catalog

__all__ = ["Query", "Searcher"]  # Query: a record (models.py)
SERVICE_DOWN = "embedding service down"  # why every hit of a search was found by BM25 alone
# Candidate depths: `candidates` from each ranking, then 4x, then 16x (50, 200, 800 by default),
# the next only while the hits are fewer than the limit (`Searcher._answer`).
DEPTH_GROWTH, DEPTH_TIERS = 4, 3
# The pieces read at once around a hit when looking for its definition's head (`_head_first`)
HEAD_WINDOW = 8
# A Go file's first pieces read for its package clause (`_go_packages`): a license and a package
# doc comment may come before it
GO_PACKAGE_CLAUSE_PIECES = 3
# The pieces named like a product ("PyPI") read to tell whether the project defines it
# (`_defines`): a config key or a heading of that name is no definition
_DEFINES_LOOKED_AT = 20


class Searcher:
    def __init__(self, settings: Settings, store: Store, embedder: Embedder,
                 lexical: LexicalEncoder, catalog: Catalog) -> None:
        self.settings = settings
        self.store = store
        self.embedder = embedder
        self.lexical = lexical
        self.catalog = catalog
        self.query_vector = QueryVectors(embedder)

    def search(self, query: Query) -> list[Hit]:
        if not stored_as_given(query.projects):  # a folder's name holding a credential
            from repokb.secrets.paths import stored_names

            query = replace(query, projects=stored_names(query.projects))
        with self.store.searching():  # the store holds its next write back meanwhile
            return self._search(query)

    def _search(self, query: Query) -> list[Hit]:
        text = query.text.strip()
        if not text:
            raise InputError("The query is empty.", hint="Ask a question or name a symbol.")
        if not any(ch.isalnum() for ch in text):
            shown = text if len(text) <= 80 else text[:77] + "..."  # a huge query, cut short
            raise InputError(f"Nothing to search for in {shown!r}: the query has no letters or "
                             "digits.", hint="Ask a question or name a symbol.")
        if not 1 <= query.limit <= MAX_LIMIT:
            raise InputError(f"--limit must be from 1 to {MAX_LIMIT} ({query.limit} given).")
        if query.context_lines < 0:
            raise InputError("--context-lines must be 0 or more.")
        if len(set(query.path_globs)) > MAX_PATH_GLOBS:
            raise InputError(f"At most {MAX_PATH_GLOBS} path globs in one search "
                             f"({len(set(query.path_globs))} given).",
                             hint="Use fewer, wider globs: src/**, docs/*.md.")
        projects, named = query.projects, None
        # (a question scoped by `projects` to the project it names keeps the name: it is the
        # subject of the project's FAQ, "Does Black have an API?"; bench/RESULTS.md, session 33)
        if not projects and self.settings.project_from_question:
            named = named_project(text, self.catalog.project_names())
            if named:  # "how does gin recover": gin's chunks, the rest of the words searched
                text = named[1]
                if self.settings.named_project_boost <= 0:
                    projects = (named[0],)
        paths = None
        if query.path_globs:
            paths = tuple(self.catalog.match_paths(query.path_globs, projects))
            if not paths:
                return []
        where = StoreFilter(projects=projects, kinds=query.kinds,
                            languages=query.languages, paths=paths)
        scope = projects or ((named[0],) if named else ())

        def is_file(name: str, exact: bool) -> bool:  # `response.json`: a file or a member?
            return self.catalog.has_file_named(name, scope, exact)

        def is_defined(name: str) -> bool:  # `PyPI`: a product's name, unless defined here
            return self._defines(name, where)

        understood = plan(text, translate=self.settings.translate_queries, is_file=is_file,
                          is_defined=is_defined)
        if named and not projects:  # boosted rather than the scope
            understood = replace(understood, project=named[0])
        elif query.projects and self.settings.project_from_question:
            # a question scoped (by the filter) to the project it names: the name is the
            # subject of its docs ("Does Black have an API?", a FAQ's heading) and no word of
            # its code ("how does cobra find the subcommand ...": `Command.Find` never says
            # "cobra"), so the model reads it both ways (`_rankings`)
            said = named_project(understood.dense_text, projects)
            if said and said[1] != understood.dense_text:
                understood = replace(understood, dense_unnamed=said[1])
        # the engine's payloads without their content first (the store reads only the hits'
        # content); all of them at once only if a hit's point was rewritten meanwhile
        hits = self._answer(query, understood, where, content=False)
        hits = hits if hits is not None else self._answer(query, understood, where, True) or []
        if named:
            hits = [replace(h, project_from_question=named[0]) for h in hits]
        return hits

    def _answer(self, query: Query, understood: QueryPlan, where: StoreFilter,
                content: bool) -> list[Hit] | None:
        """The hits; None if a hit's content no longer matches the fields it was ranked by
        (its file was indexed again since the engine answered).

        The candidate depth does not follow the limit, so a smaller limit's hits are the first
        hits of a larger one's (any limits up to MAX_LIMIT): the top `candidates` of each
        ranking are fused and re-ranked, and only when they make fewer hits than the limit
        (copies of an earlier hit's text folded into it: rank_copies.py) are deeper tiers
        (DEPTH_GROWTH times as deep each, at most DEPTH_TIERS) fused in turn, their new
        candidates ranked after every earlier one; a chunk found only deeper never joins, or
        changes, a hit found at a shallower depth (`shape`)."""
        s = self.settings
        ranked: list[Candidate] = []
        seen: set[str] = set()
        down = None
        folded: list[Folded] = []
        n = s.candidates
        for tier in range(DEPTH_TIERS):
            try:
                rankings = self._settled(understood, where, n, content)
            except ModelError:
                if not self.embedder.remote:
                    raise
                # the embedding service is down, the store is not: BM25 alone answers, hits
                # say so
                rankings, down = (self._lexical_alone(understood, where, n, content),
                                  SERVICE_DOWN)
            looked_up = self._defining(understood, where, n, content, rankings)
            candidates = fused_candidates(rankings + looked_up, s.rrf_k, seen, tier)
            if looked_up:
                symbol_rank = {p.id: i for i, p in enumerate(looked_up[0][0], 1)}
                for c in candidates:
                    c.symbol_rank = symbol_rank.get(c.id)
            fresh = rerank(candidates, understood, s, self._go_packages(
                go_packages_to_read(candidates, understood)))
            if ranked:  # never above a candidate of a shallower depth
                floor = min(c.score for c in ranked)
                for c in fresh:
                    if c.score > floor:
                        c.factors["deeper"] = round(floor / c.score, 4)
                        c.score = floor
            ranked += fresh
            seen.update(c.id for c in fresh)
            if tier == 0 and self._head_first(ranked):
                seen.update(c.id for c in ranked)
            # deeper only while hits are missing and a ranking filled its page (there is
            # more); hits are missing too where copies folded (`_folded`) leave slots the
            # candidates so far cannot fill: those are refilled from deeper candidates, within
            # the same DEPTH_TIERS bound. At the last depth, the per-file caps fill a short page
            more = any(len(points) >= n // 2 for points, _ in rankings)
            last = not more or tier == DEPTH_TIERS - 1
            groups = shape(ranked, query.limit, s, fill=last)
            if len(groups) >= query.limit or last:
                kept = self._folded(ranked, groups, query.limit, last)
                if kept is None:
                    return None
                folded = kept
                if len(folded) >= query.limit or not more:
                    break
            n *= DEPTH_GROWTH
        list_copies(folded, ranked, self.store.contents)
        hits = [self._hit(f.group, understood.intent, query.explain, f.places())
                for f in folded]
        if down:
            hits = [replace(h, lexical_only=down) for h in hits]
        if query.context_lines:
            hits = [self._with_context(h, query.context_lines) for h in hits]
        return hits

    def _go_packages(self, files: set[tuple[str, str]]) -> dict[tuple[str, str], str]:
        """The package clause of each Go file (project, path), lower-cased, read from its
        first pieces (GO_PACKAGE_CLAUSE_PIECES); a file whose clause is not there is left out."""
        packages: dict[tuple[str, str], str] = {}
        for project, path in sorted(files):
            try:
                pieces = self.store.file_chunks(project, path, 0, GO_PACKAGE_CLAUSE_PIECES - 1)
            except StoreError:
                return packages
            for q in pieces:
                found = GO_PACKAGE_CLAUSE.search(str(q.payload.get("content") or ""))
                if found:
                    packages[(project, path)] = found.group(1).lower()
                    break
        return packages

    def _head_first(self, ranked: list[Candidate]) -> bool:
        """When the best definition of a name the query gives is a part of a definition cut
        for length that does not begin with its first line (a 780-line enum's value pieces,
        all named `ErrorReason`, say more of the question's words than its head; a long doc
        comment's pieces are named like the definition they document), the part that holds
        it is put just above it, read from the store when the search did not find it
        (`_head_of`: only the pieces of that same definition; another definition of the name
        in the file, an overload, is not one of them). Whether it moved anything."""
        top = next((c for c in ranked if c.factors.get("exact_symbol", 1.0) > 1.0), None)
        if top is None:
            return False
        p = top.payload
        symbol = str(p.get("symbol"))
        try:
            content = p.get("content")
            if content is None:  # a served search's candidates (the dense copy's fields)
                index = int(p["chunk_index"])
                placed = next(iter(self.store.file_chunks(str(p["project"]), str(p["path"]),
                                                          index, index)), None)
                if placed is None or any(placed.payload.get(k) != p.get(k) for k in PLACE):
                    return False  # gone or rewritten: `_with_content` will tell
                content = placed.payload.get("content")
            if starts_definition(str(content), symbol):
                return False
            head = self._head_of(p, symbol, holds_definition(str(content), symbol))
        except StoreError:
            return False
        if head is None:
            return False
        found = next((c for c in ranked if c.id == head.id), None)
        if found is None:
            found = Candidate(head.id, head.payload, top.fused, None, None, None, tier=top.tier)
            ranked.append(found)
        found.factors = {**found.factors, "head_of_definition": 1.0}
        found.score = top.score * 1.0001
        ranked.sort(key=lambda c: (-c.score, c.id))
        return True

    def _head_of(self, p: dict[str, Any], symbol: str, holds: bool) -> StoredPoint | None:
        """The piece holding the first line of the definition a piece (payload `p`; `holds`:
        whether it may hold it itself) is a part of, found among its neighbours of the same
        symbol and symbol type, contiguous by chunk index: before it, the nearest that begins
        with that line (`starts_definition`), else the first that may hold it
        (`holds_definition`: a file's first piece, its imports before the definition); else,
        when the piece itself holds none (a leading doc comment's piece), the first after it
        that may hold it."""
        held = None
        for q in self._same_definition(p, symbol, -1):
            content = str(q.payload.get("content") or "")
            if starts_definition(content, symbol):
                return q
            if holds_definition(content, symbol):
                held = q
        if held is not None or holds:
            return held
        return next((q for q in self._same_definition(p, symbol, 1)
                     if holds_definition(str(q.payload.get("content") or ""), symbol)), None)

    def _same_definition(self, p: dict[str, Any], symbol: str,
                         step: int) -> Iterator[StoredPoint]:
        """The pieces next to a piece (payload `p`) with its symbol and symbol type, contiguous
        by chunk index, nearest first, before it (`step` -1) or after it (1): read from the
        store HEAD_WINDOW at a time, never the whole file."""
        project, path, at = str(p["project"]), str(p["path"]), int(p["chunk_index"]) + step
        while at >= 0:
            first, last = (max(0, at - HEAD_WINDOW + 1), at) if step < 0 else (
                at, at + HEAD_WINDOW - 1)
            read = {int(q.payload["chunk_index"]): q
                    for q in self.store.file_chunks(project, path, first, last)}
            end = first if step < 0 else last
            for i in range(at, end + step, step):
                q = read.get(i)
                if q is None or q.payload.get("symbol") != symbol or (
                        q.payload.get("symbol_type") != p.get("symbol_type")):
                    return
                yield q
            at = end + step

    def _folded(self, ranked: list[Candidate], groups: list[Group],
                limit: int, fill: bool) -> list[Folded] | None:
        """The hits with their content, copies of an earlier hit's text folded into it
        (rank_copies.py), a slot a copy left taken by the next hit of `ranked` (`shape` of a
        larger limit: its first hits are these); fewer than `limit` only when `ranked` makes
        no more hits (`_answer` then looks deeper). None as `_with_content`."""
        size = limit
        while True:
            if not self._with_content(groups):
                return None
            folded = fold(groups)
            if len(folded) >= limit or len(groups) < size:
                return folded[:limit]
            size += limit - len(folded)
            groups = shape(ranked, size, self.settings, fill)

    def _with_content(self, groups: list[Group]) -> bool:
        """Read the content of the hits' chunks that came without it into their payloads
        (a candidate's payload is this search's own); False if one is gone or was rewritten
        since it was ranked (its place differs)."""
        members = [m for g in groups for m in g.members if "content" not in m.payload]
        if not members:
            return True
        found = self.store.contents([m.id for m in members])
        for m in members:
            placed = found.get(m.id)
            if placed is None or any(placed.get(k) != m.payload.get(k) for k in PLACE):
                return False
            m.payload["content"] = placed["content"]
        return True

    def _with_context(self, hit: Hit, n: int) -> Hit:
        """The hit widened by up to n lines each side, from the file's chunks in the store (so
        uploads and changed files show what was indexed); `provenance.match_lines` keeps the
        lines that matched."""
        points = [p for p in self.store.file_chunks(hit.project, hit.path)
                  if "content" in p.payload]
        last = max((int(p.payload["end_line"]) for p in points), default=hit.end_line)
        start, end = max(1, hit.start_line - n), min(max(last, hit.end_line), hit.end_line + n)
        pieces = [(hit.start_line, hit.content)] + [
            (int(p.payload["start_line"]), str(p.payload["content"])) for p in points
            if int(p.payload["start_line"]) <= end and int(p.payload["end_line"]) >= start]
        provenance = {**hit.provenance, "match_lines": [hit.start_line, hit.end_line]}
        return replace(hit, start_line=start, end_line=end,
                       content=join_lines(pieces, start, end), provenance=provenance)

    def _settled(self, understood: QueryPlan, where: StoreFilter, n: int,
                 content: bool = True) -> list[tuple[list[StoredPoint], float]]:
        """The top n of each ranking, equal scores ordered by point id, the same for the same
        files however the store got there (the engine picks which tied points make its limit,
        and orders them, by its internal order: the store's write history). One page of n plus
        a quarter settles a tie at the n-th place when the whole tie fits in it; one that
        reaches past the page is left out (`settle`), unless it starts in the first half of
        the top n: then, and only then, ask again for a page 4x (then 16x) as big."""
        limit = n + n // 4
        while True:
            rankings = self._rankings(understood, where, limit, content)
            if limit >= n * 16 or not any(unsettled(points, limit, n)
                                          for points, _ in rankings):
                break
            limit *= 4
        return [(settle(points, limit, n), weight) for points, weight in rankings]

    def _defines(self, name: str, where: StoreFilter) -> bool:
        """Whether the searched projects define `name` (a definition's last name, any case):
        "PyPI" is a word of the question unless the project has a `PyPI` of its own. A name in
        capitals alone is a constant's or a setting's, in that case: Django's
        `AppConfig.default_auto_field` is no `DEFAULT_AUTO_FIELD`. A store that cannot look
        names up defines nothing."""
        try:
            found = self.store.defining((name,), where, _DEFINES_LOOKED_AT, False)
        except StoreError:
            return False
        return any(is_definition(p.payload) and (  # (each named so, in any case: `defining`)
            not name.isupper() or last_name(str(p.payload.get("symbol") or "")) == name)
            for p in found)

    def _defining(self, understood: QueryPlan, where: StoreFilter, n: int, content: bool,
                  rankings: list[tuple[list[StoredPoint], float]],
                  ) -> list[tuple[list[StoredPoint], float]]:
        """The definitions of the names BM25 cannot see (`QueryPlan.unseen`: the `H` of
        `gin.H` makes no token), and of the names the query is about (`QueryPlan.about`:
        `Serializer`, a class that is one long piece, which both rankings put below its many
        methods and a fixture `serializer`; `django.forms.Form`, one short class among the
        thousand pieces saying "form"), at most n, as one more ranking with BM25's weight: the
        lookup stands in for the match the name's token would have made. A name's last name
        matches in its case if it has a capital, else in any case; a qualified name's
        definition has that qualifier as its owner or its module (`symbol_match`: `Model.save`,
        not `BaseModelForm.save`). A definition whose whole name is a name asked for (the class
        `Serializer` for "serializer") comes before a member of that name
        (`TestSerializer.serializer`); then those the other rankings found first, by their
        best rank there, then by id. None where the query names no such name or the store
        cannot look names up."""
        if not understood.unseen and not understood.about:
            return []
        lasts = {name.rsplit(".", 1)[-1] for name in understood.about}
        try:
            found = self.store.defining((*understood.unseen, *sorted(lasts)), where, n,
                                        content)
        except StoreError:
            return []
        blind = {name.lower() for name in understood.unseen}
        bare = {name for name in understood.about if "." not in name}
        lower = {name for name in bare if name == name.lower()}
        qualified: dict[str, set[str]] = {}  # last name as written: its qualified names
        for name in understood.about:
            if "." in name:
                qualified.setdefault(name.rsplit(".", 1)[-1], set()).add(name)

        def typed(name: str, last: str) -> bool:  # in its case if it has a capital
            return name == last if last != last.lower() else name.lower() == last

        def asked(p: StoredPoint) -> bool:
            symbol = str(p.payload.get("symbol") or "")
            name = last_name(symbol)
            if name.lower() in blind:
                return True  # an unseen name, in any case
            if not is_definition(p.payload):
                return False
            if name in bare or name.lower() in lower:
                return True
            path, project = str(p.payload.get("path") or ""), str(p.payload.get("project") or "")
            language = p.payload.get("language")
            return any(typed(name, last) and symbol_match(
                symbol.lower(), path, understood,
                go_package(path, project) if language == "go" else None,
                rust_crate(project) if language == "rust" else None) == 1.0
                for last in qualified if name.lower() == last.lower())

        found = [p for p in found if asked(p)]
        if not found:
            return []
        best: dict[str, int] = {}
        for points, _ in rankings:
            for rank, point in enumerate(points):
                best[point.id] = min(best.get(point.id, rank), rank)
        whole = {name.lower() for name in understood.about}
        found.sort(key=lambda p: (str(p.payload.get("symbol") or "").lower() not in whole,
                                  best.get(p.id, n), p.id))
        return [(found, self._lexical_weight(understood))]

    def _rankings(self, understood: QueryPlan, where: StoreFilter, n: int,
                  content: bool = True) -> list[tuple[list[StoredPoint], float]]:
        """(ranking, RRF weight) pairs, dense first and lexical second; a subclass may add
        more (the benchmark adds a multilingual dense ranking this way). Without `content`,
        a payload may hold only the search fields (`Store.search`)."""
        dense = self.query_vector(understood.dense_text)
        sparse = self.lexical.query(understood.lexical_text)
        dense_hits, lexical_hits = self.store.search(dense, sparse, where, n, content)
        if understood.dense_unnamed:  # the dense ranking alone: no sparse vector, no BM25 again
            unnamed, _ = self.store.search(self.query_vector(understood.dense_unnamed), ([], []),
                                           where, n, content)
            dense_hits = better_reading(dense_hits, unnamed, n)
        return [(dense_hits, self.settings.dense_weight),
                (lexical_hits, self._lexical_weight(understood))]

    def _lexical_alone(self, understood: QueryPlan, where: StoreFilter, n: int,
                       content: bool = True) -> list[tuple[list[StoredPoint], float]]:
        """The rankings with BM25 alone (no query vector), its top n settled from one page."""
        limit = n + n // 4
        _, lexical_hits = self.store.search(None, self.lexical.query(understood.lexical_text),
                                            where, limit, content)
        return [([], self.settings.dense_weight),
                (settle(lexical_hits, limit, n), self._lexical_weight(understood))]

    def _lexical_weight(self, understood: QueryPlan) -> float:
        s = self.settings
        return s.lexical_weight * (s.symbol_lexical_factor if understood.intent == SYMBOL
                                   else 1.0)

    def _hit(self, group: Group, intent: str, explain: bool,
             copies: tuple[HitCopy, ...] = ()) -> Hit:
        best = group.best
        p = best.payload
        entry = self.catalog.get(p["project"], p["path"]) if explain else None
        provenance: dict[str, Any] = {
            "kind": p["kind"], "role": p.get("role"),
            "policy": str(entry.classification.index_policy)
            if entry and entry.classification else None,
            "file_mtime_ns": entry.mtime_ns if entry else None,
            "dense_rank": best.dense_rank, "lexical_rank": best.lexical_rank,
            "symbol_rank": best.symbol_rank,
            "dense_score": best.dense_score, "fused": best.fused,
            "factors": {k: round(v, 4) for k, v in best.factors.items()},
            "intent": intent, "quality": p.get("quality"),
            "chunks": sorted(int(m.payload["chunk_index"]) for m in group.members),
        }
        return Hit(path=p["path"], start_line=group.start_line, end_line=group.end_line,
                   symbol=p.get("symbol"), symbol_type=p.get("symbol_type"),
                   kind=p["kind"], language=p.get("language"),
                   score=best.score, project=p["project"], content=group.content(),
                   provenance=provenance, lexical_only=_lexical_only(group),
                   also=tuple(str(name) for name, _ in p.get("also") or ()),
                   copies=copies)


def _lexical_only(group: Group) -> str | None:
    """Why a hit was found by BM25 alone: its best chunk has no dense vector yet (pending) or
    never gets one (the reason)."""
    reason = group.best.payload.get(LEXICAL_ONLY)
    return str(reason) if reason else None

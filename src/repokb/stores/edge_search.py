"""Searches batched into one engine call, for the Edge store (stores/qdrant_edge.py): every dense
request first, then every BM25 one, each answered as it would be alone; with the dense copy a
quiet server keeps (stores/edge_copy.py), each dense request ranks only the copy's candidates
and an ask without content reads its search fields from the copy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import qdrant_edge as q

from repokb.stores.base import DENSE, SEARCH_FIELDS, SPARSE, StoredPoint, StoreFilter
from repokb.stores.dense_scan import View, point_key
from repokb.stores.edge_files import Guarded
from repokb.stores.edge_points import among, engine_filter

# one search as the store receives it: (dense vector or None, sparse vector, filter, limit,
# whether the payloads must hold the content)
Ask = tuple[list[float] | None, tuple[list[int], list[float]], StoreFilter, int, bool]
# its dense hits and its BM25 hits
Answer = tuple[list[StoredPoint], list[StoredPoint]]


def _spare(limit: int) -> int:
    """Candidates beyond a search's limit that the dense copy hands the engine to rank."""
    return max(16, limit // 4)


def answered(shard: Callable[[], Guarded], asks: list[Ask], scan: View | None,
             unchanged: Callable[[], bool], crowded: bool = False) -> list[Answer]:
    """With a dense copy, each dense request ranks only the copy's candidates (its filter
    plus their ids): the engine's own scores, order and filters, without its scan of every
    vector under the interpreter lock; and an ask without content gets ids and scores
    from the engine, the search fields from the copy (`_payloads`). `unchanged`: whether no
    write dropped the copy since the caller took it; `shard`: the engine, asked for only when
    there is a request for it; `crowded`: other searches run meanwhile (the copy's products on
    one thread)."""
    dense_requests: list[q.QueryRequest] = []
    lexical_requests: list[q.QueryRequest] = []
    places: list[tuple[int | None, int | None]] = []
    dense_asks = [(dense, where, limit + _spare(limit))
                  for dense, _, where, limit, _ in asks if dense is not None]
    chosen = iter(scan.candidates(dense_asks, crowded) if scan is not None and dense_asks
                  else [])
    for dense, sparse, where, limit, content in asks:
        flt = engine_filter(where)
        payload = content or scan is None  # else: ids and scores alone
        d = s = None
        if dense is not None:
            ids = next(chosen) if scan is not None else None
            if ids != []:  # []: no point can match
                d = len(dense_requests)
                dense_requests.append(q.QueryRequest(
                    limit=limit, query=q.Query.Nearest(dense, using=DENSE),
                    filter=flt if ids is None else among(flt, ids), with_payload=payload))
        if sparse[0]:
            s = len(lexical_requests)
            lexical_requests.append(q.QueryRequest(
                limit=limit, query=q.Query.Nearest(q.SparseVector(*sparse), using=SPARSE),
                filter=flt, with_payload=payload))
        places.append((d, s))
    requests = dense_requests + lexical_requests
    results = shard().query_batch(q.QueryBatchRequest(requests)) if requests else []
    current = scan if scan is not None and unchanged() else None
    converted = _payloads(shard, results, current)
    lexical = converted[len(dense_requests):]
    return [(converted[d] if d is not None else [], lexical[s] if s is not None else [])
            for d, s in places]


def _payloads(shard: Callable[[], Guarded], results: list[list[Any]], copy: View | None,
              ) -> list[list[StoredPoint]]:
    """The engine's ranked points with their payloads: a point the engine answered without
    one gets its search fields from the copy (None: a write that may change them began
    since the engine answered) or, if it has no row there, from the engine. Each point
    its own dict (the searcher writes into it), built once."""
    ranked: list[list[tuple[str, float, dict[str, Any] | None]]] = []
    missing: set[str] = set()
    for r in results:
        points = []
        for p in r:
            point, given = p.id, p.payload
            row = copy.row(point_key(point)) if copy is not None else None
            if row is None or copy is None:
                i, payload = str(point), dict(given) if given is not None else None
            else:  # the copy's text of the id, and its fields unless the engine gave them
                i = copy.ids[row]
                payload = dict(given) if given is not None else copy.fields_of(row)
            if payload is None:
                missing.add(i)
            points.append((i, p.score, payload))
        ranked.append(points)
    known = {str(r.id): r.payload or {} for r in shard().retrieve(
        list(missing), with_payload=list(SEARCH_FIELDS), with_vector=False)} if missing else {}
    return [[StoredPoint(i, score, payload if payload is not None else dict(known[i]))
             for i, score, payload in points if payload is not None or i in known]
            for points in ranked]  # a point gone since the engine answered: left out

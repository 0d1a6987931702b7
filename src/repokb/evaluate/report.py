"""The evaluation's figures (JSON-ready), and their text rendering for the terminal.

Every figure comes by query source and overall, with a 95% bootstrap interval; `--compare`
adds the paired difference of the other settings and a verdict; the worst-ranked cases carry
the expected target (as the index holds it) beside what came first. html.py renders the same
data as one self-contained page.
"""

from __future__ import annotations

from typing import Any

from repokb.evaluate.cases import Case, Target
from repokb.evaluate.metrics import METRICS, difference, interval, summarize
from repokb.evaluate.records import SOURCES, Answer, Options, latency
from repokb.secrets import redact

BUDGET = "MRR@budget"
ALL_METRICS = (*METRICS, BUDGET)
SNIPPET_LINES = 14


def _figures(answers: list[Answer]) -> dict[str, Any]:
    chunk = [a.chunk for a in answers]
    budget = [a.budget for a in answers]
    out: dict[str, Any] = {"cases": len(answers)}
    values = summarize(chunk)
    values[BUDGET] = summarize(budget)["MRR@10"]
    cis: dict[str, Any] = {}
    for metric in ALL_METRICS:
        out[metric] = round(values[metric], 4)
        span = interval(budget if metric == BUDGET else chunk,
                        "MRR@10" if metric == BUDGET else metric)
        cis[metric] = [round(span[0], 4), round(span[1], 4)] if span else None
    out["file R@10"] = round(summarize(a.file for a in answers)["R@10"], 4)
    out["ci"] = cis
    return out


def _kinds(cases: list[Case]) -> list[str]:
    """The query sources present, in their usual order."""
    kinds = [k for k in SOURCES if any(c.kind == k for c in cases)]
    return kinds + sorted({c.kind for c in cases} - set(kinds))


def _by_kind(cases: list[Case], answers: list[Answer]) -> dict[str, Any]:
    return {kind: _figures([a for c, a in zip(cases, answers, strict=True) if c.kind == kind])
            for kind in _kinds(cases)}


def _paired(cases: list[Case], ours: list[Answer], theirs: list[Answer]) -> dict[str, Any]:
    """The difference ours - theirs (MRR@10 and MRR@budget), overall and by kind."""
    def one(pairs: list[tuple[Answer, Answer]]) -> dict[str, Any]:
        out: dict[str, Any] = {"cases": len(pairs)}
        for metric, attr in (("MRR@10", "chunk"), (BUDGET, "budget")):
            a = [getattr(x, attr) for x, _ in pairs]
            b = [getattr(y, attr) for _, y in pairs]
            delta, span = difference(a, b, "MRR@10")
            out[metric] = {"difference": round(delta, 4),
                           "ci": [round(span[0], 4), round(span[1], 4)] if span else None}
        return out

    pairs = list(zip(ours, theirs, strict=True))
    kinds = _kinds(cases)
    return {"overall": one(pairs),
            "by_kind": {k: one([p for c, p in zip(cases, pairs, strict=True) if c.kind == k])
                        for k in kinds}}


def _verdict(diff: dict[str, Any], cost: dict[str, Any]) -> tuple[str, str]:
    """("current" | "compare", why), on the overall MRR@10 difference compare - current."""
    d, span = diff["MRR@10"]["difference"], diff["MRR@10"]["ci"]
    if span and span[0] > 0:
        return "compare", f"the given settings rank better: MRR@10 {d:+.3f} (95% {span[0]:+.3f}" \
            f" to {span[1]:+.3f})"
    if span and span[1] < 0:
        return "current", f"the current settings rank better: the given ones change MRR@10 by " \
            f"{d:+.3f} (95% {span[0]:+.3f} to {span[1]:+.3f})"
    # cost by chunks (index size, embedding work): index seconds are not comparable within
    # one run, since the second system reuses the first one's vectors
    cheaper = cost["compare"]["chunks"] < cost["repokb"]["chunks"] * 0.9
    why = "no measurable difference in MRR@10" + (
        f" ({d:+.3f}, 95% {span[0]:+.3f} to {span[1]:+.3f})" if span else "")
    if cheaper:
        return "compare", why + "; the given settings make fewer chunks"
    return "current", why + "; keep what you have"


def _snippet(text: str) -> str:
    lines = text.splitlines()
    more = f"\n... ({len(lines) - SNIPPET_LINES} more lines)" if len(lines) > SNIPPET_LINES else ""
    return "\n".join(lines[:SNIPPET_LINES]) + more


def _target(target: Target, chunks: dict[str, list[tuple[int, int, str]]]) -> dict[str, Any]:
    """The target as the index holds it: its chunks' text overlapping the target lines."""
    held = [(s, e, c) for s, e, c in chunks.get(target.path, [])
            if s <= target.end_line and target.start_line <= e]
    held.sort()
    text = "\n".join(c for _, _, c in held[:3])
    return {"path": target.path, "start_line": target.start_line, "end_line": target.end_line,
            "symbol": target.symbol,
            "content": _snippet(text) if held else "(no chunk of the index covers these lines:"
            " the file was left out or cut elsewhere; `repokb explain` says why)"}


def _worst(cases: list[Case], answers: list[Answer], chunks: dict[str, Any],
           n: int) -> list[dict[str, Any]]:
    order = sorted(range(len(cases)), key=lambda i: (-(answers[i].chunk or 99), cases[i].id))
    out = []
    for i in order[:n]:
        case, answer = cases[i], answers[i]
        if answer.chunk == 1:
            break
        # a question is a docstring or a commit subject: redact it like any indexed text
        out.append({"id": case.id, "kind": case.kind, "query": redact(case.query).text,
                    "rank": answer.chunk,
                    "targets": [_target(t, chunks) for t in case.targets[:3]],
                    "top": [{"path": r.path, "start_line": r.start_line,
                             "end_line": r.end_line, "symbol": r.symbol,
                             "content": _snippet(r.content)} for r in answer.top]})
    return out


def summarize_run(*, project: str, path: str, cases: list[Case],
                  answers: dict[str, list[Answer]], cost: dict[str, dict[str, Any]],
                  problems: list[str], options: Options, seconds: float,
                  chunks: dict[str, list[tuple[int, int, str]]],
                  changed: dict[str, list[Any]] | None) -> dict[str, Any]:
    counts = {kind: sum(1 for c in cases if c.kind == kind) for kind in _kinds(cases)}
    result: dict[str, Any] = {
        "project": project, "path": path, "seconds": round(seconds, 1),
        "budget_lines": options.budget, "cases": {**counts, "all": len(cases)},
        "problems": problems, "systems": {}, "cost": cost,
    }
    for name, given in answers.items():
        result["systems"][name] = {"overall": _figures(given),
                                   "by_kind": _by_kind(cases, given)}
    for name in ("repokb", "compare"):
        if name in cost:
            cost[name].update(latency(answers[name]))
    if "naive" in cost:
        cost["naive"].update(latency(answers["naive-rrf"]))
        best = max((n for n in answers if n.startswith("naive-")),
                   key=lambda n: result["systems"][n]["overall"]["MRR@10"])
        result["baseline"] = {"best": best,
                              **_paired(cases, answers["repokb"], answers[best])}
    if "compare" in answers and changed is not None:
        diff = _paired(cases, answers["compare"], answers["repokb"])
        keep, why = _verdict(diff["overall"], cost)
        result["compare"] = {"settings": str(options.compare), "changed": changed, **diff,
                             "keep": keep, "why": why}
    result["worst"] = _worst(cases, answers["repokb"], chunks, options.worst)
    return result


def _cell(figures: dict[str, Any], metric: str) -> str:
    span = figures["ci"].get(metric)
    value = f"{figures[metric]:.3f}"
    return f"{value} ({span[0]:.2f}-{span[1]:.2f})" if span else value


LEGEND = ("R@k: share of questions whose answer is among the first k results; MRR@10: mean of "
          "1/rank of the first right result (0 past 10); naive-*: fixed 500-character windows "
          "ranked by BM25, by the same model (dense), or both fused (RRF)")


def _reading(span: list[float] | None, ours: str, theirs: str) -> str:
    """What a paired interval says, in words."""
    if span and span[0] > 0:
        return f"{ours} ranks better"
    if span and span[1] < 0:
        return f"{theirs} ranks better"
    return "no measurable difference on these cases (the interval holds 0)"


def text(result: dict[str, Any]) -> str:
    """The terminal report: one table per system, rows by query source, then the comparisons
    and the cost."""
    lines = [f"repokb eval {result['project']}: {result['cases']['all']} cases ("
             + ", ".join(f"{k} {v}" for k, v in result["cases"].items() if k != "all")
             + f") in {result['seconds']:.0f} s; MRR@budget = MRR within the first "
             f"{result['budget_lines']} result lines; (95% bootstrap interval)"]
    lines += [LEGEND]
    header = f"{'':<10} {'n':>4}  " + " ".join(f"{m:<17}" for m in ALL_METRICS)
    for name, figures in result["systems"].items():
        lines += ["", name, header]
        for kind, f in [*figures["by_kind"].items(), ("all", figures["overall"])]:
            lines.append(f"{kind:<10} {f['cases']:>4}  "
                         + " ".join(f"{_cell(f, m):<17}" for m in ALL_METRICS))
    if "baseline" in result:
        b = result["baseline"]
        d = b["overall"]["MRR@10"]
        lines += ["", f"repokb - best naive baseline ({b['best']}): MRR@10 "
                  f"{d['difference']:+.3f} [{d['ci'][0]:+.3f} to {d['ci'][1]:+.3f}]: "
                  + _reading(d["ci"], "repokb", b["best"])]
    if "compare" in result:
        c = result["compare"]
        lines += ["", f"compare {c['settings']}: "
                  + ", ".join(f"{k} {v[0]} -> {v[1]}" for k, v in c["changed"].items())]
        for kind, d in [*c["by_kind"].items(), ("all", c["overall"])]:
            m = d["MRR@10"]
            lines.append(f"  {kind:<10} n={d['cases']:<4} MRR@10 {m['difference']:+.3f} "
                         f"[{m['ci'][0]:+.3f} to {m['ci'][1]:+.3f}]" if m["ci"] else "")
        lines.append(f"  keep: {'the given settings' if c['keep'] == 'compare' else 'current'}"
                     f" ({c['why']})")
    lines += ["", f"{'cost':<10} {'chunks':>7} {'index s':>8} {'embedded':>9} "
              f"{'query p50 ms':>13} {'p95 ms':>7}"]
    for name, c in result["cost"].items():
        lines.append(f"{name:<10} {c['chunks']:>7} {c['index_s']:>8.1f} {c['embedded']:>9} "
                     f"{c.get('query_p50_ms', 0):>13.1f} {c.get('query_p95_ms', 0):>7.1f}")
    reused = result["cost"]["repokb"].get("from_index", 0)
    lines.append(f"{reused} vectors reused from your index" if reused else
                 "no vectors reused from your index: another process held its store (a "
                 "running `repokb serve` or `repokb index`); run the evaluation when it is "
                 "done, or stop it, to make evaluations faster"
                 if result["cost"]["repokb"].get("index_held") else
                 "no vectors reused from your index (run `repokb index` on the project first, "
                 "with the same --project, to make evaluations faster)")
    for problem in result["problems"]:
        lines.append(f"note: {problem}")
    return "\n".join(lines)

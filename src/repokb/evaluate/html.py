"""The evaluation as one HTML page: no script, no font, no request leaves the file.

Figures by query source with their intervals (and a bar for each), the comparisons, the cost,
and the worst-ranked cases with the expected target beside what came first.
"""

from __future__ import annotations

from html import escape
from typing import Any

from repokb.evaluate.report import ALL_METRICS, LEGEND

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:24px;color:#1d232b;
background:#f7f8fa}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.sub{color:#5b6573;margin-bottom:16px}
table{border-collapse:collapse;background:#fff;margin-bottom:8px}
th,td{border:1px solid #dde2e8;padding:4px 8px;text-align:right;vertical-align:top}
th:first-child,td:first-child{text-align:left}th{background:#eef1f5}
.ci{color:#7a8594;font-size:11px;display:block}
.bar{height:4px;background:#3b82f6;margin-top:2px}
.good{color:#137333}.bad{color:#b3261e}
.case{background:#fff;border:1px solid #dde2e8;border-radius:6px;margin:12px 0;padding:10px}
.q{font-weight:600}.tag{font-size:11px;background:#eef1f5;border-radius:3px;padding:1px 5px;
margin-right:6px}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:8px}
.col{min-width:0}.col h3{font-size:12px;margin:0 0 4px;color:#5b6573}
pre{background:#f3f5f8;border:1px solid #e3e7ec;padding:6px;margin:0 0 6px;font-size:11.5px;
overflow:auto;max-height:260px;white-space:pre}
.loc{font-family:ui-monospace,monospace;font-size:12px}
"""


def _cell(figures: dict[str, Any], metric: str) -> str:
    value = figures[metric]
    span = figures["ci"].get(metric)
    ci = f'<span class="ci">{span[0]:.2f} – {span[1]:.2f}</span>' if span else ""
    return (f"<td>{value:.3f}{ci}<div class=\"bar\" style=\"width:{value * 100:.0f}%\">"
            "</div></td>")


def _system_table(name: str, data: dict[str, Any]) -> str:
    rows = [f"<tr><td>{escape(kind)}</td><td>{f['cases']}</td>"
            + "".join(_cell(f, m) for m in ALL_METRICS) + "</tr>"
            for kind, f in [*data["by_kind"].items(), ("all", data["overall"])]]
    head = "".join(f"<th>{escape(m)}</th>" for m in ALL_METRICS)
    return (f"<h2>{escape(name)}</h2><table><tr><th>query source</th><th>n</th>{head}</tr>"
            + "".join(rows) + "</table>")


def _overall_table(systems: dict[str, Any]) -> str:
    rows = [f"<tr><td>{escape(name)}</td><td>{data['overall']['cases']}</td>"
            + "".join(_cell(data["overall"], m) for m in ALL_METRICS) + "</tr>"
            for name, data in systems.items()]
    head = "".join(f"<th>{escape(m)}</th>" for m in ALL_METRICS)
    return ("<h2>every system, all cases (naive: fixed 500-character windows)</h2><table>"
            f"<tr><th>system</th><th>n</th>{head}</tr>" + "".join(rows) + "</table>")


def _diff(d: dict[str, Any]) -> str:
    span = d["ci"]
    css = "good" if span and span[0] > 0 else "bad" if span and span[1] < 0 else ""
    ci = f'<span class="ci">{span[0]:+.3f} – {span[1]:+.3f}</span>' if span else ""
    return f'<td class="{css}">{d["difference"]:+.3f}{ci}</td>'


def _diff_table(title: str, data: dict[str, Any]) -> str:
    rows = [f"<tr><td>{escape(kind)}</td><td>{d['cases']}</td>{_diff(d['MRR@10'])}"
            f"{_diff(d['MRR@budget'])}</tr>"
            for kind, d in [*data["by_kind"].items(), ("all", data["overall"])]]
    return (f"<h2>{escape(title)}</h2><table><tr><th>query source</th><th>n</th>"
            "<th>Δ MRR@10</th><th>Δ MRR@budget</th></tr>" + "".join(rows) + "</table>")


def _loc(item: dict[str, Any]) -> str:
    symbol = f" · {escape(item['symbol'])}" if item.get("symbol") else ""
    return (f'<div class="loc">{escape(item["path"])}:{item["start_line"]}-'
            f'{item["end_line"]}{symbol}</div>')


def _case(case: dict[str, Any]) -> str:
    rank = f"rank {case['rank']}" if case["rank"] else "not in the top 10"
    expected = "".join(_loc(t) + f"<pre>{escape(t['content'])}</pre>" for t in case["targets"])
    came = "".join(f"{n}. " + _loc(r) + f"<pre>{escape(r['content'])}</pre>"
                   for n, r in enumerate(case["top"][:2], 1)) or "<p>(no result)</p>"
    return (f'<div class="case"><span class="tag">{escape(case["kind"])}</span>'
            f'<span class="tag">{rank}</span><span class="q">{escape(case["query"])}</span>'
            f'<div class="cols"><div class="col"><h3>expected</h3>{expected}</div>'
            f'<div class="col"><h3>what came first</h3>{came}</div></div></div>')


def render(result: dict[str, Any]) -> str:
    cases = ", ".join(f"{escape(k)} {v}" for k, v in result["cases"].items() if k != "all")
    parts = [f"<h1>repokb eval · {escape(result['project'])}</h1>",
             f'<div class="sub">{escape(result["path"])} · {result["cases"]["all"]} cases '
             f"({cases}) · {result['seconds']:.0f} s · MRR@budget counts a hit only within the "
             f"first {result['budget_lines']} result lines · grey: 95% bootstrap interval</div>",
             f'<div class="sub">{escape(LEGEND)}</div>']
    for name in ("repokb", "compare"):
        if name in result["systems"]:
            title = "repokb, by query source" if name == "repokb" else \
                f"repokb with {result['compare']['settings']}, by query source"
            parts.append(_system_table(title, result["systems"][name]))
    if len(result["systems"]) > 1:
        parts.append(_overall_table(result["systems"]))
    if "baseline" in result:
        parts.append(_diff_table(f"repokb minus the best naive baseline "
                                 f"({result['baseline']['best']}), paired", result["baseline"]))
    if "compare" in result:
        c = result["compare"]
        changed = ", ".join(f"{k}: {v[0]} → {v[1]}" for k, v in c["changed"].items())
        parts.append(_diff_table(f"{c['settings']} minus current ({changed}), paired", c))
        keep = "the given settings" if c["keep"] == "compare" else "the current settings"
        parts.append(f"<p><b>Keep {keep}</b>: {escape(c['why'])}.</p>")
    rows = "".join(f"<tr><td>{escape(n)}</td><td>{c['chunks']}</td><td>{c['index_s']:.1f}</td>"
                   f"<td>{c['embedded']}</td><td>{c.get('query_p50_ms', 0):.1f}</td>"
                   f"<td>{c.get('query_p95_ms', 0):.1f}</td></tr>"
                   for n, c in result["cost"].items())
    parts.append("<h2>cost</h2><table><tr><th>system</th><th>chunks</th><th>index s</th>"
                 "<th>embedded</th><th>query p50 ms</th><th>query p95 ms</th></tr>"
                 f"{rows}</table>")
    parts.append(f"<h2>worst-ranked cases ({len(result['worst'])})</h2>")
    parts += [_case(case) for case in result["worst"]]
    parts += [f"<p class=\"sub\">note: {escape(p)}</p>" for p in result["problems"]]
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>repokb eval · {escape(result['project'])}</title>"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">"
            f"<style>{_CSS}</style></head><body>" + "".join(parts) + "</body></html>\n")

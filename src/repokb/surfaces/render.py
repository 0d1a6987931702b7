"""How the CLI prints the operations' results: tables, hit lists, records (JSON as is).

File names, contents, symbols and reasons come from repositories, so they may carry escape
sequences: ANSI CSI (clear the screen), OSC (retitle the terminal, write the clipboard, forge
links), bare carriage returns that overwrite a line, and bidirectional overrides that make text
read differently than it runs ("Trojan Source"). Human output shows each such character as a
visible escape (`\\x1b`, `\\u202e`); newlines and tabs stay in contents, not in names. JSON
output escapes the C1 range too (json.dumps already escapes C0), which decodes to the same
strings.
"""

from __future__ import annotations

import datetime
import json
import re
import sys
from collections import Counter
from typing import Any

from rich.console import Console, ConsoleDimensions
from rich.markup import escape
from rich.table import Table

from repokb.models import (
    copies_phrase,
    line_range,
    stats_files,
    symbol_phrase,
    vectors_changed_text,
)

# rich gives output with no terminal (piped to a file or a program) 80 columns, which cut a
# table's names ("typescri…", "docume…": newuser43); piped, and no COLUMNS given, a line is
# as wide as it is. (A table is as wide as its cells: none stretches to this width.)
PIPED_WIDTH = 100_000


class _Console(Console):
    @property
    def size(self) -> ConsoleDimensions:
        size = super().size
        if self._width is None and not self.is_terminal and "COLUMNS" not in self._environ:
            return ConsoleDimensions(PIPED_WIDTH, size.height)
        return size

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        self._width, self._height = new_size


out = _Console()
err = Console(stderr=True)

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_C1 = re.compile("[\x7f-\x9f]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(value: Any) -> Any:
    """The value with every unsafe character in its strings (also inside dicts and lists)
    shown as an escape."""
    if isinstance(value, str):
        return _UNSAFE.sub(_visible, value)
    if isinstance(value, dict):
        return {k: printable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [printable(v) for v in value]
    return value


def json_safe(text: str) -> str:
    """JSON text with C1 controls (U+0080..U+009F, which some terminals obey) escaped."""
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_BREAKS = re.compile("[\n\t\u0085\u2028\u2029]")


def one_line(value: Any) -> str:
    """A name (path, symbol, project, reason) for a header line: unsafe characters and line
    breaks shown as escapes, so a file named `x.py\n2. other.py:1-9` cannot forge a result."""
    return _BREAKS.sub(_visible, printable(str(value)))


def safe(value: Any) -> str:
    """Text from a file (a path, a name, a reason) for a line printed with rich markup."""
    return escape(printable(str(value)))


def print_json(data: Any) -> None:
    sys.stdout.write(json_safe(dumps(data)) + "\n")


_ONE_PER_LINE = 50  # a longer list of records prints one record per line


def dumps(data: Any) -> str:
    """JSON indented by two, except that a long list of records (a dry run's 7,000 files)
    holds one compact record per line: as readable, greppable line by line, and written by
    json's C encoder (an indented dump is pure Python: 0.3 s for a dry run of Django)."""
    if not isinstance(data, dict) or not data or not all(isinstance(k, str) for k in data):
        return json.dumps(data, ensure_ascii=False, indent=2)
    parts = []
    for key, value in data.items():
        if (isinstance(value, list) and len(value) > _ONE_PER_LINE
                and all(isinstance(v, dict) for v in value)):
            body = "[\n" + ",\n".join("    " + json.dumps(v, ensure_ascii=False)
                                       for v in value) + "\n  ]"
        else:  # JSON strings hold no raw newline: every one is a line break of the layout
            body = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key, ensure_ascii=False)}: {body}")
    return "{\n" + ",\n".join(parts) + "\n}"


def error(message: str, hint: str = "") -> None:
    err.print(f"[red]error:[/red] {safe(message)}", markup=True, highlight=False)
    if hint:
        err.print(f"[dim]hint:[/dim] {safe(hint)}", highlight=False)


# -- index ----------------------------------------------------------------------------------
# A run's counts for its own use, in --json only: "chunks dense deferred: 321" beside "chunks
# embedded: 321" read to a new user as if none were embedded yet (they were written lexical-only
# first, then embedded); chunks still without a vector are `chunks_dense_pending`.
BOOKKEEPING = frozenset({"chunks_dense_deferred"})
# ... and counts said in words instead (a new user read "store compaction due: 1" under every
# run of a home with a big store, unexplained; newuser43)
SAID = frozenset({"store_compaction_due"})
COMPACTION_DUE = ("removed text (deleted, renamed or edited files) stays in the store's files "
                  "until a compaction: `repokb serve`, `watch` or `mcp` compact once idle, "
                  "`repokb index` once it has been due for `compact_due_hours` "
                  "(docs/security.md)")


def index_result(summary: dict[str, Any], dry_run: bool, report: Any = None) -> None:
    if dry_run:
        breakdown(report)
    chunking(summary.get("by_language") or {})
    for project, folder in (summary.get("scope") or {}).items():
        scope_notice(project, folder)
    for project, folders in (summary.get("left_to_other_projects") or {}).items():
        for folder, other in folders.items():
            out.print(f"{printable(project)}: left {printable(folder)}/ to project "
                      f"{printable(other)!r}, which indexes it on its own.", markup=False,
                      highlight=False, soft_wrap=True)
    for project, twin in (summary.get("same_files_as") or {}).items():
        other = printable(twin["project"])
        where = f", indexed from {printable(twin['folder'])}" if twin.get("folder") else ""
        out.print(f"{printable(project)}: project {other!r} holds the same files{where}, a "
                  "folder now gone: searches find them under both names. If this folder is "
                  f"that one renamed, drop the old name with `repokb flush --project {other}`.",
                  markup=False, highlight=False, soft_wrap=True)
    for project, change in (summary.get("vectors_changed") or {}).items():
        out.print(f"{printable(project)}: {vectors_changed_text(change)}.", markup=False,
                  highlight=False, soft_wrap=True)
    projects_table(summary.get("by_project") or {}, dry_run)
    label = "dry run" if dry_run else "indexed"
    if summary.get("store_compaction_due"):
        out.print(COMPACTION_DUE, markup=False, highlight=False, soft_wrap=True)
    words = DRY_RUN_WORDS if dry_run else {}
    parts = [f"{words.get(k) or k.replace('_', ' ')}: {v}" for k, v in summary.items()
             if (v or k == "files_seen") and not isinstance(v, dict)
             and k not in BOOKKEEPING | SAID]
    # one line however narrow the terminal (scripts take the last line as the summary)
    out.print(f"[bold]{label}[/bold] " + " · ".join(parts), soft_wrap=True)


# A dry run's counts of files it would index or skip, in words a dry run means ("files
# indexed: 19" read as done; newuser43); --json keeps the keys.
DRY_RUN_WORDS = {"files_indexed": "files to index", "files_skipped": "files to skip",
                 "dirs_skipped": "folders to skip"}


def projects_table(by_project: dict[str, dict[str, int]], dry_run: bool = False) -> None:
    """A run over several project folders: one row per project (the summary line sums them)."""
    if not by_project:
        return
    columns = (("to index" if dry_run else "indexed", "files_indexed"),
               ("to skip" if dry_run else "skipped", "files_skipped"),
               ("created", "chunks_created"), ("updated", "chunks_updated"),
               ("unchanged", "chunks_unchanged"), ("pruned", "chunks_pruned"),
               ("embedded", "chunks_embedded"))
    table = Table(box=None, pad_edge=False, header_style="bold", title_justify="left",
                  title="by project: files to index and to skip; chunks" if dry_run else
                  "by project: files indexed and skipped; chunks")
    names = [escape(one_line(name)) for name in by_project]
    table.add_column("project", no_wrap=True, min_width=min(40, max(map(len, names))))
    for title, _ in columns:
        table.add_column(title, justify="right")
    for name, counts in zip(names, by_project.values(), strict=True):
        table.add_row(name, *(str(counts.get(k, 0)) for _, k in columns))
    out.print(table)


def scope_notice(project: str, folder: str) -> None:
    """A folder given lay inside a project's root: its files are that project's."""
    name = repr(printable(project))
    out.print(f"{printable(folder)}/ lies inside the folder of project {name}: its files are "
              f"indexed as part of project {name}, not as a new project.", markup=False,
              highlight=False, soft_wrap=True)


def chunking(by_language: dict[str, dict[str, dict[str, Any]]]) -> None:
    """One row per language and kind: what chunking produced (seed 000 §VIII metrics)."""
    rows = [(lang, kind, m) for lang, kinds in by_language.items() for kind, m in kinds.items()]
    if not rows:
        return
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("language", "kind", "files", "chunks", "per file", "symbols", "quality",
                   "dup", "near dup", "llm"):
        table.add_column(column, justify="left" if column in ("language", "kind") else "right")
    for lang, kind, m in sorted(rows, key=lambda r: -r[2]["chunks"]):
        table.add_row(lang, kind, str(m["files"]), str(m["chunks"]),
                      f"{m['avg_chunks_per_file']:.1f}", f"{m['symbol_rate']:.0%}",
                      f"{m['avg_quality']:.2f}", str(m["duplicates"]),
                      str(m["near_duplicates"]), str(m["contamination"]))
    out.print(table)


# A file path in a reason ("compiled from src/v4/core/api.ts ..."): counted by the rest.
_FILE_PATH = re.compile(r"(?<![\w/.-])[\w.@+-]+(?:/[\w.@+-]+)+\.\w+")
# A measure in a reason ("(average line 363 chars)"): counted by the rest, shown as N.
_MEASURE = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.])")


def secrets(report: Any) -> None:
    """How many admitted files hold secret-like values, and how far the dry run looked: the
    classifier reads each file's head with its fast finder, indexing redacts the whole text
    with every finder (a password 400 lines down, a docker config's auth)."""
    found = report.counts.get("files_with_secrets", 0)
    if report.secrets_checked == "whole_text":
        if found:
            out.print(f"[bold]{found}[/bold] admitted files hold secret-like values: they are "
                      "indexed only after redaction.")
        return
    head = f"first {report.head_bytes // 1024} KB" if report.head_bytes >= 1024 \
        else f"first {report.head_bytes} bytes"
    said = (f"[bold]{found}[/bold] admitted files hold secret-like values in their {head}: "
            "they are indexed only after redaction. " if found else
            f"No secret-like value in the admitted files' {head}. ")
    out.print(said + "A dry run checks only each file's head, with a fast finder; indexing "
              "redacts secrets found anywhere in the text (see them with --chunk, or "
              "`repokb explain FILE` for one file).")


def breakdown(report: Any) -> None:
    """What would be indexed and what not: by kind (with cost), language, role, policy, reason."""
    files = report.files
    estimate = report.estimate()
    table = Table(title="dry run by kind", title_justify="left")
    for column in ("kind", "files", "to index", "est. chunks", "est. tokens"):
        table.add_column(column, justify="left" if column == "kind" else "right")
    for kind, row in estimate["by_kind"].items():
        table.add_row(kind, str(row["files"]), str(row["admitted"]), f"{row['chunks']:,}",
                      f"{row['tokens']:,}")
    walked = Counter(f["kind"] for f in files if f["reasons"] and "skipped directory" in
                     f["reasons"][0])
    for kind, n in walked.most_common():
        table.add_row(f"{kind} (directories)", str(n), "0", "0", "0")
    out.print(table)
    for field in ("language", "knowledge_role", "index_policy"):
        counts = Counter(label(f[field]) for f in files)
        out.print(f"[bold]{field}[/bold]: "
                  + ", ".join(f"{k} {v}" for k, v in counts.most_common(12)))
    admitted = ("parse_and_index", "index_text")
    reasons: Counter[str] = Counter()
    example: dict[str, tuple[str, str]] = {}
    for f in files:
        if f["index_policy"] not in admitted and f["reasons"]:
            reason = f["reasons"][0]
            named = _FILE_PATH.search(reason)
            # one line per rule, not one per named file or measure
            shape = _MEASURE.sub("N", _FILE_PATH.sub("…", reason))
            reasons[shape] += 1
            example.setdefault(shape, (reason, named.group() if named else ""))
    if reasons:
        out.print("[bold]not indexed because[/bold]:")
        for shape, n in reasons.most_common(12):
            reason, first = example[shape]
            line = reason if n == 1 else f"{shape}, e.g. {first}" if first else shape
            out.print(f"  {n:>6}  {printable(line)}", markup=False, highlight=False)
    secrets(report)
    rate, seconds = estimate["tokens_per_second"], estimate["embed_seconds"]
    cost = (f"~{duration(seconds)} to index with {estimate['embedder']} at {rate:,.0f} "
            "tokens/s (measured on this machine)"
            if seconds is not None else f"no measured rate for {estimate['embedder']}")
    out.print(f"[bold]estimate[/bold]: {estimate['chunks']:,} chunks, "
              f"{estimate['tokens']:,} tokens, {cost}")


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def embedding_note(done: int, queued: int, files_done: int, files_total: int,
                   seconds: float) -> str:
    """`42 chunks/s · ETA 1 min 10 s`: the rate so far, and the time left for the chunks queued
    plus those the files not yet read will bring (at the rate of chunks per file so far)."""
    if done == 0 or seconds <= 0:
        return "starting ..." if done == 0 else ""
    rate = done / seconds
    expected = queued * files_total / files_done if files_done else queued
    left = max(0.0, expected - done) / rate
    eta = f"{left:.0f} s" if left < 90 else f"{left // 60:.0f} min {left % 60:.0f} s"
    return f"{rate:.0f} chunks/s · ETA {eta}"


def watch_update(summary: dict[str, Any]) -> None:
    parts = [f"{k.replace('_', ' ')} {v}" for k, v in summary.items()
             if v and not isinstance(v, dict)]  # counts, not the per-language metrics
    out.print("[bold]updated[/bold] " + " · ".join(parts))


# -- search ---------------------------------------------------------------------------------
def hits(found: list[dict[str, Any]], explain: bool, whole: bool = False) -> None:
    """Numbered hits, each with its first 6 lines (`whole`: all its lines)."""
    if not found:
        out.print("No results.")
        return
    note = scope_note(found)
    if note:
        out.print(f"[dim]{escape(note)}[/dim]", highlight=False)
    for n, h in enumerate(found, 1):
        h = printable(h)  # everything in a hit came from a file
        symbol = f"  [cyan]{escape(one_line(symbol_phrase(h)))}[/cyan]" if h["symbol"] else ""
        span = line_range(h["start_line"], h["end_line"])
        out.print(f"[bold]{n}. {escape(one_line(h['project']))}/{escape(one_line(h['path']))}"
                  f"{':' + span if span else ''}"
                  f"[/bold]{symbol}  [dim]{h['kind']} · score {h['score']:.4f}"
                  f"{lexical_note(h)}[/dim]")
        if h.get("copies"):
            out.print(f"[dim]{escape(one_line(copies_phrase(h)))}[/dim]", highlight=False)
        if explain:
            out.print(provenance_line(h["provenance"]), highlight=False)
        lines = h["content"].strip("\n").splitlines()
        snippet = "\n".join(lines if whole else lines[:6])
        out.print(snippet, markup=False, highlight=False)
        out.print()


def scope_note(found: list[dict[str, Any]]) -> str:
    """What a search read from its question: the project it named, searched alone."""
    named = next((h["project_from_question"] for h in found if h.get("project_from_question")),
                 None)
    if not named:
        return ""
    return (f"Searched only project {one_line(printable(named))}, named in the question "
            "(give a project filter to search another, or all of them).")


def lexical_note(hit: dict[str, Any]) -> str:
    """' · lexical-only (...)' for a hit found by BM25 alone, else ''."""
    reason = hit.get("lexical_only")
    if not reason:
        return ""
    return " · lexical-only (" + ("dense vector pending" if reason == "pending"
                                  else escape(str(reason))) + ")"


def provenance_line(p: dict[str, Any]) -> str:
    factors = ", ".join(f"{k} ×{v}" for k, v in p.get("factors", {}).items()) or "none"
    dense = (f"dense #{p['dense_rank']} ({p['dense_score']:.3f})" if p.get("dense_rank")
             else "dense -")
    lexical = f"lexical #{p['lexical_rank']}" if p.get("lexical_rank") else "lexical -"
    if p.get("symbol_rank"):  # looked up by its symbol: a name BM25 has no token for
        lexical += f" · symbol #{p['symbol_rank']}"
    mtime = p.get("file_mtime_ns")
    when = ""
    if mtime:
        when = " · modified " + datetime.datetime.fromtimestamp(mtime / 1e9).isoformat(
            timespec="seconds")
    return (f"[dim]{p.get('kind')} · {p.get('role')} · {p.get('policy')} · {dense} · {lexical}"
            f" · fused {p.get('fused', 0):.4f} · intent {p.get('intent')} · factors {factors}"
            f" · chunks {p.get('chunks')}{when}[/dim]")


# -- explain, stats, verify, flush ----------------------------------------------------------
def record(rec: dict[str, Any]) -> None:
    rec = printable(rec)  # paths, reasons and signals came from files
    c = rec.get("classification") or {}
    out.print(f"[bold]{escape(one_line(rec['project']))}/{escape(one_line(rec['path']))}[/bold]"
              f": {rec['status']}"
              + (f" ({escape(rec['reason'])})" if rec.get("reason") else ""),
              highlight=False)
    if rec.get("inside"):
        out.print(f"  inside skipped directory: {escape(rec['inside'])}", highlight=False)
    for key in ("kind", "subkind", "language", "knowledge_role", "index_policy", "confidence",
                "flags", "rules", "package", "classifier_version", "config_path"):
        if c.get(key) not in (None, [], ""):
            value = ", ".join(c[key]) if isinstance(c[key], list) else c[key]
            out.print(f"  {key}: {value}", markup=False, highlight=False)
    for reason in c.get("reasons", []):
        out.print(f"  reason: {reason}", markup=False, highlight=False)
    for s in c.get("signals", []):
        out.print(f"  signal: {s['type']} = {s['value']} (weight {s['weight']})",
                  markup=False, highlight=False)
    if rec.get("chunks"):
        out.print(f"  chunks: {rec['chunks']}")


def label(value: Any) -> str:
    """A count's name as shown: the files of no language (None, "None" as a JSON key) as
    the dashboard shows them, "—", not Python's "None"."""
    return "—" if value is None or value == "None" else str(value)


def stats(data: dict[str, Any]) -> None:
    out.print(f"[bold]{data['points']}[/bold] chunks from {stats_files(data)}")
    if not data["files"] and not data["points"]:
        out.print("The knowledge base is empty: index a project with `repokb index PATH`.")
        return
    lexical = data.get("lexical_only") or {}
    if lexical:
        pending = lexical.get("pending", 0)
        rest = ", ".join(f"{k} {v}" for k, v in sorted(lexical.items()) if k != "pending")
        out.print("lexical-only chunks (found by BM25 alone): "
                  + (f"{pending} wait for their dense vector" if pending else "none pending")
                  + (f"; for good: {rest}" if rest else ""), highlight=False)
    run = data.get("last_run")
    if run:
        finished = datetime.datetime.fromtimestamp(run["finished_at"]).strftime(
            "%Y-%m-%d %H:%M:%S")
        took = run["finished_at"] - run["started_at"]
        counts = " · ".join(f"{k.replace('_', ' ')} {v}" for k, v in run["summary"].items()
                            if v and not isinstance(v, dict) and k not in BOOKKEEPING
                            and k.startswith(("files_", "chunks_")))
        scope = run["summary"].get("scope")
        where = f" (its folder {safe(scope)}/)" if isinstance(scope, str) else ""
        out.print(f"last run: {run['project']}{where}, finished {finished} ({took:.1f} s)"
                  + (f": {counts}" if counts else ""), highlight=False)
    since = data.get("compaction_due_since")
    if since:  # what was removed is still on disk (the engine's log, freed pages) until then
        when = datetime.datetime.fromtimestamp(since).strftime("%Y-%m-%d %H:%M:%S")
        out.print(f"compaction due since {when}: removed text stays on disk until `repokb "
                  "serve`, `watch` or `mcp` idles, or the next `repokb index` compacts "
                  "(docs/security.md)", highlight=False)
    for key in ("by_status", "by_project", "by_kind", "by_language", "by_role", "by_policy"):
        if not data[key]:
            continue
        if key == "by_project":  # a project's chunks beside its files, indexed and recorded
            table = Table("project", "indexed files", "files recorded", "chunks",
                          title="by project", box=None)
            chunks = data.get("points_by_project") or {}
            indexed = data.get("indexed_by_project")  # (None: an older owner's stats)
            for name, n in data[key].items():
                table.add_row(escape(one_line(name)),
                              "–" if indexed is None else str(indexed.get(name, 0)), str(n),
                              str(chunks.get(name, 0)))
            out.print(table)
            continue
        table = Table(title=key.replace("_", " "), show_header=False, box=None)
        for name, n in data[key].items():
            table.add_row(escape(one_line(label(name))), str(n))
        out.print(table)


def cache_stats(data: dict[str, Any]) -> None:
    out.print(f"{data['entries']} cached answers in {data['path']}", markup=False,
              highlight=False)
    for title, key in (("scope", "by_scope"), ("protocol", "by_protocol")):
        for name, count in sorted(data[key].items()):
            out.print(f"  {title} {name}: {count}", markup=False, highlight=False)


def verify(report: dict[str, Any]) -> None:
    state = "ok" if report["ok"] else ("repaired" if report["repaired"] else "DIFFERENCES")
    out.print(f"[bold]verify {state}[/bold]: {report['files_checked']} files, "
              f"{report['points_checked']} chunks checked in {len(report['projects'])} "
              f"project(s); {len(report['orphans'])} orphan file(s), "
              f"{len(report['mismatched'])} file(s) with a different chunk count")
    for path in (report["orphans"] + report["mismatched"])[:20]:
        out.print(f"  {escape(one_line(path))}")
    if not report["ok"] and report["repaired"]:
        out.print("Run `repokb index` on the project to rebuild the forgotten files.")


def migration(r: dict[str, Any]) -> None:
    out.print(f"[bold]migrated[/bold] {r['points_moved']} points ({r['resumed_from']} before a "
              f"restart) to {r['target']} in {r['seconds']} s · {r['chunks_embedded']} embedded")
    out.print(f"counts {'match' if r['counts_match'] else 'DIFFER'}: "
              f"{r['counts']['source']} -> {r['counts']['target']}")
    out.print(f"{r['searches_checked']} sample searches: top-10 overlap dense "
              f"{r['dense_top10_overlap']:.3f}, BM25 {r['lexical_top10_overlap']:.3f} "
              f"(equal-score ties counted: {r['dense_top10_equivalent']:.3f}, "
              f"{r['lexical_top10_equivalent']:.3f}), {r['identical_top10']} identical")

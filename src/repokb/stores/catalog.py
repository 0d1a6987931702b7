"""The catalog: every file's classification decision and indexing state, in SQLite.

One row per path the walk met — indexed, skipped, failed, or a whole skipped directory — so
`repokb explain` can answer for any of them. The catalog is committed after the store writes of a
file, so a crash leaves the catalog behind the store, never ahead of it: the next run redoes
those files and finds their vectors already in place.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from repokb.errors import InputError, StoreError
from repokb.globs import compile_glob, glob_matcher, literal_prefix
from repokb.models import Classification
from repokb.roots import REDACTED_NAME

# path-glob answers kept until the catalog changes (`Catalog.match_paths`)
_MATCHED_KEPT = 64
_SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    project TEXT NOT NULL,
    path TEXT NOT NULL,
    is_dir INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,            -- indexed | skipped | failed
    reason TEXT NOT NULL DEFAULT '',
    size INTEGER, mtime_ns INTEGER, content_hash TEXT,
    kind TEXT, language TEXT, role TEXT, policy TEXT,
    classification TEXT,             -- JSON of Classification, NULL for walk-level skips
    chunks INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (project, path)
);
CREATE TABLE IF NOT EXISTS projects (
    name TEXT PRIMARY KEY, root TEXT NOT NULL, indexed_at REAL,
    vectors TEXT,                    -- how the last complete run embedded (embedder, limits)
    dense_clean TEXT                 -- the store a dense pass last left with nothing pending
);
CREATE TABLE IF NOT EXISTS configs ( -- an uploaded project's .repokb.yml (it has no folder)
    project TEXT NOT NULL, name TEXT NOT NULL, text BLOB NOT NULL,
    PRIMARY KEY (project, name)
);
CREATE TABLE IF NOT EXISTS folders ( -- each folder a walk listed, for freshness's added files
    project TEXT NOT NULL, path TEXT NOT NULL,
    mtime_ns INTEGER,                -- when listed; NULL: too recent to trust (listed each check)
    PRIMARY KEY (project, path)
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, project TEXT, started_at REAL, finished_at REAL,
    summary TEXT
);
"""

# What became of a record, as the dashboard's Files panel and GET /knowledge/files name it:
# the catalog's status, told apart by the policy that decided it (a file left out for its
# kind is metadata only or blocked; any other one not indexed, skipped)
DECISIONS = ("indexed", "metadata_only", "blocked", "skipped", "failed")
DECISION = ("(CASE WHEN status IN ('indexed', 'failed') THEN status "
            "WHEN policy = 'block' THEN 'blocked' "
            "WHEN policy = 'metadata_only' THEN 'metadata_only' ELSE 'skipped' END)")
# the orders records are listed in: a name -> its SQL (the path last: one order, always)
RECORD_ORDERS = {
    "path": "project, path",
    "status": f"{DECISION}, project, path",
    "kind": "kind, project, path",
    "language": "language, project, path",
    "size": "size DESC, project, path",
    "chunks": "chunks DESC, project, path",
}


@dataclass(frozen=True)
class Entry:
    project: str
    path: str
    is_dir: bool
    status: str
    reason: str
    size: int | None
    mtime_ns: int | None
    content_hash: str | None
    classification: Classification | None
    chunks: int

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Entry:
        raw = row["classification"]
        return cls(
            project=row["project"], path=row["path"], is_dir=bool(row["is_dir"]),
            status=row["status"], reason=row["reason"], size=row["size"],
            mtime_ns=row["mtime_ns"], content_hash=row["content_hash"],
            classification=_classification(raw) if raw else None, chunks=row["chunks"],
        )


@functools.lru_cache(maxsize=4096)
def _classification(raw: str) -> Classification:
    """A stored classification, decoded once per distinct JSON (Django's 6,816 entries hold 160:
    ~0.05 s of every run); they are frozen, so entries may share them."""
    return Classification.from_dict(json.loads(raw))


class Catalog:
    def __init__(self, path: Path) -> None:
        # project_names() as of (the file's data_version, this connection's changes): every
        # search asks for them, and counting the entries by project took 2.5-7.5 ms a search
        self._names: tuple[tuple[int, int], list[str]] | None = None
        self._last_parts: tuple[tuple[int, int], dict[str, set[tuple[str, str]]]] | None = None
        # match_paths() as of the same: (that key, {(globs, projects): paths}), at most
        # _MATCHED_KEPT answers (a caller's `--path` repeats from search to search)
        self._matched: tuple[tuple[int, int], dict[tuple[tuple[str, ...], tuple[str, ...]],
                                                  list[str]]] | None = None
        # A new home is private (0700): the catalog, the store and the owner socket in it hold
        # what other users of the machine must not read or drive.
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            self._db = sqlite3.connect(str(path), timeout=30, isolation_level=None,
                                       check_same_thread=False)
            self._db.row_factory = sqlite3.Row
            self._wal()
            self._db.execute("PRAGMA synchronous=NORMAL")
            # a deleted row's bytes are overwritten, not left in a free page (`purge`)
            self._db.execute("PRAGMA secure_delete=ON")
            self._db.executescript(_SCHEMA)
            columns = {r["name"] for r in self._db.execute("PRAGMA table_info(projects)")}
            if "vectors" not in columns:  # a catalog written before the column existed
                self._db.execute("ALTER TABLE projects ADD COLUMN vectors TEXT")
            if "dense_clean" not in columns:  # (unknown: the next run's dense pass checks)
                self._db.execute("ALTER TABLE projects ADD COLUMN dense_clean TEXT")
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot open the catalog {path}: {exc}") from exc

    def _wal(self, patience: float = 30.0) -> None:
        """Switch the catalog to WAL. Commands that start at once on a new home race for it:
        the switch needs the file to itself, and SQLite answers "database is locked" at once
        rather than calling the busy handler, so wait here as the connect timeout would."""
        deadline, pause = time.monotonic() + patience, 0.01
        while True:
            try:
                mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                mode = None
            if mode == "wal":
                return
            if time.monotonic() >= deadline:
                raise sqlite3.OperationalError(f"database is locked (journal mode {mode})")
            time.sleep(pause)
            pause = min(pause * 2, 0.25)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        self._db.close()

    # -- projects and runs ------------------------------------------------------------------
    def set_project(self, name: str, root: Path, vectors: str | None = None) -> None:
        self._db.execute(
            "INSERT INTO projects(name, root, indexed_at, vectors) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(name) DO UPDATE SET root = excluded.root, "
            "indexed_at = excluded.indexed_at, vectors = excluded.vectors",
            (name, _redacted(str(root)), time.time(), vectors))

    def vectors(self, name: str) -> str | None:
        """How the project's last complete run embedded its chunks (None: unknown)."""
        row = self._db.execute("SELECT vectors FROM projects WHERE name = ?", (name,)).fetchone()
        return row["vectors"] if row else None

    def dense_clean(self, name: str) -> str | None:
        """The store (its key) in which the project's last dense pass left no point waiting
        for the model, with no write since; None: unknown, the store must be asked."""
        row = self._db.execute("SELECT dense_clean FROM projects WHERE name = ?",
                               (name,)).fetchone()
        return row["dense_clean"] if row else None

    def set_dense_clean(self, name: str, store_key: str | None) -> None:
        """Mark the project's points all dense in the store `store_key` (None: unknown, set
        before any write that may leave points waiting for the model)."""
        self._db.execute("UPDATE projects SET dense_clean = ? WHERE name = ?",
                         (store_key, name))

    def projects(self) -> dict[str, Path]:
        return {r["name"]: _on_disk(r["root"]) for r in self._db.execute("SELECT * FROM projects")}

    def _version(self) -> tuple[int, int]:
        """What changes when the entries may have: the file's data_version (another
        connection's commit) and this connection's changes."""
        return (int(self._db.execute("PRAGMA data_version").fetchone()[0]),
                self._db.total_changes)

    def project_names(self) -> list[str]:
        """Every project with a record: indexed folders and uploads (which have no root in
        `projects`), also one whose records are all folders left out (an upload of
        `node_modules/` alone, the dashboard's left-out list: POST /knowledge/ingest/left-out)."""
        key = self._version()
        cached = self._names
        if cached is not None and cached[0] == key:
            return list(cached[1])
        names = sorted({*self.projects(), *(str(r[0]) for r in self._db.execute(
            "SELECT DISTINCT project FROM entries"))})
        self._names = (key, names)
        return list(names)

    def project_rows(self) -> list[dict[str, Any]]:
        """Each project with its root (`shown_root`: as stored, a credential in a folder's name
        redacted) and when its last complete run ended (epoch seconds)."""
        return [{"name": r["name"], "root": str(_on_disk(r["root"])), "shown_root": r["root"],
                 "indexed_at": r["indexed_at"]}
                for r in self._db.execute("SELECT name, root, indexed_at FROM projects "
                                          "ORDER BY name")]

    def file_stats(self, project: str) -> list[tuple[str, int | None, int | None]]:
        """(path, size, mtime_ns) of every file the project's walk recorded: for cheap checks
        of what changed on disk since."""
        rows = self._db.execute("SELECT path, size, mtime_ns FROM entries "
                                "WHERE project = ? AND is_dir = 0", (project,))
        return [(r["path"], r["size"], r["mtime_ns"]) for r in rows]

    def recorded_under(self, project: str, folder: str) -> set[str]:
        """Every path the project records under `folder` ("": all): its files and skipped
        folders (entries) and the folders its walks listed (a range of the keys, as
        entries_under)."""
        if not folder:
            rows = self._db.execute("SELECT path FROM entries WHERE project = ? UNION "
                                    "SELECT path FROM folders WHERE project = ?",
                                    (project, project))
        else:
            bounds = (f"{folder}/", f"{folder}0")
            rows = self._db.execute(
                "SELECT path FROM entries WHERE project = ? AND path >= ? AND path < ? UNION "
                "SELECT path FROM folders WHERE project = ? AND path >= ? AND path < ?",
                (project, *bounds, project, *bounds))
        return {r["path"] for r in rows}

    def folder_stats(self, project: str) -> list[tuple[str, int | None]]:
        """(path, mtime_ns when listed) of every folder the project's walks listed ("" is the
        root); empty for a project indexed before they were recorded, or uploaded."""
        rows = self._db.execute("SELECT path, mtime_ns FROM folders WHERE project = ?",
                                (project,))
        return [(r["path"], r["mtime_ns"]) for r in rows]

    def put_folders(self, project: str, folders: dict[str, int | None], scope: str = "") -> None:
        """Replace the folders a walk listed, all of the project's or (a run of one folder)
        those of `scope` and below, in one transaction: a run killed before leaves the last
        run's, whose mtimes then differ from the disk's and send a check to list them."""
        with self.transaction():
            if scope:
                self._db.execute("DELETE FROM folders WHERE project = ? AND (path = ? OR "
                                 "(path >= ? AND path < ?))",
                                 (project, scope, f"{scope}/", f"{scope}0"))
            else:
                self._db.execute("DELETE FROM folders WHERE project = ?", (project,))
            self._db.executemany("INSERT OR REPLACE INTO folders(project, path, mtime_ns) "
                                 "VALUES (?, ?, ?)",
                                 [(project, path, m) for path, m in folders.items()])

    def put_config(self, project: str, name: str, text: bytes | None) -> None:
        """Keep (None: forget) an uploaded project's repository config file `name` (a
        `.repokb.yml` at its root, redacted): its later uploads are judged by it, as a walk
        judges files by the one it reads."""
        if text is None:
            self._db.execute("DELETE FROM configs WHERE project = ? AND name = ?",
                             (project, name))
        else:
            self._db.execute("INSERT OR REPLACE INTO configs(project, name, text) "
                             "VALUES (?, ?, ?)", (project, name, text))

    def configs(self, project: str) -> dict[str, bytes]:
        """An uploaded project's repository config files: name -> bytes (`put_config`)."""
        rows = self._db.execute("SELECT name, text FROM configs WHERE project = ?", (project,))
        return {str(r["name"]): bytes(r["text"]) for r in rows}

    def record_run(self, project: str, started: float, summary: dict[str, Any]) -> None:
        self._db.execute(
            "INSERT INTO runs(project, started_at, finished_at, summary) VALUES (?, ?, ?, ?)",
            (project, started, time.time(), json.dumps(summary)))

    def record_upload(self, project: str, counts: dict[str, int],
                      window_seconds: float = 600.0) -> None:
        """Uploads come one file at a time: they extend the last run row while it is an upload
        of the same project that ended less than `window_seconds` ago (one folder upload, one
        row), and start a new row otherwise. `summary.upload` marks such rows."""
        with self.transaction():
            self._record_upload(project, counts, window_seconds)

    def _record_upload(self, project: str, counts: dict[str, int],
                       window_seconds: float) -> None:
        now = time.time()
        row = self._db.execute("SELECT * FROM runs ORDER BY id DESC LIMIT 1").fetchone()
        summary = json.loads(row["summary"]) if row is not None else {}
        if (row is not None and row["project"] == project and summary.get("upload")
                and now - row["finished_at"] < window_seconds):
            for key, n in counts.items():
                summary[key] = int(summary.get(key, 0)) + int(n)
            self._db.execute("UPDATE runs SET finished_at = ?, summary = ? WHERE id = ?",
                             (now, json.dumps(summary), row["id"]))
            return
        self.record_run(project, now, {"upload": True, **{k: int(v) for k, v in counts.items()}})

    def last_run(self, project: str | None = None) -> dict[str, Any] | None:
        """The last run (of one project: not another project's run after it)."""
        row = self._db.execute(
            "SELECT * FROM runs WHERE ? IS NULL OR project = ? ORDER BY id DESC LIMIT 1",
            (project, project)).fetchone()
        if row is None:
            return None
        return {"project": row["project"], "started_at": row["started_at"],
                "finished_at": row["finished_at"], "summary": json.loads(row["summary"])}

    # -- entries ----------------------------------------------------------------------------
    def get(self, project: str, path: str) -> Entry | None:
        row = self._db.execute("SELECT * FROM entries WHERE project = ? AND path = ?",
                               (project, path)).fetchone()
        return Entry.from_row(row) if row else None

    def entries(self, project: str) -> dict[str, Entry]:
        rows = self._db.execute("SELECT * FROM entries WHERE project = ?", (project,))
        return {r["path"]: Entry.from_row(r) for r in rows}

    def entries_under(self, project: str, folder: str) -> dict[str, Entry]:
        """The records of a project under `folder` (relative, no trailing slash): a range of
        the primary key, not a LIKE (no escaping of `_` and `%` in names)."""
        low = f"{folder}/"
        rows = self._db.execute("SELECT * FROM entries WHERE project = ? AND path >= ? AND "
                                "path < ?", (project, low, f"{folder}0"))  # "0" follows "/"
        return {r["path"]: Entry.from_row(r) for r in rows}

    def holds_under(self, project: str, folder: str) -> bool:
        """Whether the project records any path under `folder` (as entries_under)."""
        return self._db.execute("SELECT 1 FROM entries WHERE project = ? AND path >= ? AND "
                                "path < ? LIMIT 1", (project, f"{folder}/", f"{folder}0")
                                ).fetchone() is not None

    def written_since(self, project: str, since: float) -> set[str]:
        """The paths of a project recorded at or after `since` (seconds since the epoch, this
        machine's clock, as `put` stamps them): an upload's or a run's files since then."""
        rows = self._db.execute("SELECT path FROM entries WHERE project = ? AND updated_at >= ?",
                                (project, since))
        return {r["path"] for r in rows}

    def put(self, project: str, path: str, *, status: str, reason: str = "",
            is_dir: bool = False, size: int | None = None, mtime_ns: int | None = None,
            content_hash: str | None = None, classification: Classification | None = None,
            chunks: int = 0) -> None:
        c = classification
        self._db.execute(
            "INSERT OR REPLACE INTO entries(project, path, is_dir, status, reason, size, "
            "mtime_ns, content_hash, kind, language, role, policy, classification, chunks, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (project, path, int(is_dir), status, reason, size, mtime_ns, content_hash,
             str(c.kind) if c else None, c.language if c else None,
             str(c.knowledge_role) if c else None, str(c.index_policy) if c else None,
             json.dumps(c.to_dict()) if c else None, chunks, time.time()))

    def delete(self, project: str, paths: Iterable[str]) -> None:
        self._db.executemany("DELETE FROM entries WHERE project = ? AND path = ?",
                             [(project, p) for p in paths])

    def delete_project(self, project: str | None) -> None:
        """Forget a project (None: every project): its files, its root and its runs (a flushed
        project is not the "last run" of `stats`, and its name leaves the catalog)."""
        if project is None:
            self._db.execute("DELETE FROM entries")
            self._db.execute("DELETE FROM folders")
            self._db.execute("DELETE FROM projects")
            self._db.execute("DELETE FROM runs")
            self._db.execute("DELETE FROM configs")
        else:
            self._db.execute("DELETE FROM configs WHERE project = ?", (project,))
            self._db.execute("DELETE FROM entries WHERE project = ?", (project,))
            self._db.execute("DELETE FROM folders WHERE project = ?", (project,))
            self._db.execute("DELETE FROM projects WHERE name = ?", (project,))
            self._db.execute("DELETE FROM runs WHERE project = ?", (project,))

    def chunk_total(self) -> int:
        """Chunks of every project's files: the store's points, read without the store."""
        return int(self._db.execute("SELECT COALESCE(SUM(chunks), 0) FROM entries").fetchone()[0])

    def purge(self) -> None:
        """Leave no byte of a deleted row on disk: write the log into the database (whose pages
        hold zeros where deleted rows were: `secure_delete`) and empty it. Another connection
        in the middle of a read keeps the log from being emptied; its frames are then
        overwritten by the next writes."""
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()

    def match_paths(self, globs: str | Iterable[str],
                    projects: Iterable[str] = ()) -> list[str]:
        """Indexed paths matching a glob or any of several, in the product's one dialect (globs.py).
        SQLite narrows by the globs' literal folders on the key's order; the globs are matched
        here, not by a Python function called from SQL: threads share this connection, and a
        statement calling back into Python waits for the GIL while holding the connection,
        which another thread, holding the GIL, waits for (`repokb serve` hung that way with
        concurrent path-glob searches)."""
        globs = [globs] if isinstance(globs, str) else list(dict.fromkeys(globs))
        for glob in globs:
            try:
                compile_glob(glob)
            except (ValueError, TypeError) as exc:
                raise InputError(f"{glob!r} is not a valid path glob: {exc}",
                                 "Globs are as in .gitignore: src/**/*.py, *.md, docs/") from None
        if not globs:
            return []
        wanted = list(projects)
        key = self._version()
        kept = self._matched if self._matched is not None and self._matched[0] == key else (
            key, {})
        self._matched = kept
        asked = (tuple(globs), tuple(wanted))
        known = kept[1].get(asked)
        if known is not None:
            return list(known)
        sql = "SELECT DISTINCT path FROM entries WHERE status = 'indexed'"
        args: list[str] = []
        if wanted:
            sql += f" AND project IN ({','.join('?' * len(wanted))})"
            args += wanted
        prefixes = [literal_prefix(glob) for glob in globs]
        if all(prefixes):  # "src/" .. "src0": every path under src/ ('0' follows '/')
            sql += " AND (" + " OR ".join(["(path >= ? AND path < ?)"] * len(prefixes)) + ")"
            args += [bound for prefix in prefixes for bound in (prefix, prefix[:-1] + "0")]
        cursor = self._db.cursor()
        cursor.row_factory = None  # plain tuples: a Row's lookup by name, per path, cost more
        rows = cursor.execute(sql + " ORDER BY path", args).fetchall()
        tests = [glob_matcher(glob) for glob in globs]
        found = [path for (path,) in rows if any(test(path) for test in tests)]
        if len(kept[1]) >= _MATCHED_KEPT:
            kept[1].clear()
        kept[1][asked] = found
        return list(found)

    def has_file_named(self, name: str, projects: Iterable[str] = (), exact: bool = False) -> bool:
        """Whether a project (any, or one of `projects`) has a file called `name` (a path's last
        part; in the same case if `exact`), indexed or not: what a question's `response.json`
        is read as (query.file_name). The files' last parts are read in one pass (50,000 paths:
        ~23 ms) and kept until the catalog changes, as project_names() is."""
        if not name or "/" in name:
            return False
        found = self._file_names().get(name.lower(), ())
        wanted = set(projects)
        return any((not wanted or project in wanted) and (not exact or last == name)
                   for project, last in found)

    def _file_names(self) -> dict[str, set[tuple[str, str]]]:
        """Each file's last part, lower-cased -> {(project, the last part as written)}."""
        key = self._version()
        cached = self._last_parts
        if cached is not None and cached[0] == key:
            return cached[1]
        names: dict[str, set[tuple[str, str]]] = {}
        for row in self._db.execute("SELECT project, path FROM entries WHERE is_dir = 0"):
            last = str(row["path"]).rsplit("/", 1)[-1]
            names.setdefault(last.lower(), set()).add((str(row["project"]), last))
        self._last_parts = (key, names)
        return names

    def records(self, project: str | None, decisions: Iterable[str] = (),
                kind: str | None = None, contains: str = "", order: str = "path",
                offset: int = 0, limit: int = 50
                ) -> tuple[int, dict[str, int], list[tuple[Entry, str]]]:
        """A page of records (files and skipped folders) of one project or all, each with its
        decision (`DECISION`): those of `decisions` (any: none given), of `kind`, whose path
        holds `contains` (any case), ordered by `order` (a key of `RECORD_ORDERS`), from
        `offset`. Also their number and how many of each decision the other filters leave."""
        where, args = ["1 = 1"], []
        if project is not None:
            where.append("project = ?")
            args.append(project)
        if kind is not None:
            where.append("kind = ?")
            args.append(kind)
        if contains:  # instr, not LIKE: no escaping of `_` and `%` in what is typed
            where.append("instr(lower(path), ?) > 0")
            args.append(contains.lower())
        sql = " AND ".join(where)
        by_decision = {str(r[0]): int(r[1]) for r in self._db.execute(
            f"SELECT {DECISION} AS d, COUNT(*) FROM entries WHERE {sql} GROUP BY d", args)}
        wanted = list(dict.fromkeys(decisions))
        if wanted:
            sql += f" AND {DECISION} IN ({','.join('?' * len(wanted))})"
            args += wanted
        total = sum(by_decision.get(d, 0) for d in wanted) if wanted else \
            sum(by_decision.values())
        rows = self._db.execute(f"SELECT *, {DECISION} AS decision FROM entries WHERE {sql} "
                                f"ORDER BY {RECORD_ORDERS[order]} LIMIT ? OFFSET ?",
                                (*args, limit, offset))
        return total, by_decision, [(Entry.from_row(r), str(r["decision"])) for r in rows]

    def breakdown(self, column: str, project: str | None = None,
                  status: str | None = None) -> dict[str, int]:
        """Files (not folders) by `column`, of one project or all, of one status or all."""
        if column not in {"kind", "language", "role", "policy", "status", "project"}:
            raise ValueError(column)
        sql = f"SELECT {column} AS k, COUNT(*) AS n FROM entries WHERE is_dir = 0"
        args: tuple[str, ...] = ()
        if project:
            sql += " AND project = ?"
            args = (project,)
        if status:
            sql += " AND status = ?"
            args = (*args, status)
        rows = self._db.execute(sql + f" GROUP BY {column} ORDER BY n DESC", args)
        return {str(r["k"]): r["n"] for r in rows}


def _on_disk(stored: str) -> Path:
    """A project's root as stored (a credential in a folder's name redacted: `redact_path`,
    as a file's path is) where it is on disk."""
    if not stored.startswith("/"):
        return Path(stored)
    if REDACTED_NAME not in stored:  # the common case: no import of the secrets package
        return Path(stored)
    from repokb.secrets.paths import disk_path

    return disk_path(Path("/"), stored.lstrip("/"))


def _redacted(root: str) -> str:
    """A project's root as stored (`redact_path`: a write's, which imports the secrets package
    anyway; a search, which opens the catalog too, does not)."""
    from repokb.secrets.paths import redact_path

    return redact_path(root)

"""Shared fixtures. The real model loads once per session (it is fast, but not free)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.parse
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from platformdirs import user_data_dir

from repokb.embedders.base import Embedder
from repokb.settings import Settings

from .stored_pages import readable_bytes

# Golden inputs are data, not tests (the classifier's golden repository has a tests/ folder).
collect_ignore_glob = ["golden/*"]


# The user's own home (~/.local/share/repokb) is never a test's: a test that forgets the `home`
# fixture (and every subprocess it starts) writes under this session's throwaway home instead,
# a folder of pytest's own temporary root (its basetemp: a worker's under the run's), so that a
# killed run leaves nothing pytest does not clean up (it keeps its last three roots; a
# `mkdtemp` in /tmp was left behind by every killed run, dozens of repokb-test-home-*).
# pytest_sessionfinish fails the run if the user's home appeared during it anyway.
_USER_HOME = Path(user_data_dir("repokb"))
_USER_HOME_EXISTED = _USER_HOME.exists()


@pytest.hookimpl(trylast=True)  # after pytest's tmp_path plugin has read its options
def pytest_configure(config: pytest.Config) -> None:
    factory = config._tmp_path_factory  # type: ignore[attr-defined]
    session_home = factory.getbasetemp() / "session-home"
    session_home.mkdir(exist_ok=True)
    os.environ["REPOKB_HOME"] = str(session_home)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(os.environ["REPOKB_HOME"], ignore_errors=True)
    if not _USER_HOME_EXISTED and _USER_HOME.exists():
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        sys.stderr.write(f"\nrepokb tests wrote into the user's own home {_USER_HOME}: a test "
                         "ran repokb without a temporary REPOKB_HOME (use the `home` fixture)\n")


# No warm owner outlives a test's command (each test's home is gone after it): the tests of the
# warm owner (test_warm_owner.py) turn it on themselves. Subprocesses inherit this.
os.environ["REPOKB_OWNER_IDLE_SECONDS"] = "0"


class HashEmbedder(Embedder):
    """Deterministic stand-in for unit tests where vector quality is irrelevant."""

    name = "hash-test"
    dimension = 384

    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        rows = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
            v = np.random.default_rng(seed).standard_normal(self.dimension).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows)


@pytest.fixture(scope="session")
def real_embedder() -> Embedder:
    """The default model as repokb runs it (int8 compute, derived once into the user cache)."""
    from repokb.embedders import create, load_builtins

    load_builtins()
    return create("minilm-onnx")


@pytest.fixture(scope="session")
def shipped_embedder() -> Embedder:
    """The default model exactly as its package ships it (`embed_int8 = false`)."""
    from repokb.embedders import create, load_builtins

    load_builtins()
    return create("minilm-onnx", int8=False)


@pytest.fixture
def workspace(settings: Settings, real_embedder: Embedder):
    """A workspace on a temp REPOKB_HOME with the real model (shared) and a real store."""
    from repokb.workspace import Workspace

    ws = Workspace(settings)
    ws.__dict__["embedder"] = real_embedder  # share the session's loaded model
    yield ws
    ws.close()


# The model derived for this CPU (int8 compute, optimised graph: ~10 s, ~20 s under load, 44
# MB) as a home keeps it under models/: derived once into the user cache by the session's
# embedder, copied once per worker, and hard-linked into each test's home (`home`,
# `with_models`), so a command run there loads it instead of deriving it again. The tests of
# the derivation itself use a home of their own (test_cli_messages, test_embedder).
_SEEDED: dict[Path, tuple[int, int, int]] = {}  # a seeded copy's path -> (inode, size, mtime)


@pytest.fixture(scope="session")
def derived_models(tmp_path_factory: pytest.TempPathFactory, real_embedder: Embedder) -> Path:
    """This worker's copy of the derived model files (a folder of pytest's basetemp)."""
    from platformdirs import user_cache_dir

    cache = Path(user_cache_dir("repokb")) / "models"  # where `real_embedder` derived them
    kept = tmp_path_factory.mktemp("derived-models")
    for path in cache.iterdir():
        if "int8" in path.name or path.name == "digests.json":
            shutil.copy2(path, kept / path.name)
            st_ = (kept / path.name).stat()
            _SEEDED[kept / path.name] = (st_.st_ino, st_.st_size, st_.st_mtime_ns)
    return kept


def with_models(home: Path, models: Path) -> Path:
    """`home` holding the derived model (`derived_models`), as a home does after its first
    command; `home`. Hard links: nothing is copied, and repokb never writes a model file in
    place (a new copy replaces the old: digests.publish)."""
    target = home / "models"
    target.mkdir(parents=True, exist_ok=True, mode=0o700)
    home.chmod(0o700)
    for path in models.iterdir():
        if path.name == "digests.json":  # rewritten by each home: its own copy
            shutil.copy2(path, target / path.name)
        else:
            os.link(path, target / path.name)
    return home


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, derived_models: Path) -> Path:
    """A fresh REPOKB_HOME holding only the derived model (see `with_models`)."""
    path = with_models(tmp_path / "home", derived_models)
    monkeypatch.setenv("REPOKB_HOME", str(path))
    return path


@pytest.fixture
def settings(home: Path) -> Settings:
    return Settings.load()


@dataclass(frozen=True)
class ShardLoad:
    """One load of the store's shard (not the answer cache's): its folder, and the thread."""

    path: Path
    thread: str


@pytest.fixture
def shard_loads(monkeypatch: pytest.MonkeyPatch) -> list[ShardLoad]:
    """Each load of the store's shard from here on, as it happens (`.clear()` to start over)."""
    from repokb.stores import qdrant_edge  # the engine only where a test asks for it

    loads: list[ShardLoad] = []
    real = qdrant_edge.opened

    def counted(path: Path, *args: Any) -> Any:
        loads.append(ShardLoad(path, threading.current_thread().name))
        return real(path, *args)

    monkeypatch.setattr(qdrant_edge, "opened", counted)
    return loads


def write(root: Path, rel: str, content: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")
    return path


def write_tree(root: Path, tree: dict[str, str]) -> Path:
    """Write each file of `tree` (path under `root` -> content, as `write` does); `root`."""
    for rel, content in tree.items():
        write(root, rel, content)
    return root


def written_files(folder: Path) -> list[Path]:
    """Every file under `folder` (a home: store, catalog, caches, logs), but a hard link of the
    derived model as `home` put it there (its inode, size and mtime unchanged: bytes repokb did
    not write, 44 MB that each search for a value would read again)."""
    seeded = set(_SEEDED.values())

    def written(path: Path) -> bool:
        st_ = path.stat()
        return (st_.st_ino, st_.st_size, st_.st_mtime_ns) not in seeded

    return [p for p in sorted(folder.rglob("*")) if p.is_file() and written(p)]


def every_byte(folder: Path) -> bytes:
    """Every byte of every file under `folder` that repokb wrote (`written_files`), for a
    test that no secret reaches any of them; the store's LZ4 pages also as their values read
    back (`readable_bytes`: a repeated run is a back-reference there, not its bytes)."""
    return b"\n".join(readable_bytes(p) for p in written_files(folder))


def leaked(folder: Path, text: str, width: int = 12) -> list[str]:
    """The `width`-byte windows of `text` (every `width // 2` bytes) found anywhere under
    `folder`: raw, or in a payload value decompressed (`every_byte`: tests/stored_pages.py)."""
    raw = text.encode()
    haystack = every_byte(folder)
    windows = {raw[i:i + width] for i in range(0, max(1, len(raw) - width + 1), width // 2)}
    return sorted(w.decode(errors="replace") for w in windows if w in haystack)


def write_shop(root: Path, tests: bool = False) -> Path:
    """A small shop project at `root`: four `compute_<topic>` functions, a refunds page and,
    with `tests`, a test of each function."""
    for i, topic in enumerate(["refund", "invoice", "shipping", "discount"]):
        write(root, f"shop/{topic}.py",
              f'def compute_{topic}(order):\n    """Compute the {topic} of an order."""\n'
              f"    return order.total * {i + 2}\n")
        if tests:
            write(root, f"tests/test_{topic}.py",
                  f"def test_{topic}():\n    assert compute_{topic}(Order(total=10)) == "
                  f"{10 * (i + 2)}\n")
    write(root, "docs/refunds.md", "# Refunds\n\nHow a customer gets a refund for an order, "
          "and who approves it.\n")
    return root


def killed_in_dense_pass(monkeypatch: pytest.MonkeyPatch, ws: Any, roots: Any,
                         at_page: int = 2) -> None:
    """Run `ws`'s indexer over `roots`, killed (KeyboardInterrupt) as its dense pass writes its
    `at_page`-th page of vectors: what a run interrupted mid-embedding leaves behind."""
    store_type = type(ws.store)
    real_fill = store_type.fill_dense
    pages: list[int] = []

    def crash(store: Any, vectors: dict[str, list[float]]) -> None:
        pages.append(len(vectors))
        if len(pages) == at_page:
            raise KeyboardInterrupt  # killed mid-way through the dense pass
        real_fill(store, vectors)

    monkeypatch.setattr(store_type, "fill_dense", crash)
    try:
        with pytest.raises(KeyboardInterrupt):
            ws.indexer.run(roots)
    finally:
        monkeypatch.setattr(store_type, "fill_dense", real_fill)


def cases(names: str | tuple[str, ...], rows: list[Any], named_by: int = 0) -> Any:
    """`pytest.mark.parametrize` over a table of cases (MUST_REDACT, MUST_KEEP ...), each id
    the row's field `named_by` (its language, usually) and the row's number."""
    return pytest.mark.parametrize(names, rows,
                                   ids=[f"{row[named_by]}{i}" for i, row in enumerate(rows)])


def chunks(language: str, source: str) -> list[Any]:
    """The pieces the built-in chunker of `language` cuts `source` into, dedented and without
    its first newline (a test's triple-quoted sample)."""
    from repokb.chunkers import chunker_for

    chunker = chunker_for(language)
    assert chunker is not None, language
    return chunker.chunk(textwrap.dedent(source).lstrip("\n"))


def assert_redacted(text: str, mode: str, language: str | None, *values: str) -> Any:
    """Redact `text` as the pipeline does: none of `values` is left, the redaction marker
    stands in their place, and no line is added or lost (hits keep their line numbers).
    Returns the result for a test's own further checks."""
    from repokb.rules.secret_patterns import REDACTED
    from repokb.secrets import redact

    result = redact(text, mode, language)
    for value in values:
        assert value not in result.text, result.text
    assert REDACTED in result.text, result.text
    assert result.text.count("\n") == text.count("\n")
    return result



@contextmanager
def app_client(embedder: Any, key: str) -> Iterator[Any]:
    """A client of the REST app (FastAPI's TestClient) over a workspace of the current home,
    with `embedder` (a session's loaded model) and the API key `key`; its `ops` is the
    operations layer behind it (for a `repokb index` of the same tree)."""
    from fastapi.testclient import TestClient

    from repokb.operations import Operations
    from repokb.surfaces.server.app import create_app
    from repokb.workspace import Workspace

    ws = Workspace(Settings.load(api_key=key))
    ws.__dict__["embedder"] = embedder
    ops = Operations(ws)
    try:
        with TestClient(create_app(ops), raise_server_exceptions=False,
                        base_url="http://127.0.0.1:8765", headers={"x-api-key": key}) as client:
            client.ops = ops  # type: ignore[attr-defined]
            yield client
    finally:
        ws.close()


def classify_file(root: Path, rel: str, content: str | bytes) -> Any:
    """Write `content` at `rel` under `root` and classify it as a walk would (project "p")."""
    from repokb.models import SourceFile
    from repokb.pipeline.classify import classify

    path = write(root, rel, content)
    st_ = path.stat()
    return classify(SourceFile("p", root, rel, st_.st_size, st_.st_mtime_ns))


def assert_classified(root: Path, rel: str, content: str | bytes, **expected: Any) -> Any:
    """`classify_file`, then the fields named in `expected` (kind, subkind, language,
    index_policy ...) are as given; a failure shows the classifier's reasons. Returns the
    classification."""
    c = classify_file(root, rel, content)
    assert {name: getattr(c, name) for name in expected} == expected, c.reasons
    return c


@pytest.fixture
def mixed_repo(tmp_path: Path) -> Path:
    """A small mixed project: Python, Markdown, YAML, a vendored dir, a binary, a secret."""
    root = tmp_path / "shop"
    write(root, "src/shop/db.py", '''
        """Database access for the shop."""

        import sqlite3


        def connect_with_timeout(url: str, timeout_seconds: float = 30.0) -> sqlite3.Connection:
            """Open a database connection that gives up after the configured timeout."""
            return sqlite3.connect(url, timeout=timeout_seconds)


        class InvoiceRepository:
            """Stores and loads invoices."""

            def __init__(self, conn: sqlite3.Connection) -> None:
                self.conn = conn

            def total_for_customer(self, customer_id: int) -> float:
                """Sum of all invoice amounts of one customer."""
                row = self.conn.execute(
                    "SELECT SUM(amount) FROM invoices WHERE customer = ?", (customer_id,)
                ).fetchone()
                return float(row[0] or 0.0)
        ''')
    write(root, "src/shop/mail.py", '''
        """Outgoing email."""


        def send_password_reset_email(address: str, token: str) -> None:
            """Email a password reset link containing a one-time token to the user."""
            link = f"https://shop.example/reset?token={token}"
            print(f"to {address}: reset your password at {link}")
        ''')
    write(root, "tests/test_db.py", '''
        from shop.db import connect_with_timeout


        def test_connect_uses_timeout(tmp_path):
            conn = connect_with_timeout(str(tmp_path / "x.db"), timeout_seconds=1.0)
            assert conn is not None
        ''')
    write(root, "docs/install.md", '''
        # Shop

        An online shop backend.

        ## Installation with Docker

        Build the image with `docker build -t shop .` and start it with
        `docker run -p 8000:8000 shop`. The container listens on port 8000.

        ## Running the tests

        Install the development requirements and run pytest from the repository root.
        ''')
    write(root, "config/app.yaml", '''
        database:
          url: postgres://db.internal/shop
          pool_size: 10
          connection_timeout_seconds: 30
        mail:
          sender: noreply@shop.example
        ''')
    write(root, "node_modules/leftpad/index.js", "module.exports = function leftpad() {};\n")
    write(root, "assets/logo.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    write(root, ".env", "DATABASE_PASSWORD=hunter2-very-secret\n")
    write(root, ".gitignore", "*.tmp\n")
    write(root, "scratch.tmp", "temporary notes that must not be indexed\n")
    return root


def run_cli(*args: str) -> tuple[int, str, str]:
    """Run the CLI as a user would (error handling included), capturing output."""
    import contextlib
    import io
    import sys

    from repokb.surfaces import cli

    stdout, stderr = io.StringIO(), io.StringIO()
    argv = sys.argv
    sys.argv = ["repokb", *args]
    code = 0
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            cli.out.file = stdout
            cli.err.file = stderr
            try:
                cli.main()
            except SystemExit as exc:
                code = int(exc.code or 0)
    finally:
        sys.argv = argv
        cli.out.file = None  # type: ignore[assignment]
        cli.err.file = None  # type: ignore[assignment]
    return code, stdout.getvalue(), stderr.getvalue()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve_process(home: Path, *, api_key: str = "test-key", allow_roots: tuple[Path, ...] = (),
                  command: str = "serve") -> Iterator[str]:
    """A real `repokb serve` (or `repokb proxy`) on loopback (a free port); yields its base URL
    once the server says it answers (its `repokb: ready at` line), stops it after. Its output
    is kept in `serve-<port>.log` beside `home`. With `api_key` set (the default), every
    request but the dashboard's shell and /healthz needs it."""
    import httpx

    from repokb.surfaces.server import READY

    port = free_port()
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_API_KEY": api_key}
    args = [sys.executable, "-m", "repokb", command, "--host", "127.0.0.1", "--port", str(port)]
    probe = "/healthz" if command == "serve" else "/proxy/stats"
    for root in allow_roots:
        args += ["--allow-root", str(root)]
    home.mkdir(parents=True, exist_ok=True)
    log = (home.parent / f"serve-{port}.log").open("w+")
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace")
    ready = threading.Event()

    def copy_output() -> None:  # to the log, as it comes; the ready line sets `ready`
        assert proc.stdout is not None
        for line in proc.stdout:
            log.write(line)
            log.flush()
            if line.startswith(READY):
                ready.set()

    copier = threading.Thread(target=copy_output, daemon=True)
    copier.start()
    url = f"http://127.0.0.1:{port}"
    try:
        # The start loads the model, the store and the app: seconds, minutes on a loaded
        # machine (the five-minute ceiling only ends a hung start).
        deadline = time.monotonic() + 300
        while not ready.wait(1.0):
            if proc.poll() is not None or time.monotonic() > deadline:
                copier.join(5)
                log.seek(0)
                raise RuntimeError(f"repokb {command} did not start (exit status "
                                   f"{proc.returncode}):\n{log.read()}")
        key = {"x-api-key": api_key} if api_key else {}
        assert httpx.get(f"{url}{probe}", headers=key, timeout=30).status_code == 200
        yield url
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        copier.join(10)  # the rest of the output, to the log
        if proc.stdout is not None and not copier.is_alive():
            proc.stdout.close()
        log.close()


os.environ.setdefault("COLUMNS", "200")


def invoke(*args: str) -> str:
    """Run a CLI command through Typer's runner; it must succeed. Returns its stdout."""
    from typer.testing import CliRunner

    from repokb.surfaces.cli import app

    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.stdout


def answered(*args: str) -> str:
    """The contents of the hits of `repokb search ARGS --json` (a query and its options), one
    after the other: what a reader of the answers sees."""
    query, *options = args
    return "\n".join(h["content"] for h in json.loads(invoke("search", query, "--json",
                                                            *options)))


def assert_never_stored(home: Path, project: Path, values: Iterable[str],
                        queries: Iterable[str], files: int) -> None:
    """Index `project` (its `files` files all indexed, redacted rather than blocked), explain
    each and search for every value and each of `queries`, as an attacker reading the home
    and the answers would: no value may be in any byte under `home` or in any answer."""
    indexed = invoke("index", str(project), "--json")
    found = {f["path"]: f for f in json.loads(indexed)["files"]}
    assert len(found) == files, found
    assert all(f["chunks"] > 0 for f in found.values()), found  # redacted, not blocked
    values = list(values)
    outputs = [indexed, *(invoke("explain", str(project / path), "--json") for path in found)]
    outputs += [invoke("search", query, "--json", "--limit", "20")
                for query in (*values, *queries)]
    assert_nowhere(home, values, outputs)


def encoded_forms(value: str) -> list[str]:
    """`value` as written, and as base64 (standard and URL-safe) and URL-encoding write it: the
    forms an attacker greps for besides the raw one."""
    raw = value.encode()
    return list(dict.fromkeys((value, base64.b64encode(raw).decode(),
                               base64.urlsafe_b64encode(raw).decode(),
                               urllib.parse.quote(value, safe=""))))


def assert_nowhere(home: Path, values: Iterable[str], outputs: Iterable[str]) -> None:
    """No value, raw or encoded (`encoded_forms`), in any byte under `home` nor in any of
    `outputs` (the answers a reader saw)."""
    stored, outputs = every_byte(home), list(outputs)
    for value in values:
        for form in encoded_forms(value):
            assert form.encode() not in stored, f"{value[:6]}... stored as {form[:6]}..."
            assert all(form not in out for out in outputs), f"{value[:6]}... shown as {form[:6]}..."

"""Search latency of `repokb serve` under a bounded loopback load while an index job runs.

    python bench/serve_load.py [--tree PATH] [--clients 8] [--seconds 30] [--no-job]
                               [--seed PATH | --home DIR] [--repeat]

Starts a real server on 127.0.0.1 (fresh REPOKB_HOME), indexes this repository's `src/` so that
searches have something to find, then starts an index job on TREE (default: Python's standard
library, big enough to keep the job busy for the whole window) and, while it runs, lets CLIENTS
threads each send search requests back to back (closed loop, one connection each) for SECONDS.
Latency is measured at the client: HTTP round trip, query embedding and hybrid search included.
`--rate R` paces each client instead (open loop): its searches start at Poisson arrival times,
R a second on average (seeded per client), and each latency counts from the moment its search
was due, so a server that falls behind is charged for the wait (no coordinated omission). Eight
agents each searching a few times a second are such a load; the closed loop is saturation.
`--processes` runs each client in a process of its own (agents are separate processes) instead
of a thread of this one (measured: the same latencies, so the clients' shared interpreter lock
is not part of what the threads measure). `--no-job` measures the same load with no index job
running (the idle figures); `--seed` indexes another folder first instead of `src/`
(bench/bench.py --quick seeds with its tiny tree); `--home` serves an existing REPOKB_HOME as
it is (no seed; the job writes into it, so pass a copy: e.g. `cp -a` of a finished Django
index, to measure searches at that size).
Prints one Markdown table.

Memory: the server's and the index worker's own peaks (VmHWM), and the server and its worker
together at one moment, sampled four times a second from the job's start to the window's end:
their RSS summed, their PSS summed (a page both map, a library or the model's file, counted once,
split between them: the fairer sum) and their anonymous memory (heap, Python objects, the model's
arena; not the store's files, which the server maps and the system can drop and read again).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import queue
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import light_client

REPO = Path(__file__).resolve().parents[1]
KEY = "bench"
KEYED = {"x-api-key": KEY}  # a server with a key wants it on every request
QUERIES = [
    "how is the configuration loaded", "where are errors handled", "hybrid search fusion",
    "database connection timeout", "parse command line arguments", "read a file from disk",
    "secret detection in file content", "how are chunks embedded", "qdrant edge shard",
    "classify a file by extension", "incremental indexing skips unchanged files",
    "markdown heading sections", "RRF reciprocal rank fusion", "serve the dashboard",
    "cómo se configura la base de datos", "tree-sitter python chunker",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_job(http: httpx.Client, job_id: str) -> dict:
    while (job := http.get(f"/knowledge/jobs/{job_id}").json())["status"] in ("queued", "running"):
        time.sleep(0.5)
    return job


def wait_dense(http: httpx.Client) -> None:
    """Until the points waiting for a dense vector fall: the dense pass has begun."""
    most = 0
    for _ in range(3000):
        pending = http.get("/knowledge/stats").json().get("dense_pending", 0)
        if 0 < pending < most:
            return
        most = max(most, pending)
        time.sleep(0.2)
    raise SystemExit("the job's dense pass did not start within 10 minutes")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), all threads."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU time all processes on the machine have used since boot (/proc/stat), in seconds."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = values[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> dict[str, float]:
    """A live process's resident memory now, in MB (Linux /proc/PID/smaps_rollup): `Rss`, `Pss`
    (each page it shares divided among the processes mapping it) and `Anonymous` (not backed by
    a file); {} once gone."""
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
    except OSError:
        return {}
    fields = (line.split() for line in lines)
    return {f[0].rstrip(":"): int(f[1]) / 1024 for f in fields
            if len(f) == 3 and f[0].rstrip(":") in ("Rss", "Pss", "Anonymous")}


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """A live process's resident memory (VmRSS) or its peak (VmHWM), in MB; 0 once gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return 0.0
    return next((int(line.split()[1]) / 1024 for line in lines if line.startswith(field + ":")),
                0.0)


class Children:
    """The server's child processes (its index worker), sampled four times a second from
    `watch`: their CPU time and peak RSS, and the peaks of the server's memory and theirs
    together (RSS, PSS, anonymous; each summed at one moment)."""

    def __init__(self, pid: int, every: float = 0.25) -> None:
        self.pid, self.every = pid, every
        self.cpu: dict[int, float] = {}  # child pid -> CPU seconds when last seen
        self.start: dict[int, float] = {}  # ... at the window's start (0: born in it)
        self.peak_mb = 0.0  # a child's own peak
        # server + children, at one moment: the highest sums seen
        self.family_peak = {"Rss": 0.0, "Pss": 0.0, "Anonymous": 0.0}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def pids(self) -> list[int]:
        pids = []
        for task in Path(f"/proc/{self.pid}/task").glob("*/children"):
            pids += [int(p) for p in task.read_text().split()]
        return pids

    def sample(self) -> None:
        totals = memory_mb(self.pid)
        for pid in self.pids():
            try:
                self.cpu[pid] = cpu_seconds(pid)
            except OSError:
                continue
            self.peak_mb = max(self.peak_mb, rss_mb(pid, "VmHWM"))
            for name, mb in memory_mb(pid).items():
                totals[name] = totals.get(name, 0.0) + mb
        for name, mb in totals.items():
            self.family_peak[name] = max(self.family_peak[name], mb)

    def watch(self) -> None:
        """Start sampling (memory peaks count from now)."""
        self.sample()
        self.thread.start()

    def open_window(self) -> None:
        self.sample()
        self.start = dict(self.cpu)

    def _sample(self) -> None:
        while not self.stop.wait(self.every):
            self.sample()

    def window_cpu(self) -> float:
        self.stop.set()
        self.sample()
        return sum(cpu - self.start.get(pid, 0.0) for pid, cpu in self.cpu.items())


class Deadline:
    """The window's end for client threads (a multiprocessing Value's `value` for processes)."""

    value = 0.0


def run_client(n: int, url: str, rate: float, repeat: bool, clients: int, ready: Any, go: Any,
               deadline: Any) -> tuple[list[float], list[str], float, list[float], float]:
    """One client: connected and served once, then, once the window opens (`ready` passed,
    `go` set, `deadline.value` its end), searches until the end: paced at `rate` a second
    (Poisson, latency from each search's due time) or back to back. Its latencies (ms), its
    errors, its process's CPU time when the window opened, how late (ms) it sent each paced
    search, and its own thread's CPU time in the window."""
    arrivals = random.Random(n)
    latencies: list[float] = []
    errors: list[str] = []
    late: list[float] = []
    with httpx.Client(base_url=url, timeout=30, headers=KEYED) as c:
        # connected and served once before the window: the clients' own start-up (a
        # connection, an SSL context each) is not charged to the server
        c.post("/knowledge/search", json={"query": f"warm-up {n}", "limit": 10})
        ready.wait(timeout=300)
        go.wait(timeout=60)
        end = deadline.value
        cpu, own = time.process_time(), time.thread_time()
        due = time.perf_counter()
        i = n
        while True:
            if rate:  # the next search is due at its arrival time
                due += arrivals.expovariate(rate)
                if due >= end:
                    break
                time.sleep(max(0.0, due - time.perf_counter()))
            elif time.perf_counter() >= end:
                break
            query = QUERIES[i % len(QUERIES)]
            if repeat:
                i += 1
            else:  # no two requests share a text
                query = f"{query} {i}"
                i += clients
            sent = time.perf_counter()
            started = due if rate else sent
            if rate:
                late.append((sent - due) * 1000)
            try:
                r = c.post("/knowledge/search", json={"query": query, "limit": 10})
                ok = r.status_code == 200 and isinstance(r.json(), list)
                problem = None if ok else f"HTTP {r.status_code}"
            except httpx.HTTPError as exc:
                problem = type(exc).__name__
            latencies.append((time.perf_counter() - started) * 1000)
            if problem:
                errors.append(problem)
        own = time.thread_time() - own
    return latencies, errors, cpu, late, own


def client(*args: Any) -> None:
    """run_client, its results onto the queue (its last argument) with the CPU its process used
    in the window (counted only for a client that is a process of its own); a client that
    fails is reported with the results, not lost in its thread or process."""
    *given, results = args
    try:
        latencies, errors, cpu, late, own = run_client(*given)
    except Exception as exc:  # noqa: BLE001
        latencies, errors, late = [], [f"client failed: {type(exc).__name__}: {exc}"], []
        cpu = own = 0.0
    results.put((latencies, errors, time.process_time() - cpu, late, own))


def poll_stats(url: str, every: float, go: Any, deadline: Any, polls: list[float]) -> None:
    """GET /knowledge/stats every `every` s through the window (a dashboard tab's poll)."""
    go.wait()
    with httpx.Client(base_url=url, timeout=30, headers=KEYED) as http:
        while (now := time.perf_counter()) < deadline.value:
            http.get("/knowledge/stats").raise_for_status()
            polls.append(1000 * (time.perf_counter() - now))
            time.sleep(max(0.0, every - (time.perf_counter() - now)))


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], p: int) -> float:
    """As the other benchmarks compute it (statistics.quantiles, exclusive method)."""
    return statistics.quantiles(values, n=100)[p - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(sysconfig.get_paths()["stdlib"]))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--repeat", action="store_true",
                        help="Send only the 16 questions, again and again (the server then "
                        "re-uses their query vectors); by default each request's text is new "
                        "(a question plus a running number), so each one is embedded.")
    parser.add_argument("--processes", action="store_true",
                        help="Each client in its own process (agents are separate processes), "
                        "instead of threads of this one, which share its interpreter lock.")
    parser.add_argument("--client", choices=("threads", "asyncio"), default="threads",
                        help="threads: a thread (or with --processes a process) per client, "
                        "each an httpx client parsing every answer (~3 ms of CPU a search on "
                        "the cores the server shares); asyncio: bench/light_client.py, every "
                        "client a coroutine of one thread on a kept-alive connection, requests "
                        "encoded before the window, answers checked by status and first byte. "
                        "Same pacing, same texts, the same clock (due time -> last byte).")
    parser.add_argument("--memory-every", type=float, default=0.25,
                        help="Seconds between two samples of the server's and its worker's "
                        "memory (/proc/PID/smaps_rollup: the kernel walks the server's "
                        "mappings, ~10 ms of CPU a sample at Django's size, in this process).")
    parser.add_argument("--no-job", action="store_true", help="No index job during the window.")
    parser.add_argument("--rate", type=float, default=0.0,
                        help="Searches a second per client, at Poisson arrival times (open "
                        "loop; latency from each search's due time). 0: back to back.")
    parser.add_argument("--seed", type=Path, default=REPO / "src",
                        help="What is indexed before the window (default: repokb's src/).")
    parser.add_argument("--dense", action="store_true",
                        help="Start the window once the job's dense pass runs (its points "
                        "waiting for a vector fall), not while it writes BM25 points first.")
    parser.add_argument("--stats-every", type=float, default=0.0,
                        help="Seconds between two GET /knowledge/stats during the window, as "
                        "open dashboard tabs poll it (static/app.js STATS_EVERY_MS: 5 s a tab); "
                        "0: none.")
    parser.add_argument("--home", type=Path,
                        help="Serve this existing REPOKB_HOME (not seeded, not deleted; the "
                        "job writes into it: pass a copy).")
    args = parser.parse_args()

    home = args.home.resolve() if args.home else Path(tempfile.mkdtemp(prefix="repokb-serve-load-"))
    if not args.home and not args.no_job and args.tree.resolve() == args.seed.resolve():
        # the job indexes a copy (bench.py --quick seeds with the tree it then indexes): one
        # folder is one project, so the seeded folder again as another project is refused
        copy = Path(tempfile.mkdtemp(prefix="repokb-serve-load-tree-")) / args.tree.name
        shutil.copytree(args.tree, copy, symlinks=True)
        args.tree = copy
    else:
        copy = None
    port = free_port()
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_API_KEY": KEY}
    server = subprocess.Popen(
        [sys.executable, "-m", "repokb", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--allow-root", str(REPO), "--allow-root", str(args.tree.resolve()),
         "--allow-root", str(args.seed.resolve())],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=url, timeout=30, headers=KEYED) as http:
            for _ in range(300):
                if server.poll() is not None:
                    raise SystemExit(f"repokb serve exited with {server.returncode}")
                try:
                    if http.get("/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.2)
            else:
                raise SystemExit("repokb serve did not answer /healthz within a minute")
            for _ in range(600):  # a server copies the dense vectors in the background first
                if http.get("/knowledge/activity").json().get("dense_copy", 0) is not None:
                    break
                time.sleep(0.1)
            if args.home:
                seeded = {"summary": {"chunks_embedded": http.get("/knowledge/stats").json()[
                    "points"]}}
                job = None
            else:
                seed = http.post("/knowledge/index", json={"path": str(args.seed.resolve()),
                                                           "project": "repokb"}).json()
                seeded = wait_job(http, seed["id"])
                job = {"id": seed["id"]}  # --no-job: the finished seed job stands in, unchanged
            children = Children(server.pid, args.memory_every)
            children.watch()  # from the job's start: its memory peak may come before the window
            if not args.no_job:
                job = http.post("/knowledge/index", json={"path": str(args.tree.resolve()),
                                                          "project": "load"}).json()
                while http.get(f"/knowledge/jobs/{job['id']}").json()["done"] == 0:
                    time.sleep(0.1)  # the job is walking and embedding before the load starts
                if args.dense:
                    wait_dense(http)
            before = (http.get(f"/knowledge/jobs/{job['id']}").json() if job
                      else {"done": 0, "status": "none"})
            stats_before = http.get("/knowledge/stats").json()
            copy_before = http.get("/knowledge/activity").json().get("dense_copy")

            # the window opens once every client is connected and served once: its clock and
            # CPU counters start then, so the warm-ups are charged to nobody
            window: dict[str, float] = {}
            ready: Any
            go: Any
            deadline: Any
            results: Any
            clients: list[Any]
            if args.client == "asyncio":
                ready, go, deadline = threading.Barrier(2), threading.Event(), Deadline()
                results = queue.SimpleQueue()
                clients = [threading.Thread(target=light_client.run_clients, args=(
                    port, KEY, QUERIES, args.clients, args.rate, args.repeat, args.seconds,
                    ready, go, deadline, results))]
            elif args.processes:
                context = multiprocessing.get_context("spawn")
                ready, go = context.Barrier(args.clients + 1), context.Event()
                deadline, results = context.Value("d", 0.0), context.Queue()
                clients = [context.Process(target=client, args=(
                    n, url, args.rate, args.repeat, args.clients, ready, go, deadline, results))
                    for n in range(args.clients)]
            else:
                ready, go, deadline = (threading.Barrier(args.clients + 1), threading.Event(),
                                       Deadline())
                results = queue.SimpleQueue()
                clients = [threading.Thread(target=client, args=(
                    n, url, args.rate, args.repeat, args.clients, ready, go, deadline, results))
                    for n in range(args.clients)]
            polls: list[float] = []  # each stats poll's latency (ms)
            if args.stats_every:
                clients.append(threading.Thread(target=poll_stats, args=(
                    url, args.stats_every, go, deadline, polls)))
            for c in clients:
                c.start()
            ready.wait(timeout=300)
            children.open_window()
            window.update(load=os.getloadavg()[0], server=cpu_seconds(server.pid),
                          busy=machine_busy_seconds(), own=own_cpu_seconds())
            deadline.value = time.perf_counter() + args.seconds
            go.set()
            latencies: list[float] = []
            errors: list[str] = []
            late: list[float] = []
            process_cpu = threads_cpu = 0.0
            for _ in range(args.clients):  # each client's results, as it ends
                lat, errs, cpu, sent_late, own = results.get(timeout=args.seconds + 300)
                latencies += lat
                errors += errs
                late += sent_late
                threads_cpu += own
                if args.processes:  # a thread's is this process's, counted below
                    process_cpu += cpu
            for c in clients:
                c.join()
            server_cpu = cpu_seconds(server.pid) - window["server"]
            worker_cpu = children.window_cpu()
            clients_cpu = own_cpu_seconds() - window["own"] + process_cpu
            others_cpu = (machine_busy_seconds() - window["busy"] - server_cpu - worker_cpu
                          - clients_cpu)
            load_after = os.getloadavg()[0]
            after = (http.get(f"/knowledge/jobs/{job['id']}").json() if job
                     else {"done": 0, "status": "none"})
            stats_after = http.get("/knowledge/stats").json()
            server_peak_mb = rss_mb(server.pid, "VmHWM")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        if not args.home:
            shutil.rmtree(home, ignore_errors=True)  # a full index of the tree
        if copy is not None:
            shutil.rmtree(copy.parent, ignore_errors=True)

    state = "still running" if after["status"] == "running" else after["status"]
    rows = [("cores", os.cpu_count()),
            ("load average (1 min) before / after the window",
             f"{window['load']:.1f} / {load_after:.1f}"),
            ("clients (loopback)", f"{args.clients} " + (
                "coroutines of one thread (asyncio)" if args.client == "asyncio"
                else "processes" if args.processes else "threads of one process") + ", " + (
                f"open loop: {args.rate:g} searches/s each at Poisson times, "
                f"{args.clients * args.rate:g}/s offered" if args.rate
                else "closed loop: back to back")),
            ("questions", "16, repeated" if args.repeat else "a new text each request"),
            ("window", f"{args.seconds:.0f} s"),
            (f"seed index ({args.home or args.seed})",
             f"{seeded['summary']['chunks_embedded']} chunks"),
            ("index job during the window",
             "none (--no-job)" if args.no_job else f"{args.tree} ({state} at the end"
             + ("; window in its dense pass)" if args.dense else ")")),
            ("files the job walked during the window", after["done"] - before["done"]),
            ("chunks it wrote during the window", stats_after["points"] - stats_before["points"]),
            ("points waiting for a dense vector, before / after the window",
             f"{stats_before.get('dense_pending', 0)} / {stats_after.get('dense_pending', 0)}"),
            ("server CPU during the window", f"{server_cpu:.1f} s "
             f"({1000 * server_cpu / max(1, len(latencies)):.1f} ms per search, job included)"),
            ("index worker's CPU during the window (its own process)", f"{worker_cpu:.1f} s"),
            ("server's peak RSS (VmHWM, since it started) / the index worker's",
             f"{server_peak_mb:.0f} / {children.peak_mb:.0f} MB"),
            ("server and worker together at one moment, highest from the job's start to the "
             "window's end: RSS / PSS / anonymous",
             " / ".join(f"{children.family_peak[k]:.0f}" for k in ("Rss", "Pss", "Anonymous"))
             + " MB"),
            ("dense copy at the window's start (vectors)", copy_before),
            ("clients' CPU during the window (" + (
                "one process each)" if args.processes and args.client == "threads"
                else "this process)"),
             f"{clients_cpu:.1f} s ({1000 * clients_cpu / max(1, len(latencies)):.2f} ms per "
             "search)"),
            ("of it, the clients' own threads (their loops, HTTP, checks: not this process's "
             "sampling of the server's memory)",
             f"{threads_cpu:.1f} s ({1000 * threads_cpu / max(1, len(latencies)):.2f} ms per "
             "search)"),
            ("clients late to send a paced search: mean / p99", (
                f"{statistics.fmean(late):.2f} / {percentile(late, 99):.2f} ms"
                if len(late) > 1 else "n/a (back to back)")),
            ("other processes' CPU during the window (not repokb's)", f"{others_cpu:.1f} s"),
            ("stats polls during the window: every / count / p50 / max", (
                f"{args.stats_every:g} s / {len(polls)} / {statistics.median(polls):.1f} / "
                f"{max(polls):.1f} ms" if polls else "none"))]
    print("| setting | value |\n| --- | --- |")
    for name, value in rows:
        print(f"| {name} | {value} |")
    print("\n| searches | errors | throughput | p50 | p95 | p99 | max |\n"
          "| --- | --- | --- | --- | --- | --- | --- |")
    print(f"| {len(latencies)} | {len(errors)} | {len(latencies) / args.seconds:.1f}/s | "
          f"{statistics.median(latencies):.1f} ms | {percentile(latencies, 95):.1f} ms | "
          f"{percentile(latencies, 99):.1f} ms | {max(latencies):.1f} ms |")
    if errors:
        print("errors:", sorted(set(errors)))


if __name__ == "__main__":
    main()

"""serve_load.py's light load generator (`--client asyncio`): every client a coroutine of one
thread, each with its own kept-alive connection (asyncio streams), its requests encoded before
the window, its response read by Content-Length and checked by its status and first byte (a
JSON list), not parsed. The same pacing as the threads' client (Poisson arrivals seeded per
client, the same texts in the same order) and the same clock: each latency counts from the
moment its search was due to the last byte of its response, so a client that wakes late is
charged as before. What differs is the client's own CPU (no httpx, no thread per client, no
JSON parse of the answer) on the cores the server shares with it: a deployment's clients are
elsewhere.

asyncio's timers wake at the event loop's millisecond (epoll's timeout is rounded up to a
whole ms): a paced request goes out up to ~1 ms after it was due, charged to its latency;
serve_load.py reports how late each client sent, for both clients.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any


def request(port: int, key: str, query: str) -> bytes:
    """One search request, as bytes on the wire (HTTP/1.1 keeps the connection alive)."""
    body = json.dumps({"query": query, "limit": 10}).encode()
    return (f"POST /knowledge/search HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\n"
            f"x-api-key: {key}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n\r\n").encode() + body


async def response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """The status and body of the next response on the connection."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    length, chunked = 0, False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
    if not chunked:
        return status, await reader.readexactly(length)
    parts = []
    while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
        parts.append(await reader.readexactly(size))
        await reader.readexactly(2)
    await reader.readuntil(b"\r\n")  # the last chunk's line ends the body (no trailers sent)
    return status, b"".join(parts)


class Client:
    """One client's connection, requests and results."""

    def __init__(self, n: int, port: int, key: str, queries: list[str], clients: int,
                 repeat: bool, count: int) -> None:
        self.n, self.port, self.key = n, port, key
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.late: list[float] = []  # ms from each paced search's due time to its sending
        self.cpu = 0.0  # the thread's CPU time in the window (on the first client only)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        # the texts the threads' client sends, in its order, encoded now (`count` of them;
        # beyond, each is encoded when it is sent)
        self._queries, self._clients, self._repeat = queries, clients, repeat
        self.requests = [request(port, key, self.query(i)) for i in range(count)]

    def query(self, k: int) -> str:
        """The k-th text this client sends (as serve_load.run_client numbers them)."""
        i = self.n + k * (1 if self._repeat else self._clients)
        text = self._queries[i % len(self._queries)]
        return text if self._repeat else f"{text} {i}"

    async def connect(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def exchange(self, data: bytes) -> str | None:
        """Send one request and read its answer: None if it is a 200 with a JSON list, else
        what went wrong. A connection the server closed while idle is opened again and the
        request sent once more (as httpx's pool does)."""
        for attempt in (1, 2):
            assert self.reader is not None and self.writer is not None
            try:
                self.writer.write(data)
                status, body = await response(self.reader)
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                if attempt == 2:
                    return type(exc).__name__
                await self.connect()
                continue
            return None if status == 200 and body[:1] == b"[" else f"HTTP {status}"
        return "unreachable"

    async def run(self, rate: float, end: float) -> None:
        arrivals = random.Random(self.n)
        due = time.perf_counter()
        k = 0
        while True:
            if rate:  # the next search is due at its arrival time
                due += arrivals.expovariate(rate)
                if due >= end:
                    break
                if (wait := due - time.perf_counter()) > 0:
                    await asyncio.sleep(wait)
            elif time.perf_counter() >= end:
                break
            data = (self.requests[k] if k < len(self.requests)
                    else request(self.port, self.key, self.query(k)))
            k += 1
            sent = time.perf_counter()
            started = due if rate else sent
            if rate:
                self.late.append((sent - due) * 1000)
            try:
                problem = await self.exchange(data)
            except OSError as exc:
                problem = type(exc).__name__
                await self.connect()
            self.latencies.append((time.perf_counter() - started) * 1000)
            if problem:
                self.errors.append(problem)


async def _clients(port: int, key: str, queries: list[str], clients: int, rate: float,
                   repeat: bool, seconds: float, ready: Any, go: Any, deadline: Any,
                   ) -> list[Client]:
    # a paced client sends ~rate * seconds requests; a closed-loop one as many as it can
    count = int(rate * seconds * 2) + 50 if rate else int(60 * seconds) + 50
    everyone = [Client(n, port, key, queries, clients, repeat, count) for n in range(clients)]
    for c in everyone:  # connected and served once before the window, as the threads are
        await c.connect()
        if problem := await c.exchange(request(port, key, f"warm-up {c.n}")):
            raise RuntimeError(f"the warm-up search failed: {problem}")
    ready.wait(timeout=300)  # nothing else runs on this loop yet: blocking here is harmless
    go.wait(timeout=60)
    end, own = deadline.value, time.thread_time()
    await asyncio.gather(*(c.run(rate, end) for c in everyone))
    everyone[0].cpu = time.thread_time() - own  # the thread's, for all of them
    for c in everyone:
        if c.writer is not None:
            c.writer.close()
    return everyone


def run_clients(port: int, key: str, queries: list[str], clients: int, rate: float,
                repeat: bool, seconds: float, ready: Any, go: Any, deadline: Any,
                results: Any) -> None:
    """All the clients, on an event loop of this thread; each one's (latencies, errors, 0.0,
    lateness, CPU) onto `results`, as serve_load.client puts a thread's (the process's CPU is
    counted whole; the thread's goes with the first client). A failure is reported with the
    results, not lost in the thread."""
    try:
        done = asyncio.run(_clients(port, key, queries, clients, rate, repeat, seconds,
                                    ready, go, deadline))
    except Exception as exc:  # noqa: BLE001
        failed = [f"clients failed: {type(exc).__name__}: {exc}"]
        for _ in range(clients):
            results.put(([], failed, 0.0, [], 0.0))
        return
    for c in done:
        results.put((c.latencies, c.errors, 0.0, c.late, c.cpu))

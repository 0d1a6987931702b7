"""Read deadlines (surfaces/server/timeouts.py) on a real `repokb serve`, with raw sockets on
loopback: stalled bodies, half-sent headers and silent connections are closed in bounded time,
while a well-behaved client is served."""

from __future__ import annotations

import socket
import time

import httpx
import pytest

from ..conftest import serve_process

pytestmark = pytest.mark.integration


def _response(sock: socket.socket) -> bytes:
    """One whole HTTP response (headers and a Content-Length body), however it was split."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65536)
    return data


def _closed_after(sock: socket.socket, limit: float) -> float | None:
    """Seconds until the server closed the connection (reads EOF or a reset), or None."""
    start = time.monotonic()
    sock.settimeout(0.5)
    while time.monotonic() - start < limit:
        try:
            if sock.recv(65536) == b"":
                return time.monotonic() - start
        except TimeoutError:
            continue
        except ConnectionResetError:
            return time.monotonic() - start
    return None


def _response(sock: socket.socket) -> bytes:
    """One whole HTTP response (headers and its Content-Length body), however the bytes were
    split into segments: one recv() may return the headers alone."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":", 1)[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, data
        body += chunk
    assert len(body) == length, (head, body)  # nothing of the next response read ahead
    return head + b"\r\n\r\n" + body


def test_stalled_requests_are_dropped_in_bounded_time(home, monkeypatch):
    monkeypatch.setenv("REPOKB_HEADER_TIMEOUT", "2")
    monkeypatch.setenv("REPOKB_BODY_TIMEOUT", "3")
    with serve_process(home) as url:
        host, port = url.removeprefix("http://").split(":")
        stalled = []
        for _ in range(20):  # a stalled body: Content-Length 100, 13 bytes sent
            sock = socket.create_connection((host, int(port)))
            sock.sendall(b"POST /knowledge/search HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"X-Api-Key: test-key\r\n"  # past the guard, into the body
                         b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                         b'{"query": "x"')
            stalled.append(sock)
        half = socket.create_connection((host, int(port)))  # half a header block
        half.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        silent = socket.create_connection((host, int(port)))  # connects, never speaks
        # Meanwhile a normal client is served at once.
        assert httpx.get(f"{url}/healthz", timeout=5).status_code == 200
        for sock in stalled:
            waited = _closed_after(sock, 15)
            assert waited is not None and waited < 8, waited
        for sock in (half, silent):
            waited = _closed_after(sock, 15)
            assert waited is not None and waited < 6, waited
        for sock in (*stalled, half, silent):
            sock.close()
        # A kept-alive connection still works for a second request sent in one piece.
        with socket.create_connection((host, int(port))) as sock:
            request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            sock.sendall(request)
            first = _response(sock)
            sock.sendall(request)
            second = _response(sock)
            assert first.startswith(b"HTTP/1.1 200") and second.startswith(b"HTTP/1.1 200")
        assert httpx.get(f"{url}/healthz", timeout=5).status_code == 200

"""The owner socket's server stops at once when idle, and still lets a request in flight answer
(surfaces/prompt_server.py)."""

from __future__ import annotations

import asyncio
import http.client
import socket
import threading

import uvicorn

from repokb.surfaces.prompt_server import PromptServer


def _serve(app):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    server = PromptServer(uvicorn.Config(app, lifespan="off", log_config=None,
                                         log_level="warning", timeout_graceful_shutdown=None))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        thread.join(0.01)
    return server, thread, sock.getsockname()[1]


def test_a_request_in_flight_at_the_stop_gets_its_whole_answer():
    arrived, release = threading.Event(), threading.Event()

    async def slow(scope, receive, send):
        arrived.set()
        while not release.is_set():  # the answer is still being made when the stop comes
            await asyncio.sleep(0.01)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"the whole answer"})

    server, thread, port = _serve(slow)
    answers = []

    def ask():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("GET", "/")
            response = conn.getresponse()
            answers.append((response.status, response.read()))
        finally:
            conn.close()

    client = threading.Thread(target=ask)
    client.start()
    assert arrived.wait(10)
    server.stop()
    threading.Timer(0.3, release.set).start()
    thread.join(30)
    client.join(30)
    assert answers == [(200, b"the whole answer")]
    assert not thread.is_alive()


def test_an_idle_server_stops_and_no_longer_accepts():
    async def hello(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"hi"})

    server, thread, port = _serve(hello)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/")
    assert conn.getresponse().read() == b"hi"
    conn.close()
    server.stop()
    thread.join(10)
    assert not thread.is_alive()
    refused = False
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        refused = True
    assert refused

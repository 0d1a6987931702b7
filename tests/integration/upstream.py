"""A stand-in for the upstream model APIs on loopback: real HTTP (uvicorn in a thread) speaking
Anthropic Messages and OpenAI Chat Completions, streaming included. It records every request
it receives (bytes and headers) and answers as `behaviour` says."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse


@dataclass
class Upstream:
    url: str = ""
    behaviour: str = "ok"  # ok tool fail500 overloaded slow stall cut max_tokens echo
    answer_suffix: str = ""
    requests: list[dict[str, Any]] = field(default_factory=list)

    def calls(self, path: str | None = None) -> int:
        return sum(1 for r in self.requests if path is None or r["path"] == path)

    def last_body(self) -> dict[str, Any]:
        return json.loads(self.requests[-1]["body"])


def _question(body: dict[str, Any]) -> str:
    content = body["messages"][-1].get("content")
    if isinstance(content, list):
        return " ".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content)


def build_app(state: Upstream) -> FastAPI:
    app = FastAPI()

    async def common(request: Request) -> tuple[dict[str, Any], str] | Response:
        raw = await request.body()
        state.requests.append({"path": request.url.path, "body": raw,
                               "headers": dict(request.headers)})
        body = json.loads(raw)
        if state.behaviour == "slow":
            await asyncio.sleep(3)
        if state.behaviour == "stall":  # headers at once, then the body stops midway
            return StreamingResponse(_stall(), media_type="application/json")
        n = len(state.requests)
        text = f"Answer {n}: about '{_question(body)[:60]}'.{state.answer_suffix}"
        if state.behaviour == "echo":
            text = f"You said: {_question(body)}"
        return body, text

    @app.post("/v1/messages")
    async def messages(request: Request) -> Response:
        got = await common(request)
        if isinstance(got, Response):
            return got
        body, text = got
        if state.behaviour == "fail500":
            return JSONResponse({"type": "error", "error": {"type": "api_error",
                                                            "message": "boom"}}, 500)
        if state.behaviour == "overloaded":
            return JSONResponse({"type": "error", "error": {"type": "overloaded_error",
                                                            "message": "busy"}}, 529)
        stop = "max_tokens" if state.behaviour == "max_tokens" else "end_turn"
        blocks: list[dict[str, Any]] = [{"type": "text", "text": text}]
        if state.behaviour == "tool":
            stop = "tool_use"
            blocks.append({"type": "tool_use", "id": "toolu_1", "name": "read",
                           "input": {"path": "x"}})
        message = {"id": "msg_up_1", "type": "message", "role": "assistant",
                   "model": body["model"], "content": blocks, "stop_reason": stop,
                   "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 5}}
        if not body.get("stream"):
            return JSONResponse(message, headers={"request-id": "req_up_1"})
        return StreamingResponse(_anthropic_events(message, state.behaviour == "cut"),
                                 media_type="text/event-stream")

    @app.post("/v1/messages/count_tokens")
    async def count_tokens(request: Request) -> Response:
        state.requests.append({"path": request.url.path, "body": await request.body(),
                               "headers": dict(request.headers)})
        return JSONResponse({"input_tokens": 42})

    @app.post("/v1/chat/completions")
    async def chat(request: Request) -> Response:
        got = await common(request)
        if isinstance(got, Response):
            return got
        body, text = got
        if state.behaviour in ("fail500", "overloaded"):
            return JSONResponse({"error": {"message": "boom", "type": "server_error",
                                           "param": None, "code": None}}, 500)
        finish = "length" if state.behaviour == "max_tokens" else "stop"
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if state.behaviour == "tool":
            finish = "tool_calls"
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "read", "arguments": "{}"}}]}
        if not body.get("stream"):
            return JSONResponse({"id": "chatcmpl-up", "object": "chat.completion",
                                 "created": int(time.time()), "model": body["model"],
                                 "choices": [{"index": 0, "message": message,
                                              "finish_reason": finish}],
                                 "usage": {"prompt_tokens": 10, "completion_tokens": 5,
                                           "total_tokens": 15}})
        return StreamingResponse(_openai_events(body["model"], message, finish,
                                                state.behaviour == "cut"),
                                 media_type="text/event-stream")

    return app


async def _stall() -> AsyncIterator[bytes]:
    yield b'{"id": "partial'
    await asyncio.sleep(3)
    yield b'"}'


def _sse(event: str | None, data: Any) -> bytes:
    text = data if isinstance(data, str) else json.dumps(data)
    return ((f"event: {event}\n" if event else "") + f"data: {text}\n\n").encode()


async def _anthropic_events(message: dict[str, Any], cut: bool) -> AsyncIterator[bytes]:
    yield _sse("message_start", {"type": "message_start",
                                 "message": {**message, "content": [], "stop_reason": None}})
    for i, block in enumerate(message["content"]):
        if block["type"] == "text":
            yield _sse("content_block_start", {"type": "content_block_start", "index": i,
                                               "content_block": {"type": "text", "text": ""}})
            for start in range(0, len(block["text"]), 7):
                piece = block["text"][start:start + 7]
                yield _sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                                   "delta": {"type": "text_delta",
                                                             "text": piece}})
                await asyncio.sleep(0)
                if cut:
                    raise RuntimeError("upstream dies mid-stream")
        else:
            yield _sse("content_block_start", {"type": "content_block_start", "index": i,
                                               "content_block": {**block, "input": {}}})
            yield _sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                               "delta": {"type": "input_json_delta",
                                                         "partial_json": "{}"}})
        yield _sse("content_block_stop", {"type": "content_block_stop", "index": i})
    yield _sse("message_delta", {"type": "message_delta",
                                 "delta": {"stop_reason": message["stop_reason"],
                                           "stop_sequence": None},
                                 "usage": {"output_tokens": 5}})
    yield _sse("message_stop", {"type": "message_stop"})


async def _openai_events(model: str, message: dict[str, Any], finish: str,
                         cut: bool) -> AsyncIterator[bytes]:
    base = {"id": "chatcmpl-up", "object": "chat.completion.chunk", "created": 1, "model": model}

    def chunk(delta: dict[str, Any], reason: str | None = None) -> bytes:
        return _sse(None, {**base, "choices": [{"index": 0, "delta": delta,
                                                "finish_reason": reason}]})

    yield chunk({"role": "assistant", "content": ""})
    if message.get("tool_calls"):
        yield chunk({"tool_calls": [{"index": 0, **message["tool_calls"][0]}]})
    else:
        text = message["content"]
        for start in range(0, len(text), 7):
            yield chunk({"content": text[start:start + 7]})
            await asyncio.sleep(0)
            if cut:
                raise RuntimeError("upstream dies mid-stream")
    yield chunk({}, finish)
    yield _sse(None, "[DONE]")


@contextmanager
def serve_app(app: Any) -> Iterator[str]:
    """Serve an ASGI app on a free loopback port in a thread; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@contextmanager
def upstream() -> Iterator[Upstream]:
    state = Upstream()
    with serve_app(build_app(state)) as url:
        state.url = url
        yield state

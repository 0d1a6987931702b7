"""A stand-in for the upstream model APIs on loopback: real HTTP (uvicorn in a thread) speaking
Anthropic Messages, OpenAI Chat Completions and OpenAI Responses, streaming included (the
objects and events as the openai package's types define them), and the other paths clients
call (model lists, embeddings, a stored response). It records every request it receives
(method, path, bytes and headers) and answers as `behaviour` says."""

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
    last = body["input"] if "input" in body else body["messages"]
    last = last[-1] if isinstance(last, list) else {"content": last}
    content = last.get("content", last.get("output"))
    if isinstance(content, list):
        return " ".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content)


def build_app(state: Upstream) -> FastAPI:
    app = FastAPI()

    async def record(request: Request) -> bytes:
        raw = await request.body()
        state.requests.append({"method": request.method, "path": request.url.path,
                               "body": raw, "headers": dict(request.headers)})
        return raw

    async def common(request: Request) -> tuple[dict[str, Any], str] | Response:
        raw = await record(request)
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
        await record(request)
        return JSONResponse({"input_tokens": 42})

    @app.post("/v1/chat/completions")
    async def chat(request: Request) -> Response:
        got = await common(request)
        if isinstance(got, Response):
            return got
        body, text = got
        if state.behaviour in ("fail500", "overloaded"):
            return _openai_error()
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

    @app.post("/v1/responses")
    async def responses(request: Request) -> Response:
        got = await common(request)
        if isinstance(got, Response):
            return got
        body, text = got
        if state.behaviour in ("fail500", "overloaded"):
            return _openai_error()
        n = len(state.requests)
        output: list[dict[str, Any]] = [
            {"id": f"msg_up_{n}", "type": "message", "role": "assistant", "status": "completed",
             "content": [{"type": "output_text", "text": text, "annotations": [],
                          "logprobs": []}]}]
        if state.behaviour == "tool":
            output.append({"id": f"fc_up_{n}", "type": "function_call", "status": "completed",
                           "call_id": f"call_up_{n}", "name": "read", "arguments": "{}"})
        status = "incomplete" if state.behaviour == "max_tokens" else "completed"
        response = {"id": f"resp_up_{n}", "object": "response", "created_at": int(time.time()),
                    "status": status, "model": body["model"], "output": output, "error": None,
                    "incomplete_details": ({"reason": "max_output_tokens"}
                                           if status == "incomplete" else None),
                    "instructions": body.get("instructions"), "metadata": {},
                    "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
                    "previous_response_id": body.get("previous_response_id"),
                    "store": body.get("store", True), "temperature": None, "top_p": None,
                    "usage": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15,
                              "input_tokens_details": {"cached_tokens": 0},
                              "output_tokens_details": {"reasoning_tokens": 0}}}
        if not body.get("stream"):
            return JSONResponse(response)
        return StreamingResponse(_responses_events(response, state.behaviour == "cut"),
                                 media_type="text/event-stream")

    @app.post("/v1/responses/input_tokens")
    async def input_tokens(request: Request) -> Response:
        await record(request)
        return JSONResponse({"object": "response.input_tokens", "input_tokens": 42})

    @app.api_route("/v1/{rest:path}", methods=["GET", "POST", "DELETE"])
    async def other(request: Request, rest: str) -> Response:
        """Model lists (each API's shape, told apart by `anthropic-version`), a model,
        embeddings, a stored response; anything else: the API's 404."""
        raw = await record(request)
        if rest == "models" and "anthropic-version" in request.headers:
            return JSONResponse({"data": [{"type": "model", "id": "claude-up",
                                           "display_name": "Claude Up",
                                           "created_at": "2025-01-01T00:00:00Z"}],
                                 "has_more": False, "first_id": "claude-up",
                                 "last_id": "claude-up"})
        if rest == "models" or rest.startswith("models/"):
            model = {"id": rest[7:] or "gpt-up", "object": "model", "created": 1,
                     "owned_by": "upstream"}
            return JSONResponse(model if rest[7:] else {"object": "list", "data": [model]})
        if rest == "embeddings":
            texts = json.loads(raw)["input"]
            texts = [texts] if isinstance(texts, str) else texts
            return JSONResponse({"object": "list", "model": "emb-up", "data": [
                {"object": "embedding", "index": i, "embedding": [0.5, float(len(t))]}
                for i, t in enumerate(texts)], "usage": {"prompt_tokens": 3, "total_tokens": 3}})
        if rest.startswith("responses/resp_up_") and request.method == "GET":
            return JSONResponse({"id": rest[10:], "object": "response", "created_at": 1,
                                 "status": "completed", "model": "gpt-up", "output": [],
                                 "parallel_tool_calls": True, "tool_choice": "auto",
                                 "tools": []})
        return JSONResponse({"error": {"message": f"Unknown path /v1/{rest}.",
                                       "type": "invalid_request_error", "param": None,
                                       "code": "unknown_url"}}, 404)

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


async def _responses_events(response: dict[str, Any], cut: bool) -> AsyncIterator[bytes]:
    """The Responses API's typed events, each with its `sequence_number`."""
    number = 0

    def event(kind: str, **fields: Any) -> bytes:
        nonlocal number
        number += 1
        return _sse(kind, {"type": kind, **fields, "sequence_number": number - 1})

    start = {**response, "status": "in_progress", "output": [], "usage": None}
    yield event("response.created", response=start)
    yield event("response.in_progress", response=start)
    for at, item in enumerate(response["output"]):
        yield event("response.output_item.added", output_index=at,
                    item={**item, "status": "in_progress",
                          **({"content": []} if item["type"] == "message" else {})})
        if item["type"] == "message":
            part = item["content"][0]
            where = {"item_id": item["id"], "output_index": at, "content_index": 0}
            yield event("response.content_part.added", **where, part={**part, "text": ""})
            for start_at in range(0, len(part["text"]), 7):
                yield event("response.output_text.delta", **where, logprobs=[],
                            delta=part["text"][start_at:start_at + 7])
                await asyncio.sleep(0)
                if cut:
                    raise RuntimeError("upstream dies mid-stream")
            yield event("response.output_text.done", **where, text=part["text"], logprobs=[])
            yield event("response.content_part.done", **where, part=part)
        else:
            yield event("response.function_call_arguments.done", item_id=item["id"],
                        output_index=at, arguments=item["arguments"], name=item["name"])
        yield event("response.output_item.done", output_index=at, item=item)
    final = "response.completed" if response["status"] == "completed" else "response.incomplete"
    yield event(final, response=response)


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


def _openai_error() -> JSONResponse:
    """OpenAI's answer to a failed request, Chat Completions' and Responses' alike."""
    return JSONResponse({"error": {"message": "boom", "type": "server_error", "param": None,
                                   "code": None}}, 500)

"""The two wire protocols the proxy speaks: Anthropic Messages and OpenAI Chat Completions.

Each `Protocol` knows, for its request and response shapes: the question (last user text), what
makes a turn uncacheable (images, tool use), where injected context goes (Anthropic: the
`system` field; OpenAI: a system message), how to redact every text in a request, how to read
an answer from a response or from its event stream, how to replay a cached answer (JSON or a
valid event stream), and its own error shape. Bodies are plain dicts: the proxy forwards every
field it does not touch unchanged.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from repokb.rules.secret_patterns import KEY_ANCHORS
from repokb.secrets import REDACTED

Body = dict[str, Any]
Redactor = Callable[[str], str]


@dataclass
class Answer:
    """What an upstream said: its text, and whether that text may be cached."""

    text: str = ""
    complete: bool = False  # finished normally (not cut by max_tokens, not an error)
    tool_use: bool = False
    input_tokens: int | None = None
    output_tokens: int | None = None

    @property
    def cacheable(self) -> bool:
        return self.complete and not self.tool_use and bool(self.text.strip())


class SSEParser:
    """Server-sent events from byte chunks as they arrive: (event name, data) pairs."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, chunk: bytes) -> Iterator[tuple[str, str]]:
        # normalised after joining: a CRLF may arrive split over two network chunks
        self._buffer = (self._buffer + chunk).replace(b"\r\n", b"\n")
        while b"\n\n" in self._buffer:
            raw, self._buffer = self._buffer.split(b"\n\n", 1)
            event, data = "message", []
            for line in raw.decode("utf-8", "replace").split("\n"):
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].removeprefix(" "))
            if data:
                yield event, "\n".join(data)


def _text_of(content: Any) -> str:
    """The text parts of a message's content (a string or a list of blocks/parts)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content
                         if isinstance(b, dict) and b.get("type") == "text"
                         and isinstance(b.get("text"), str))
    return ""


# Keys whose values are never redacted: protocol words and ids (`role`, `type`, `model`),
# opaque payloads that must reach the model intact (an image's base64 `data`, a thinking
# block's `signature`, which the upstream checks against its text), and the model's own
# thinking (signed). Every other string, at any depth, is redacted.
_KEEP = frozenset({"model", "role", "type", "id", "tool_use_id", "tool_call_id", "media_type",
                   "source", "image_url", "input_audio", "file", "data", "signature",
                   "thinking", "redacted_thinking", "cache_control", "stream", "tool_choice"})


def _redact_tree(value: Any, redact: Redactor, key: str = "") -> Any:
    """A copy of `value` with every string redacted, except under the `_KEEP` keys: texts,
    tool inputs and call arguments, tool descriptions, metadata, message names. A string under
    a key that names a secret is judged with its key (`{"password": "..."}` in a tool input:
    the value alone reads as a word)."""
    if isinstance(value, str):
        clean = redact(value)
        if clean == value and any(a in key.lower() for a in KEY_ANCHORS):
            pair = f"{key} = {json.dumps(value)}"
            return REDACTED if redact(pair) != pair else value
        return clean
    if isinstance(value, list):
        return [_redact_tree(item, redact, key) for item in value]
    if isinstance(value, dict):
        return {k: item if k in _KEEP else _redact_tree(item, redact, str(k))
                for k, item in value.items()}
    return value


class Protocol:
    name = ""
    path = ""
    _IMAGE_TYPES: frozenset[str] = frozenset()
    _TOOL_TYPES: frozenset[str] = frozenset()

    def messages(self, body: Body) -> list[dict[str, Any]]:
        found = body.get("messages")
        return [m for m in found if isinstance(m, dict)] if isinstance(found, list) else []

    def user_texts(self, body: Body) -> list[str]:
        """Texts of the user turns, oldest first."""
        return [_text_of(m.get("content")) for m in self.messages(body)
                if m.get("role") == "user"]

    def question(self, body: Body) -> str | None:
        """The last user turn's text, when the conversation ends on one that asks something
        (not a tool result)."""
        msgs = self.messages(body)
        if not msgs or msgs[-1].get("role") != "user" or self._is_tool_turn(msgs[-1]):
            return None
        text = _text_of(msgs[-1].get("content")).strip()
        return text or None

    def has_images(self, body: Body) -> bool:
        return any(isinstance(b, dict) and b.get("type") in self._IMAGE_TYPES
                   for m in self.messages(body) if isinstance(m.get("content"), list)
                   for b in m["content"])

    def has_tool_turns(self, body: Body) -> bool:
        return any(self._is_tool_turn(m) for m in self.messages(body))

    def _is_tool_turn(self, message: dict[str, Any]) -> bool:
        content = message.get("content")
        return isinstance(content, list) and any(
            isinstance(b, dict) and b.get("type") in self._TOOL_TYPES for b in content)

    def redact(self, body: Body, redact: Redactor) -> Body:
        """The body with every text redacted (see `_redact_tree`); a copy."""
        out: Body = _redact_tree(body, redact)
        return out

    # -- implemented per protocol --
    def inject(self, body: Body, block: str) -> Body:
        raise NotImplementedError

    def answer(self, response: Body) -> Answer:
        raise NotImplementedError

    def stream_reader(self) -> StreamReader:
        raise NotImplementedError

    def replay(self, text: str, model: str) -> Body:
        raise NotImplementedError

    def replay_events(self, text: str, model: str) -> Iterator[bytes]:
        raise NotImplementedError

    def error(self, status: int, message: str, kind: str) -> Body:
        raise NotImplementedError


@dataclass
class StreamReader:
    """Reads an answer out of an event stream while the bytes pass through untouched."""

    on_event: Callable[[StreamReader, str, Any], None]
    answer: Answer = field(default_factory=Answer)
    _parser: SSEParser = field(default_factory=SSEParser)
    stop_reason: str | None = None

    def feed(self, chunk: bytes) -> None:
        for event, data in self._parser.feed(chunk):
            if data.strip() == "[DONE]":
                self.on_event(self, "[DONE]", None)
                continue
            try:
                self.on_event(self, event, json.loads(data))
            except (ValueError, TypeError, KeyError, AttributeError):
                self.answer.complete = False
                self.stop_reason = "unreadable"


def _sse(event: str | None, data: Body | str) -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return ((f"event: {event}\n" if event else "") + f"data: {payload}\n\n").encode()


def _pieces(text: str, size: int = 40) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


class Anthropic(Protocol):
    name = "anthropic"
    path = "/v1/messages"
    _IMAGE_TYPES = frozenset({"image", "document"})
    _TOOL_TYPES = frozenset({"tool_use", "tool_result", "server_tool_use"})

    def inject(self, body: Body, block: str) -> Body:
        out = dict(body)
        system = body.get("system")
        if isinstance(system, list):
            out["system"] = [*system, {"type": "text", "text": block}]
        elif isinstance(system, str) and system:
            out["system"] = system + "\n\n" + block
        else:
            out["system"] = block
        return out

    def answer(self, response: Body) -> Answer:
        content = response.get("content") or []
        usage = response.get("usage") or {}
        return Answer(text=_text_of(content), complete=response.get("stop_reason") == "end_turn",
                      tool_use=any(isinstance(b, dict) and b.get("type") != "text"
                                   for b in content),
                      input_tokens=usage.get("input_tokens"),
                      output_tokens=usage.get("output_tokens"))

    def stream_reader(self) -> StreamReader:
        def on_event(r: StreamReader, event: str, data: Any) -> None:
            kind = data.get("type") if isinstance(data, dict) else event
            if kind == "content_block_start":
                if data["content_block"].get("type") != "text":
                    r.answer.tool_use = True
            elif kind == "content_block_delta":
                delta = data["delta"]
                if delta.get("type") == "text_delta":
                    r.answer.text += delta["text"]
            elif kind == "message_start":
                r.answer.input_tokens = (data["message"].get("usage") or {}).get("input_tokens")
            elif kind == "message_delta":
                r.stop_reason = data["delta"].get("stop_reason")
                r.answer.output_tokens = (data.get("usage") or {}).get("output_tokens")
            elif kind == "message_stop":
                r.answer.complete = r.stop_reason == "end_turn"
            elif kind == "error":
                r.stop_reason = "error"
                r.answer.complete = False

        return StreamReader(on_event)

    def _message(self, text: str, model: str) -> Body:
        return {"id": f"msg_repokb_{uuid.uuid4().hex[:24]}", "type": "message",
                "role": "assistant", "model": model, "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": 0, "output_tokens": 0}}

    def replay(self, text: str, model: str) -> Body:
        return self._message(text, model)

    def replay_events(self, text: str, model: str) -> Iterator[bytes]:
        start = {**self._message("", model), "content": [], "stop_reason": None}
        yield _sse("message_start", {"type": "message_start", "message": start})
        yield _sse("content_block_start", {"type": "content_block_start", "index": 0,
                                           "content_block": {"type": "text", "text": ""}})
        for piece in _pieces(text):
            yield _sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                               "delta": {"type": "text_delta", "text": piece}})
        yield _sse("content_block_stop", {"type": "content_block_stop", "index": 0})
        yield _sse("message_delta", {"type": "message_delta",
                                     "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                                     "usage": {"output_tokens": 0}})
        yield _sse("message_stop", {"type": "message_stop"})

    def error(self, status: int, message: str, kind: str) -> Body:
        kinds = {"timeout": "timeout_error", "connection": "api_error", "upstream": "api_error",
                 "invalid": "invalid_request_error"}
        return {"type": "error", "error": {"type": kinds.get(kind, "api_error"),
                                           "message": message}}


class OpenAI(Protocol):
    name = "openai"
    path = "/v1/chat/completions"
    _IMAGE_TYPES = frozenset({"image_url", "input_audio", "file", "input_image"})
    _TOOL_TYPES = frozenset()

    def _is_tool_turn(self, message: dict[str, Any]) -> bool:
        return message.get("role") in ("tool", "function") or bool(message.get("tool_calls"))

    def inject(self, body: Body, block: str) -> Body:
        msgs = list(self.messages(body))
        at = 0
        while at < len(msgs) and msgs[at].get("role") in ("system", "developer"):
            at += 1
        msgs.insert(at, {"role": "system", "content": block})
        return {**body, "messages": msgs}

    def answer(self, response: Body) -> Answer:
        choices = response.get("choices") or [{}]
        first = choices[0] if isinstance(choices[0], dict) else {}
        message = first.get("message") or {}
        usage = response.get("usage") or {}
        content = message.get("content")
        return Answer(text=content if isinstance(content, str) else "",
                      complete=first.get("finish_reason") == "stop" and len(choices) == 1,
                      tool_use=bool(message.get("tool_calls") or message.get("function_call")),
                      input_tokens=usage.get("prompt_tokens"),
                      output_tokens=usage.get("completion_tokens"))

    def stream_reader(self) -> StreamReader:
        def on_event(r: StreamReader, event: str, data: Any) -> None:
            if event == "[DONE]":
                r.answer.complete = r.stop_reason == "stop"
                return
            if "error" in data:
                r.stop_reason = "error"
                return
            for choice in data.get("choices") or []:
                if choice.get("index", 0) != 0:  # (requests asking for n > 1 are not cached)
                    continue
                delta = choice.get("delta") or {}
                if delta.get("tool_calls") or delta.get("function_call"):
                    r.answer.tool_use = True
                if isinstance(delta.get("content"), str):
                    r.answer.text += delta["content"]
                if choice.get("finish_reason"):
                    r.stop_reason = choice["finish_reason"]

        return StreamReader(on_event)

    def _base(self, model: str) -> Body:
        return {"id": f"chatcmpl-repokb-{uuid.uuid4().hex[:20]}", "created": int(time.time()),
                "model": model, "system_fingerprint": None}

    def replay(self, text: str, model: str) -> Body:
        return {**self._base(model), "object": "chat.completion",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                             "finish_reason": "stop", "logprobs": None}],
                "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}}

    def replay_events(self, text: str, model: str) -> Iterator[bytes]:
        base = {**self._base(model), "object": "chat.completion.chunk"}

        def chunk(delta: Body, finish: str | None = None) -> bytes:
            return _sse(None, {**base, "choices": [{"index": 0, "delta": delta,
                                                    "finish_reason": finish,
                                                    "logprobs": None}]})

        yield chunk({"role": "assistant", "content": ""})
        for piece in _pieces(text):
            yield chunk({"content": piece})
        yield chunk({}, "stop")
        yield _sse(None, "[DONE]")

    def error(self, status: int, message: str, kind: str) -> Body:
        kinds = {"timeout": "timeout", "connection": "server_error", "upstream": "server_error",
                 "invalid": "invalid_request_error"}
        return {"error": {"message": message, "type": kinds.get(kind, "server_error"),
                          "param": None, "code": None}}


ANTHROPIC = Anthropic()
OPENAI = OpenAI()

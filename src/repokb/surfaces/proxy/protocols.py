"""The three wire protocols the proxy speaks: Anthropic Messages, OpenAI Chat Completions and
OpenAI Responses.

Each `Protocol` knows, for its request and response shapes: the question (the last user turn's
own words, without what a coding tool's harness wraps in its tags), what makes a turn
uncacheable (images, tool use, earlier turns), where injected context goes (Anthropic: the
`system` field; Chat Completions: a system message; Responses: `instructions`), how to redact
every text in a request, how to read an answer from a response or from its event stream, how to
replay a cached answer (JSON or a valid event stream), and its own error shapes. Bodies are
plain dicts: the proxy forwards every field it does not touch unchanged.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from repokb.rules.secret_patterns import KEY_ANCHORS
from repokb.secrets import REDACTED
from repokb.surfaces.proxy.events import Answer, Body, SSEParser, StreamReader, pieces, sse

__all__ = ["ANTHROPIC", "OPENAI", "RESPONSES", "Answer", "Body", "Protocol", "SSEParser",
           "StreamReader"]

Redactor = Callable[[str], str]


def _text_of(content: Any, kinds: frozenset[str] = frozenset({"text"})) -> str:
    """The text parts of a message's content (a string or a list of blocks/parts)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content
                         if isinstance(b, dict) and b.get("type") in kinds
                         and isinstance(b.get("text"), str))
    return ""


# What coding tools' harnesses add to a user turn in their own tags, beside the user's words:
# Claude Code's `<system-reminder>` blocks (CLAUDE.md, the todo list), Codex's
# `<environment_context>` (cwd, sandbox) and `<user_instructions>` (AGENTS.md) messages. Not the
# question: searched or cached with it, a long CLAUDE.md decided what the knowledge search found.
HARNESS_TAGS = ("system-reminder", "environment_context", "user_instructions")
_HARNESS = re.compile(r"<(" + "|".join(map(re.escape, HARNESS_TAGS)) + r")>.*?</\1>", re.S)


# Keys whose values are never redacted: protocol words and ids (`role`, `type`, `model`),
# opaque payloads that must reach the model intact (an image's base64 `data`, a thinking
# block's `signature`, which the upstream checks against its text), and the model's own
# thinking (signed). Every other string, at any depth, is redacted.
_KEEP = frozenset({"model", "role", "type", "id", "tool_use_id", "tool_call_id", "media_type",
                   "source", "image_url", "input_audio", "file", "data", "signature",
                   "thinking", "redacted_thinking", "cache_control", "stream", "tool_choice",
                   # Responses: ids the upstream matches, encrypted reasoning, file bytes
                   "call_id", "item_id", "previous_response_id", "conversation",
                   "encrypted_content", "file_id", "file_data", "file_url",
                   "prompt_cache_key"})


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
    _TEXT_TYPES: frozenset[str] = frozenset({"text"})
    _IMAGE_TYPES: frozenset[str] = frozenset()
    _TOOL_TYPES: frozenset[str] = frozenset()

    def messages(self, body: Body) -> list[dict[str, Any]]:
        found = body.get("messages")
        return [m for m in found if isinstance(m, dict)] if isinstance(found, list) else []

    def _words(self, message: dict[str, Any]) -> str:
        """A user turn's own words: its text without the harness's tagged context."""
        return _HARNESS.sub("", _text_of(message.get("content"), self._TEXT_TYPES)).strip()

    def user_texts(self, body: Body) -> list[str]:
        """The user turns' own words, oldest first (turns of harness context alone left out)."""
        return [t for m in self.messages(body) if m.get("role") == "user"
                and not self._is_tool_turn(m) for t in [self._words(m)] if t]

    def question(self, body: Body) -> str | None:
        """The last user turn's own words, when the conversation ends on one that asks
        something (not a tool result)."""
        msgs = self.messages(body)
        if not msgs or msgs[-1].get("role") != "user" or self._is_tool_turn(msgs[-1]):
            return None
        return self._words(msgs[-1]) or None

    def continues(self, body: Body) -> bool:
        """Whether the request carries earlier turns: its answer depends on them, so neither
        is it cached under its last question nor answered by an answer cached for that
        question alone."""
        return any(m.get("role") == "assistant" for m in self.messages(body))

    def replayable(self, body: Body) -> bool:
        """Whether a cached answer may stand in for the upstream's (HIT)."""
        return True

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

    def stream_error(self, message: str) -> bytes:
        """The event that ends a stream the upstream broke."""
        return sse(None, self.error(502, message, "connection"))


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
        yield sse("message_start", {"type": "message_start", "message": start})
        yield sse("content_block_start", {"type": "content_block_start", "index": 0,
                                           "content_block": {"type": "text", "text": ""}})
        for piece in pieces(text):
            yield sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                               "delta": {"type": "text_delta", "text": piece}})
        yield sse("content_block_stop", {"type": "content_block_stop", "index": 0})
        yield sse("message_delta", {"type": "message_delta",
                                     "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                                     "usage": {"output_tokens": 0}})
        yield sse("message_stop", {"type": "message_stop"})

    def error(self, status: int, message: str, kind: str) -> Body:
        kinds = {"timeout": "timeout_error", "connection": "api_error", "upstream": "api_error",
                 "invalid": "invalid_request_error"}
        return {"type": "error", "error": {"type": kinds.get(kind, "api_error"),
                                           "message": message}}

    def stream_error(self, message: str) -> bytes:
        return sse("error", self.error(502, message, "connection"))


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
            return sse(None, {**base, "choices": [{"index": 0, "delta": delta,
                                                    "finish_reason": finish,
                                                    "logprobs": None}]})

        yield chunk({"role": "assistant", "content": ""})
        for piece in pieces(text):
            yield chunk({"content": piece})
        yield chunk({}, "stop")
        yield sse(None, "[DONE]")

    def error(self, status: int, message: str, kind: str) -> Body:
        kinds = {"timeout": "timeout", "connection": "server_error", "upstream": "server_error",
                 "invalid": "invalid_request_error"}
        return {"error": {"message": message, "type": kinds.get(kind, "server_error"),
                          "param": None, "code": None}}


class Responses(OpenAI):
    """OpenAI's Responses API (`client.responses.create`; Codex CLI, the Agents SDK): the
    conversation is `input` (a string, or a list of items: messages, function calls and their
    outputs, reasoning), the system prompt `instructions`, the answer a list of output items,
    the stream typed events (`response.output_text.delta` ... `response.completed`). Errors
    are OpenAI's."""

    name = "responses"
    path = "/v1/responses"
    _TEXT_TYPES = frozenset({"input_text", "output_text", "text"})
    _IMAGE_TYPES = frozenset({"input_image", "input_file", "input_audio"})

    def messages(self, body: Body) -> list[dict[str, Any]]:
        found = body.get("input")
        if isinstance(found, str):
            return [{"role": "user", "content": found}]
        return [m for m in found if isinstance(m, dict)] if isinstance(found, list) else []

    def _is_tool_turn(self, message: dict[str, Any]) -> bool:
        return bool(message.get("type", "message") != "message")  # a call, its output...

    def continues(self, body: Body) -> bool:
        return bool(body.get("previous_response_id") or body.get("conversation")
                    or super().continues(body))

    def replayable(self, body: Body) -> bool:
        """A response the upstream stores (`store`, its default) may be continued by its id
        (`previous_response_id`): a replayed one has no such id upstream."""
        return body.get("store") is False

    def inject(self, body: Body, block: str) -> Body:
        instructions = body.get("instructions")
        if isinstance(instructions, str) and instructions:
            return {**body, "instructions": instructions + "\n\n" + block}
        if isinstance(instructions, list):
            return {**body, "instructions": [*instructions,
                                             {"role": "developer", "content": block}]}
        return {**body, "instructions": block}

    def answer(self, response: Body) -> Answer:
        output = [o for o in response.get("output") or [] if isinstance(o, dict)]
        usage = response.get("usage") or {}
        texts = [_text_of(o.get("content"), self._TEXT_TYPES) for o in output
                 if o.get("type") == "message"]
        return Answer(text="".join(texts), complete=response.get("status") == "completed",
                      tool_use=any(o.get("type") != "message" or any(
                          isinstance(p, dict) and p.get("type") != "output_text"
                          for p in o.get("content") or []) for o in output),
                      input_tokens=usage.get("input_tokens"),
                      output_tokens=usage.get("output_tokens"))

    def stream_reader(self) -> StreamReader:
        def on_event(r: StreamReader, event: str, data: Any) -> None:
            kind = data.get("type") if isinstance(data, dict) else event
            if kind == "response.output_item.added":
                if data["item"].get("type") != "message":
                    r.answer.tool_use = True
            elif kind == "response.content_part.added":
                if data["part"].get("type") != "output_text":  # a refusal
                    r.answer.tool_use = True
            elif kind == "response.output_text.delta":
                r.answer.text += data["delta"]
            elif kind in ("response.completed", "response.incomplete", "response.failed"):
                final = self.answer(data["response"])
                r.stop_reason = data["response"].get("status")
                r.answer.complete = final.complete and final.text == r.answer.text
                r.answer.tool_use = r.answer.tool_use or final.tool_use
                r.answer.input_tokens = final.input_tokens
                r.answer.output_tokens = final.output_tokens
            elif kind == "error":
                r.stop_reason = "error"
                r.answer.complete = False

        return StreamReader(on_event)

    def _response(self, text: str, model: str, done: bool) -> Body:
        item = {"id": f"msg_repokb_{uuid.uuid4().hex[:24]}", "type": "message",
                "role": "assistant", "status": "completed" if done else "in_progress",
                "content": [{"type": "output_text", "text": text, "annotations": [],
                             "logprobs": []}] if done else []}
        return {"id": f"resp_repokb_{uuid.uuid4().hex[:24]}", "object": "response",
                "created_at": int(time.time()), "status": "completed" if done else "in_progress",
                "model": model, "output": [item] if done else [], "error": None,
                "incomplete_details": None, "instructions": None, "metadata": {},
                "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
                "temperature": None, "top_p": None, "store": False,
                "usage": {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0,
                          "input_tokens_details": {"cached_tokens": 0},
                          "output_tokens_details": {"reasoning_tokens": 0}} if done else None}

    def replay(self, text: str, model: str) -> Body:
        return self._response(text, model, True)

    def replay_events(self, text: str, model: str) -> Iterator[bytes]:
        final = self._response(text, model, True)
        item = final["output"][0]
        part = item["content"][0]
        start = {**self._response("", model, False), "id": final["id"]}
        at = {"output_index": 0, "item_id": item["id"]}
        events: list[Body] = [
            {"type": "response.created", "response": start},
            {"type": "response.in_progress", "response": start},
            {"type": "response.output_item.added", "output_index": 0,
             "item": {**item, "status": "in_progress", "content": []}},
            {"type": "response.content_part.added", **at, "content_index": 0,
             "part": {**part, "text": ""}},
            *({"type": "response.output_text.delta", **at, "content_index": 0, "delta": piece,
               "logprobs": []} for piece in pieces(text)),
            {"type": "response.output_text.done", **at, "content_index": 0, "text": text,
             "logprobs": []},
            {"type": "response.content_part.done", **at, "content_index": 0, "part": part},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            {"type": "response.completed", "response": final}]
        for number, event in enumerate(events):
            yield sse(event["type"], {**event, "sequence_number": number})

    def stream_error(self, message: str) -> bytes:
        """Responses' `error` event, with OpenAI's `error` object beside: the official client
        raises on the latter, typed consumers read the former."""
        error = self.error(502, message, "connection")
        return sse("error", {"type": "error", "code": "server_error", "message": message,
                              "param": None, "sequence_number": 0, **error})


ANTHROPIC = Anthropic()
OPENAI = OpenAI()
RESPONSES = Responses()

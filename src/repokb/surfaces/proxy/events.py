"""Server-sent events as the proxy reads and writes them: an event stream parsed from byte
chunks as they arrive, the answer read out of it while the bytes pass through untouched, and
events written (a replayed answer, a stream's error)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

Body = dict[str, Any]


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


def sse(event: str | None, data: Body | str) -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return ((f"event: {event}\n" if event else "") + f"data: {payload}\n\n").encode()


def pieces(text: str, size: int = 40) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]

"""The proxy's protocol shapes: questions, injection, redaction, answers read from JSON and from
event streams cut at any byte, replayed streams read back by the same reader."""

from __future__ import annotations

import json

import pytest

from repokb.surfaces.proxy.metrics import Metrics
from repokb.surfaces.proxy.protocols import ANTHROPIC, OPENAI, Protocol, SSEParser

from .. import fake_secrets as fake


def test_sse_parser_reassembles_events_split_at_every_byte() -> None:
    stream = (b"event: a\ndata: {\"x\": 1}\n\n: comment\n\nevent: b\r\ndata: line1\r\n"
              b"data: line2\r\n\r\ndata: [DONE]\n\n")
    parser = SSEParser()
    events = [e for i in range(len(stream)) for e in parser.feed(stream[i:i + 1])]
    assert events == [("a", '{"x": 1}'), ("b", "line1\nline2"), ("message", "[DONE]")]


@pytest.mark.parametrize("protocol", [ANTHROPIC, OPENAI])
def test_replayed_stream_reads_back_as_a_complete_cacheable_answer(protocol: Protocol) -> None:
    text = "A cached answer, long enough to be sent in several pieces. " * 3
    reader = protocol.stream_reader()
    for event in protocol.replay_events(text, "model-x"):
        for i in range(0, len(event), 5):  # in odd-sized network chunks
            reader.feed(event[i:i + 5])
    assert reader.answer.text == text and reader.answer.cacheable
    assert protocol.answer(protocol.replay(text, "model-x")).text == text


def test_anthropic_question_injection_and_uncacheable_turns() -> None:
    body = {"model": "m", "system": [{"type": "text", "text": "You are Claude Code.",
                                      "cache_control": {"type": "ephemeral"}}],
            "messages": [{"role": "user", "content": "first"},
                         {"role": "assistant", "content": "ok"},
                         {"role": "user", "content": [{"type": "text", "text": "How are "},
                                                      {"type": "text", "text": "totals made?"}]}]}
    assert ANTHROPIC.question(body) == "How are \ntotals made?"
    injected = ANTHROPIC.inject(body, "CONTEXT")
    assert injected["system"][0] == body["system"][0]  # the client's cached prefix kept
    assert injected["system"][-1] == {"type": "text", "text": "CONTEXT"}
    assert ANTHROPIC.inject({"messages": []}, "C")["system"] == "C"
    assert ANTHROPIC.inject({"system": "S", "messages": []}, "C")["system"] == "S\n\nC"
    tool = {**body, "messages": [*body["messages"], {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "t", "content": "x"}]}]}
    assert ANTHROPIC.question(tool) is None and ANTHROPIC.has_tool_turns(tool)
    image = {"messages": [{"role": "user", "content": [{"type": "image", "source": {}}]}]}
    assert ANTHROPIC.has_images(image) and not ANTHROPIC.has_images(body)
    answer = ANTHROPIC.answer({"content": [{"type": "text", "text": "t"},
                                           {"type": "tool_use", "id": "1"}],
                               "stop_reason": "tool_use"})
    assert answer.tool_use and not answer.cacheable


def test_openai_injection_goes_after_the_leading_system_messages() -> None:
    body = {"messages": [{"role": "system", "content": "S"}, {"role": "user", "content": "Q"}]}
    msgs = OPENAI.inject(body, "C")["messages"]
    assert [m["content"] for m in msgs] == ["S", "C", "Q"]
    assert OPENAI.has_tool_turns({"messages": [{"role": "tool", "content": "r"}]})
    assert not OPENAI.answer({"choices": [{"message": {"content": "x"},
                                           "finish_reason": "length"}]}).cacheable


def test_redaction_reaches_every_text_of_a_request() -> None:
    def redact(text: str) -> str:
        return text.replace(fake.GITHUB_TOKEN, "<R>")

    secret = fake.GITHUB_TOKEN
    body = {"system": [{"type": "text", "text": f"s {secret}"}], "messages": [
        {"role": "user", "content": f"q {secret}"},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t",
                                      "content": [{"type": "text", "text": secret}]}]}]}
    assert secret not in json.dumps(ANTHROPIC.redact(body, redact))
    assert secret in json.dumps(body)  # the client's body itself is not mutated
    oai = {"messages": [{"role": "user", "content": [{"type": "text", "text": secret}]}]}
    assert secret not in json.dumps(OPENAI.redact(oai, redact))


def test_error_shapes_are_the_protocols_own() -> None:
    assert ANTHROPIC.error(504, "late", "timeout") == {
        "type": "error", "error": {"type": "timeout_error", "message": "late"}}
    assert OPENAI.error(502, "down", "connection")["error"]["type"] == "server_error"


def test_metrics_percentiles_and_recent_table() -> None:
    m = Metrics(recent=2)
    for i in range(3):
        m.record(protocol="openai", outcome="MISS", question=f"q{i}", projects=(), files=(),
                 tokens=10, added_ms=float(i), upstream_ms=100.0, status=200)
    snap = m.snapshot()
    assert snap["outcomes"]["MISS"] == 3 and snap["tokens_injected"] == 30
    assert [r["question"] for r in snap["recent"]] == ["q2", "q1"]
    assert snap["added_ms"]["p50"] == 1.0

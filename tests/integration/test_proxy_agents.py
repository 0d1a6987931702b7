"""The LLM proxy as coding agents use it, through the official clients: the Responses API's
stored responses and `previous_response_id`, conversations of several turns, tool calls and
their outputs, a harness's own context in the user turn, images and files, the other `/v1/`
paths (model lists, embeddings, a stored response). Real model, real Qdrant Edge shards, the
loopback upstream (upstream.py)."""

from __future__ import annotations

import base64
import json
from typing import Any

import anthropic
import httpx
import openai
import pytest

from repokb.settings import Settings

from .. import fake_secrets as fake
from .test_proxy import KB_QUESTION, OFF_TOPIC, Env, _system_text, ask, env, make_env, respond
from .upstream import upstream

pytestmark = pytest.mark.integration
__all__ = ["env", "make_env"]  # the fixtures, shared with test_proxy.py

FOLLOW_UP = "What does this do and how should I fix it?"
PASTED = "Here is our nginx block: server { listen 80; server_name pay.internal-shop.lan; }"


def converse(env: Env, protocol: str, turns: list[Any]) -> tuple[str, str]:
    """(X-Cache, answer text) for a conversation: (role, text) pairs, or a protocol's own
    message/item dicts as they are."""
    def message(turn: Any) -> Any:
        if isinstance(turn, dict):
            return turn
        role, text = turn
        if protocol != "responses":
            return {"role": role, "content": text}
        kind = "output_text" if role == "assistant" else "input_text"
        return {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}

    items = [message(t) for t in turns]
    if protocol == "responses":
        return respond(env, items, store=False)[:2]
    if protocol == "openai":
        raw = env.openai().chat.completions.with_raw_response.create(model="m", messages=items)
        return raw.headers["x-cache"], raw.parse().choices[0].message.content or ""
    araw = env.anthropic().messages.with_raw_response.create(model="m", max_tokens=50,
                                                             messages=items)
    return araw.headers["x-cache"], araw.parse().content[0].text  # type: ignore[union-attr]


def _last_question(env: Env) -> str:
    return str(httpx.get(env.url + "/proxy/stats").json()["recent"][0]["question"])


def test_a_stored_response_is_never_replayed_and_its_id_passes_through(env: Env) -> None:
    """A replayed answer has no id upstream: an agent that continues it with
    `previous_response_id` (the Responses API stores a response by default) would get the
    upstream's 404. A stored request's cache match is given to the upstream as context
    instead; `store: false` requests are answered from the cache."""
    outcome, first, first_id = respond(env, OFF_TOPIC)
    assert outcome == "MISS" and first_id == "resp_up_1" and env.cache_entries(expect=1) == 1
    outcome, again, again_id = respond(env, OFF_TOPIC, stream=True)
    assert outcome == "CACHE-RAG" and again_id == "resp_up_2" and env.up.calls() == 2
    assert first in _system_text(env.up.last_body())  # the earlier answer, as context
    previous = "resp_68a1b2c3d4e5f6" + "0123456789abcdef0123456789ab"  # a real id's shape
    outcome, _, _ = respond(env, "And why do the leaves turn red before they fall?",
                            previous_response_id=previous)
    assert outcome != "HIT" and env.up.last_body()["previous_response_id"] == previous
    assert all(r["headers"]["authorization"] == "Bearer sk-openai-test-key-2"
               for r in env.up.requests)  # the client's key, to the upstream as it came
    assert env.cache_entries() == 1  # a continued conversation's answer is not kept
    # (the upstream's second answer, given the first, took its place)
    assert respond(env, OFF_TOPIC, store=False)[:2] == ("HIT", again)
    assert env.up.calls() == 3


@pytest.mark.parametrize("protocol", ["anthropic", "openai", "responses"])
def test_a_follow_up_is_neither_cached_nor_answered_from_the_cache(env: Env,
                                                                   protocol: str) -> None:
    """An agent's pass: a follow-up ("What does this do and how should I fix it?") was cached
    under its own words, though its answer was about the config the user pasted an earlier
    turn: another client asking the same words in a new conversation got that answer, host
    names and all (HIT); and a follow-up was answered with an answer cached for another
    conversation."""
    env.up.behaviour = "echo"  # the upstream's answer repeats the conversation's last turn
    turns = [("user", PASTED), ("assistant", "It is a server block."), ("user", FOLLOW_UP)]
    outcome, _ = converse(env, protocol, turns)
    assert outcome in ("MISS", "KNOWLEDGE-RAG") and env.cache_entries(expect=0) == 0
    outcome, alone = converse(env, protocol, [("user", FOLLOW_UP)])  # a new conversation
    assert outcome in ("MISS", "KNOWLEDGE-RAG") and env.cache_entries(expect=1) == 1
    calls = env.up.calls()
    outcome, _ = converse(env, protocol, turns)  # the same words, after the pasted config
    assert outcome in ("MISS", "KNOWLEDGE-RAG") and env.up.calls() == calls + 1
    assert "An earlier answer" not in _system_text(env.up.last_body())
    assert env.cache_entries() == 1 and alone == f"You said: {FOLLOW_UP}"


@pytest.mark.parametrize("protocol", ["anthropic", "responses"])
def test_the_knowledge_search_reads_the_users_words_not_the_harness_context(
        env: Env, protocol: str) -> None:
    """Claude Code puts `<system-reminder>` blocks (CLAUDE.md, the todo list) in the user
    turn, Codex sends `<user_instructions>` (AGENTS.md) and `<environment_context>` as user
    messages: they were read as the question (searched, shown on the dashboard, the cache's
    key), and a long CLAUDE.md decided what the knowledge search found, and the cache: every
    first question of a Claude Code session looked alike, and 9 of 10 different questions
    about one repository got the first one's answer (HIT; agents40's drive)."""
    agents_md = ("Conventions for this repository: write poems about autumn leaves in a quiet "
                 "park before each commit; keep lines short. " * 8)
    if protocol == "anthropic":
        turn = {"role": "user", "content": [
            {"type": "text", "text": f"<system-reminder>\n{agents_md}\n</system-reminder>"},
            {"type": "text", "text": KB_QUESTION}]}
        outcome, first = converse(env, protocol, [turn])
    else:
        outcome, _ = converse(env, protocol, [
            ("user", f"<user_instructions>\n\n{agents_md}\n\n</user_instructions>"),
            ("user", "<environment_context>\n  <cwd>/home/u/shop</cwd>\n  <approval_policy>"
                     "never</approval_policy>\n</environment_context>"),
            ("user", KB_QUESTION)])
    assert outcome == "KNOWLEDGE-RAG" and _last_question(env) == KB_QUESTION
    sent = json.dumps(env.up.last_body())
    assert agents_md[:60] in sent and "src/billing.py" in sent  # forwarded as it came
    if protocol == "anthropic":  # another question, the same reminder: not the first answer
        env.cache_entries(expect=1)
        other = "Which environment variables does the shop-api service get in docker compose?"
        turn["content"][1]["text"] = other
        outcome, answer = converse(env, protocol, [turn])
        assert outcome not in ("HIT", "CACHE-RAG") and answer != first
        assert _last_question(env) == other


def test_a_tool_output_is_never_the_question_and_call_ids_pass_untouched(env: Env) -> None:
    """Codex's turn after a shell call ends on a `function_call_output`: nothing is searched
    for it (a tool's output is not the user's question), its secrets are redacted, the call
    ids reach the upstream as sent; the user's next question is what the knowledge search
    reads, and a conversation with tool calls is never cached."""
    call_id = "call_Xk93mQz7" + "LpA2vR8nT4wY6bC1"
    history: list[Any] = [
        ("user", "Show me the compose file of the shop please"),
        {"type": "function_call", "call_id": call_id, "name": "shell",
         "arguments": json.dumps({"command": ["cat", "docker-compose.yml"]})},
        {"type": "function_call_output", "call_id": call_id,
         "output": f"STRIPE_SECRET_KEY: {fake.STRIPE_KEY}\nHow is the invoice total computed "
                   "with the tax rate and the discount?"}]
    outcome, _ = converse(env, "responses", history)
    body = env.up.last_body()
    assert outcome == "MISS" and "repokb" not in _system_text(body)
    assert body["input"][1]["call_id"] == call_id == body["input"][2]["call_id"]
    assert fake.STRIPE_KEY not in json.dumps(body) and "<REDACTED_SECRET>" in json.dumps(body)
    outcome, _ = converse(env, "responses", [*history, ("assistant", "Here it is."),
                                             ("user", KB_QUESTION)])
    assert outcome == "KNOWLEDGE-RAG" and _last_question(env) == KB_QUESTION
    assert env.cache_entries(expect=0) == 0


def test_images_and_files_in_a_responses_input_reach_the_upstream_intact(env: Env) -> None:
    """An `input_image` data URL and an `input_file`'s bytes are passed on as sent (redacted,
    a file's base64 would no longer decode), the text beside them is redacted, and a request
    with them is never answered from the cache nor cached."""
    pdf = "data:application/pdf;base64," + base64.b64encode(b"%PDF-1.4 invoice " * 40).decode()
    image = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
    parts = [{"type": "input_text", "text": f"{OFF_TOPIC}, my token is {fake.GITHUB_TOKEN}"},
             {"type": "input_image", "image_url": image, "detail": "auto"},
             {"type": "input_file", "filename": "invoice.pdf", "file_data": pdf}]
    for _ in range(2):
        outcome, _ = converse(env, "responses", [{"role": "user", "content": parts}])
        assert outcome == "MISS"
        sent = env.up.last_body()["input"][0]["content"]
        assert sent[1:] == parts[1:] and fake.GITHUB_TOKEN not in sent[0]["text"]
    assert env.cache_entries(expect=0) == 0


def test_a_long_agent_history_with_a_secret_early_on(env: Env) -> None:
    """400 turns (about 1 MB) through the official client: the secret pasted in turn 3 never
    reaches the upstream, the question is the last turn's, nothing is cached."""
    turns: list[Any] = [("user", "Let us work on the shop's billing module today."),
                        ("assistant", "Sure.")]
    turns.append(("user", f"The deploy token is {fake.GITHUB_TOKEN}, keep it in mind."))
    for i in range(396):
        turns.append(("assistant" if i % 2 == 0 else "user",
                      f"Step {i}: " + "reading the invoice lines and their totals " * 60))
    turns.append(("user", KB_QUESTION))
    outcome, _ = converse(env, "openai", turns)
    sent = env.up.requests[-1]["body"]
    assert len(sent) > 1_000_000 and outcome == "KNOWLEDGE-RAG"
    assert fake.GITHUB_TOKEN.encode() not in sent and _last_question(env) == KB_QUESTION
    assert env.cache_entries(expect=0) == 0


def test_other_model_api_paths_pass_through_to_the_clients_upstream(make_env: Any) -> None:
    """What agents call besides the model: the model list (Codex, Open WebUI and Continue fill
    their pickers with it; both SDKs' `models.list()` is `GET /v1/models`, told apart by the
    `anthropic-version` header Anthropic's clients always send), a model, embeddings (an SDK
    given the proxy as its base URL embeds through it too), a stored response, the Responses
    token counter (redacted as a request is). All went to a 404; now each reaches the
    upstream of the client's API with its auth, never with repokb's key."""
    env = make_env(api_key="proxy-test-key")
    with upstream() as claude:
        proxy = env.app.state.proxy
        proxy.settings = Settings.load(proxy_anthropic_url=claude.url,
                                       proxy_openai_url=env.up.url)
        client = env.openai()
        listed = client.models.with_raw_response.list()
        assert listed.headers["x-cache"] == "MISS"
        assert [m.id for m in listed.parse()] == ["gpt-up"]
        assert client.models.retrieve("gpt-test").id == "gpt-test"
        vectors = client.embeddings.create(model="emb", input=["a", "bb"]).data
        assert [v.embedding for v in vectors] == [[0.5, 1.0], [0.5, 2.0]]
        assert client.responses.retrieve("resp_up_7").id == "resp_up_7"
        count = client.responses.input_tokens.count(
            model="m", input=f"Count this: my token is {fake.GITHUB_TOKEN}")
        assert count.input_tokens == 42
        assert fake.GITHUB_TOKEN.encode() not in env.up.requests[-1]["body"]
        with pytest.raises(openai.NotFoundError) as missing:
            client.get("/nope/v9", cast_to=object)
        assert missing.value.code == "unknown_url"  # the upstream's own 404, as it sent it
        assert [r["method"] + " " + r["path"] for r in env.up.requests] == [
            "GET /v1/models", "GET /v1/models/gpt-test", "POST /v1/embeddings",
            "GET /v1/responses/resp_up_7", "POST /v1/responses/input_tokens", "GET /v1/nope/v9"]
        assert all(r["headers"]["authorization"] == "Bearer sk-openai-test-key-2"
                   and "x-repokb-key" not in r["headers"] for r in env.up.requests)
        assert [m.id for m in env.anthropic().models.list()] == ["claude-up"]
        (seen,) = claude.requests
        assert seen["path"] == "/v1/models" and "anthropic-version" in seen["headers"]
        assert "x-repokb-key" not in seen["headers"]
    # the Anthropic upstream gone: the client's API's error shape, 502
    with pytest.raises(anthropic.APIStatusError) as down:
        env.anthropic().models.list()
    assert down.value.status_code == 502 and down.value.body["type"] == "error"  # type: ignore
    bare = httpx.get(env.url + "/v1/models")  # without repokb's key: refused, not forwarded
    assert bare.status_code == 401 and len(env.up.requests) == 6


def test_a_chat_question_through_responses_and_chat_shares_the_cache(env: Env) -> None:
    """One question asked through Chat Completions, then through Responses (`store: false`):
    the cache is the question's, whichever OpenAI API asked."""
    assert ask(env, "openai", OFF_TOPIC, False)[0] == "MISS"
    env.cache_entries(expect=1)
    outcome, text = ask(env, "responses", OFF_TOPIC, True)
    assert outcome == "HIT" and text.startswith("Answer 1")


def test_a_session_with_screenshots_outgrows_the_rest_limit_not_the_proxys(make_env: Any) -> None:
    """A coding agent's conversation with a few screenshots passed 8 MB, the REST API's
    limit, and every turn after was refused (413, in repokb's error shape, which the clients
    do not read as theirs): the proxy's routes have their own limit (32 MB by default,
    Anthropic's), and a body over it is refused in the model API's shape."""
    env = make_env(max_request_bytes=200_000, proxy_max_request_bytes=2_000_000)
    shot = {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                        "data": "iVBORw0KGgo" + "A" * 600_000}}
    turns = [{"role": "user", "content": [shot, {"type": "text", "text": OFF_TOPIC}]}]
    outcome, _ = converse(env, "anthropic", turns)
    assert outcome == "MISS" and len(env.up.requests[-1]["body"]) > 600_000
    assert shot["source"]["data"] in env.up.requests[-1]["body"].decode()  # type: ignore
    with pytest.raises(anthropic.APIStatusError) as big:
        converse(env, "anthropic", turns * 4)
    assert big.value.status_code == 413 and big.value.body["type"] == "error"  # type: ignore
    assert big.value.body["error"]["type"] == "request_too_large"  # type: ignore[index]
    rest = httpx.post(env.url + "/knowledge/search", json={"query": "x" * 300_000})
    assert rest.status_code == 413 and "max_request_bytes" in rest.json()["error"]["hint"]

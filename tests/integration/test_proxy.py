"""The LLM proxy over real HTTP: the official anthropic and openai clients -> `repokb serve`'s
app (uvicorn on loopback) -> a loopback upstream speaking both protocols. Real model, real
Qdrant Edge shards (knowledge and cache)."""

from __future__ import annotations

import json
import re
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anthropic
import httpx
import numpy as np
import openai
import pytest

from repokb.operations import Operations
from repokb.settings import Settings
from repokb.surfaces.owner import OwnerSocket, Remote
from repokb.surfaces.server.app import create_app
from repokb.workspace import Workspace

from .. import fake_secrets as fake
from ..conftest import invoke, run_cli, serve_process, write, written_files
from .upstream import Upstream, serve_app, upstream

pytestmark = pytest.mark.integration

BILLING = '''"""Billing: invoices and their totals."""


def compute_invoice_total(lines, tax_rate, discount=0.0):
    """The invoice total: the sum of quantity times unit price over the lines, minus the
    discount, plus the tax rate applied to what remains."""
    subtotal = sum(line.quantity * line.unit_price for line in lines)
    return (subtotal - discount) * (1 + tax_rate)
'''
COMPOSE = ("services:\n  shop-api:\n    image: shop-api\n    environment:\n"
           f"      STRIPE_SECRET_KEY: {fake.STRIPE_KEY}\n"
           f"      GOOGLE_MAPS_KEY: {fake.GOOGLE_API_KEY}\n      BILLING_CURRENCY: EUR\n")
KB_QUESTION = "How is the invoice total computed with the tax rate and the discount?"
OFF_TOPIC = "Write a short poem about autumn leaves falling in a quiet park"
SECRETS = (fake.AWS_SECRET_KEY, fake.GITHUB_TOKEN, fake.STRIPE_KEY, fake.GOOGLE_API_KEY)


@dataclass
class Env:
    url: str
    ws: Workspace
    ops: Operations
    up: Upstream
    project: Path
    app: Any

    def repokb_key(self) -> dict[str, str]:
        """What a client configured for a server with a key adds (default_headers)."""
        key = self.ws.settings.api_key
        return {"x-repokb-key": key} if key else {}

    def anthropic(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(base_url=self.url, api_key="sk-ant-test-key-1",
                                   max_retries=0, timeout=20, default_headers=self.repokb_key())

    def openai(self) -> openai.OpenAI:
        return openai.OpenAI(base_url=self.url + "/v1", api_key="sk-openai-test-key-2",
                             max_retries=0, timeout=20, default_headers=self.repokb_key())

    def cache_entries(self, expect: int | None = None) -> int:
        """Entries in the cache; with `expect`, waits (up to 10 s) for that many: a JSON answer
        is cached after the response went out."""
        if expect == 0:
            time.sleep(0.5)  # give a (wrong) background write the time to show
        deadline = time.monotonic() + 10
        while True:
            n = int(self.ops.cache_stats()["entries"])
            if expect is None or n == expect or time.monotonic() > deadline:
                return n
            time.sleep(0.05)


@pytest.fixture
def make_env(home: Path, tmp_path: Path, real_embedder: Any) -> Iterator[Any]:
    opened: list[Any] = []

    def make(**overrides: Any) -> Env:
        up_cm = upstream()
        up = up_cm.__enter__()
        opened.append(up_cm)
        project = tmp_path / "shop"
        for rel, text in {"src/billing.py": BILLING, "docker-compose.yml": COMPOSE,
                          "README.md": "# Shop\n\nA small shop: billing, invoices, taxes.\n"
                          }.items():
            write(project, rel, text)
        settings = Settings.load(home=home / str(len(opened)), proxy_anthropic_url=up.url,
                                 proxy_openai_url=up.url, **overrides)
        ws = Workspace(settings)
        ws.__dict__["embedder"] = real_embedder
        opened.append(ws)
        ops = Operations(ws)
        ops.index([str(project)], "shop")
        app = create_app(ops)
        app_cm = serve_app(app)
        url = app_cm.__enter__()
        opened.append(app_cm)
        return Env(url, ws, ops, up, project, app)

    yield make
    for item in reversed(opened):
        if isinstance(item, Workspace):
            item.close()
        else:
            item.__exit__(None, None, None)


@pytest.fixture
def env(make_env: Any) -> Env:
    return make_env()


def ask(env: Env, protocol: str, question: str, stream: bool,
        headers: dict[str, str] | None = None) -> tuple[str, str]:
    """(X-Cache, answer text) through the official client of the protocol."""
    extra = headers or {}
    if protocol == "anthropic":
        client = env.anthropic()
        args: dict[str, Any] = {"model": "claude-test", "max_tokens": 100,
                                "messages": [{"role": "user", "content": question}],
                                "extra_headers": extra}
        if stream:
            with client.messages.stream(**args) as s:
                text = s.get_final_text()
                return s.response.headers["x-cache"], text
        raw = client.messages.with_raw_response.create(**args)
        return raw.headers["x-cache"], raw.parse().content[0].text  # type: ignore[union-attr]
    oclient = env.openai()
    if protocol == "responses":  # not stored upstream: a cached answer may stand in (HIT)
        return respond(env, question, stream, instructions="Be brief.", store=False,
                       extra_headers=extra)[:2]
    oargs: dict[str, Any] = {"model": "gpt-test",
                             "messages": [{"role": "system", "content": "Be brief."},
                                          {"role": "user", "content": question}],
                             "extra_headers": extra}
    if stream:
        oraw = oclient.chat.completions.with_raw_response.create(stream=True, **oargs)
        parts = [c.choices[0].delta.content or "" for c in oraw.parse() if c.choices]
        return oraw.headers["x-cache"], "".join(parts)
    oraw = oclient.chat.completions.with_raw_response.create(**oargs)
    return oraw.headers["x-cache"], oraw.parse().choices[0].message.content or ""


def respond(env: Env, input: Any, stream: bool = False, **args: Any) -> tuple[str, str, str]:
    """(X-Cache, answer text, response id) through the openai client's `responses.create`;
    streamed, the typed events read as an agent reads them."""
    client = env.openai()
    if stream:
        raw = client.responses.with_raw_response.create(model="gpt-test", input=input,
                                                        stream=True, **args)
        events = list(raw.parse())
        kinds = [e.type for e in events]
        assert kinds[:2] == ["response.created", "response.in_progress"], kinds
        assert kinds[-1] in ("response.completed", "response.incomplete"), kinds
        assert [e.sequence_number for e in events] == list(range(len(events)))
        text = "".join(e.delta for e in events if e.type == "response.output_text.delta")
        final = events[-1].response  # type: ignore[union-attr]
        assert final.output_text == text
        return raw.headers["x-cache"], text, final.id
    raw = client.responses.with_raw_response.create(model="gpt-test", input=input, **args)
    parsed = raw.parse()
    return raw.headers["x-cache"], parsed.output_text, parsed.id


def _system_text(body: dict[str, Any]) -> str:
    if "instructions" in body or "input" in body:
        return str(body.get("instructions") or "")
    if "system" in body:
        system = body["system"]
        return system if isinstance(system, str) else json.dumps(system)
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "system")


def _cosine(env: Env, a: str, b: str) -> float:
    va = np.array(env.ws.embedder.embed_query(a))
    vb = np.array(env.ws.embedder.embed_query(b))
    return float(va @ vb / (np.linalg.norm(va) * np.linalg.norm(vb)))


PARAPHRASE = "Write me a brief poem about autumn leaves that fall in a calm park"


@pytest.mark.parametrize("protocol", ["anthropic", "openai", "responses"])
@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
def test_all_four_outcomes(make_env: Any, protocol: str, stream: bool) -> None:
    probe = make_env()
    similarity = _cosine(probe, OFF_TOPIC, PARAPHRASE)
    assert 0.6 < similarity < 0.99
    # thresholds placed around this pair's similarity: the paraphrase lands in CACHE-RAG
    env = make_env(proxy_cache_hit_similarity=min(0.999, similarity + 0.02),
                   proxy_cache_context_similarity=similarity - 0.05)

    outcome, first = ask(env, protocol, OFF_TOPIC, stream)
    assert outcome == "MISS" and first.startswith("Answer 1")
    assert "repokb" not in _system_text(env.up.last_body())  # nothing injected
    assert env.cache_entries(expect=1) == 1  # the completed answer was cached

    outcome, again = ask(env, protocol, OFF_TOPIC, stream)
    assert (outcome, again) == ("HIT", first) and env.up.calls() == 1  # upstream not called

    outcome, text = ask(env, protocol, PARAPHRASE, stream)
    assert outcome == "CACHE-RAG" and text.startswith("Answer 2") and env.up.calls() == 2
    system = _system_text(env.up.last_body())
    assert "An earlier answer" in system and first in system

    outcome, text = ask(env, protocol, KB_QUESTION, stream)
    assert outcome == "KNOWLEDGE-RAG" and env.up.calls() == 3
    system = _system_text(env.up.last_body())
    assert re.search(r"`src/billing\.py:\d+-\d+`", system) and "compute_invoice_total" in system
    assert KB_QUESTION in json.dumps(env.up.last_body().get("messages", env.up.last_body()))
    if protocol != "anthropic":  # the caller's own system prompt / instructions kept, first
        assert system.startswith("Be brief.")


def test_the_question_is_embedded_once(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache lookup and the knowledge search after it share one query vector (the model
    ran twice per request: half of the proxy's added latency)."""
    model = env.ws.embedder
    embedded: list[str] = []
    original = model.embed_query

    def counting(text: str) -> Any:
        embedded.append(text)
        return original(text)

    monkeypatch.setattr(model, "embed_query", counting)
    assert ask(env, "anthropic", KB_QUESTION, False)[0] == "KNOWLEDGE-RAG"
    assert embedded == [KB_QUESTION]
    assert ask(env, "openai", OFF_TOPIC, True)[0] == "MISS"  # looked up, searched: no match
    assert embedded == [KB_QUESTION, OFF_TOPIC]


def test_auth_headers_pass_through_and_are_never_stored(env: Env) -> None:
    ask(env, "anthropic", KB_QUESTION, False, {"anthropic-beta": "tools-2024"})
    seen = env.up.requests[-1]["headers"]
    # this client version sends its key as a bearer token; whichever it sends goes on as is
    assert (seen.get("x-api-key") == "sk-ant-test-key-1"
            or seen.get("authorization") == "Bearer sk-ant-test-key-1")
    assert seen["anthropic-beta"] == "tools-2024" and "anthropic-version" in seen
    httpx.post(env.url + "/v1/messages", json={"model": "m", "max_tokens": 5, "messages": [
        {"role": "user", "content": OFF_TOPIC}]},
        headers={"x-api-key": "sk-ant-test-key-3", "anthropic-version": "2023-06-01"})
    seen = env.up.requests[-1]["headers"]
    assert seen["x-api-key"] == "sk-ant-test-key-3" and seen["anthropic-version"] == "2023-06-01"
    assert ask(env, "openai", "Where is compute_invoice_total defined, what does it return?",
               True)[0] != "HIT"
    assert env.up.requests[-1]["headers"]["authorization"] == "Bearer sk-openai-test-key-2"
    env.ws.answers.close()  # flush the cache shard to disk, then read every byte of it
    blob = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*") if p.is_file())
    for key in (b"sk-ant-test-key-1", b"sk-openai-test-key-2", b"sk-ant-test-key-3"):
        assert key not in blob
    assert b"compute" in blob  # the cache does hold the (redacted) questions and answers


@pytest.mark.parametrize("protocol", ["anthropic", "openai", "responses"])
def test_no_secret_from_prompt_or_kb_reaches_upstream_or_cache(env: Env, protocol: str) -> None:
    prompt = (f"Which environment variables does the shop-api service get in docker compose? "
              f"Mine are aws_secret_access_key={fake.AWS_SECRET_KEY} and {fake.GITHUB_TOKEN}")
    env.up.behaviour = "echo"  # the upstream repeats the (redacted) prompt in its answer
    outcome, answer = ask(env, protocol, prompt, False)
    outcome2, _ = ask(env, protocol, "Which Stripe and Google Maps keys does the shop-api "
                      "container of docker compose receive?", True)
    assert "KNOWLEDGE-RAG" in (outcome, outcome2)
    bodies = b"".join(r["body"] for r in env.up.requests)
    assert b"docker-compose.yml" in bodies  # the secret file's fragments were injected...
    for secret in SECRETS:
        assert secret.encode() not in bodies, secret  # ...redacted, as the prompt was
        assert secret not in answer
    assert b"<REDACTED_SECRET>" in bodies
    env.ws.answers.close()
    blob = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*") if p.is_file())
    for secret in SECRETS:
        assert secret.encode() not in blob


def test_a_prose_password_and_base64_of_keys_never_reach_upstream_or_cache(env: Env) -> None:
    """A new user's pass: "use the password X" (no "is") and an unquoted base64 blob of an AWS
    key id and a Stripe key went to the upstream as written, came back in its answer and were
    cached with it."""
    import base64

    password = "".join(("hunter2", "hunter2", "X9"))
    blob = base64.b64encode(f"aws={fake.AWS_ACCESS_KEY} stripe={fake.STRIPE_KEY}".encode())
    prompt = (f"How is the invoice total computed? To log in use the password {password} on "
              f"the admin page. // fixture: {blob.decode()}")
    env.up.behaviour = "echo"  # the upstream repeats the (redacted) prompt in its answer
    _, answer = ask(env, "openai", prompt, False)
    bodies = b"".join(r["body"] for r in env.up.requests)
    assert b"the admin page" in bodies and b"<REDACTED_SECRET>" in bodies
    for value in (password.encode(), blob, blob[8:32]):
        assert value not in bodies
        assert value.decode() not in answer
    env.ws.answers.close()
    stored = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*")
                      if p.is_file())
    assert password.encode() not in stored and blob[8:32] not in stored


def test_a_password_given_to_a_hashing_call_never_reaches_upstream_or_cache(env: Env) -> None:
    """Session 34's attacker pass: a user pastes the failing line, `bcrypt::verify("X", &h)`
    (or PHP's `password_verify('X', $h)`); no secret-named key stands before X, so it went
    upstream as written, came back in the answer and was cached, replayed to the next asker."""
    first, second = "".join(("Hu7nt", "er2Zq")), "".join(("Pv4Lm", "8Qr2x"))
    prompt = (f'Why does bcrypt::verify("{first}", &hash) return false after the migration, '
              f"while password_verify('{second}', $hash) works in the old PHP login?")
    env.up.behaviour = "echo"  # the upstream repeats the (redacted) prompt in its answer
    _, answer = ask(env, "anthropic", prompt, False)
    bodies = b"".join(r["body"] for r in env.up.requests)
    assert b"password_verify(" in bodies and b"<REDACTED_SECRET>" in bodies
    env.ws.answers.close()
    stored = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*")
                      if p.is_file())
    for value in (first, second):
        assert value.encode() not in bodies and value not in answer
        assert value.encode() not in stored


def test_a_project_scope_named_by_a_token_is_cached_under_its_redacted_name(env: Env) -> None:
    """A client scopes its questions to a checkout cloned into `ghp_...` (the project stored as
    its redacted name): the cache kept the header's raw name as each entry's scope."""
    question = "How is the invoice total computed with the tax rate and the discount?"
    ask(env, "openai", question, False, headers={"X-Repokb-Project": fake.GITHUB_TOKEN})
    assert env.cache_entries(expect=1) == 1
    env.ws.answers.close()
    stored = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*")
                      if p.is_file())
    assert b"<REDACTED_SECRET_" in stored and fake.GITHUB_TOKEN.encode() not in stored


def test_a_project_scope_as_people_type_it_is_the_projects_one_cache_scope(env: Env) -> None:
    """A new user's agent trial (agents42): `X-Repokb-Project: cattrs`, `Cattrs` and
    `cattrs-24.1.2` searched the same project (search reads the names so) but cached each
    answer under the header's own spelling, three scopes for one project: the same question
    asked under another spelling went to the upstream again."""
    assert ask(env, "openai", KB_QUESTION, False, {"X-Repokb-Project": "Shop"})[0] == \
        "KNOWLEDGE-RAG"
    assert env.cache_entries(expect=1) == 1
    for spelling in ("shop", "shop/", "SHOP"):
        assert ask(env, "anthropic", KB_QUESTION, False,
                   {"X-Repokb-Project": spelling})[0] == "HIT", spelling
    assert env.ops.cache_stats()["by_scope"] == {"shop": 1}


def test_a_question_redaction_took_a_secret_from_is_never_cached(env: Env) -> None:
    """A new user's trial (agents42): "My CI fails publishing with token X -- why ...?" was
    cached under its redacted words, and the next client's question in the same words, with
    another token, got that answer as a HIT: the words around a pasted secret (its host, its
    user) were kept for every client, where docs/proxy.md says such questions are never
    cached."""
    ask_with = ("My CI fails publishing with the token {} to db.internal.example -- why does "
                "the release step fail?")
    for protocol, token in (("openai", fake.GITHUB_TOKEN), ("anthropic", fake.STRIPE_KEY)):
        outcome, _ = ask(env, protocol, ask_with.format(token), False)
        assert outcome in ("MISS", "KNOWLEDGE-RAG"), protocol
        assert token.encode() not in env.up.requests[-1]["body"]
    assert env.cache_entries(expect=0) == 0
    env.ws.answers.close()
    stored = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*")
                      if p.is_file())
    assert b"db.internal.example" not in stored


def test_answer_with_a_secret_is_not_cached(env: Env) -> None:
    env.up.answer_suffix = f" Use the key {fake.STRIPE_KEY} to pay."
    outcome, text = ask(env, "openai", OFF_TOPIC, False)
    assert outcome == "MISS" and fake.STRIPE_KEY in text  # the client gets the answer as is
    assert env.cache_entries(expect=0) == 0
    assert ask(env, "openai", OFF_TOPIC, False)[0] == "MISS"


def test_a_bare_random_token_in_a_question_is_never_cached(env: Env) -> None:
    """A token alone in a question, which redaction cannot tell from an id, came back in the
    upstream's answer and was cached: the next client who asked the like got it replayed (HIT),
    and the cache's files held it; the dashboard's last requests showed it to every user. The
    same question without the token is cached as before."""
    token = "".join(("xK93mQz7LpA2", "vR8nT4wY6bC1dF5g"))  # FAKE, assembled at run time
    question = f"Why does the shop page answer 401 for {token} since Monday?"
    env.up.behaviour = "echo"  # the upstream repeats the prompt in its answer
    outcome, answer = ask(env, "openai", question, False)
    assert outcome == "MISS" and token in answer  # the asker's own answer, as the upstream gave
    assert env.cache_entries(expect=0) == 0
    assert ask(env, "openai", question, False)[0] == "MISS"
    plain = "Why does the shop page answer 401 for the usual account since Monday?"
    ask(env, "openai", plain, False)
    assert env.cache_entries(expect=1) == 1
    env.ws.answers.close()
    stored = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*")
                      if p.is_file())
    assert b"usual account" in stored and token.encode() not in stored
    shown = httpx.get(env.url + "/proxy/stats", headers=env.repokb_key()).text
    assert "401 for <REDACTED_SECRET> since Monday" in shown and token not in shown


@pytest.mark.parametrize("protocol", ["anthropic", "openai"])
def test_the_injected_block_fits_its_token_budget_preface_included(make_env: Any,
                                                                   protocol: str) -> None:
    """An agent's pass (agents37): blocks of 8,049 characters under the 2,000-token budget
    (8,000): the preface was added after the fragments had filled the budget, and a fragment
    cut to the budget left out its file header, citation and fences."""
    env = make_env(proxy_knowledge_tokens=150)  # 600 characters
    outcome, _ = ask(env, protocol, KB_QUESTION, False)
    assert outcome == "KNOWLEDGE-RAG"
    body = env.up.last_body()
    system = body.get("system")
    texts = ([system] if isinstance(system, str) else [b["text"] for b in system]
             if protocol == "anthropic" else
             [m["content"] for m in body["messages"] if m["role"] == "system"])
    (block,) = [t for t in texts if t.startswith("The fragments below")]
    assert "compute_invoice_total" in block and "src/billing.py:" in block, block
    assert len(block) <= 150 * 4, block


@pytest.mark.parametrize("protocol", ["anthropic", "openai"])
def test_a_pasted_password_with_symbols_is_never_cached_nor_given_to_another_user(
        env: Env, protocol: str) -> None:
    """An agent's pass (agents37): "Is this key still valid? <password>" with a password of
    letters, digits and a `!` was cached (the token check stopped at `!`: no 16-character run
    of token characters), and the next client's "Is this key still valid?" (similarity 0.76)
    got it as CACHE-RAG: the first user's password went upstream in the second user's
    request. Nothing of it is kept now; the dashboard masks it."""
    password = "".join(("Pl4nt3d-", "Br1ck!", "wall77"))  # FAKE, assembled at run time
    env.up.behaviour = "echo"  # the upstream repeats the prompt in its answer
    outcome, answer = ask(env, protocol, f"Is this key still valid? {password}", False)
    assert outcome == "MISS" and password in answer  # the asker's own answer, as given
    assert env.cache_entries(expect=0) == 0
    sent = len(env.up.requests)
    outcome, answer = ask(env, protocol, "Is this key still valid?", True)
    assert outcome in ("MISS", "KNOWLEDGE-RAG") and password not in answer
    assert password.encode() not in b"".join(r["body"] for r in env.up.requests[sent:])
    env.ws.answers.close()
    stored = b"".join(p.read_bytes() for p in env.ws.settings.cache_path.rglob("*")
                      if p.is_file())
    assert password.encode() not in stored
    shown = httpx.get(env.url + "/proxy/stats", headers=env.repokb_key()).text
    assert "still valid? <REDACTED_SECRET>" in shown and password not in shown


@pytest.mark.parametrize("protocol", ["anthropic", "openai", "responses"])
@pytest.mark.parametrize("behaviour", ["tool", "max_tokens", "cut"])
def test_uncacheable_answers_are_not_cached(env: Env, protocol: str, behaviour: str) -> None:
    env.up.behaviour = behaviour
    for stream in ([True] if behaviour == "cut" else [False, True]):
        try:
            ask(env, protocol, OFF_TOPIC, stream)
        except (anthropic.APIError, openai.APIError, httpx.HTTPError):
            assert behaviour == "cut"  # a broken stream reaches the client as an error
    assert env.cache_entries(expect=0) == 0


def test_requests_for_several_answers_skip_the_cache(env: Env) -> None:
    for _ in range(2):
        raw = env.openai().chat.completions.with_raw_response.create(
            model="m", n=2, messages=[{"role": "user", "content": OFF_TOPIC}])
        assert raw.headers["x-cache"] == "MISS"
    assert env.cache_entries(expect=0) == 0


def test_requests_with_images_or_tool_turns_skip_the_cache(env: Env) -> None:
    client = env.anthropic()
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                         "data": "iVBORw0KGgo="}}
    for _ in range(2):
        raw = client.messages.with_raw_response.create(
            model="m", max_tokens=10, messages=[{"role": "user", "content": [
                {"type": "text", "text": OFF_TOPIC}, image]}])
        assert raw.headers["x-cache"] == "MISS"
    tool_turns = [{"role": "user", "content": "Read the file for me please now"},
                  {"role": "assistant", "content": [{"type": "tool_use", "id": "t1",
                                                     "name": "read", "input": {}}]},
                  {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
                                                "content": "file text"},
                                               {"type": "text", "text": OFF_TOPIC}]}]
    for _ in range(2):
        raw = client.messages.with_raw_response.create(model="m", max_tokens=10,
                                                       messages=tool_turns)  # type: ignore[arg-type]
        assert raw.headers["x-cache"] == "MISS"
    assert env.cache_entries(expect=0) == 0 and env.up.calls() == 4


def test_reindexing_a_used_chunk_invalidates_cached_answers(env: Env) -> None:
    outcome, first = ask(env, "anthropic", KB_QUESTION, False)
    assert outcome == "KNOWLEDGE-RAG" and env.cache_entries(expect=1) == 1
    assert ask(env, "anthropic", KB_QUESTION, False) == ("HIT", first)
    # a file it was not built on changes: the cached answer stays valid
    (entry,) = env.ws.answers.entries()
    used = {source["path"] for source in entry.payload["sources"]}
    assert "src/billing.py" in used and "docker-compose.yml" not in used
    (env.project / "docker-compose.yml").write_text("services:\n  web:\n    image: web\n")
    env.ops.index([str(env.project)], "shop")
    assert ask(env, "anthropic", KB_QUESTION, False) == ("HIT", first)
    # the function it was built on changes: the entry is dropped, the upstream answers again
    (env.project / "src/billing.py").write_text(BILLING.replace("(1 + tax_rate)",
                                                                "(1 + tax_rate) + fees"))
    env.ops.index([str(env.project)], "shop")
    outcome, text = ask(env, "anthropic", KB_QUESTION, False)
    assert outcome == "KNOWLEDGE-RAG" and text != first and "+ fees" in json.dumps(
        env.up.last_body())
    env.cache_entries(expect=1)
    # and deleting the file drops the new entry too
    env.cache_entries(expect=1)
    assert ask(env, "anthropic", KB_QUESTION, False)[0] == "HIT"
    (env.project / "src/billing.py").unlink()
    env.ops.index([str(env.project)], "shop")
    assert ask(env, "anthropic", KB_QUESTION, False)[0] != "HIT"


def test_token_counting_passes_through(env: Env) -> None:
    count = env.anthropic().messages.count_tokens(
        model="m", messages=[{"role": "user", "content": OFF_TOPIC}])
    assert count.input_tokens == 42 and env.up.requests[-1]["path"].endswith("/count_tokens")
    assert env.up.requests[-1]["headers"]["authorization"] == "Bearer sk-ant-test-key-1"


def test_token_counting_sends_the_prompt_upstream_redacted_as_a_message_is(env: Env) -> None:
    """Seen with the official anthropic client: messages.count_tokens forwarded the prompt
    byte for byte, so a GitHub token and a Stripe key that /v1/messages redacts reached the
    upstream through the token counter (Claude Code asks it before every send)."""
    question = f"Count this: my token is {fake.GITHUB_TOKEN} and the key {fake.STRIPE_KEY}"
    count = env.anthropic().messages.count_tokens(
        model="m", system=f"Stripe: {fake.STRIPE_KEY}",
        messages=[{"role": "user", "content": question}])
    assert count.input_tokens == 42
    sent = env.up.requests[-1]["body"].decode()
    assert env.up.requests[-1]["path"].endswith("/count_tokens") and "<REDACTED_SECRET>" in sent
    assert fake.GITHUB_TOKEN not in sent and fake.STRIPE_KEY not in sent
    raw = httpx.post(env.url + "/v1/messages/count_tokens", headers={"x-repokb-mode": "off"},
                     json={"model": "m", "messages": [{"role": "user", "content": question}]})
    assert raw.status_code == 200 and fake.GITHUB_TOKEN in env.up.requests[-1]["body"].decode()
    bad = httpx.post(env.url + "/v1/messages/count_tokens", content=b"[1, 2]",
                     headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["type"] == "error"


def test_modes_and_project_scope(env: Env) -> None:
    body = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": KB_QUESTION}]}
    raw = json.dumps(body, indent=3).encode()
    r = httpx.post(env.url + "/v1/messages", content=raw,  # as SDKs send it: typed JSON
                   headers={"x-repokb-mode": "off", "x-api-key": "k",
                            "content-type": "application/json"})
    assert r.headers["x-cache"] == "MISS" and env.up.requests[-1]["body"] == raw  # untouched
    assert ask(env, "openai", KB_QUESTION, False, {"X-Repokb-Mode": "cache"})[0] == "MISS"
    assert ask(env, "openai", KB_QUESTION, False, {"X-Repokb-Project": "other"})[0] == "MISS"
    assert ask(env, "openai", KB_QUESTION, False,
               {"X-Repokb-Project": "shop", "X-Repokb-Mode": "knowledge"})[0] == "KNOWLEDGE-RAG"
    bad = httpx.post(env.url + "/v1/chat/completions", json=body,
                     headers={"x-repokb-mode": "sometimes"})
    assert bad.status_code == 400 and bad.json()["error"]["type"] == "invalid_request_error"
    bad = httpx.post(env.url + "/v1/messages", content=b"[1, 2",
                     headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["type"] == "error"


def test_failed_search_degrades_to_miss_with_a_warning(env: Env) -> None:
    proxy = env.app.state.proxy

    def broken(*args: Any) -> Any:
        raise RuntimeError("store gone")

    proxy.backend.search = broken
    proxy.cache.lookup = broken
    assert ask(env, "anthropic", KB_QUESTION, True)[0] == "MISS"
    stats = httpx.get(env.url + "/proxy/stats").json()
    assert stats["warnings"] == 2 and stats["outcomes"]["MISS"] == 1
    assert stats["recent"][0]["outcome"] == "MISS"


@pytest.mark.parametrize("behaviour,status", [("fail500", 500), ("overloaded", None),
                                              ("slow", 504), ("stall", 504), ("down", 502)])
def test_upstream_failures_come_back_in_the_protocol_error_shape(make_env: Any, behaviour: str,
                                                                 status: int | None) -> None:
    env = make_env(proxy_timeout_seconds=1.0)
    if behaviour == "down":  # a loopback port nothing listens on
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
        probe.close()
        env.app.state.proxy.settings = Settings.load(proxy_anthropic_url=dead,
                                                     proxy_openai_url=dead)
    env.up.behaviour = behaviour
    with pytest.raises(anthropic.APIStatusError) as a_err:
        ask(env, "anthropic", OFF_TOPIC, False)
    assert a_err.value.status_code == (status or 529)
    assert a_err.value.body["type"] == "error"  # type: ignore[index]
    with pytest.raises(openai.APIStatusError) as o_err:
        ask(env, "openai", OFF_TOPIC, True)
    assert o_err.value.status_code == (status or 500)
    assert set(o_err.value.body) >= {"message", "type"}  # type: ignore[arg-type]
    with pytest.raises(openai.APIStatusError) as r_err:
        ask(env, "responses", OFF_TOPIC, False)
    assert r_err.value.status_code == (status or 500)
    assert set(r_err.value.body) >= {"message", "type"}  # type: ignore[arg-type]
    assert env.cache_entries(expect=0) == 0
    assert httpx.get(env.url + "/proxy/stats").json()["upstream_errors"] == 3
    if behaviour == "down":  # a passed-through path (a model list) fails alike
        with pytest.raises(openai.APIStatusError) as m_err:
            env.openai().models.list()
        assert m_err.value.status_code == 502
        assert "upstream model API" in str(m_err.value.body)


def test_cache_cli_stats_and_flush(env: Env) -> None:
    ask(env, "openai", OFF_TOPIC, False)
    ask(env, "anthropic", KB_QUESTION, False)
    env.cache_entries(expect=2)
    stats = env.ops.cache_stats()
    assert stats["entries"] == 2 and stats["by_protocol"] == {"openai": 1, "anthropic": 1}
    r = httpx.delete(env.url + "/proxy/cache")
    assert r.status_code in (401, 403)
    home = env.ws.settings.home
    assert any(b"autumn leaves" in p.read_bytes() for p in written_files(home))
    assert env.ops.cache_flush()["entries_deleted"] == 2 and env.cache_entries() == 0
    # and no byte of a flushed answer is left on disk: the cache shard's write-ahead log kept
    # them after the entries were deleted
    assert not [p for p in written_files(home) if b"autumn leaves" in p.read_bytes()]
    assert ask(env, "openai", OFF_TOPIC, False)[0] == "MISS"
    env.cache_entries(expect=1)  # the cache takes new entries as before


def test_cache_stats_and_flush_reach_the_owner_over_its_socket(env: Env, home: Path) -> None:
    """What `repokb cache stats|flush` call while a server owns the cache: the same REST
    routes on the owner's Unix socket, where flushing needs no key (over TCP it does)."""
    ask(env, "openai", OFF_TOPIC, False)
    env.cache_entries(expect=1)
    with OwnerSocket(env.ops, env.app):
        remote = Remote(env.ws.settings)
        try:
            assert remote.cache_stats() == env.ops.cache_stats()
            assert remote.cache_stats()["by_protocol"] == {"openai": 1}
            assert remote.cache_flush() == {"entries_deleted": 1}
        finally:
            remote.close()
    assert env.cache_entries() == 0
    assert httpx.delete(env.url + "/proxy/cache").status_code in (401, 403)


def test_cache_flush_over_tcp_with_the_api_key(make_env: Any) -> None:
    env = make_env(api_key="proxy-test-key")
    ask(env, "anthropic", OFF_TOPIC, False)  # the key set: the client adds x-repokb-key
    seen = env.up.requests[-1]["headers"]
    assert "x-repokb-key" not in seen and "proxy-test-key" not in json.dumps(seen)
    env.cache_entries(expect=1)
    assert httpx.delete(env.url + "/proxy/cache", headers={"x-api-key": "wrong"}
                        ).status_code == 401
    r = httpx.delete(env.url + "/proxy/cache", headers={"x-api-key": "proxy-test-key"})
    assert r.status_code == 200 and r.json() == {"entries_deleted": 1}
    assert env.cache_entries() == 0


def test_cache_commands_on_the_command_line(home: Path, real_embedder: Any) -> None:
    settings = Settings.load()
    with Workspace(settings) as ws:
        ws.__dict__["embedder"] = real_embedder
        ws.answers.put("6f1d8c52-3c59-4a8e-9a57-2f4f0e7c1b02",
                       Operations(ws).embed_question(OFF_TOPIC),
                       {"scope": "*", "question": OFF_TOPIC, "answer": "a", "protocol": "openai",
                        "model": "m", "sources": [], "created": 1.0})
    assert json.loads(invoke("cache", "stats", "--json"))["by_protocol"] == {"openai": 1}
    assert "1 entries deleted" in invoke("cache", "flush", "--yes")
    assert "0 cached answers" in invoke("cache", "stats")


def test_dashboard_panel_and_proxy_only_app(env: Env) -> None:
    page = httpx.get(env.url + "/").text
    assert 'id="proxy-card"' in page and "/static/proxy.js" in page
    assert httpx.get(env.url + "/static/proxy.js").status_code == 200
    ask(env, "openai", KB_QUESTION, False, {"X-Repokb-Project": "shop"})
    recent = httpx.get(env.url + "/proxy/stats").json()["recent"][0]
    assert recent["outcome"] == "KNOWLEDGE-RAG" and recent["projects"] == ["shop"]
    assert "src/billing.py" in recent["files"] and recent["question"] == KB_QUESTION
    assert "/v1/messages" not in httpx.get(env.url + "/openapi.json").text
    only = create_app(env.ops, proxy_only=True)
    with serve_app(only) as url:
        assert httpx.get(url + "/").status_code == 404
        assert httpx.post(url + "/knowledge/search", json={"query": "x"}).status_code == 404
        assert httpx.get(url + "/proxy/stats").status_code == 200
        env.cache_entries(expect=1)
        reply = httpx.post(url + "/v1/chat/completions", headers={"x-repokb-project": "shop"},
                           json={"model": "m", "messages": [{"role": "user",
                                                             "content": KB_QUESTION}]})
        assert reply.status_code == 200 and reply.headers["x-cache"] == "HIT"


def test_a_broken_cache_shard_degrades_to_pass_through(make_env: Any, home: Path) -> None:
    (home / "1").mkdir(parents=True)
    (home / "1" / "cache").write_text("not a shard")  # a file where the shard's folder goes
    env = make_env()
    assert ask(env, "anthropic", OFF_TOPIC, False)[0] == "MISS"
    assert ask(env, "openai", KB_QUESTION, True)[0] == "KNOWLEDGE-RAG"
    assert httpx.get(env.url + "/proxy/stats").json()["warnings"] >= 2


def test_repokb_proxy_serves_only_the_proxy_but_owns_for_every_command(home: Path) -> None:
    """`repokb proxy`: over TCP only the proxy's routes; its owner socket still serves the whole
    API, so `repokb stats` and `repokb cache ...` started meanwhile answer through it."""
    with serve_process(home, command="proxy") as url:
        key = {"x-api-key": "test-key"}  # serve_process's
        assert httpx.get(url + "/knowledge/stats", headers=key).status_code == 404
        assert httpx.get(url + "/").status_code == 404
        code, out, err = run_cli("stats", "--json")
        assert code == 0 and json.loads(out)["points"] == 0, err
        code, out, err = run_cli("cache", "stats", "--json")
        assert code == 0 and json.loads(out)["entries"] == 0, err
        code, out, err = run_cli("cache", "flush", "--yes")
        assert code == 0 and "0 entries deleted" in out, err


@pytest.mark.parametrize("protocol", ["anthropic", "openai"])
def test_a_question_ending_in_a_question_mark_reaches_the_upstream_whole(env: Env,
                                                                         protocol: str) -> None:
    """An agent's pass through the proxy (httpx 0.28.1 indexed): "How do I send a bearer token
    with httpx?" went upstream as "... with <REDACTED_SECRET>": the last word after "token
    ... with", judged with its `?`, looked random. The question lost its subject for the model
    and for the knowledge search. A secret ending a question is still redacted."""
    env.up.behaviour = "echo"  # the upstream repeats the (redacted) prompt in its answer
    for question in ("How do I send a bearer token with httpx?",
                     "How do I pass the API key to requests?"):
        _, answer = ask(env, protocol, question, False)
        assert answer == f"You said: {question}"
    secret = "".join(("Qz7vK2pLm9", "XwR4tB8nYc"))
    _, answer = ask(env, protocol, f"Why is the token is {secret}?", False)
    assert secret not in answer and "<REDACTED_SECRET>" in answer
    assert secret.encode() not in b"".join(r["body"] for r in env.up.requests)


def test_a_refusal_on_the_model_apis_is_in_their_error_shape(make_env: Any) -> None:
    """A client of a server with a key that forgot x-repokb-key (surfaces27): the 401 came in
    repokb's shape only, without Anthropic's `type: error` / `error.type` nor OpenAI's
    `error.type`, which the coding tools over these clients read. repokb's fields stay."""
    env = make_env(api_key="proxy-test-key")
    bare_anthropic = anthropic.Anthropic(base_url=env.url, api_key="sk-ant-x", max_retries=0)
    with pytest.raises(anthropic.AuthenticationError) as refused:
        bare_anthropic.messages.create(model="claude-test", max_tokens=10,
                                       messages=[{"role": "user", "content": KB_QUESTION}])
    body = refused.value.body
    assert isinstance(body, dict) and body["type"] == "error"
    assert body["error"]["type"] == "authentication_error"
    assert "x-repokb-key" in body["error"]["hint"] and body["error"]["code"] == "unauthorized"
    bare_openai = openai.OpenAI(base_url=env.url + "/v1", api_key="sk-x", max_retries=0)
    with pytest.raises(openai.AuthenticationError) as refused_openai:
        bare_openai.chat.completions.create(
            model="gpt-test", messages=[{"role": "user", "content": KB_QUESTION}])
    assert refused_openai.value.type == "authentication_error"
    assert refused_openai.value.code == "unauthorized"
    assert env.up.requests == []  # nothing went upstream

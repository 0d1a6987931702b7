"""The latency the proxy adds before the upstream call, and a soak of concurrent clients.

    python bench/retrieval/latency.py --keep DIR --queries 20   # once: a 40,000-chunk home
    python bench/proxy/latency.py --home DIR/home [--requests 300] [--clients 8] [--seconds 60]

`repokb proxy` runs as its own process on that home, in front of a loopback upstream (this
process) that answers at once. Phase 1 sends --requests distinct questions one at a time with
`X-Repokb-Mode: knowledge` (redaction, query embedding, hybrid search over every chunk, the
injected block) and then the natural questions of bench/proxy/questions.json with the default
mode (cache lookup first); the proxy's own timer (request read -> upstream call) gives p50/p99.
Phase 2: --clients threads for --seconds, each alternating a question asked before (default
mode: mostly cache HITs) and a new one (knowledge mode: search, upstream call), both protocols,
streamed and not; any non-200, exception or missing X-Cache is an error.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.integration.upstream import upstream  # noqa: E402

KEY = "bench-key"
KEYED = {"x-repokb-key": KEY}  # repokb's key: on /v1/* only this header carries it

TOPICS = ["the request parser", "the connection pool", "the template loader", "date parsing",
          "the plugin registry", "retry with backoff", "the config loader", "url routing",
          "the test fixtures", "the cli entry point", "string formatting", "the cache layer",
          "error handling", "the session middleware", "the json encoder", "file uploads",
          "the logging setup", "the query builder", "type validation", "the event loop"]
FORMS = ["How does {t} work?", "Where is {t} implemented?", "What calls {t}?",
         "How do I configure {t}?", "Why would {t} fail?", "What tests cover {t}?",
         "Which options does {t} accept?", "How is {t} initialised?",
         "What does {t} return on error?", "Show me the code of {t}.",
         "How can I extend {t}?", "What changed recently in {t}?",
         "How is {t} documented?", "How fast is {t}?", "Who uses {t}?"]


def _pcts(values: list[float]) -> str:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return f"p50 {cuts[49]:.1f} ms, p99 {cuts[98]:.1f} ms (n={len(values)})"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(client: httpx.Client, question: str, i: int, mode: str | None) -> tuple[str, float]:
    """(X-Cache, the proxy's added milliseconds) of one request."""
    headers = {"x-api-key": "sk-bench-upstream"}  # the client's own, forwarded upstream
    if mode:
        headers["x-repokb-mode"] = mode
    stream = i % 4 >= 2
    if i % 2 == 0:
        path, body = "/v1/messages", {"model": "m", "max_tokens": 50, "stream": stream,
                                      "messages": [{"role": "user", "content": question}]}
    else:
        path, body = "/v1/chat/completions", {"model": "m", "stream": stream, "messages": [
            {"role": "user", "content": question}]}
    with client.stream("POST", path, json=body, headers=headers) as r:
        r.read()
        if r.status_code != 200 or "x-cache" not in r.headers:
            raise RuntimeError(f"HTTP {r.status_code}")
        return r.headers["x-cache"], float(r.headers["x-repokb-added-ms"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    data = json.loads((Path(__file__).parent / "questions.json").read_text())
    natural = [q for pair in data["paraphrases"] for q in pair] + data["unrelated"]
    generated = [f.format(t=t) for t in TOPICS for f in FORMS]
    random.Random(7).shuffle(generated)
    port = _free_port()
    with upstream() as up:
        env = {**os.environ, "REPOKB_PROXY_ANTHROPIC_URL": up.url,
               "REPOKB_PROXY_OPENAI_URL": up.url, "REPOKB_API_KEY": KEY}
        proc = subprocess.Popen([sys.executable, "-m", "repokb", "proxy",
                                 "--home", str(args.home), "--port", str(port)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        base = f"http://127.0.0.1:{port}"
        try:
            client = httpx.Client(base_url=base, timeout=60, headers=KEYED)
            deadline = time.monotonic() + 300
            while True:
                try:
                    client.get("/proxy/stats").raise_for_status()
                    break
                except httpx.HTTPError as exc:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit(proc.stderr.read().decode() if proc.stderr
                                         else "") from exc
                    time.sleep(0.5)
            flushed = client.delete("/proxy/cache", headers={"x-api-key": KEY})
            print(f"cache flushed: {flushed.json()}")  # every run starts from an empty cache
            for q in generated[:5]:
                _post(client, q, 0, "knowledge")  # warm-up
            added: list[float] = []
            outcomes1: Counter[str] = Counter()
            for i, q in enumerate((generated * 10)[: args.requests]):
                outcome, ms = _post(client, q + ("" if i < len(generated) else f" ({i})"), i,
                                    "knowledge")
                outcomes1[outcome] += 1
                added.append(ms)
            print(f"phase 1 · {args.requests} knowledge-mode requests, one at a time, on "
                  f"{args.home} · outcomes {dict(outcomes1)}")
            print(f"  added before the upstream: {_pcts(added)} · load "
                  f"{os.getloadavg()[0]:.1f}")
            cached: list[float] = []
            for i, q in enumerate(natural):
                cached.append(_post(client, q, i, None)[1])
            print(f"  default mode (cache lookup, then knowledge), {len(natural)} natural "
                  f"questions: {_pcts(cached)}")
            errors: list[str] = []
            soak_ms: list[float] = []
            outcomes: Counter[str] = Counter()
            stop = time.monotonic() + args.seconds
            lock = threading.Lock()

            def worker(seed: int) -> None:
                rng = random.Random(seed)
                with httpx.Client(base_url=base, timeout=60, headers=KEYED) as c:
                    i = seed
                    while time.monotonic() < stop:
                        i += 1
                        try:
                            if i % 2:  # a question asked before: mostly cache HITs
                                outcome, ms = _post(c, rng.choice(natural), i, None)
                            else:  # a new one: knowledge search, upstream call, streaming
                                question = f"{rng.choice(generated)} (client {seed}, {i})"
                                outcome, ms = _post(c, question, i, "knowledge")
                            with lock:
                                outcomes[outcome] += 1
                                soak_ms.append(ms)
                        except Exception as exc:  # counted, the soak goes on
                            with lock:
                                errors.append(f"{type(exc).__name__}: {exc}")

            threads = [threading.Thread(target=worker, args=(k,)) for k in range(args.clients)]
            t0 = time.monotonic()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.monotonic() - t0
            soak = client.get("/proxy/stats").json()
            total = sum(outcomes.values()) + len(errors)
            print(f"phase 2 · soak: {args.clients} clients x {elapsed:.0f} s: {total} requests "
                  f"({total / elapsed:.1f}/s), errors {len(errors)}, outcomes {dict(outcomes)}, "
                  f"upstream calls {up.calls()}, cache entries "
                  f"{(soak.get('cache') or {}).get('entries')}")
            print(f"  added before the upstream under load: {_pcts(soak_ms)} · warnings "
                  f"{soak['warnings']} · load {os.getloadavg()[0]:.1f}")
            for e in errors[:5]:
                print("  error:", e)
        finally:
            proc.terminate()
            proc.wait(30)


if __name__ == "__main__":
    main()

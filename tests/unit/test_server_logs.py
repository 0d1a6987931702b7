"""The server's logs never hold a secret a client sent in a request target (nu2's trial: the
access log printed `?path=notes%2fghp_....md` as sent, and the error log the raw path)."""

from __future__ import annotations

import io
import logging
import logging.config

from repokb.surfaces.server.logs import install, log_config

TOKEN = "ghp_" + "Z9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8b"
PASSWORD = "Vx3Kq9Lm7Zp2" + "Rt5Wn8Yb"


def test_access_and_error_logs_redact_what_a_client_sent() -> None:
    config = log_config()
    logging.config.dictConfig(config)
    stream = io.StringIO()
    for name in ("uvicorn", "uvicorn.access"):  # uvicorn's handlers, written to our stream
        for handler in logging.getLogger(name).handlers:
            handler.setStream(stream)  # type: ignore[attr-defined]
    access = logging.getLogger("uvicorn.access")
    # what uvicorn's h11/httptools protocols log for each request
    access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET",
                f"/knowledge/context?project=proj&path=notes%2f{TOKEN}.md", "1.1", 422)
    access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET",
                f"/knowledge/explain?x=postgres://admin:{PASSWORD}@db/app", "1.1", 200)
    for _ in range(2):  # a clean target is remembered as clean; a secret's, never
        access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "POST", "/knowledge/search",
                    "1.1", 200)
        access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET",
                    f"/knowledge/context?path={TOKEN}.md", "1.1", 200)
    install()
    server = logging.getLogger("repokb.server")
    server.addHandler(logging.StreamHandler(stream))
    server.warning("request %s (%s %s): %s", "abc", "GET", "/knowledge/explain",
                   f"no record for 'notes/{TOKEN}.md' in project 'proj'")
    written = stream.getvalue()
    assert TOKEN not in written and PASSWORD not in written, written
    assert written.count('"POST /knowledge/search HTTP/1.1" 200') == 2  # the rest stays readable
    # the token goes, the parameter's name stays (before, `path=` went with it)
    assert written.count("GET /knowledge/context?path=<REDACTED_SECRET_") == 2, written
    assert "/knowledge/context?project=proj&path=notes/<REDACTED_SECRET_" in written
    assert "request abc (GET /knowledge/explain): no record for" in written


def test_a_form_encoded_query_is_read_with_its_spaces() -> None:
    """Session 34: a query string encodes a space as `+` (`?path=-----BEGIN+RSA+PRIVATE+KEY
    -----...`, `mysql+-u+root+-pX`): the shapes that need a space were not found and the access
    log printed the pasted key as sent. A clean target is still written as it came."""
    config = log_config()
    logging.config.dictConfig(config)
    stream = io.StringIO()
    for name in ("uvicorn", "uvicorn.access"):
        for handler in logging.getLogger(name).handlers:
            handler.setStream(stream)  # type: ignore[attr-defined]
    access = logging.getLogger("uvicorn.access")
    body = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePz" + "Nm0tRgeLezV6ffAt0gun"
    key = f"-----BEGIN+RSA+PRIVATE+KEY-----%0A{body}%0A-----END+RSA+PRIVATE+KEY-----"
    for target in (f"/knowledge/explain?path=is+this+ok%3F%0A{key}",
                   f"/knowledge/explain?path=mysql+-u+root+-p{PASSWORD}+shop",
                   "/knowledge/explain?path=docs/a+b.md"):
        access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", target, "1.1", 404)
    written = stream.getvalue()
    assert body not in written and PASSWORD not in written, written
    assert "GET /knowledge/explain?path=docs/a+b.md HTTP/1.1" in written


def test_the_idle_compactions_lines_reach_serves_output() -> None:
    """compactserve43: `repokb serve` configured only uvicorn's loggers, so the idle
    compaction's info lines (started, gave way, done) never showed in its output."""
    logging.config.dictConfig(log_config())
    stream = io.StringIO()
    compaction = logging.getLogger("repokb.compaction")
    for handler in compaction.handlers:
        handler.setStream(stream)  # type: ignore[attr-defined]
    try:
        compaction.info("idle for %.0f s: compacting the store", 30)
        compaction.info("compacted the store: %s", f"token {TOKEN} is off the disk")
    finally:  # (the other tests' loggers as they were)
        compaction.handlers.clear()
        compaction.propagate = True
        compaction.setLevel(logging.NOTSET)
    written = stream.getvalue()
    assert "idle for 30 s: compacting the store" in written
    assert "compacted the store: token <REDACTED_SECRET_" in written and TOKEN not in written

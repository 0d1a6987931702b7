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

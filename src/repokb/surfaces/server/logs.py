"""The server's logs hold no secret: a request line's target and every `repokb.server` message
are redacted (credential-shaped file names, tokens, `user:password@` URLs) before they are
written. A client may put a secret in a query string (`?path=notes/ghp_....md`); the access
log printed it as sent, percent-encoded or not, and a form-encoded query's spaces as `+`
(`?path=-----BEGIN+RSA+PRIVATE+KEY-----`, `mysql+-u+root+-pX`), which hid the shapes that need
a space from redaction: the query is decoded as a form's (`unquote_plus`) before it is read."""

from __future__ import annotations

import copy
import logging
from typing import Any
from urllib.parse import unquote, unquote_plus

from repokb.secrets import shown

_CLEAN_TARGETS = 1024
COMPACTION_LOG = "repokb.compaction"  # operations/writes.py's logger


def _decoded(target: str) -> str:
    """A request target as its reader takes it: the path percent-decoded, the query as a
    form's (`+` a space)."""
    path, mark, query = target.partition("?")
    return unquote(path) + mark + unquote_plus(query)


class RedactSecrets(logging.Filter):
    """Rewrites a record's message (uvicorn's access record: only its request target)."""

    def __init__(self) -> None:
        super().__init__()
        # request targets that had nothing to redact (the API's few paths, asked for again and
        # again): written as they are, without scanning them again (bounded)
        self._clean: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            target = str(args[2])
            if target not in self._clean:
                decoded = _decoded(target)
                cleaned = shown(decoded)
                if cleaned == decoded:  # nothing to redact: written as it came
                    cleaned = target
                    if len(self._clean) < _CLEAN_TARGETS:
                        self._clean.add(target)
                record.args = (*args[:2], cleaned, *args[3:])
            return True
        message = record.getMessage()
        cleaned = shown(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with the filter on every handler, and the idle
    compaction's lines (started, gave way, done: `repokb.compaction`) on its error stream
    beside uvicorn's own, so a user sees why the disk and memory work while nobody asks."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_secrets"] = {"()": RedactSecrets}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_secrets")
    config["loggers"][COMPACTION_LOG] = {"handlers": ["default"], "level": "INFO",
                                         "propagate": False}
    return config


def install() -> None:
    """The filter on repokb's own server logger (its records reach whatever handler runs)."""
    logger = logging.getLogger("repokb.server")
    if not any(isinstance(f, RedactSecrets) for f in logger.filters):
        logger.addFilter(RedactSecrets())

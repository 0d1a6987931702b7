"""Store backends, one module per engine, plus the SQLite catalog."""

from repokb.stores.base import RawPoint, Store, StoredPoint, StoreFilter, create, register

__all__ = ["RawPoint", "Store", "StoreFilter", "StoredPoint", "create", "register",
           "load_builtins", "SERVER_STORES", "shared"]

SERVER_STORES = ("qdrant", "qdrant-server")


def load_builtins() -> None:
    from repokb.stores import (
        qdrant_edge,  # noqa: F401
        qdrant_server,  # noqa: F401  (qdrant_client loads on first use)
    )


def shared(store: str, url: str) -> bool:
    """True when several processes may open the store at once (a Qdrant server coordinates
    them): then no process owns it, and nothing takes a lock or an owner socket for it."""
    return store in SERVER_STORES and not url.startswith("local:")

"""Store backends, one module per engine, plus the SQLite catalog."""

from repokb.stores.base import Store, StoredPoint, StoreFilter, create, register

__all__ = ["Store", "StoreFilter", "StoredPoint", "create", "register", "load_builtins"]


def load_builtins() -> None:
    from repokb.stores import qdrant_edge  # noqa: F401

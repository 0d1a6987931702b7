"""Where a command's operation runs: in the process that owns the store when one is running
(over the owner socket, in the REST API: surfaces/owner.py), in a warm owner a read command
starts on demand (surfaces/warm.py), else in this process (repokb.operations). A command answers
the same either way.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from repokb.errors import StoreBusyError
from repokb.settings import Settings

if TYPE_CHECKING:
    from repokb.operations import Operations

HomeOption = Annotated[
    Path | None, typer.Option("--home", help="Data directory (default: $REPOKB_HOME).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


@contextmanager
def operations(settings: Settings) -> Iterator[Operations]:
    """This process's operations over its own workspace (heavy imports only when one runs)."""
    from repokb.operations import Operations
    from repokb.workspace import Workspace

    with Workspace(settings) as ws:
        ops = Operations(ws)
        try:
            yield ops
        finally:
            ops.close()


def dispatch(home: Path | None, call: Callable[[Any], Any],
             local: Callable[[Operations], Any] | None = None, *, warm: bool = False) -> Any:
    """`call(backend)` on the owning process's operations if one is running, else on this
    process's: `local(ops)` when given (a command that becomes the owner), else `call(ops)`.
    `warm` (a read command): with no owner, start a warm owner and ask it (setting
    owner_idle_seconds; when it cannot start, the command runs here).

    Another short command may hold the store for a while (loading the model on a busy
    machine takes seconds): retry, asking the owner again each time, for up to
    `store_wait_seconds`; then the store is busy ("try again")."""
    from repokb.surfaces.owner import NoOwner, Remote

    settings = Settings.load(home=home)
    deadline = time.monotonic() + settings.store_wait_seconds
    while True:
        try:
            remote = Remote(settings)
            try:
                return call(remote)
            finally:
                remote.close()
        except NoOwner:
            pass
        if warm:
            from repokb.surfaces.warm import start_owner

            warm = False  # once per command: an owner that fails to start is not retried
            if start_owner(settings):
                continue
        try:
            with operations(settings) as ops:
                return (local or call)(ops)
        except StoreBusyError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.2)


def take_store(home: Path | None) -> None:
    """A command about to hold the store itself (index, watch, serve, proxy, migrate): a warm
    owner of this home leaves first (another owner stays: the command goes through it or
    waits for the store, as it always did)."""
    from repokb.surfaces.warm import step_aside

    step_aside(Settings.load(home=home))

"""Every MCP answer says how fresh the index is: also which files were added since the last run
(a new module the agent just wrote is not in the index, so "nothing found" is not the last
word), without walking the tree, and never a file the walk would leave out anyway."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from repokb.operations import Operations
from repokb.workspace import Workspace

from ..conftest import every_byte, write
from .test_mcp import call, run, stdio_session

pytestmark = pytest.mark.integration

SECRET_NAME = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"  # a GitHub token as a file name


def test_mcp_freshness_names_added_files_not_ignored_ones(
        workspace: Workspace, mixed_repo: Path, home: Path, tmp_path: Path) -> None:
    Operations(workspace).index([str(mixed_repo)])
    workspace.close()
    root = mixed_repo

    async def scenario() -> None:
        async with stdio_session(home, "--allow-root", str(tmp_path), cwd="/") as s:
            data, text, error = await call(s, "search", query="refund an order")
            assert not error, text
            (fresh,) = data["freshness"]["projects"]
            assert fresh["added_since_index"] == 0, fresh  # an unchanged tree
            assert "no file changed, deleted or added on disk since" in text, text

            write(root, "src/shop/orders.py", "def refund_order(order):\n"
                  '    """Refund an order in full."""\n    return order.total\n')
            write(root, "src/shop/payments/refund.py",  # a new folder in a known one
                  "def refund_card(card, amount):\n    return card.credit(amount)\n")
            write(root, f"docs/{SECRET_NAME}.md", "# Notes\n\nHow refunds reach the bank.\n")
            # what the walk leaves out is not "added"
            write(root, "src/shop/orders.pyc", b"\x6f\x0d\x0d\x0a" + bytes(200))
            write(root, "src/shop/__pycache__/orders.cpython-311.pyc", bytes(100))
            write(root, "node_modules/rightpad/index.js", "module.exports = 1;\n")
            write(root, "web/node_modules/left/index.js", "module.exports = 2;\n")
            write(root, "notes.tmp", "ignored by the project's .gitignore\n")

            data, text, error = await call(s, "search", query="refund an order")
            assert not error, text
            (fresh,) = data["freshness"]["projects"]
            assert fresh["added_since_index"] == 3, fresh
            added = fresh["added_examples"]
            assert {"src/shop/orders.py", "src/shop/payments/refund.py"} <= set(added), added
            assert any(p.startswith("docs/<REDACTED_SECRET_") for p in added), added
            shown = json.dumps(data) + text
            for left_out in ("orders.pyc", "__pycache__", "rightpad", "web/", "notes.tmp"):
                assert left_out not in shown, left_out
            assert SECRET_NAME not in shown  # the name is a credential: redacted here too
            line = next(ln for ln in text.splitlines() if ln.startswith("Index of shop"))
            assert "3 files added" in line and "src/shop/orders.py" in line, line
            assert fresh["changed_since_index"] == 0 and fresh["deleted_since_index"] == 0

            # a run catches up: nothing is added any more
            data, text, error = await call(s, "index_path", path=str(root), wait_seconds=120)
            assert not error and data["finished"], text
            data, text, _ = await call(s, "search", query="refund an order")
            (fresh,) = data["freshness"]["projects"]
            assert (fresh["added_since_index"], fresh["deleted_since_index"]) == (0, 0), fresh
            assert "orders.py" in json.dumps(data["hits"])

            # removed, then indexed again: 1 deleted, still none added; then all clear
            (root / "src/shop/orders.py").unlink()
            data, _, _ = await call(s, "stats", project="shop")
            (fresh,) = data["freshness"]["projects"]
            assert (fresh["added_since_index"], fresh["deleted_since_index"]) == (0, 1), fresh
            data, text, error = await call(s, "index_path", path=str(root), wait_seconds=120)
            assert not error and data["finished"], text
            data, _, _ = await call(s, "stats", project="shop")
            (fresh,) = data["freshness"]["projects"]
            assert (fresh["added_since_index"], fresh["changed_since_index"],
                    fresh["deleted_since_index"]) == (0, 0, 0), fresh

    run(scenario)
    assert SECRET_NAME.encode() not in every_byte(home)  # the catalog's folders and files too

"""`repokb index A B ...`: one run over several project folders says what it did in each, not
only the sum (multi28's trial: `repokb index p/*` over 8 projects printed one line of totals,
`files seen: 1129 · chunks unchanged: 10107`, and nothing per project)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import run_cli, write
from .test_nested_projects import index

pytestmark = pytest.mark.integration


def test_a_run_over_several_folders_counts_each_project(home: Path, tmp_path: Path) -> None:
    shop, blog = tmp_path / "shop", tmp_path / "blog"
    write(shop, "cart.py", '''
        def add_item_to_cart(cart, item, quantity=1):
            """Add an item to the cart, merging it with the same item already there."""
            cart[item] = cart.get(item, 0) + quantity
            return cart
        ''')
    write(shop, "README.md", "# Shop\n\nA small shop with a cart and a checkout page.\n")
    write(blog, "posts.py", '''
        def publish_post(post, when):
            """Publish a blog post at a given time, scheduling it if in the future."""
            post.published_at = when
            return post
        ''')
    data = index(str(shop), str(blog))
    by_project = data["summary"]["by_project"]
    assert set(by_project) == {"shop", "blog"}
    assert (by_project["shop"]["files_indexed"], by_project["blog"]["files_indexed"]) == (2, 1)
    assert by_project["shop"]["chunks_created"] >= 2 and by_project["blog"]["chunks_created"] >= 1
    assert sum(p["chunks_created"] for p in by_project.values()) == \
        data["summary"]["chunks_created"]
    assert sum(p["chunks_embedded"] for p in by_project.values()) == \
        data["summary"]["chunks_embedded"]
    write(blog, "drafts.py", '''
        def save_draft(post):
            """Save a blog post as a draft that nobody else can see yet."""
            post.draft = True
            return post
        ''')
    code, out, err = run_cli("index", str(shop), str(blog))
    assert code == 0, err
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()
            if line.split() and line.split()[0] in ("shop", "blog")}
    assert "project  indexed  skipped  created  updated  unchanged  pruned  embedded" in out
    # project, files indexed, skipped, chunks created, updated, unchanged, pruned, embedded
    # (the header says "indexed" as every surface does: models.files_phrase)
    assert rows["blog"][:2] == ["2", "0"] and rows["blog"][2] != "0", out
    assert rows["shop"][:3] == ["2", "0", "0"], out
    assert "by_project" not in index(str(shop))["summary"]  # one project: its line says it

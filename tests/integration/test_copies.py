"""The same text at two places takes one result slot, on the real model and a real Qdrant Edge
shard: python-dotenv's docs/index.md is a copy of its README.md, and every doc answer came
twice, one after the other (bench/RESULTS.md, session 34's new user)."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.models import Hit, HitCopy, Query
from repokb.roots import resolve_roots
from repokb.surfaces.mcp.render import hits as mcp_hits

from ..conftest import write

pytestmark = pytest.mark.integration

README = '''
    # python-dotenv

    Python-dotenv reads key-value pairs from a .env file and can set them as environment
    variables. It helps in the development of applications following the 12-factor principles.

    ## Getting Started

    Install it with pip, then call load_dotenv() at the start of your program: it reads the
    .env file of the current directory and sets each variable in os.environ, unless it is set
    already (pass override=True to replace it).

    ## Variable expansion

    Python-dotenv can interpolate variables using POSIX variable expansion: with
    load_dotenv(override=True) a value of ${DOMAIN} is the value of DOMAIN in the file first,
    then in the environment.
    '''


@pytest.fixture
def dotenv(tmp_path: Path) -> Path:
    root = tmp_path / "dotenv"
    write(root, "README.md", README)
    write(root, "docs/index.md", README)
    write(root, "src/dotenv/main.py", '''
        import os


        def load_dotenv(dotenv_path=None, override=False):
            """Parse a .env file and then load all the variables found as environment
            variables."""
            for key, value in dotenv_values(dotenv_path).items():
                if override or key not in os.environ:
                    os.environ[key] = value
            return True
        ''')
    return root


def _places(hits) -> list[str]:
    return [h.path for h in hits]


def test_a_copied_document_takes_one_slot_and_names_its_copy(workspace, dotenv):
    workspace.indexer.run(resolve_roots([dotenv], None))
    hits = workspace.searcher.search(Query("how do I load a .env file into os.environ",
                                           limit=5))
    sections = [(h.content, h.start_line) for h in hits if h.kind == "documentation"]
    assert len(sections) == len(set(sections))  # no text shown twice
    getting_started = next(h for h in hits if "## Getting Started" in h.content)
    (copy,) = getting_started.copies
    other = ({"README.md", "docs/index.md"} - {getting_started.path}).pop()
    assert copy == HitCopy("dotenv", other, getting_started.start_line,
                           getting_started.end_line)
    assert getting_started.to_json()["copies"] == [
        {"project": "dotenv", "path": other, "start_line": getting_started.start_line,
         "end_line": getting_started.end_line}]
    # the slot the copy left holds another answer: the code is in the five
    assert "src/dotenv/main.py" in _places(hits)
    # every surface that prints hits says where the copy is
    shown = mcp_hits("load .env", [h.to_json() for h in hits])
    assert f"(the same text in {other})" in shown


def test_deleting_one_copy_leaves_the_other_found(workspace, dotenv):
    workspace.indexer.run(resolve_roots([dotenv], None))
    first = workspace.searcher.search(Query("variable expansion", limit=3))[0]
    assert "## Variable expansion" in first.content and first.copies
    (dotenv / first.path).unlink()
    workspace.indexer.run(resolve_roots([dotenv], None))
    again = workspace.searcher.search(Query("variable expansion", limit=3))[0]
    assert "## Variable expansion" in again.content
    assert again.path == first.copies[0].path and again.copies == ()


def test_a_smaller_limit_gives_the_first_hits_of_a_larger_one(workspace, dotenv):
    workspace.indexer.run(resolve_roots([dotenv], None))
    question = "python-dotenv environment variables"
    wide = workspace.searcher.search(Query(question, limit=10))
    for n in (1, 2, 3):
        assert workspace.searcher.search(Query(question, limit=n)) == wide[:n]


def test_a_hit_read_back_from_json_keeps_its_copies(workspace, dotenv):
    # the CLI's --context and the LLM proxy rebuild hits from the operations' JSON
    workspace.indexer.run(resolve_roots([dotenv], None))
    hits = workspace.searcher.search(Query("variable expansion", limit=3, explain=True))
    assert hits[0].copies
    rebuilt = [Hit.from_json(h.to_json(explain=True)) for h in hits]
    assert [(h.path, h.content, h.copies) for h in rebuilt] == [
        (h.path, h.content, h.copies) for h in hits]  # the score is rounded in JSON


GUIDE = '''
    # Refunds

    How a customer gets a refund for an order, who approves the refund and when the money is
    back on the card.
    '''


@pytest.fixture
def mirrored(tmp_path: Path) -> Path:
    """A shop whose refund guide is copied into eight versioned doc folders, and ten modules
    each saying a little about refunds."""
    root = tmp_path / "shop"
    for v in range(1, 9):
        write(root, f"site/v{v}/refunds.md", GUIDE)
    for i, topic in enumerate(["invoice", "shipping", "discount", "ledger", "payout", "card",
                               "order", "customer", "approval", "money"]):
        write(root, f"shop/{topic}.py", f'''
            def refund_{topic}(order):
                """Refund the {topic} of an order when the customer asks for a refund."""
                return order.total * {i + 2}
            ''')
    return root


@pytest.fixture
def few_candidates(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REPOKB_CANDIDATES", "4")


def test_copies_folded_leave_no_slot_empty_while_more_answers_exist(few_candidates, workspace,
                                                                    mirrored):
    # few candidates a ranking, so the first depth holds mostly the guide's eight copies: the
    # slots they leave are filled from deeper candidates, as a search without copies is
    assert workspace.settings.candidates == 4
    workspace.indexer.run(resolve_roots([mirrored], None))
    hits = workspace.searcher.search(Query("how does a customer get a refund", limit=6))
    assert len(hits) == 6
    guides = [h for h in hits if h.path.endswith("refunds.md")]
    assert len(guides) == 1 and len(guides[0].copies) == 7  # the other copies, named
    assert len({h.path for h in hits}) == 6
    # and a smaller limit's hits are still the first of a larger one's
    assert workspace.searcher.search(Query("how does a customer get a refund", limit=3)) == (
        hits[:3])

"""A PHP class named with its namespace finds its definition, on the real model and shard.

A pass over Guzzle, Monolog, Symfony Console and Twig found `Monolog\\Logger`,
`GuzzleHttp\\Client` and `Symfony\\Component\\Console\\Application` missing from the top 20 or
below the files that import them: the namespace was no name (only `::` was), and the `use ...;`
lines of every importing file matched the query text better than the class did.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.query import plan
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration

_USES = "".join(f"use App\\Billing\\{name};\n" for name in (
    "Invoice", "InvoiceLine", "TaxRate", "Currency", "Discount", "CreditNote"))


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "composer.json",
          '{"name": "acme/shop", "autoload": {"psr-4": {"App\\\\": "src/"}}}\n')
    write(root, "src/Billing/Invoice.php", """<?php

namespace App\\Billing;

/**
 * A bill sent to a customer for the lines of one order.
 */
class Invoice
{
    /** @var InvoiceLine[] */
    private array $lines = [];

    /**
     * The amount due, in cents, tax included.
     */
    public function total(): int
    {
        return array_sum(array_map(fn (InvoiceLine $l) => $l->amount(), $this->lines));
    }
}
""")
    for name in ("Mailer", "Exporter", "Reminder", "Archiver", "Printer", "Refunder"):
        write(root, f"src/Service/Invoice{name}.php", f"""<?php

namespace App\\Service;

{_USES}
final class Invoice{name}
{{
    public function handle(Invoice $invoice): void
    {{
        $this->{name.lower()}($invoice->total());
    }}
}}
""")
    return root


def _top(ws: Workspace, text: str) -> tuple[str, str | None]:
    hit = ws.searcher.search(Query(text=text, limit=10))[0]
    return hit.path, hit.symbol


def test_a_namespaced_name_is_the_name_without_its_namespace():
    assert plan("Monolog\\Logger").names == ("logger",)
    assert plan("\\GuzzleHttp\\Client::send").names == ("client.send",)
    assert plan("Symfony\\Component\\Console\\Application").intent == "symbol"


def test_a_namespaced_class_or_method_ranks_its_definition_first(workspace, shop):
    workspace.indexer.run(resolve_roots([shop], None))
    assert _top(workspace, "App\\Billing\\Invoice") == ("src/Billing/Invoice.php", "Invoice")
    hit = workspace.searcher.search(Query(text="\\App\\Billing\\Invoice::total", limit=10))[0]
    assert hit.path == "src/Billing/Invoice.php"  # the class, small, is one chunk with it
    assert "public function total()" in hit.content

"""C# members a reader looks for by what they are: operators, indexers, events, destructors.

A pass over pythonnet 3.2.1's runtime (150 `.cs` files) and edge-js 26.1.0 found its 14
operators (`operator ==`, `implicit operator`), 4 indexers (`this[int i]`), 3 events and 3
destructors folded into the class's other lines, so a long class or record was cut around
them and `PyObject`'s `operator ==` stood under the class's name, beside its fields.
"""

from __future__ import annotations

import textwrap

from repokb.chunkers.code import TreeSitterChunker
from repokb.chunkers.languages import SPECS

FILLER = "\n".join(f"        // step {i}: a line that makes the type long enough to be cut"
                   for i in range(24))
SOURCE = f"""
namespace Contoso.Orders;

public readonly record struct Money(decimal Amount, string Currency)
{{
    /// <summary>Adds two amounts of one currency.</summary>
    public static Money operator +(Money a, Money b)
    {{
        if (a.Currency != b.Currency) throw new InvalidOperationException("currencies differ");
        return new Money(a.Amount + b.Amount, a.Currency);
    }}

    public static implicit operator decimal(Money m)
    {{
        return m.Amount;
    }}

    public override string ToString()
    {{
{FILLER}
        return $"{{Amount}} {{Currency}}";
    }}
}}

public sealed class OrderBook
{{
    private readonly Dictionary<int, Order> _orders = new();

    /// <summary>Raised once an order is placed.</summary>
    public event EventHandler<Order>? OrderPlaced;

    public event EventHandler Cleared
    {{
        add {{ _cleared += value; }}
        remove {{ _cleared -= value; }}
    }}

    /// <summary>The order placed under an id.</summary>
    public Order this[int id]
    {{
        get {{ return _orders[id]; }}
    }}

    ~OrderBook()
    {{
        _orders.Clear();
        Console.Error.WriteLine("order book finalised without Dispose");
    }}

    public Order Place(int id, Money total)
    {{
{FILLER}
        return _orders[id] = new Order(id, total);
    }}
}}
"""


def test_operators_indexers_events_and_destructors_are_definitions():
    spec = next(s for s in SPECS if s.language == "csharp")
    pieces = TreeSitterChunker(spec, split_chars=1500).chunk(textwrap.dedent(SOURCE).lstrip("\n"))
    by_start = {p.content.strip().splitlines()[0].strip(): p for p in pieces if p.symbol}
    expected = {
        "/// <summary>Adds two amounts of one currency.</summary>": ("Money.operator", "method"),
        "public static implicit operator decimal(Money m)": ("Money.operator", "method"),
        "/// <summary>Raised once an order is placed.</summary>": ("OrderBook.OrderPlaced",
                                                                  "property"),
        "public event EventHandler Cleared": ("OrderBook.Cleared", "property"),
        "/// <summary>The order placed under an id.</summary>": ("OrderBook.this", "property"),
        "~OrderBook()": ("OrderBook.OrderBook", "method"),
        "public Order Place(int id, Money total)": ("OrderBook.Place", "method"),
    }
    got = {line: (by_start[line].symbol, by_start[line].symbol_type)
           for line in expected if line in by_start}
    assert got == expected, [(p.start_line, p.symbol, p.content[:40]) for p in pieces]

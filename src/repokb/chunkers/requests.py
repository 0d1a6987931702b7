"""HTTP request files (`.http`: JetBrains' HTTP Client, VS Code's REST Client) by request, and
Gherkin features (`.feature`: Cucumber, behave, pytest-bdd) by scenario, read off their lines.

A request file is a list of requests parted by `###` lines (`### Create an order` names the
one below it; so does a `# @name login` comment): each request is a piece, named after its
`###` title, its `@name`, or else its request line (`POST {{host}}/orders`). The file-level
variables above the first separator (`@host = ...`) are windows of their own.

A feature file opens with `Feature: Title`; its `Background:`, `Scenario:`, `Scenario
Outline:` (with its `Examples:`), `Example:` and `Rule:` blocks are its members, each with the
`@tag` and `#` comment lines directly above it (a step's doc string, in three double quotes or
three backticks, is text whatever it holds: behave's own features quote whole feature files);
a feature over 1500 characters is cut per
member (`Checkout.Pay with a saved card`), with the feature's line as context. Keywords other
than English ones (`# language: de`) find nothing: windows serve, as they did.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts

_SEPARATOR = re.compile(r"###(?!#)[ \t]*(?P<title>[^\n]*?)[ \t]*$")
_NAME = re.compile(r"(?:#|//)[ \t]*@name[ \t]+(?P<name>\S[^\n]*?)[ \t]*$")
_REQUEST = re.compile(r"(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT|GRAPHQL|"
                      r"WEBSOCKET|GRPC)[ \t]+\S", re.IGNORECASE)
_FEATURE = re.compile(r"[ \t]*Feature:[ \t]*(?P<name>[^\n]*?)[ \t]*$")
_MEMBER = re.compile(r"[ \t]*(?P<kind>Background|Scenario Outline|Scenario Template|Scenario|"
                     r"Example|Rule):[ \t]*(?P<name>[^\n]*?)[ \t]*$")


def requests(lines: list[str]) -> list[Definition]:
    """The requests of an HTTP request file, each from its `###` line to the next."""
    starts = line_starts(lines)
    seps = [row for row, line in enumerate(lines) if _SEPARATOR.match(line)]
    blocks = list(zip([0, *seps], [*seps, len(lines)], strict=True))
    found: list[Definition] = []
    for first, stop in blocks:
        if stop <= first:
            continue
        request = next((row for row in range(first, stop) if _REQUEST.match(lines[row])), None)
        if request is None:  # the variables above the first request: windows
            continue
        title = m.group("title") if (m := _SEPARATOR.match(lines[first])) else ""
        named = next((m.group("name") for row in range(first, request)
                      if (m := _NAME.match(lines[row]))), None)
        name = title or named or lines[request].strip()[:80]
        end = stop - 1
        while end > request and not lines[end].strip():
            end -= 1
        found.append(Definition(symbol_type="request", name=name, owner=None, start=first,
                                end=end, span=(starts[first], starts[end + 1]),
                                signature=lines[request].strip()))
    return found


def scenarios(lines: list[str]) -> list[Definition]:
    """A feature file's `Feature:` and its members (nested under `Rule:` when inside one)."""
    starts = line_starts(lines)
    heads: list[tuple[int, str, str]] = []  # (row, kind, name)
    fence = None  # inside a step's doc string (`"""` or ```` ``` ````): a feature's text
    for row, line in enumerate(lines):
        mark = line.strip()[:3]
        if mark in ('"""', "```"):
            fence = None if fence == mark else fence or mark
            continue
        if fence:
            continue
        if m := _FEATURE.match(line):
            heads.append((row, "feature", m.group("name")))
        elif m := _MEMBER.match(line):
            heads.append((row, m.group("kind").lower().replace(" ", "_"), m.group("name")))
    if not heads or heads[0][1] != "feature":
        return []
    found: list[Definition] = []
    firsts = [first_above(lines, row, _attached) if i else row
              for i, (row, _kind, _name) in enumerate(heads)]
    for i, (row, kind, name) in enumerate(heads):
        if kind == "feature":
            end = len(lines) - 1
        elif kind == "rule":  # a rule holds the members up to the next rule
            end = next((firsts[j] for j in range(i + 1, len(heads)) if heads[j][1] == "rule"),
                       len(lines)) - 1
        else:
            end = (firsts[i + 1] if i + 1 < len(heads) else len(lines)) - 1
        while end > row and not lines[end].strip():
            end -= 1
        found.append(Definition(symbol_type=kind if kind in ("feature", "rule") else "scenario",
                                name=name or kind.replace("_", " ").title(), owner=None,
                                start=firsts[i], end=end,
                                span=(starts[firsts[i]], starts[end + 1]),
                                signature=lines[row].strip()))
    return found


def _attached(line: str) -> bool:
    """A tag line (`@slow @wip`) or a comment directly above a scenario."""
    text = line.strip()
    return text.startswith(("@", "#"))


register(FoundChunker("http-requests", frozenset({"http"}), lambda text, lines: requests(lines)))
register(FoundChunker("gherkin", frozenset({"gherkin"}), lambda text, lines: scenarios(lines),
                      Cutter(module_window=(500, 100), containers=frozenset({"feature", "rule"}))))

"""RPM spec files and Kickstart files by their `%` sections, read off their lines.

An RPM spec is a preamble of tags (`Name:`, `Requires:`) and sections, each opened by its line:
`%description -n python3-x`, `%package -n x`, `%prep`, `%build`, `%install`, `%check`, `%files`,
scriptlets (`%post`, `%preun` ...) and `%changelog`; each section is a piece named by that line.
A long `%changelog` is cut per entry (`* Mon Sep 14 2026 Name <mail> - 3.14.2-1`), each named by
the version it closes (`%changelog.3.14.2-1`). The preamble and the macros above the first
section (`%global`, `%if`) are windows.

A Kickstart file is installer commands (`lang`, `network --bootproto=dhcp`), in windows, then
sections from `%packages`, `%pre`, `%post`, `%onerror`, `%addon` ... to their `%end`, each
named by its line (`%post --log=/root/ks-post.log`).
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts

_RPM_SECTION = re.compile(
    r"%(?:description|package|prep|build|install|check|clean|files|changelog|conf"
    r"|generate_buildrequires|pre|post|preun|postun|pretrans|posttrans|preuntrans"
    r"|postuntrans|verifyscript|triggerin|triggerun|triggerpostun|triggerprein"
    r"|filetriggerin|filetriggerun|filetriggerpostun|transfiletriggerin"
    r"|transfiletriggerun|transfiletriggerpostun)(?![\w(])")
_CHANGELOG_ENTRY = re.compile(r"\*[ \t]+\w{3}[ \t]+\w{3}[ \t]+\d+[ \t]+\d{4}\b[^\n]*")
_VERSION = re.compile(r"-[ \t]*(\S+)[ \t]*$")
_KICKSTART_SECTION = re.compile(r"%(?:packages|pre|pre-install|post|onerror|addon|anaconda"
                                r"|traceback)(?![\w-])")
_KICKSTART_END = re.compile(r"%end\b")


def _head(line: str) -> str:
    return " ".join(line.split())


def rpm_sections(lines: list[str]) -> list[Definition]:
    """The sections of an RPM spec, each to the line above the next; a changelog's entries."""
    starts = line_starts(lines)
    rows = [row for row, line in enumerate(lines) if _RPM_SECTION.match(line)]
    found: list[Definition] = []
    for i, row in enumerate(rows):
        end = (rows[i + 1] if i + 1 < len(rows) else len(lines)) - 1
        while end > row and not lines[end].strip():
            end -= 1
        head = _head(lines[row])
        section = Definition(symbol_type="section", name=head, owner=None, start=row, end=end,
                             span=(starts[row], starts[end + 1]), signature=head)
        if head.startswith("%changelog"):
            section.name = "%changelog"
            section.children = _entries(lines, starts, row + 1, end)
        found.append(section)
    return found


def _entries(lines: list[str], starts: list[int], first: int, last: int) -> list[Definition]:
    rows = [row for row in range(first, last + 1) if _CHANGELOG_ENTRY.match(lines[row])]
    out = []
    for i, row in enumerate(rows):
        end = (rows[i + 1] if i + 1 < len(rows) else last + 1) - 1
        while end > row and not lines[end].strip():
            end -= 1
        m = _VERSION.search(lines[row])
        name = m.group(1) if m else lines[row][2:].strip()[:60]
        out.append(Definition(symbol_type="entry", name=name, owner=None, start=row, end=end,
                              span=(starts[row], starts[end + 1]), signature=_head(lines[row])))
    return out


def kickstart_sections(lines: list[str]) -> list[Definition]:
    """A Kickstart file's sections, from their `%packages` / `%post` line to their `%end`."""
    starts = line_starts(lines)
    found: list[Definition] = []
    row = 0
    while row < len(lines):
        if not _KICKSTART_SECTION.match(lines[row]):
            row += 1
            continue
        end = next((r for r in range(row + 1, len(lines)) if _KICKSTART_END.match(lines[r])
                    or _KICKSTART_SECTION.match(lines[r])), len(lines))
        if end == len(lines) or _KICKSTART_SECTION.match(lines[end]):
            end -= 1  # no `%end` (older files): to the line above the next section
        first = first_above(lines, row, lambda line: line.startswith("#"))
        head = _head(lines[row])
        found.append(Definition(symbol_type="section", name=head, owner=None, start=first,
                                end=end, span=(starts[first], starts[end + 1]), signature=head))
        row = end + 1
    return found


register(FoundChunker("rpm-spec", frozenset({"rpm_spec"}), lambda text, lines: rpm_sections(lines),
                      Cutter(module_window=(500, 100), containers=frozenset({"section"}))))
register(FoundChunker("kickstart", frozenset({"kickstart"}),
                      lambda text, lines: kickstart_sections(lines)))

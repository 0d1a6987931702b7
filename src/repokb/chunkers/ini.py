"""INI, conf, cfg and properties files by `[section]`: small windows that name their section.

Each section's lines are cut into ~200-character windows (30 overlap) whose symbol is the
section name; lines before the first section have no symbol. git's config files (`.gitconfig`,
`[alias]`, `[url "..."]`) are INI; OpenSSH's client settings (`ssh_config`, `.ssh/config`) are
cut the same way by their `Host` and `Match` blocks, named so (`Host bastion`). Values arrive
already redacted where the classifier asked for it: this chunker only cuts the text it is given.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.fixed import numbered, split_lines, windows_over
from repokb.chunkers.joining import join_short
from repokb.models import ChunkPiece

_SECTION = re.compile(r"^\s*\[\s*([^\]\n]+?)\s*\]\s*(?:[#;].*)?$")
_SSH_BLOCK = re.compile(r"^\s*((?i:host|match)\s+[^#\n]*?)\s*(?:#.*)?$")


class IniChunker:
    def __init__(self, size: int = 200, overlap: int = 30, name: str = "ini",
                 languages: frozenset[str] = frozenset({"ini", "properties", "dotenv",
                                                        "git_config"}),
                 section: re.Pattern[str] = _SECTION) -> None:
        self.size, self.overlap = size, overlap
        self.name, self.languages, self.section = name, languages, section

    def chunk(self, text: str) -> list[ChunkPiece]:
        lines = split_lines(text)
        starts: list[tuple[int, str | None]] = [(0, None)]
        for row, line in enumerate(lines):
            match = self.section.match(line)
            if match:
                starts.append((row, match.group(1)))
        pieces: list[ChunkPiece] = []
        for n, (start, section) in enumerate(starts):
            stop = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
            if stop > start:
                pieces.extend(windows_over(numbered(lines, start, stop), self.size,
                                           self.overlap, section, "key"))
        return join_short(pieces, lines)


register(IniChunker())
register(IniChunker(name="ssh_config", languages=frozenset({"ssh_config"}), section=_SSH_BLOCK))

"""Compiled twins: JavaScript and declarations a TypeScript build wrote from a `.ts` file that the
project holds too (an npm package ships `src/v4/core/api.ts` and its builds `v4/core/api.js`,
`.cjs`, `.d.ts`, `.d.cts`). Indexed, each would answer every question once per copy.

GitHub Linguist catches such output only by a source map; here the twin itself is the evidence.
Where it may be, nearest first:
- beside the file: `foo.ts` next to `foo.js` / `foo.d.ts` (tsc without an outDir);
- a mirror of a `src/` folder: the file is `A/D/T.js` and its source `A/src/T.ts`, A a folder
  holding the file (the project root too), D none, one or two output folders (`lib`, `esm`,
  `dist/cjs`), T the rest of the path with the file's stem.

A name matching by chance must not cost a hand-written file, so a twin counts only with evidence
that a build wrote the file: a declaration beside its source (TypeScript cannot load both),
a folder that is a build's mirror (at least half of its compiled files have twins), compiler
output in the file's head (tsc's `__esModule` and helpers, a source map comment), or its source
map beside it (`index.js.map`).

Cheap: a folder's twins are worked out once per run from cached directory listings; only files
with compiled extensions ask, and no file is read unless its folder is no mirror.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from repokb.models import Classification
from repokb.rules import tables as T
from repokb.rules.engine import Fact
from repokb.rules.facts import DirTwins, FileFacts, ProjectContext


def compiled_stem(name: str) -> str | None:
    """`api.d.cts` -> `api`, `api.js` -> `api`; None for any other name."""
    lower = name.lower()
    for ext in T.COMPILED_EXTENSIONS:
        if lower.endswith(ext) and len(name) > len(ext):
            stem = name[: -len(ext)]
            return None if stem.lower().endswith(".d") else stem
    return None


def is_declaration(name: str) -> bool:
    return name.lower().endswith((".d.ts", ".d.cts", ".d.mts"))


def source_dirs(dirs: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The folders a compiled file in `dirs` may have its TypeScript source in, nearest first."""
    yield dirs
    seen = {dirs}
    n = len(dirs)
    for i in range(n, -1, -1):  # A = dirs[:i]
        for k in range(min(T.TWIN_OUTPUT_DEPTH, n - i) + 1):  # D = dirs[i:i + k]
            out = dirs[i:i + k]
            if T.TWIN_SOURCE_DIR in out or not T.NOT_BUILD_OUTPUT_DIRS.isdisjoint(out):
                continue
            candidate = (*dirs[:i], T.TWIN_SOURCE_DIR, *dirs[i + k:])
            if candidate not in seen:
                seen.add(candidate)
                yield candidate


def dir_twins(project: ProjectContext, root: str, folder: tuple[str, ...]) -> DirTwins:
    """The twins of every compiled file in `folder`, worked out once per run."""
    rel = "/".join(folder)
    found = project.twins.get(rel)
    if found is not None:
        return found
    stems = {name: stem for name in project.names_in(root, rel)
             if (stem := compiled_stem(name)) is not None}
    twins: dict[str, str] = {}
    if stems:
        places = [(c, listing) for c in source_dirs(folder)
                  if (listing := project.names_in(root, "/".join(c)))]
        for name, stem in stems.items():
            twin = next(("/".join((*c, stem + ext)) for c, listing in places
                         for ext in T.TYPESCRIPT_SOURCE_EXTENSIONS if stem + ext in listing),
                        None)
            if twin is not None:
                twins[name] = twin
    found = project.twins[rel] = DirTwins(len(stems), twins)
    return found


def twin_of(f: FileFacts) -> str | None:
    if compiled_stem(f.name) is None:  # most .ts files stop here, before any listing
        return None
    return dir_twins(f.project, str(f.file.root), f.dirs).twins.get(f.name)


def build_evidence(f: FileFacts) -> str | None:
    """Why the twin is no coincidence (see the module docstring), or None."""
    twin = twin_of(f)
    if twin is None:
        return None
    folder = "/".join(f.dirs)
    if is_declaration(f.name) and twin.rpartition("/")[0] == folder:
        return "a declaration beside its source"
    here = dir_twins(f.project, str(f.file.root), f.dirs)
    if here.mirrored:
        return (f"{len(here.twins)} of {here.compiled} compiled files in {folder or '.'}/ "
                "have a TypeScript source")
    text = f.text
    marker = next((m for m in T.COMPILER_OUTPUT_MARKERS if m in text), None)
    if marker is not None:
        return f"compiler output in its head ({marker})"
    # its source map beside it (react-native-builder-bob's ESM `lib/module/index.js`, whose
    # `//# sourceMappingURL=` comment ends a file longer than the head read)
    if f.name + ".map" in f.project.names_in(str(f.file.root), folder):
        return f"its source map beside it ({f.name}.map)"
    return None


def twin_gone(root: Path, c: Classification) -> bool:
    """A file excluded as a compiled twin whose TypeScript source has gone since, or as a
    module-format variant whose kept file has (rules/variants.py): decided again (its folder
    changed, not the file, so its size and mtime cannot tell)."""
    return any(s.type == "twin" and not (root / s.value).is_file() for s in c.signals)


COMPILED_TWIN = Fact("TypeScript source in the project", twin_of, "twin")
BUILD_EVIDENCE = Fact("written by a build", build_evidence, "build")

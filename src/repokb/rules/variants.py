"""Module-format variants: one module a build wrote once per module system, with no TypeScript
source in the project (else rules/twins.py decides). date-fns's npm tarball ships each of its
1,229 modules four times: `addDays.js` (ESM), `addDays.cjs` (CommonJS), `addDays.d.ts` and
`addDays.d.cts`. Indexed, each would answer every question twice, and cost twice to embed.

One of each kind is kept, in this order: `.js`, `.mjs`, `.cjs` for the implementation and `.d.ts`,
`.d.mts`, `.d.cts` for the declaration; a file is a variant when one of its kind that comes first
sits beside it with the same stem, and that one is kept in its place.

A name matching by chance must not cost a hand-written file (fastify's `examples/simple.js` and
`simple.mjs` are two different programs), so a variant counts only with evidence that a build
wrote it:
- the package's `package.json` names both files, one under `import` and one under `require`
  (an `exports` condition map, or `module` and `main`);
- its folder is a build's mirror: at least half (two or more) of the modules there have a
  variant, and no folder on its path is one where JavaScript is written by hand (`test/`,
  `examples/`, `scripts/` ...);
- or, failing both, the two heads hold the same code once module syntax is set aside.
Whatever the evidence, a kept file that wraps its variant never stands in for it: a small ESM
wrapper (`index.mjs` importing `index.cjs` and re-exporting its names) leaves the implementation
indexed. (A kept file much smaller than its variant is read to see; date-fns's `index.js`, eighty
lines of `export * from`, is no wrapper of the 85 KB its CommonJS build spells them out in.)

Cheap: a folder's variants are worked out once per run from cached directory listings, a
package.json is read once per run; only `.cjs .mjs .d.cts .d.mts` files ask (the rule's
extension screen), one stat each; the kept file's head is read only when it is much smaller, or
in a folder that is no mirror of a package that does not name the pair.
"""

from __future__ import annotations

import difflib
import json
import os
import posixpath
import re

from repokb.rules import tables as T
from repokb.rules.engine import Fact
from repokb.rules.facts import (
    DirVariants,
    DualPackage,
    FileFacts,
    ProjectContext,
    Targets,
    head_of,
)


def variant_family(name: str) -> tuple[str, tuple[str, ...], int] | None:
    """`addDays.d.cts` -> ("addDays", declaration extensions, 2); None for other names."""
    lower = name.lower()
    for family in (T.DECLARATION_FORMATS, T.IMPLEMENTATION_FORMATS):  # `.d.ts` before `.ts`
        for rank, ext in enumerate(family):
            if lower.endswith(ext) and len(name) > len(ext):
                stem = name[: -len(ext)]
                if family is T.IMPLEMENTATION_FORMATS and stem.lower().endswith(".d"):
                    return None
                return stem, family, rank
    return None


def kept_in_place(name: str, listing: frozenset[str]) -> str | None:
    """The name kept in place of `name`: the first of its kind present beside it, before it."""
    found = variant_family(name)
    if found is None:
        return None
    stem, family, rank = found
    return next((stem + ext for ext in family[:rank] if stem + ext in listing), None)


def dir_variants(project: ProjectContext, root: str, folder: tuple[str, ...]) -> DirVariants:
    rel = "/".join(folder)
    found = project.variants.get(rel)
    if found is None:
        listing = project.names_in(root, rel)
        stems, varied = set(), set()
        variants: dict[str, str] = {}
        for name in listing:
            family = variant_family(name)
            if family is None:
                continue
            stems.add(family[0])
            kept = kept_in_place(name, listing)
            if kept is not None:
                variants[name] = kept
                varied.add(family[0])
        found = project.variants[rel] = DirVariants(len(stems), variants, len(varied))
    return found


def kept_beside(f: FileFacts) -> str | None:
    """The file kept in this one's place, as an import names its sibling (`./addDays.js`): the
    reason's words, the same for a file at the root and one in `_lib/` (so a dry run counts
    them on one line)."""
    if variant_family(f.name) is None:
        return None
    kept = dir_variants(f.project, str(f.file.root), f.dirs).variants.get(f.name)
    return None if kept is None else "./" + kept


def variant_of(f: FileFacts) -> str | None:
    """The project-relative path of the file kept in this one's place, or None: the signal
    by which a run decides the file again once that one has gone (twins.twin_gone)."""
    kept = kept_beside(f)
    return None if kept is None else "/".join((*f.dirs, kept[2:]))


# -- evidence ------------------------------------------------------------------------------
def _targets(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [t for item in node for t in _targets(item)]
    if isinstance(node, dict):
        return [t for value in node.values() for t in _targets(value)]
    return []


def _conditions(node: object, imports: list[str], requires: list[str]) -> None:
    """Every target under an `import` and a `require` condition of the same map."""
    if isinstance(node, list):
        for item in node:
            _conditions(item, imports, requires)
    elif isinstance(node, dict):
        if "import" in node and "require" in node:
            imports.extend(_targets(node["import"]))
            requires.extend(_targets(node["require"]))
        for key, value in node.items():
            if key not in ("import", "require"):
                _conditions(value, imports, requires)


def _side(package_dir: str, targets: list[str]) -> Targets:
    paths, patterns = set(), []
    for target in targets:
        if not target.startswith("./"):
            continue
        path = posixpath.normpath(posixpath.join(package_dir, target))
        if path.startswith("../"):
            continue
        if "*" in path:
            patterns.append("(?:.*)".join(re.escape(part) for part in path.split("*")))
        else:
            paths.add(path)
    return Targets(frozenset(paths), re.compile("|".join(patterns)) if patterns else None)


def dual_package(project: ProjectContext, root: str, package_dir: str) -> DualPackage | None:
    if package_dir in project.packages:
        return project.packages[package_dir]
    found = _dual(read_package_json(os.path.join(root, package_dir, "package.json")),
                  package_dir)
    project.packages[package_dir] = found
    return found


def read_package_json(path: str, size: int | None = None) -> object:
    """The package.json at `path` parsed (its `size` if known), or None: unreadable, not
    JSON, or over PACKAGE_JSON_MAX_BYTES."""
    try:
        if (os.path.getsize(path) if size is None else size) > T.PACKAGE_JSON_MAX_BYTES:
            return None
        with open(path, "rb") as fh:
            return json.loads(fh.read())
    except (OSError, ValueError, RecursionError):
        return None


def _dual(manifest: object, package_dir: str) -> DualPackage | None:
    if not isinstance(manifest, dict):
        return None
    imports: list[str] = []
    requires: list[str] = []
    _conditions(manifest.get("exports"), imports, requires)
    module, main = manifest.get("module"), manifest.get("main")
    if isinstance(module, str) and isinstance(main, str):
        imports.append(module if module.startswith("./") else "./" + module)
        requires.append(main if main.startswith("./") else "./" + main)
    if not imports or not requires:
        return None
    return DualPackage(_side(package_dir, imports), _side(package_dir, requires))


_MODULE_SYNTAX = re.compile(
    r"^(?:import\b|export\s*(?:\*|\{[^}]*\}\s*(?:from\b|;?$)|default\s+[\w$]+;?$)|(?:var|let|const)\s+"
    r"[\w$]+\s*=\s*(?:_interopRequireDefault\()?require\(|[\"']use strict[\"']|"
    r"Object\.defineProperty\(exports|exports\.[\w$]+\s*=|module\.exports\b|//# sourceMappingURL)")
_QUALIFIED = re.compile(r"\(0,\s*[\w$]+\.([\w$]+)\)|\b_index\d*\.([\w$]+)")
_SPECIFIER = re.compile(r"\.(?:d\.)?[cm]?[jt]s([\"'])")
_EXPORTS_ASSIGNMENT = re.compile(r"\(exports\.[\w$]+\s*=\s*")  # `const x = (exports.x = {`
# A helper that replaces itself on first call reassigns module.exports in its body, with
# Babel's interop marks (@babel/runtime's `return module.exports = _typeof = ..., module.
# exports.__esModule = true, module.exports["default"] = module.exports, _typeof(o);`)
_REASSIGNED_EXPORTS = re.compile(
    r"\bmodule\.exports = (?=[\w$]+ = )|, module\.exports\.__esModule = true, "
    r"module\.exports\[\"default\"\] = module\.exports(?=[,)])")


def normalised_lines(text: str) -> list[str]:
    """The code of a head with its module system set aside: import, export and require lines
    dropped, `export` keywords, `(0, _index.name)` qualifiers, `(exports.name = ...)`
    assignments and a body's reassigned `module.exports` gone, specifiers' extensions one
    spelling."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line or _MODULE_SYNTAX.match(line):
            continue
        line = line.removeprefix("export default ").removeprefix("export ")
        line = _QUALIFIED.sub(lambda m: m.group(1) or m.group(2), line)
        line = _REASSIGNED_EXPORTS.sub("", line)
        if _EXPORTS_ASSIGNMENT.search(line):
            line = _EXPORTS_ASSIGNMENT.sub("", line)
        elif line == "});":  # where such an assignment closes
            line = "};"
        out.append(_SPECIFIER.sub(r".js\1", line))
    return out


def same_code(a: str, b: str) -> float:
    left, right = normalised_lines(a), normalised_lines(b)
    if not left or not right:
        return 0.0
    return difflib.SequenceMatcher(None, left, right, autojunk=False).ratio()


def variant_evidence(f: FileFacts) -> str | None:
    """Why the variant is no coincidence (see the module docstring), or None."""
    kept = variant_of(f)
    if kept is None:
        return None
    root = str(f.file.root)
    try:
        kept_size = os.stat(os.path.join(root, kept)).st_size
    except OSError:
        return None
    kept_head: str | None = None
    if kept_size * T.VARIANT_SIZE_RATIO + T.VARIANT_SIZE_SLACK < f.file.size:
        kept_head = head_of(os.path.join(root, kept), f.limits.head_bytes)
        if f.name in kept_head:
            return None  # the kept file wraps this one, which is the implementation
    kept_name = kept.rpartition("/")[2]
    for rel in f.ancestors():  # a stub package.json ({"type": "commonjs"}) may sit nearer
        if "package.json" in f.project.names_in(root, rel):
            dual = dual_package(f.project, root, rel)
            if dual is not None and dual.names_pair(f.file.path, kept):
                return (f"{posixpath.join(rel, 'package.json')} names both, under import "
                        "and require")
    here = dir_variants(f.project, root, f.dirs)
    folder = "/".join(f.dirs)
    if here.mirrored and T.NOT_BUILD_OUTPUT_DIRS.isdisjoint(f.lower_dirs):
        return (f"{here.varied} of {here.modules} modules in {folder or '.'}/ are shipped "
                "in more than one module format")
    if kept_head is None:
        kept_head = head_of(os.path.join(root, kept), f.limits.head_bytes)
    ratio = same_code(f.text, kept_head)
    if ratio >= T.VARIANT_SAME_CODE:
        return f"the same code as {kept_name} once module syntax is set aside ({ratio:.0%})"
    return None


KEPT_BESIDE = Fact("kept in its place", kept_beside, "kept")
VARIANT_KEPT = Fact("the same module in another module format", variant_of, "twin")
VARIANT_EVIDENCE = Fact("written by a build", variant_evidence, "build")

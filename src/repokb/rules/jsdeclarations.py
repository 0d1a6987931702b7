"""Declarations tsc wrote from JavaScript: a `.d.ts` whose declaration map names the `.js` file
beside it as its source (`tsc --allowJs --declaration --declarationMap`). eslint-plugin-react
7.37.5 ships 133 of them (104 in lib/rules/, 28 in lib/util/, index.d.ts):
`lib/rules/button-has-type.d.ts` is two lines (`declare const _exports:
import('eslint').Rule.RuleModule; export = _exports;`) derived from the JSDoc of
`button-has-type.js`, the rule itself. The `.js` is the source a user asks about (its logic,
its messages, its JSDoc types); the declarations repeat its types, so they are left out.
The map is tsc's, beside the declaration under its name and `.map` (`X.d.ts.map`).

A `.d.ts` typing a `.js` that was itself compiled from TypeScript (`dist/x.js`, `dist/x.d.ts`,
a map naming `../src/x.ts`) is not touched here: it names no `.js` source (rules/twins.py
leaves out the output when the `.ts` is shipped). Only the map is read.

Nor are declarations of generated code the package's interface to read: @angular/common
21.2.26 ships 1,490 `locales/*.d.ts` (1,929 pieces of `declare const _default: (string |
number ...)[]`) typing `locales/fr.js`, whose head says "THIS CODE IS GENERATED - DO NOT
MODIFY". A declaration whose module beside it carries a generator's marker is generated too
(`generated_twin`: the module's head read, a few KB).

Nor a declaration a compiler expanded to many times its module's size: vuetify 4.3.3's
`lib/components/VSelect/VSelect.d.ts` is 735 KB of `unknown extends Defaults["itemType"] ?
...` typing a 25 KB `VSelect.js` (vue-tsc writes each component's props out in full): 34 such
files, 9.5 MB, 20,000 pieces that crowd any answer. A person's declaration is not 10 times
its module, nor does it type with inline `import("../../util/index.js").X` as tsc's emit does
(typeorm 1.1.4's `driver/mongodb/typings.d.ts`, a copy of mongodb's, stays); `expanded_twin`:
the module's size looked up only.
"""

from __future__ import annotations

import json
import os
import posixpath

from repokb.rules.engine import Fact
from repokb.rules.facts import FileFacts, head_of
from repokb.rules.sniff import generated_marker

_DECLARATION = (".d.ts", ".d.cts", ".d.mts")
_JS_SOURCES = (".js", ".cjs", ".mjs", ".jsx")
_MAP_BYTES = 65536
_TWIN_HEAD_BYTES = 4096
_EXPANDED_BYTES = 64 * 1024  # a declaration this big ...
_EXPANDED_RATIO = 10  # ... and this many times its module's size
_INLINE_IMPORT = 'import("'  # ... with the inline import types a compiler's declaration emit writes


def js_source(f: FileFacts) -> str | None:
    """The project-relative path of the JavaScript file this declaration was written from, or
    None (see the module docstring)."""
    if not f.lower_name.endswith(_DECLARATION):
        return None
    folder = "/".join(f.dirs)
    root = str(f.file.root)
    listing = f.project.names_in(root, folder)
    if f.name + ".map" not in listing:
        return None
    try:
        with open(os.path.join(root, folder, f.name + ".map"), "rb") as fh:
            data = json.loads(fh.read(_MAP_BYTES))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    sources, base = data.get("sources"), data.get("sourceRoot") or ""
    if not isinstance(sources, list) or len(sources) != 1 or not isinstance(sources[0], str) \
            or not isinstance(base, str):
        return None
    source = posixpath.normpath(posixpath.join(folder, base, sources[0]))
    name = posixpath.basename(source)
    if (posixpath.dirname(source) != folder or not name.lower().endswith(_JS_SOURCES)
            or name not in listing):
        return None  # only the `.js` beside it: tsc's allowJs output without an outDir
    return source


JS_DECLARED = Fact("JavaScript source beside it", js_source, "twin")


def _module_beside(f: FileFacts) -> str | None:
    """The module this declaration types, beside it (`fr.js` beside `fr.d.ts`), or None."""
    lower = f.lower_name
    ext = next((e for e in _DECLARATION if lower.endswith(e)), None)
    if ext is None:
        return None
    stem = f.name[: -len(ext)]
    listing = f.project.names_in(str(f.file.root), "/".join(f.dirs))
    return next((stem + e for e in _JS_SOURCES if stem + e in listing), None)


def generated_twin(f: FileFacts) -> str | None:
    """The module beside this declaration (`fr.js` beside `fr.d.ts`), with the generator's
    marker in its head, or None (see the module docstring)."""
    module = _module_beside(f)
    if module is None:
        return None
    root, folder = str(f.file.root), "/".join(f.dirs)
    marker = generated_marker(head_of(os.path.join(root, folder, module), _TWIN_HEAD_BYTES))
    return None if marker is None else f"{module}: {marker!r}"


GENERATED_TWIN = Fact("generated module beside it", generated_twin, "twin")


def expanded_twin(f: FileFacts) -> str | None:
    """How many times its module's size this declaration is, if it is a compiler's expansion
    (see the module docstring), or None."""
    if f.file.size < _EXPANDED_BYTES or _INLINE_IMPORT not in f.text:
        return None
    module = _module_beside(f)
    if module is None:
        return None
    try:
        size = os.path.getsize(os.path.join(str(f.file.root), *f.dirs, module))
    except OSError:
        return None
    if f.file.size < _EXPANDED_RATIO * max(size, 1):
        return None
    return f"{f.file.size:,} bytes typing {module}'s {size:,}"


EXPANDED_TWIN = Fact("declarations many times their module", expanded_twin, "twin")

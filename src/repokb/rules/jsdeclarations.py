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
"""

from __future__ import annotations

import json
import os
import posixpath

from repokb.rules.engine import Fact
from repokb.rules.facts import FileFacts

_DECLARATION = (".d.ts", ".d.cts", ".d.mts")
_JS_SOURCES = (".js", ".cjs", ".mjs", ".jsx")
_MAP_BYTES = 65536


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

"""Flow twins: a `.js` file Babel compiled from the `.js.flow` file beside it. metro 0.81.0
ships each module twice, `src/Server.js` (Babel's output: types and the `@flow` header gone)
and `src/Server.js.flow` (the source Flow reads in its place); indexed, both would answer every
question. The source is kept, the output left out.

The other use of the pair keeps both: a `.js.flow` of declarations only (`declare export class
URLSearchParams`, React Native 0.76.0's `Libraries/Blob/URLSearchParams.js.flow`) types a `.js`
that is itself the source, and that `.js` says `@flow` (React Native's) or is untyped. So a
`.js` counts as compiled only when its twin holds code, not declarations only, and its own head
shows a build wrote it: no `@flow` pragma where its twin has one.
"""

from __future__ import annotations

import os
import re

from repokb.rules.engine import Fact
from repokb.rules.facts import FileFacts, head_of

FLOW_PRAGMA = re.compile(r"@(?:no)?flow\b")
_HEAD_BYTES = 4096
# a module statement that is not a declaration: code Flow would type-check, not only read
_CODE_LINE = re.compile(r"^(?:import|export(?!\s+type\b)|const|let|var|function|class|async|"
                        r"module\.exports|exports\.)\b", re.M)
_DECLARE_LINE = re.compile(r"^declare\s", re.M)


def flow_twin(f: FileFacts) -> str | None:
    """The project-relative path of the `.js.flow` source this `.js` file was compiled from,
    or None (see the module docstring)."""
    if f.ext != ".js" or f.template_base is not None:
        return None
    folder = "/".join(f.dirs)
    if f.name + ".flow" not in f.project.names_in(str(f.file.root), folder):
        return None
    if FLOW_PRAGMA.search(f.text[:_HEAD_BYTES]):
        return None  # Flow-typed itself: React Native's sources, a `.js.flow` of declarations
    twin = f"{folder}/{f.name}.flow" if folder else f.name + ".flow"
    head = head_of(os.path.join(f.file.root, twin), _HEAD_BYTES)
    if not FLOW_PRAGMA.search(head):
        return None
    declarations = len(_DECLARE_LINE.findall(head))
    code = len(_CODE_LINE.findall(head))
    return twin if code > declarations else None


FLOW_TWIN = Fact("Flow source beside it", flow_twin, "twin")

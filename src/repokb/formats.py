"""Facts about formats that records and rules both need (the floor: imports nothing of repokb).

Which languages are code (the rest of what is indexed is prose or structured text) decides how
many tokens of a chunk the model reads (`models.EmbedPlan`), how chunks are enriched, how the
classifier's rules read, and how secret scanning treats a file.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

CODE_LANGUAGES = frozenset({
    "python", "typescript", "tsx", "javascript", "go", "rust", "java", "kotlin", "c", "cpp",
    "csharp", "ruby", "php", "swift", "scala", "shell", "sql", "hcl", "lua", "perl",
})
EXTRA_CODE_LANGUAGES = frozenset({"vim", "r", "dart", "elixir", "erlang", "haskell",
                                  "ocaml", "clojure", "vue", "svelte", "objc", "groovy",
                                  "powershell", "batch", "prisma", "cython", "tex",
                                  "assembly", "fortran", "matlab", "fsharp", "vbnet",
                                  "literate_haskell", "ocaml_interface", "ocamllex",
                                  "ocamlyacc", "julia", "solidity", "nix", "applescript", "lark",
                                  "cuda", "gdb", "metafont"})


def _linguist() -> dict[str, dict[str, Any]]:
    """GitHub Linguist's extensions and file names (data/linguist_languages.json, built by
    bench/linguist_languages.py): each -> [language id, Linguist's name(s), group], the group
    one of code, docs, markup, config, data."""
    # read beside this module, not through importlib.resources (~10 ms of imports at every
    # start-up of every command, the CLI's thin search client's too)
    with open(os.path.join(os.path.dirname(__file__), "data", "linguist_languages.json"),
              encoding="utf-8") as f:
        data = json.load(f)
    return {"extensions": data["extensions"], "filenames": data["filenames"],
            "shared": data["shared"]}


_DATA = _linguist()
LINGUIST: dict[str, dict[str, list[str]]] = {"extensions": _DATA["extensions"],
                                             "filenames": _DATA["filenames"]}
# the extensions languages of different groups claim (`.cue`: CUE and Cue Sheet), each with its
# claimants [id, name, group]: rules/heuristics.py tells some apart by content
LINGUIST_SHARED: dict[str, list[list[str]]] = _DATA["shared"]
# Linguist's languages by the group repokb reads them as (ids repokb's own tables name too are
# in both: the rules read them by repokb's sets first)
_ENTRIES = [*(e for table in LINGUIST.values() for e in table.values()),
            *(e for claimants in LINGUIST_SHARED.values() for e in claimants)]
LINGUIST_GROUPS: dict[str, frozenset[str]] = {
    group: frozenset(entry[0] for entry in _ENTRIES if entry[2] == group)
    for group in ("code", "docs", "markup", "config", "data")}
CODE = CODE_LANGUAGES | EXTRA_CODE_LANGUAGES | LINGUIST_GROUPS["code"]
# Linguist's names by repokb's ids (one name an entry gives alone; "Roff or Roff Manpage" is
# Linguist's several languages of one extension), the names of languages repokb calls its own
# way, and aliases people write in a .gitattributes `linguist-language=` (Linguist takes a
# language's name or alias, in any case)
_LINGUIST_NAMES = {entry[1].lower(): entry[0] for entry in _ENTRIES if " or " not in entry[1]}
_LINGUIST_ALIASES = {
    "objective-c": "objc", "objective-c++": "objc", "objc": "objc", "tex": "latex",
    "tsx": "tsx", "cabal config": "cabal", "pod": "pod", "pod 6": "pod", "solidity": "solidity",
    "c++": "cpp", "c#": "csharp", "cs": "csharp", "js": "javascript", "node": "javascript",
    "ts": "typescript", "py": "python", "python3": "python", "rb": "ruby", "sh": "shell",
    "bash": "shell", "zsh": "shell", "golang": "go", "rs": "rust", "kt": "kotlin",
    "md": "markdown", "yml": "yaml",
}
_IDS = CODE | frozenset(_LINGUIST_NAMES.values())


def linguist_id(name: str) -> str | None:
    """repokb's id of the language a .gitattributes `linguist-language=NAME` names (`PHP`,
    `C++`, `cpp`, `Objective-C`); None when repokb cannot tell which language it is."""
    key = name.strip().lower()
    return (_LINGUIST_NAMES.get(key) or _LINGUIST_ALIASES.get(key)
            or (key if key in _IDS and "/" not in key else None))


# the name a POD heading or `=item` documents: `to`, `redirect($destination, $status)`, `$r->to`,
# `C<secrets>`, `Mojo::Util::b64_encode` (chunkers/pod.py gives a sub its section's start;
# rank_manual.py puts the sub before that section)
_POD_DOCUMENTED = re.compile(r"(?:[$\w:]+->)?(?:C<+\s*)?(?:\w+::)*(\w+)")


def pod_documented_name(heading: str) -> str | None:
    """The name a POD heading (`store`, `redirect($destination, $status)`: `redirect`) or an
    `=item`'s text documents; None for one naming none (`SEE ALSO` gives `SEE`: a word, matched
    only where a sub is so named)."""
    m = _POD_DOCUMENTED.match(heading)
    return m.group(1) if m else None

"""GitHub Linguist's languages for the files no repokb table names, and what they change.

    python bench/linguist_languages.py build PACKAGE_DIR  # -> src/repokb/data/*.json
    python bench/linguist_languages.py unknown TREE...    # what a dry run calls unknown

`build` reads the npm package `linguist-languages` (Linguist's languages.yml as one module per
language: `npm pack linguist-languages@9.5.0`, untarred; MIT, see the JSON's `license`) with
node, and writes, for every extension and file name Linguist knows, the language and the group
repokb reads it as:

- programming -> `code` (a source file: the code token limit, the fixed-window chunker unless
  a chunker knows the language);
- prose -> `docs`;
- markup -> `markup` (as HTML and CSS: metadata only by default), except the markup whose text
  is a document (DOC_MARKUP: diagrams as text, manual pages, API descriptions) -> `docs`;
- a language repokb's own tables name (`.webmanifest`: JSON) -> `own`: repokb's rules decide;
- data -> `config` for the configuration, schema and request formats a developer writes by hand
  (CONFIG_DATA), else `data` (metadata only: dumps, layouts, fonts, lists, meshes).

An extension several languages claim keeps them all when they share a group (`.v`: Rocq Prover,
V, Verilog: code), and is left out when they do not (`.cue`: CUE is code, Cue Sheet data):
those are listed apart (`shared`, each with its claimants), for the content heuristics of
rules/heuristics.py to tell apart where they can. repokb's own tables and rules come first
anyway (facts.language); Linguist fills only what they leave unknown.

`unknown` runs `repokb index TREE --dry-run --json` (the code imported from ../src) and counts
the files whose first reason is "unknown format", by extension: the measure of what is left.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "repokb" / "data" / "linguist_languages.json"

DOC_MARKUP = {"API Blueprint", "RAML", "Mermaid", "D2", "Roff", "Roff Manpage", "RUNOFF",
              "Bikeshed", "Ecmarkup", "Cooklang", "Pic"}
CONFIG_DATA = {
    # server and tool configuration written by hand
    "ApacheConf", "Nginx", "HAProxy", "Caddyfile", "HOCON", "KDL", "RON", "edn", "CSON",
    "JSON5", "crontab", "desktop", "GN", "Soong", "BuildStream", "Cylc", "RPM Spec",
    "Debian Package Control File", "Kickstart", "Proguard", "SELinux Policy", "Tor Config",
    "Redirect Rules", "Robots Exclusion Rules", "Browserslist", "pkg-config", "Ninja",
    "Ant Build System", "Easybuild", "NEON", "Option List", "ShellCheck Config", "nanorc",
    "Readline Config", "dircolors", "Wget Config", "cURL Config", "SSH Config", "Git Config",
    "Hosts File", "Windows Registry Entries", "TextMate Properties", "MiniYAML",
    "Record Jar", "XCompose", "Valve Data Format", "Godot Resource", "BIRD2",
    # schemas, interface and rule definitions
    "ASN.1", "Avro IDL", "FlatBuffers", "YANG", "SpiceDB Schema", "Vespa Schema Definition",
    "Web Ontology Language", "Turtle", "SPARQL", "Type Language", "WebAssembly Interface Type",
    "ROS Interface", "TMDL", "Zmodel", "ABNF", "EBNF", "Cloud Firestore Security Rules",
    "Object Data Instance Notation", "RBS", "Kusto",
    # requests and diagrams written as text
    "HTTP", "PlantUML", "Graphviz (DOT)", "Graph Modeling Language",
}
# Linguist's "programming" and "markup" languages that are requests written by hand, read as the
# HTTP request files are (configuration, values redacted as config's are): Hurl's `password: X`
# under `[FormParams]` was read as code, where an unquoted value is a variable; Bruno's `.bru`
# requests (Linguist's markup) were metadata only, as HTML is
CONFIG_PROGRAMMING = {"Hurl", "Bru"}
# Extensions left out whatever Linguist says (besides repokb's binary, image, font and build
# output extensions, own_languages): `.d` is also the dependency list `gcc -MD` writes beside
# every object file; `.pb` also protobuf's binary messages (TensorFlow's saved_model.pb, ONNX's
# test data); `.mo` also compiled gettext catalogs.
LEFT_OUT = {".d", ".pb", ".mo"}
GROUP = {"programming": "code", "prose": "docs", "markup": "markup", "data": "data"}

NODE = """
import(process.argv[1]).then(m => {
  const out = {};
  for (const [name, v] of Object.entries(m)) {
    if (name === 'default') continue;
    out[name] = {type: v.type, extensions: v.extensions || [], filenames: v.filenames || []};
  }
  process.stdout.write(JSON.stringify(out));
});
"""


# Linguist's names for languages repokb's tables name otherwise
ALIASES = {"makefile": "make", "module_map": "modulemap", "protocol_buffer": "protobuf",
           "jupyter_notebook": "jupyter", "restructuredtext": "rst", "gettext_catalog": "gettext",
           "objective_c": "objc", "objective_cpp": "objc", "visual_basic_net": "vbnet",
           "vim_script": "vim", "batchfile": "batch", "unix_assembly": "assembly",
           "fortran_free_form": "fortran", "cuda": "cuda", "ocaml": "ocaml"}


def language_id(name: str) -> str:
    """`Open Policy Agent` -> `open_policy_agent`, `HTML+ERB` -> `html_erb`, `C#` -> `csharp`,
    `C++` -> `cpp`; Linguist's name for a language repokb names otherwise -> repokb's."""
    lower = name.lower().replace("#", "sharp").replace("++", "pp")
    ident = re.sub(r"[^a-z0-9]+", "_", lower).strip("_")
    return ALIASES.get(ident, ident)


def own_languages() -> set[str]:
    """Every language repokb's own tables name: their rules decide those files."""
    sys.path.insert(0, str(OUT.parents[2]))
    from repokb import formats
    from repokb.rules import tables

    own = set(formats.CODE_LANGUAGES | formats.EXTRA_CODE_LANGUAGES)
    for name in dir(tables):
        value = getattr(tables, name)
        if name.startswith(("LANGUAGE", "EXTRA_LANGUAGE")) and isinstance(value, dict):
            own |= {v for v in value.values() if isinstance(v, str)}
    LEFT_OUT.update(tables.BINARY_EXTENSIONS | tables.BUILD_ARTIFACT_EXTENSIONS
                    | tables.IMAGE_AND_FONT_EXTENSIONS | tables.LATEX_BUILD_EXTENSIONS)
    return own | {"jupyter", "dotenv", "gotemplate"}


def group_of(name: str, kind: str) -> str:
    if name in CONFIG_PROGRAMMING:
        return "config"
    if kind == "markup" and name in DOC_MARKUP:
        return "docs"
    if kind == "data" and name in CONFIG_DATA:
        return "config"
    return GROUP.get(kind, "data")


def build(package: Path) -> None:
    meta = json.loads((package / "package.json").read_text())
    done = subprocess.run(["node", "-e", NODE, str((package / "index.js").resolve())],
                          capture_output=True, text=True, check=True)
    languages = json.loads(done.stdout)
    own = own_languages()
    by_ext: dict[str, set[tuple[str, str]]] = defaultdict(set)
    by_name: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for name, v in languages.items():
        entry = (name, group_of(name, v["type"]))
        for ext in v["extensions"]:
            if ext.lower() not in LEFT_OUT:
                by_ext[ext.lower()].add(entry)
        for filename in v["filenames"]:
            by_name[filename].add(entry)

    shared: dict[str, list[list[str]]] = {}  # the extensions left out, with their claimants

    def resolve(table: dict[str, set[tuple[str, str]]]) -> tuple[dict[str, list[str]], int]:
        out, mixed = {}, 0
        for key, entries in sorted(table.items()):
            ids = {language_id(n) for n, _ in entries}
            claimants = [[language_id(n), n, "own" if language_id(n) in own else g]
                         for n, g in sorted(entries)]
            if ids & own:  # repokb's own language: its rules read the file (group "own") ...
                if len(ids) > 1:  # ... unless others claim it too: repokb's tables left it
                    mixed += 1  # unnamed on purpose (`.inc`: PHP, C++, Pascal, assembly)
                    if table is by_ext:
                        shared[key] = claimants
                    continue
                out[key] = [ids.pop(), " or ".join(sorted(n for n, _ in entries)), "own"]
                continue
            groups = {g for _, g in entries}
            if len(groups) > 1:  # claimed by languages repokb would read differently
                mixed += 1
                if table is by_ext:
                    shared[key] = claimants
                continue
            names = sorted(n for n, _ in entries)
            out[key] = ["/".join(language_id(n) for n in names), " or ".join(names),
                        groups.pop()]
        return out, mixed

    extensions, mixed_ext = resolve(by_ext)
    filenames, mixed_names = resolve(by_name)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({
        "source": f"npm {meta['name']} {meta['version']} (GitHub Linguist's languages.yml), "
                  "built by bench/linguist_languages.py",
        "license": "Linguist: MIT License, Copyright (c) 2017 GitHub, Inc.; linguist-languages: "
                   "MIT License, Copyright (c) Ika",
        "extensions": extensions, "filenames": filenames,
        # told apart by content where repokb knows how (rules/heuristics.py), else unknown
        "shared": shared,
    }, indent=0, sort_keys=True) + "\n")
    print(f"{len(languages)} languages: {len(extensions)} extensions ({mixed_ext} claimed by "
          f"languages of different groups, left out), {len(filenames)} file names "
          f"({mixed_names} left out) -> {OUT}")
    print(Counter(g for _, _, g in extensions.values()))


def unknown(trees: list[str]) -> None:
    src = Path(__file__).resolve().parents[1] / "src"
    env = {**os.environ, "PYTHONPATH": str(src)}
    for tree in trees:
        with tempfile.TemporaryDirectory() as home:
            env["REPOKB_HOME"] = home
            done = subprocess.run([sys.executable, "-m", "repokb", "index", tree, "--dry-run",
                                   "--json", "--project", "probe"], capture_output=True,
                                  text=True, env=env, check=True)
        files = json.loads(done.stdout)["files"]
        by_ext = Counter(os.path.splitext(f["path"])[1] or os.path.basename(f["path"])
                         for f in files if f["reasons"][0].startswith("unknown format"))
        print(f"{tree}: {len(files)} files, {sum(by_ext.values())} of unknown format")
        for ext, n in by_ext.most_common(25):
            print(f"  {n:5d}  {ext}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "build":
        build(Path(sys.argv[2]))
    elif len(sys.argv) >= 3 and sys.argv[1] == "unknown":
        unknown(sys.argv[2:])
    else:
        sys.exit(__doc__)

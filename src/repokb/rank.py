"""Re-ranking and result shaping, after fusion.

Re-ranking multiplies each candidate's fused RRF score by factors, each recorded so `--explain`
can show why a hit sits where it does:
- kind by intent (SPEC §5): for "how does X work" and symbol lookups, source and contracts stay
  at 1 while tests and docs step back; for "how do I" questions docs step forward;
- declaration files (`.pyi` stubs, `.d.ts`, `.rbi`: signatures without bodies) step back for
  the same questions as docs do: the implementation says how it works;
- an editor's plugin and a project template (code run inside another program: rank_hosts.py)
  step back as docs do for the same questions;
- generated and vendored copies, and stale paths (changelogs, release notes, blog posts,
  archived or deprecated trees), step back always;
- a chunk defining a symbol the query names is boosted (a C prototype less: the function's body
  comes first), as is a file whose name the query says (in words, or as a file name:
  `setup.py`), or a view template where it asks for a view (rank_kinds.py), and in such a
  file the section whose key the question says ("which Cargo
  feature": Cargo.toml's `features`, rank_keys.py); a qualifier (`response` in
  `response.json`) says a file's name only when that file defines the member (`timezone.now`:
  timezone.py's `now`) or the qualifier as written (`Invoice::total`: Invoice.php's class
  `Invoice`); a capitalised word and the next one name `Container.member` where a candidate
  defines it ("where is ERC20 transfer defined": `ERC20.transfer`), and a capitalised word
  inside a sentence names a definition a candidate gives that whole last name in that case
  ("add rows to a rich Table": the class `Table`);
- of the definitions of a bare name the query is about, one in the query's case comes first
  (`Serializer`: `_cased_first`), and for a name in lower case the one whose whole name it is
  (`serializer`: the class `Serializer` before a fixture `TestSerializer.serializer`,
  `_whole_first`), and the piece that defines it before the Rust `impl` blocks of its name
  (`pub struct BPE` before `impl Serialize for BPE`: `_defined_first`), unless it steps back
  more (a test before source);
- the members of a definition the question asks for ("which rpcs does service Operations
  expose": `Operations.GetOperation`) follow it, before everything else;
- of the definitions of a name the query gives without their qualifier (`pack`), the nearest
  keeps the boost of a last name: the one whose qualifier the question says most of, then the
  shortest (`Data.ByteString.pack` before `Data.ByteString.Lazy.Char8.pack`);
- for any question but a "how do I" one, a Perl sub goes above the section of its own file's
  manual that documents it (rank_manual.py; a how-to keeps the manual first);
- the chunk's quality score (0..1) nudges.

Shaping makes one hit per definition (or section, or key path) that matched, with its own lines
and symbol: two chunks of one file are merged only when they overlap (windows over one long
stretch) or are parts of one definition split for length (the same symbol, at most
`merge_gap_lines` apart), never beyond `merge_max_lines`. Neighbouring definitions stay
separate hits; context around a hit is added on request (`with_context`). At most
`max_per_file` hits per file, besides the members of a definition the question asks for
("what methods does QuerySet have"), unless nothing else fills the page (`shape`'s `fill`);
stops at the limit. The hits of a smaller limit are the first
hits of a larger one's: a chunk joins only hits before it, and a hit is complete whatever the
limit (members keep joining the hits made when no new hit is taken).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Any

from repokb.embedders.code_bm25 import tokenize
from repokb.models import TEST_KINDS
from repokb.query import CODE, HOWTO, SYMBOL, QueryPlan, bare_name
from repokb.rank_hosts import elsewhere
from repokb.rank_howto import docs_before_tests
from repokb.rank_keys import NAMED_KEY_SHARE, named_key, names_setting
from repokb.rank_kinds import (
    KIND_ASKED,
    is_view_template,
    kind_asked,
    said_kind_first,
    views_said,
)
from repokb.rank_lift import lift_above
from repokb.rank_manual import code_before_its_manual
from repokb.rank_members import said_member_first
from repokb.rank_platforms import on_said_platform, platform_said
from repokb.rank_tests import helps_testing, names_tested
from repokb.rules.tables import DECLARATION_SUFFIXES
from repokb.settings import Settings
from repokb.stores.base import last_name

_STALE = re.compile(r"(^|/)(changelog|changes|history|news|release[-_]?notes?|releases|blog|"
                    r"archive[sd]?|deprecated|legacy|attic)([/._-]|$)", re.I)
_DOCS = {"documentation"}
# the share of the exact-symbol boost for the same last name under another qualifier
# (symbol_match), and for a name the query writes in another case
_LAST_NAME_SHARE = _OTHER_CASE_SHARE = 0.75
# the share of a definition of a last name the query gives when another definition of that
# name is nearer (less of its qualifier unsaid: `Data.ByteString.Lazy.Char8.pack` for "pack"
# beside `Data.ByteString.pack`)
_FARTHER_SHARE = 0.5
# The symbol types a name can be the definition of (what the exact-symbol boost looks for):
# Elixir's and Ruby's modules, Swift's protocols, extensions and actors, Kotlin's objects, C#'s
# and Swift's properties, Rust's macros and SQL's tables too (`MyApp.Accounts.User` was found
# below the functions of `MyApp.Accounts`; `Order.Total` below a method `Cart.Total`). A test or
# a test group (`describe`) names no code. Haskell's `data` and `newtype`, OCaml's module types,
# exceptions and values (`let default_size = 16`) too (`Data.Map.Map` was found below the
# function `Data.Map.map`); not an OCaml interface's `val`, a declaration of what its .ml
# defines (boosted alike, list.mli's documented `val map` came before list.ml's `let rec map`).
# Gradle's tasks and named blocks (`android { }`, HCL's `locals { }`) and Jenkins' stages are
# what "where is task publishRelease defined" or "the Rollback stage" asks for; so are
# Terraform's resources, variables, outputs and providers ("resource aws_s3_bucket.logs" found
# `aws_s3_bucket_versioning.logs` first).
_DEFINITIONS = {"function", "class", "method", "interface", "struct", "enum", "trait", "type",
                "impl", "const", "var", "module", "protocol", "object", "extension", "actor",
                "macro", "table", "view", "procedure", "trigger", "property",
                "data", "newtype", "module_type", "exception", "value", "mixin",
                "subroutine", "program",  # Fortran's
                # Protocol Buffers' and GraphQL's (chunkers/protobuf.py, graphql.py); not an
                # `extend`, which adds to a message or type defined elsewhere
                "message", "service", "rpc", "input", "union", "scalar", "directive", "schema",
                "query", "mutation", "subscription", "fragment",
                "contract", "library", "modifier", "event", "error",  # Solidity's
                "task", "stage", "block",
                # HCL's labelled blocks (Terraform's `resource "aws_s3_bucket" "logs"`:
                # `aws_s3_bucket.logs`; `data` and `module` are above)
                "resource", "variable", "output", "provider",
                "target", "define",  # Makefile rules and `define`s, CMake targets
                "script",  # a PowerShell script with its help, named after its file
                # a web DSL's route (Sinatra's, Grape's `post "/notes" do`: `NotesApi.post
                # /notes`), a member of its app as a method is of its class (rank37)
                "route",
                # a Vue or Svelte component (chunkers/sfc.py: its script's options or setup)
                "component",
                "prototype",  # a C prototype: a header's API (its share: _PROTOTYPE_SHARE)
                # a Java enum's constant (`SerializationFeature.WRITE_DATES_AS_TIMESTAMPS`, a
                # member of the enum a question names), a Solidity constant
                "constant"}
# the share of the exact-symbol boost for a C prototype (`SQLITE_API int sqlite3_open_v2(...);`
# in sqlite3.h): where only the header is, it is what names the function; where the function's
# body is too, that comes first
_PROTOTYPE_SHARE = 0.75
# the same for a Rust `impl` (named after its type: `impl Model for BPE` is `BPE`): it adds to
# a type defined elsewhere, whose `struct`, `enum` or `trait` comes first; a question saying
# `impl` asks for one. Not Elixir's `defimpl Phoenix.Param, for: User`, whose name
# (`Phoenix.Param.User`) nothing else defines
_IMPL_SHARE = 0.75
_SAYS_IMPL = re.compile(r"\bimpl\b", re.I)
# A Rust unit test inside a source file (`#[cfg(test)] mod tests { #[test] fn .. }`, the
# crate's convention): a test module, its tests and helpers step back as a test file's do
_RUST_TEST_ATTRIBUTE = re.compile(r"^[ \t]*#\[(?:cfg\(test\)|(?:\w+::)*(?:test|rstest|"
                                  r"test_case|quickcheck|proptest)\b)", re.M)
_RUST_TEST_MODULES = frozenset({"tests", "test", "unit_tests"})
# the share of the exact-symbol boost for a member of a definition whose members the question
# asks for ("which rpcs does service Operations expose": `Operations.GetOperation`): after the
# definition itself, before everything else; and for a member the question says with the name
# of its definition ("DataTable onColumnResizeEnd", "how does FileUpload validate a file"):
# before the definition (a component's options piece is named like the component)
_MEMBER_SHARE = 0.75
# A line that is no code: blank, a comment (fixed-form Fortran's `C` and `*` in column 1 too, not
# an assignment to `C`), a decorator or an attribute (`@dataclass`, `#[derive(...)]`,
# `[Serializable]`); a C macro's `#define X(` and Objective-C's `@interface X` are code
_NOT_CODE = re.compile(r"\s*(?:$|//|#(?!define\b|[ \t]*define[ \t]+(?:\w*[A-Z_]\w*\b|\w+\())"
                       r"|/\*|\*|--|;|%|!|@(?!(?:interface|implementation|protocol)\b)|<!--|\"\"\"|\'\'\'|\[)"
                       r"|[Cc](?!\s*(?:[-+*/%&|^:]?=|<-))(?:\s|$)")


@dataclass
class Candidate:
    id: str
    payload: dict[str, Any]
    fused: float
    dense_rank: int | None
    lexical_rank: int | None
    dense_score: float | None
    score: float = 0.0
    factors: dict[str, float] = field(default_factory=dict)
    tier: int = 0  # the candidate depth it was found at: 0 the first (search.py)
    # its rank among the definitions looked up by symbol (a name BM25 cannot see: search.py)
    symbol_rank: int | None = None


def is_definition(payload: dict[str, Any]) -> bool:
    """Whether a piece is a definition a name can name (`_DEFINITIONS`)."""
    return payload.get("symbol_type") in _DEFINITIONS


def _inline_test(p: dict[str, Any]) -> bool:
    """Whether a piece of a Rust source file is a unit test: in a test module (`tests.x`), or
    holding a test's attribute (`#[test]`, `#[tokio::test]`, `#[cfg(test)]`)."""
    if p.get("language") != "rust" or p.get("kind") != "source":
        return False
    symbol = str(p.get("symbol") or "")
    return (symbol.split(".", 1)[0] in _RUST_TEST_MODULES
            or bool(_RUST_TEST_ATTRIBUTE.search(str(p.get("content") or ""))))


def _kind_factor(kind: str, intent: str, s: Settings,
                 asks_for_tests: bool = False) -> tuple[str, float] | None:
    if kind == "generated":
        return "generated", s.generated_factor
    if kind == "vendor":
        return "vendor", s.vendor_factor
    if kind in _DOCS:
        if intent == HOWTO:
            return "docs_for_howto", s.howto_doc_factor
        if intent in (CODE, SYMBOL):
            return "docs_for_code", s.code_doc_factor
    if kind in TEST_KINDS:
        if asks_for_tests:  # the question asks for tests: they do not step back
            return None
        return "test", s.howto_test_factor if intent == HOWTO else s.test_factor
    return None


# File names that say nothing about content: matching them is no evidence.
_GENERIC_NAMES = frozenset({"index", "init", "main", "readm", "readme", "util", "utils", "mod",
                            "lib", "core", "base", "common", "misc", "helper", "helpers"})


@lru_cache(maxsize=65_536)
def _name_tokens(path: str) -> frozenset[str]:
    stem = PurePosixPath(path).stem.replace("-", " ").replace(".", " ")
    return frozenset(tokenize(stem)) - _GENERIC_NAMES


_CODE_KINDS = frozenset({"source", "test", "contract", "schema", "infrastructure", "ci_cd"})


# `Fulfilment.ship` -> `ship`, `Graph::topologicalSort` -> `topologicalSort`, cached: every
# candidate's symbol, on every search
_last_name = lru_cache(maxsize=65_536)(last_name)


@lru_cache(maxsize=65_536)
def _file_name(path: str) -> str:
    """A path's last part, lower-cased (every candidate's, on every search: a PurePosixPath
    each was a third of `rerank`'s time)."""
    return PurePosixPath(path).name.lower()


@lru_cache(maxsize=65_536)
def _stale(path: str) -> bool:
    """Whether a path says its file describes the past (`_STALE`)."""
    return _STALE.search(path) is not None


def path_match(path: str, query_tokens: frozenset[str], symbol_tokens: frozenset[str]) -> float:
    """0..1: how much of the file's name the query says. A one-word name counts only when the
    query names it as a symbol (`retry.py`, `retry`): as a plain word ("line", "file") it is
    already weighed by BM25, which sees the path. Folders are left out: they repeat the
    project's or package's name on every file."""
    name = _name_tokens(path)
    if len(name) == 1:
        return 1.0 if name <= symbol_tokens else 0.0
    matched = len(name & query_tokens)
    return matched / len(name) if matched >= 2 else 0.0


def go_package(path: str, project: str) -> str:
    """The package a Go file is in, lower-cased, as its folder names it (Go's convention: the
    `package` clause repeats the folder's name, `render/json.go` is `package render`); a file
    at the project's root is in the package named after the project (gin 1.8.1's `context.go`
    says `package gin`; the project `gin-1.8.1` without its version)."""
    parts = PurePosixPath(path).parts
    return (parts[-2] if len(parts) > 1 else bare_name(project)).lower()


def rust_crate(project: str) -> str:
    """The crate a Rust project's root is, as Rust code names it: the project's name without
    its version, `-` written `_` (`serde_json-1.0.87` -> `serde_json`)."""
    return bare_name(project).lower().replace("-", "_")


# a Go file's package clause (after its license and doc comments)
GO_PACKAGE_CLAUSE = re.compile(r"^package[ \t]+(\w+)", re.M)


def go_packages_to_read(candidates: list[Candidate], plan: QueryPlan) -> set[tuple[str, str]]:
    """The Go files (project, path) among the candidates whose folder does not name the
    qualifier the query gives a name they define (`cli.App` and `App` in a folder `v2`,
    Go's major-version folder, whose files say `package cli`; a project indexed under
    another name than its root package's): their package clause may (`rerank`'s `packages`)."""
    qualifiers: dict[str, set[str]] = {}
    for name in plan.names:
        owner, _, last = name.rpartition(".")
        if owner:
            qualifiers.setdefault(last, set()).add(owner.rpartition(".")[2])
    if not qualifiers:
        return set()
    files = set()
    for c in candidates:
        p = c.payload
        symbol = str(p.get("symbol") or "").lower()
        if (p.get("language") == "go" and p.get("symbol_type") in _DEFINITIONS
                and "." not in symbol and symbol in qualifiers):
            project, path = str(p.get("project") or ""), str(p.get("path"))
            if go_package(path, project) not in qualifiers[symbol]:
                files.add((project, path))
    return files


_HUMP = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def _receiver(owner: str, qualifier: str) -> bool:
    """Whether a lower-case qualifier is the receiver or a variable a Go method of the type
    `owner` is conventionally called on: one or two letters, the type's initial (`c` of
    `func (c *Context) JSON`) or its capitals' (`rg` of `func (rg *RouterGroup) GET`); three or
    more, the first word of the type's name (`router.GET` of gin's README, `router :=
    gin.Default()`: `RouterGroup.GET`, which its `*Engine` embeds; not `flag.String` for
    `StringFlag.String`)."""
    if not qualifier.islower() or not owner:
        return False
    if len(qualifier) <= 2:
        capitals = owner[0] + "".join(ch for ch in owner[1:] if ch.isupper())
        return qualifier in {owner[0].lower(), capitals.lower()}
    return qualifier == next(iter(_HUMP.findall(owner)), "").lower()


def symbol_match(symbol: str, path: str, plan: QueryPlan, package: str | None = None,
                 crate: str | None = None) -> float:
    """How fully a definition's (lower-cased) symbol is the one the query names: 1 for the
    name as given; 0.75 for the same last name under another qualifier, either way:
    `Attribute.evolve` for "evolve" (the top-level `evolve`, if any, stays ahead), and a bare
    `print` for "Console.print" (`Console.print` stays ahead), unless the qualifier is the
    module the bare name is defined in (`jupyter.print` in rich/jupyter.py), or, in Go
    (`package`: the definition's Go package), the package (`gin.Context`: the `Context` of
    package gin; Go writes a package-level name after its package alone, so ginS's `Run` is
    no `engine.Run`: 0), or in Rust (`crate`: the project's crate) the crate (`rayon::join`);
    a method for `self.name`, `this.name` or `cls.name` (the class is unsaid)
    is 1; 0 otherwise. A qualified definition the query names after its package, crate or
    module is the name as given (`cobra.Command.Execute`: `Command.Execute` of package cobra;
    `clap::Command::get_matches`, `forms.Form.clean`)."""
    folders = PurePosixPath(path.lower()).with_suffix("").parts
    if crate is not None:  # Rust's crate and module names write `-` as `_` (rayon-core)
        folders = (crate, *(f.replace("-", "_") for f in folders))
    if "." in symbol and symbol not in plan.symbols:
        owners = {n[:-len(symbol) - 1].rsplit(".", 1)[-1] for n in plan.names
                  if n.endswith(f".{symbol}")}
        if owners and (package in owners if package is not None else owners & set(folders)):
            return 1.0
    if symbol in plan.symbols:
        if "." in symbol or symbol in plan.names or not plan.names:
            return 1.0
        # only the last part of a qualified name the query gives: is the qualifier its module?
        qualifiers = {n.rsplit(".", 1)[0].rsplit(".", 1)[-1] for n in plan.names
                      if n.rsplit(".", 1)[-1] == symbol and "." in n}
        if package is not None:  # Go: a qualifier before a package's name is the package
            return 1.0 if package in qualifiers else 0.0
        return 1.0 if qualifiers & set(folders) else _LAST_NAME_SHARE
    last = _last_name(symbol)
    if last not in plan.symbols:
        return 0.0
    # `self.assertEqual`, `this.setState`: a method of the class the code is in, whichever
    unsaid = any(f"{owner}.{last}" in plan.names for owner in ("self", "this", "cls"))
    return 1.0 if unsaid and "." in symbol else _LAST_NAME_SHARE


def _qualifier_fit(symbol: str, query_tokens: frozenset[str]) -> tuple[int, int]:
    """(parts of a definition's qualifier the question says, minus those it does not):
    `data.bytestring.lazy.pack` for "pack for lazy bytestrings" says `lazy` and not `data`."""
    parts = _qualifier_tokens(symbol)
    said = sum(1 for part in parts if part & query_tokens)
    return said, said - len(parts)


@lru_cache(maxsize=65_536)
def _qualifier_tokens(symbol: str) -> tuple[frozenset[str], ...]:
    """The tokens of each part of a definition's qualifier (`data.bytestring.pack`: data,
    bytestring)."""
    return tuple(frozenset(tokenize(part)) for part in re.split(r"\.|::|#", symbol)[:-1])


def _homes(candidates: list[Candidate], plan: QueryPlan) -> frozenset[tuple[str, str]]:
    """The files among the candidates that define a member the query gives with a qualifier
    (`timezone.now`: the file holding a `now`), or the qualifier itself as written (PHP's
    `Invoice::total`: the file holding the class `Invoice`): there, and only there, the
    qualifier may be the file's name (timezone.py, Invoice.php); `response` in `response.json`
    names no response.py without a `json`, nor one with a class `Response`. Where a candidate
    defines the member under that qualifier (`Model.save`), the qualifier is its owner, and a
    file defining the member only under another owner is none (Django's forms/models.py,
    `BaseModelForm.save`: "models" is not the `Model` asked for)."""
    asked = {(n.rsplit(".", 1)[0].rsplit(".", 1)[-1], n.rsplit(".", 1)[-1])
             for n in plan.names if "." in n}
    if not asked:
        return frozenset()
    members = {member for _, member in asked}
    owners = {w.rsplit(".", 1)[0].rsplit(".", 1)[-1] for w in plan.written if "." in w}
    defined = [(c, str(c.payload.get("symbol") or "")) for c in candidates
               if c.payload.get("symbol_type") in _DEFINITIONS]
    # (owner, member) of the definitions, lower-cased: `model.save`
    owned = {(_last_name(owner).lower(), last.lower())
             for _, symbol in defined for owner, _, last in [symbol.rpartition(".")] if owner}
    taken = {member for owner, member in asked if (owner, member) in owned}

    def home(symbol: str) -> bool:
        owner, _, last = symbol.lower().rpartition(".")
        if last in members and (last not in taken or (_last_name(owner), last) in asked):
            return True
        return _last_name(symbol) in owners

    return frozenset((str(c.payload.get("project")), str(c.payload.get("path")))
                     for c, symbol in defined if home(symbol))


def _other_case(symbol: str, plan: QueryPlan) -> bool:
    """Whether the query writes this definition's name in another case (Go's exported `Handle`
    and unexported `handle`, Ruby's constant `Foo` and method `foo`, are two names); a name
    written all in lower case cares for no case, nor does a qualifier: `engine.Run` is a
    variable named after its type, `Engine.Run`."""
    last = symbol.rsplit(".", 1)[-1]
    for name in plan.written:
        if name == name.lower():
            continue
        if name.rsplit(".", 1)[-1].lower() == last.lower() and name.rsplit(".", 1)[-1] != last:
            return True
    return False


def _named(p: dict[str, Any], path: str, plan: QueryPlan,
           packages: dict[tuple[str, str], str]) -> tuple[str, str, float]:
    """(lower-cased, as written, its `symbol_match`) the definition name of a piece the query's
    names match best: its symbol, or a name of a short piece joined into it (`also`: the
    `module tree` head before `tree.tree_inode`); ("", "", 0) when the query names none or the
    piece defines none. A Go file's package is its clause where `packages` has it, else its
    folder's name."""
    if not plan.symbols:
        return "", "", 0.0
    names = [(p.get("symbol"), p.get("symbol_type")), *(p.get("also") or ())]
    project = str(p.get("project") or "")
    package = (packages.get((project, path)) or go_package(path, project)
               if p.get("language") == "go" else None)
    crate = rust_crate(project) if p.get("language") == "rust" else None
    best, share = ("", ""), 0.0
    for name, kind in names:
        if name and kind in _DEFINITIONS:
            matched = symbol_match(str(name).lower(), path, plan, package, crate)
            if kind == "prototype":
                matched *= _PROTOTYPE_SHARE
            elif (kind == "impl" and p.get("language") == "rust"
                  and not _SAYS_IMPL.search(plan.text)):
                matched *= _IMPL_SHARE
            if matched > share or not best[0]:
                best, share = (str(name).lower(), str(name)), matched
            if share == 1.0:
                break
    return *best, share


def _as_written(plan: QueryPlan, found: list[str]) -> QueryPlan:
    """The plan with the qualified names `found` (as defined: `Context.JSON`) read as if the
    question wrote them: among its names, its written names and its symbols."""
    if not found:
        return plan
    return replace(plan, names=tuple(dict.fromkeys((*plan.names, *(f.lower() for f in found)))),
                   written=tuple(dict.fromkeys((*plan.written, *found))),
                   symbols=tuple(dict.fromkeys((*plan.symbols, *(f.lower() for f in found)))))


def _member_definitions(
        candidates: list[Candidate]) -> Iterator[tuple[dict[str, Any], str, str, str]]:
    """(payload, symbol, owner, last name) of each candidate defining a qualified name
    (`Context.JSON`: owner `Context`, last name `JSON`)."""
    for c in candidates:
        symbol = str(c.payload.get("symbol") or "")
        owner, _, last = symbol.rpartition(".")
        if owner and c.payload.get("symbol_type") in _DEFINITIONS:
            yield c.payload, symbol, owner, last


def _receivers(candidates: list[Candidate], plan: QueryPlan) -> QueryPlan:
    """The plan with the Go methods a receiver's name stands for (`_receiver`): `c.JSON` reads
    as `Context.JSON` where a Go candidate defines `Context.JSON`, as if the question wrote
    it (its boost, its file `context.go`)."""
    asked = {(n.rsplit(".", 1)[0].rsplit(".", 1)[-1], n.rsplit(".", 1)[-1].lower())
             for n in plan.written if "." in n}
    if not asked:
        return plan
    return _as_written(plan, [
        symbol for p, symbol, owner, last in _member_definitions(candidates)
        if p.get("language") == "go" and "." not in owner
        and any(m == last.lower() and _receiver(owner, q) for q, m in asked)])


# "<Container> <member>": a capitalised word and the word after it ("where is ERC20 transfer
# defined"), each pair of neighbours looked at
_PAIR = re.compile(r"(?<![\w.])(?=([A-Z]\w*)\s+([A-Za-z_]\w*)(?![\w.]))")


def _spaced_names(candidates: list[Candidate], plan: QueryPlan) -> QueryPlan:
    """The plan with the qualified names a question writes with a space for its dot: a
    capitalised word and the word after it read as `Container.member` where a candidate
    defines exactly that, the container in the question's case ("where is ERC20 transfer
    defined": `ERC20.transfer`, not `ERC20._transfer` first; "how does Django handle" names
    nothing without a definition `Django.handle`)."""
    pairs = {(first, second.lower()) for first, second in _PAIR.findall(plan.text)}
    if not pairs:
        return plan
    found = [f"{_last_name(owner)}.{last}" for _, _, owner, last in _member_definitions(candidates)
             if (_last_name(owner), last.lower()) in pairs]
    return _as_written(plan, [f for f in found if f.lower() not in plan.names])


# the block types whose first label is a type a question spells in words: Terraform's
# `resource "k3d_cluster" "zenml-cluster"`, named `k3d_cluster.zenml-cluster`
_TYPED_BLOCKS = frozenset({"resource", "data"})
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def _spelled_types(candidates: list[Candidate], plan: QueryPlan) -> QueryPlan:
    """The plan with the Terraform blocks whose type the question spells as words, read as
    names ("how is the k3d cluster created": `k3d_cluster.zenml-cluster`, as if it wrote it;
    the block was the model's 2nd and BM25's 21st, 6th fused, behind the module's prose). Two
    or three words in a row joined by `_` must be the whole type; "the s3 bucket" spells no
    `aws_s3_bucket`."""
    # (looked for first: most searches have no Terraform block among their candidates, and
    # then nothing else is read: a third of this step's time was splitting every symbol)
    typed = [c for c in candidates if c.payload.get("symbol_type") in _TYPED_BLOCKS]
    blocks = [(symbol, owner.lower()) for _, symbol, owner, _ in _member_definitions(typed)]
    if not blocks:
        return plan
    words = [w.lower() for w in _WORD.findall(plan.text)]
    spelled = {"_".join(words[i:i + n]) for n in (2, 3) for i in range(len(words) - n + 1)}
    found = [symbol for symbol, owner in blocks if owner in spelled]
    return _as_written(plan, [f for f in dict.fromkeys(found) if f.lower() not in plan.names])


# a capitalised word inside a sentence, not its first ("add rows to a rich Table"; not "How",
# nor "I")
_CAPITALISED = re.compile(r"(?<=[a-z,;:]\s)([A-Z][a-z]\w*)(?![\w.(])")


def _capitalised_names(candidates: list[Candidate], plan: QueryPlan) -> QueryPlan:
    """The plan with the capitalised words inside a sentence that a candidate defines in that
    case, as a definition's whole last name, read as names ("How do I add columns and rows to
    a rich Table": rich's class `Table`, and its file table.py, as if the question wrote
    `Table`); a word no candidate defines so stays a word ("Python", "Django")."""
    words = {m.group(1) for m in _CAPITALISED.finditer(plan.text)} - set(plan.written)
    if not words:
        return plan
    found = [w for w in sorted(words) if any(
        _last_name(str(c.payload.get("symbol") or "")) == w and is_definition(c.payload)
        for c in candidates)]
    return _as_written(plan, found)


_CONSTRUCTOR = re.compile(r"\b(?:constructors?|ctors?)\b", re.I)
# a constructor's name besides its class's (C++, Java, C#): Python's, JavaScript's, PHP's
_CONSTRUCTORS = frozenset({"__init__", "constructor", "__construct"})


def _constructors(candidates: list[Candidate], plan: QueryPlan) -> tuple[QueryPlan, frozenset[str]]:
    """For a question asking for a constructor ("X constructor", "where is the constructor of
    X defined"): the plan with the constructors the candidates define (C++'s `X.X`, Python's
    `X.__init__`), X a word of the question, read as if it wrote them; and those X,
    lower-cased (the class itself is not the answer: it came first, its constructor after)."""
    if not _CONSTRUCTOR.search(plan.text):
        return plan, frozenset()
    words = {w.lower() for w in re.findall(r"[A-Za-z_]\w*", plan.text)}
    found = [f"{_last_name(owner)}.{last}" for _, _, owner, last in _member_definitions(candidates)
             if _last_name(owner).lower() in words
             and (last == _last_name(owner) or last in _CONSTRUCTORS)]
    classes = frozenset(f.rpartition(".")[0].lower() for f in found)
    return _as_written(plan, [f for f in found if f.lower() not in plan.names]), classes


def _undefined(candidates: list[Candidate], plan: QueryPlan) -> QueryPlan:
    """The plan with only those of its names no searched project defines (`plan.undefined`)
    that no candidate defines either, as a definition's name or a part of it, in the case of a
    name in capitals alone (`_defines`'s rule): the store's lookup by name misses a class whose
    head joined its first member's piece (Django's `Signer`, found as `Signer.__init__`) and a
    short definition held in another's `also`."""
    if not plan.undefined:
        return plan
    parts: set[str] = set()
    for c in candidates:
        p = c.payload
        for name, kind in ((p.get("symbol"), p.get("symbol_type")), *(p.get("also") or ())):
            if name and kind in _DEFINITIONS:
                parts.update(re.split(r"\.|::|#", str(name)))
    lower = {part.lower() for part in parts}
    kept = tuple(n for n in plan.undefined
                 if n not in parts and (n.isupper() or n.lower() not in lower))
    return plan if kept == plan.undefined else replace(plan, undefined=kept)


_PLAN_STEPS = (_undefined, _receivers, _spelled_types, _spaced_names, _capitalised_names)


def rerank(candidates: list[Candidate], plan: QueryPlan, s: Settings,
           packages: dict[tuple[str, str], str] | None = None) -> list[Candidate]:
    """The candidates re-ranked, best first; `packages`: the package clauses of the Go files
    `go_packages_to_read` asked for, lower-cased, by (project, path)."""
    packages = packages or {}
    for step in _PLAN_STEPS:  # what the candidates tell of the question's names, in order
        plan = step(candidates, plan)
    plan, built = _constructors(candidates, plan)
    query_tokens = frozenset(tokenize(plan.text))
    symbol_tokens = frozenset(t for name in plan.symbols for t in tokenize(name))
    # the words of the names themselves, without their qualifiers (`json` of `response.json`)
    named_tokens = frozenset(t for name in plan.symbols for t in tokenize(_last_name(name)))
    homes = _homes(candidates, plan)
    # the question's words besides its names (`validate` of "how does FileUpload validate a
    # file", not `upload`)
    said = frozenset(tokenize(re.sub("|".join(rf"\b{re.escape(n)}\b" for n in plan.written),
                                     " ", plan.text) if plan.written else plan.text))
    # a definition matched by its last name alone: (that name, how near it is)
    last_only: dict[str, tuple[str, tuple[int, int]]] = {}
    view = views_said(plan.text)
    asked_types = kind_asked(plan.text)  # "which task installs nginx": Ansible's tasks
    # "... implemented on iOS": the iOS side before the Android one (rank_platforms.py)
    on_platform = on_said_platform(candidates, platform_said(plan.text))
    # black's `plugin/black.vim`, scrapy's `settings.py.tmpl`: run elsewhere (rank_hosts.py)
    away = elsewhere(candidates, plan.text) if plan.intent in (CODE, SYMBOL) else set()
    for c in candidates:
        p = c.payload
        factors: dict[str, float] = {}
        kind = _kind_factor("test" if _inline_test(p) else str(p.get("kind")), plan.intent, s,
                            plan.asks_for_tests)
        if kind:
            factors[kind[0]] = kind[1]
        path = str(p.get("path", ""))
        if (plan.intent in (CODE, SYMBOL) and p.get("kind") == "source"
                and path.lower().endswith(DECLARATION_SUFFIXES)):
            factors["declaration"] = s.declaration_factor
        if _stale(path) and p.get("kind") not in _CODE_KINDS:
            # a changelog or blog post describes the past; code under blog/ is still code
            factors["stale_path"] = s.stale_factor
        symbol, written, share = _named(p, path, plan, packages)
        if symbol:
            if share and _other_case(written, plan):
                share = min(share, _OTHER_CASE_SHARE)
            if share:
                factors["exact_symbol"] = 1 + (s.symbol_boost - 1) * share
            if share == _LAST_NAME_SHARE and symbol not in plan.symbols:
                last_only[c.id] = (_last_name(symbol), _qualifier_fit(symbol, query_tokens))
        if (plan.asks_for_tests and "exact_symbol" not in factors
                and str(p.get("kind")) in TEST_KINDS
                and names_tested(str(p.get("symbol") or ""), plan.written, _name_words)):
            factors["tested_name"] = s.symbol_boost  # "tests for X": X's test (rank_tests.py)
        file_words = symbol_tokens if (p.get("project"), path) in homes else named_tokens
        matched = (1.0 if _file_name(path) in plan.files
                   else path_match(path, query_tokens, file_words))
        if matched:
            factors["path_match"] = round(1 + (s.path_boost - 1) * matched, 4)
        if view and is_view_template(path, p.get("language")):  # "which view lists orders"
            factors["view_said"] = s.path_boost
        if asked_types and p.get("symbol_type") in asked_types and p.get("symbol"):
            factors["kind_asked"] = KIND_ASKED
        if c.id in on_platform:
            factors["platform_said"] = s.path_boost
        if c.id in away:  # an editor's plugin, a project template: as docs for code
            factors["elsewhere"] = s.code_doc_factor
        if plan.testing_howto and helps_testing(path, p.get("kind")):
            # "how do I test ...": the package's `testing.py`, as if named (path_boost's 1.3
            # left structlog's 28th; rank_tests.py)
            factors["testing_helper"] = s.symbol_boost
        if named_key(p, plan):  # "which Cargo feature": Cargo.toml's `features`
            factors["named_key"] = 1 + (s.symbol_boost - 1) * NAMED_KEY_SHARE
        if names_setting(p, plan):  # `SECRET_KEY` alone: the section headed by it
            factors["named_setting"] = s.symbol_boost
        quality = p.get("quality")
        if isinstance(quality, int | float):
            factors["quality"] = 1 - s.quality_weight / 2 + s.quality_weight * float(quality)
        if plan.project and p.get("project") == plan.project:
            factors["named_project"] = s.named_project_boost
        if symbol and p.get("symbol_type") in _DEFINITIONS:  # (a symbol: the query names one)
            # `operations` of `operations.getoperation`
            owner, _, last = symbol.rpartition(".")
            owner = _last_name(owner) if owner else ""
            if owner and owner != last and (owner in plan.members_of or (owner in plan.symbols and (
                    last in plan.symbols or _name_words(written.rpartition(".")[2]) <= said))):
                factors["member"] = 1 + (s.symbol_boost - 1) * _MEMBER_SHARE
        score = c.fused
        for value in factors.values():
            score *= value
        c.score, c.factors = score, factors
    _nearest(candidates, last_only, s)
    _cased_first(candidates, plan)
    _whole_first(candidates, plan)
    _defined_first(candidates, plan)
    # "the pool's swap function": the function `swap` before the event `Swap` (rank_kinds.py)
    said_kind_first(candidates, plan.text, plan.names, _last_name, _stepped)
    _containers_first(candidates, plan)
    if not plan.members_of:  # "how does DataTable sort rows": `sortSingle` before `DataTable`
        said_member_first(candidates, said, _name_words, _stepped, plan.written)
    _constructors_first(candidates, built)
    # "how is the session stored in a cookie": `sub store` before its POD's `=head2 store`
    code_before_its_manual(candidates, plan.intent == HOWTO, _last_name, _stepped)
    # "how do I validate a nested schema field": the docs it names before the tests of it
    docs_before_tests(candidates, plan.intent == HOWTO, plan.asks_for_tests)
    return sorted(candidates, key=lambda c: (-c.score, c.id))


# the factors by which a piece steps back for what it is (a test, docs, generated, vendored,
# a declaration, a stale path): what a definition in the query's case is compared by
_STEP_BACK = ("test", "docs_for_code", "docs_for_howto", "generated", "vendor", "declaration",
              "stale_path", "elsewhere")


@lru_cache(maxsize=65_536)
def _name_words(name: str) -> frozenset[str]:
    """The words a question says a name in, read from the name as defined (`sort`, `singl` of
    `sortSingle`; lower-cased it is one word, `sortsingl`): its BM25 tokens without the whole
    identifier (`sortsingle`), which no question says in words."""
    tokens = frozenset(tokenize(name)) or frozenset({name})
    whole = name.replace("_", "").lower()
    return tokens - {whole} if len(tokens) > 1 else tokens


def _stepped(c: Candidate) -> float:
    factor = 1.0
    for name in _STEP_BACK:
        factor *= c.factors.get(name, 1.0)
    return factor


def _lift_above(better: list[Candidate], others: list[Candidate], factor: str) -> None:
    """The best of `better` (by its exact-symbol boost, then score) goes just above the best of
    `others` that scores as high or higher and steps back no less than it does; `factor`
    records by how much it rose. The step of `_cased_first`, `_whole_first` and
    `_defined_first`."""
    if not better or not others:
        return
    best = max(better, key=lambda c: (c.factors["exact_symbol"], c.score, c.id))
    above = [c.score for c in others if c.score >= best.score and _stepped(c) <= _stepped(best)]
    if above:
        lift_above(best, max(above), factor)


def _cased_first(candidates: list[Candidate], plan: QueryPlan) -> None:
    """For a bare name typed with a capital (`QueryPlan.cased`: "Serializer"), the best
    definition of it in that case goes just above the definitions that match it only in
    another case (`TestSerializer.serializer`, a fixture the model ranked first): those keep
    their share of the boost, below it. Not above one that steps back less than it does (a
    test class `Serializer` stays behind a source function `serializer`)."""
    for name in plan.cased:
        exact: list[Candidate] = []
        blind: list[Candidate] = []
        for c in candidates:
            if "exact_symbol" not in c.factors:
                continue
            last = _last_name(str(c.payload.get("symbol") or ""))
            if last == name:
                exact.append(c)
            elif last.lower() == name.lower():
                blind.append(c)
        _lift_above(exact, blind, "cased")


def _whole_first(candidates: list[Candidate], plan: QueryPlan) -> None:
    """For a bare name typed in lower case that the query is about (`QueryPlan.about`:
    "serializer", "signer class"), the best definition whose whole name it is, in any case
    (the class `Serializer`), goes just above the definitions that match only by their last
    name (`TestSerializer.serializer`, a fixture the model ranked first): those keep their
    share of the boost, below it. Not above one that steps back less than it does (a source
    method `Codec.serializer` stays before a test class `Serializer`)."""
    for name in plan.about:
        if name != name.lower() or "." in name:
            continue  # typed with a capital: `_cased_first`; a qualified name has no members
        whole: list[Candidate] = []
        members: list[Candidate] = []
        for c in candidates:
            if "exact_symbol" not in c.factors:
                continue
            symbol = str(c.payload.get("symbol") or "").lower()
            if symbol == name:
                whole.append(c)
            elif _last_name(symbol) == name:
                members.append(c)
        _lift_above(whole, members, "whole_name")


def _defined_first(candidates: list[Candidate], plan: QueryPlan) -> None:
    """For a bare name the query is about ("where is the BPE model struct defined", `BPE`), the
    best piece that defines it (tokenizers' `pub struct BPE`, 44 lines of fields and their
    docs) goes just above the Rust `impl` blocks of that name (`impl Serialize for BPE`, `impl
    Model for BPE`: short, they won both rankings on BM25's length normalisation and took
    the first place with their share of the boost, `_IMPL_SHARE`), unless the question says
    `impl`. Not above an `impl` that steps back less than it does."""
    if _SAYS_IMPL.search(plan.text):
        return
    for name in plan.about:
        if "." in name:
            continue
        defining: list[Candidate] = []
        impls: list[Candidate] = []
        for c in candidates:
            p = c.payload
            if ("exact_symbol" not in c.factors
                    or str(p.get("symbol") or "").lower() != name.lower()):
                continue
            if p.get("symbol_type") == "impl" and p.get("language") == "rust":
                impls.append(c)
            else:
                defining.append(c)
        _lift_above(defining, impls, "defined_first")


def _containers_first(candidates: list[Candidate], plan: QueryPlan) -> None:
    """For a question asking for a definition's members ("what methods does QuerySet have"),
    the definition found in the file of its members goes just above the first of them: its
    members, many and each short, outranked the class or struct itself. A member named by a
    word of the question is its answer and goes just above the definition ("RatingGroup
    props", "which props does the Tooltip component take": the component's `Tooltip.props`,
    the list asked for; the component's pieces, found first, took it into their hit, named
    `Tooltip`, when it overlapped them)."""
    if not plan.members_of:
        return
    words = set(re.findall(r"\w+", plan.text.lower()))
    best: dict[tuple[str, str, str], float] = {}  # (project, path, owner): its best member
    asked: list[tuple[tuple[str, str, str], Candidate]] = []  # members named by a word
    for c in candidates:
        if "member" in c.factors:
            p = c.payload
            symbol = str(p.get("symbol") or "")
            key = (str(p.get("project")), str(p.get("path")), symbol.lower().rpartition(".")[0])
            if _last_name(symbol).lower() in words:
                asked.append((key, c))
            else:
                best[key] = max(best.get(key, 0.0), c.score)
    wanted = set(best) | {key for key, _ in asked}
    heads: dict[tuple[str, str, str], Candidate] = {}
    for c in candidates:
        p = c.payload
        key = (str(p.get("project")), str(p.get("path")), str(p.get("symbol") or "").lower())
        if key in wanted and "exact_symbol" in c.factors and (
                key not in heads or c.score > heads[key].score):
            heads[key] = c
    for key, head in heads.items():
        if key in best and head.score <= best[key]:
            head.factors["container"] = round(best[key] * 1.0001 / head.score, 4)
            head.score = best[key] * 1.0001
    for key, c in asked:
        # above the definition, and above the part of it that begins it, which the search
        # may put at 1.0001 of the definition's best (search.py's `_head_first`)
        container = heads.get(key)
        if container is not None and c.score <= container.score * 1.0001:
            c.factors["asked_member"] = round(container.score * 1.0002 / c.score, 4)
            c.score = container.score * 1.0002


def _constructs(symbol: str, name: str) -> bool:
    """Whether `symbol` (lower-cased) is a constructor of the class `name` (lower-cased)."""
    owner, _, last = symbol.rpartition(".")
    return _last_name(owner) == name and (last == name or last in _CONSTRUCTORS)


def _constructors_first(candidates: list[Candidate], built: frozenset[str]) -> None:
    """The best constructor of each class X asked for (`_constructors`: `X.X`, `X.__init__`)
    goes just above the class's best piece: the class, many pieces and each named X, came
    first."""
    for name in built:
        classes = [c.score for c in candidates
                   if str(c.payload.get("symbol") or "").lower() == name]
        built_ = [c for c in candidates if "exact_symbol" in c.factors
                  and _constructs(str(c.payload.get("symbol") or "").lower(), name)]
        if not classes or not built_:
            continue
        best = max(built_, key=lambda c: c.score)
        above = max(classes) * 1.0003  # above the class's head and its asked member too
        if best.score <= above:
            best.factors["constructor"] = round(above / best.score, 4)
            best.score = above


def holds_definition(content: str, symbol: str) -> bool:
    """Whether a piece may hold its definition's first line: a line of code in it (not blank,
    a comment, a decorator or an attribute) names it (`enum ErrorReason {`,
    `      SUBROUTINE ZVODE (`, `func (e *Engine) Run(`). A definition's leading doc comment
    cut into pieces of its own holds none, nor does a later part of an enum's values; a later
    part of a body may (a recursive call), but the head comes before it in the file."""
    last = re.compile(rf"(?<![\w$]){re.escape(_last_name(symbol))}(?![\w$])", re.I)
    return any(not _NOT_CODE.match(line) and last.search(line)
               for line in content.splitlines())


_QUOTED = re.compile(r"'[^']*'?|\"[^\"]*\"?")  # a string on a line, closed or not


def starts_definition(content: str, symbol: str) -> bool:
    """Whether a piece begins with its definition's first line: its first line of code (after
    blank lines, comments, docstrings, decorators and attributes) names it, in its own case
    (`message HttpRule {` after the rule's doc comment, `public V put(K key, V value, long
    ttl) {` after `@Override`). A later part that uses the name further down (`repeated HttpRule
    additional_bindings = 11;`, a recursive call) does not, nor a string or a docstring that
    says it (Fortran's `603  call xerrwv('lsoda--  istate ...` in lsoda's error branch, a
    GraphQL field's doc "Returns a single Repository ..."); nor does a file's first piece
    that opens with its imports (`holds_definition` still says it may hold it)."""
    name = re.compile(rf"(?<![\w$]){re.escape(_last_name(symbol))}(?![\w$])")
    in_doc = False
    for line in content.splitlines():
        quotes = line.count('"""') + line.count("'''")
        if in_doc or line.lstrip().startswith(('"""', "'''")):
            in_doc ^= quotes % 2 == 1
            continue
        if not _NOT_CODE.match(line):
            return bool(name.search(_QUOTED.sub("", line)))
    return False


def _nearest(candidates: list[Candidate], fits: dict[str, tuple[str, tuple[int, int]]],
             s: Settings) -> None:
    """Of the definitions matched by a last name alone, those farther than the nearest of that
    name (`_qualifier_fit`) keep _FARTHER_SHARE of the boost."""
    if not fits:
        return
    best: dict[str, tuple[int, int]] = {}
    for last, fit in fits.values():
        best[last] = max(best.get(last, fit), fit)
    for c in candidates:
        if c.id in fits and fits[c.id][1] < best[fits[c.id][0]]:
            boost = 1 + (s.symbol_boost - 1) * _FARTHER_SHARE
            c.score *= boost / c.factors["exact_symbol"]
            c.factors["exact_symbol"] = boost


@dataclass
class Group:
    """One result: one chunk, or chunks of the same file that overlap or split one definition."""

    best: Candidate
    members: list[Candidate]
    start_line: int
    end_line: int

    @property
    def key(self) -> tuple[str, str]:
        return self.best.payload["project"], self.best.payload["path"]

    def content(self) -> str:
        if len(self.members) == 1:
            return str(self.best.payload["content"])
        return join_lines([(int(m.payload["start_line"]), str(m.payload["content"]))
                           for m in self.members], self.start_line, self.end_line)


def join_lines(pieces: list[tuple[int, str]], start: int, end: int) -> str:
    """Lines start..end of a file put together from (first line, content) pieces; a line no
    piece holds (a blank line between chunks) stays an empty line, so the text has exactly
    end - start + 1 lines and line numbers stay true."""
    rows: dict[int, str] = {}
    for first, content in pieces:
        for offset, line in enumerate(content.splitlines()):
            rows.setdefault(first + offset, line)
    return "".join(rows.get(n, "") + "\n" for n in range(start, end + 1))


def _joins(c: Candidate, g: Group, s: Settings) -> bool:
    """Whether chunk c belongs to the hit g: it overlaps it, or it is another part of the same
    definition (same symbol) cut for length, close by; bounded by merge_max_lines."""
    p = c.payload
    if (p["project"], p["path"]) != g.key:
        return False
    start, end = int(p["start_line"]), int(p["end_line"])
    if max(end, g.end_line) - min(start, g.start_line) >= s.merge_max_lines:
        return False
    if start <= g.end_line and end >= g.start_line:
        return True
    symbol = p.get("symbol")
    return bool(symbol) and any(m.payload.get("symbol") == symbol for m in g.members) and (
        start <= g.end_line + s.merge_gap_lines + 1 and end >= g.start_line - s.merge_gap_lines - 1)


# A lead file holds the first _LEAD_HITS hits (never, then, under a cap of one or two a file);
# its hit past max_per_file is among the first _LEAD_RANK of the dense or the lexical ranking
# (a page of results: the default limit); _FAR stands for "not in that ranking"
_LEAD_HITS, _LEAD_RANK, _FAR = 3, 10, 1 << 30


def _over_cap(c: Candidate, groups: list[Group], taken: list[Group], s: Settings) -> bool:
    """Whether chunk c, of a file whose hits so far are `taken`, is one hit too many: a file
    has at most `max_per_file` hits, or `max_per_lead_file` when it holds every one of the
    first three hits and the first is no definition the question names (then the
    question is about what that file does, not where a name is: cobra's "how are mutually
    exclusive flags enforced" has flag_groups.go's first three pieces and the answer,
    `validateExclusiveFlagGroups`, is its next definition), each hit past `max_per_file` a
    definition none of its hits is and among the first `_LEAD_RANK` of a ranking (a nameless
    window, one more part of a definition cut for length, or a definition only the fused
    score brought up, took a slot from another file's answer: bench/RESULTS.md, rank35); any
    file whose first hit is no definition the question names may also have up to
    `max_per_lead_file` for definitions among the first `_LEAD_RANK` of both rankings that do
    not step back (no test, docs, generated or vendored piece: rank37).
    Decided by the first hits only: a smaller limit's hits are the first of a larger one's."""
    if len(taken) < s.max_per_file:
        return False
    symbol = c.payload.get("symbol")
    if (not symbol or len(taken) >= s.max_per_lead_file
            or taken[0].best.factors.get("exact_symbol", 1.0) > 1.0  # the file is named
            or any(g.best.payload.get("symbol") == symbol for g in taken)):
        return True
    ranks = (c.dense_rank or _FAR, c.lexical_rank or _FAR)
    head = groups[:_LEAD_HITS]  # (a lead file's first hit is the first of all: taken[0])
    lead = len(head) == _LEAD_HITS and all(g.key == taken[0].key for g in head)
    # a definition both rankings put on their first page is a hit of its own in any file the
    # question names nothing of (ring's `wrap-cookies`, dense 6th and BM25 6th, after its
    # file's `ns` head and two helpers: rank37), unless it steps back for what it is (a 4th
    # test of Django's urlpatterns_reverse/tests.py took the 7th slot of "url resolver reverse")
    agreed = s.max_per_file >= _LEAD_HITS and max(ranks) <= _LEAD_RANK and _stepped(c) >= 1.0
    return not (lead and min(ranks) <= _LEAD_RANK or agreed)


def shape(ranked: list[Candidate], limit: int, s: Settings, fill: bool = False) -> list[Group]:
    """The hits of `ranked`, best first, at most `limit` (see the module's docstring). With
    `fill` (no other candidate will come: search.py's last depth), a page the per-file caps
    left short is filled from the candidates they held back, in their order, after every
    other hit: where one file holds all there is (projectile, a one-file Emacs package, gave
    6 hits of the 10 asked for and its answer, `projectile-enable-caching`, the model's 1st,
    was its file's 7th piece), the caps choose nothing over another file's answer. A hit of
    the first pass is left as it is (a held-back chunk that would join it stays out); a
    filled hit scores no higher than the hits before it (its factor `held_back`). Not
    under a `max_per_file` of one or two."""
    groups: list[Group] = []
    in_file: dict[tuple[str, str], list[Group]] = {}  # only a hit of its own file may join c
    held: list[Candidate] = []  # what the caps held back
    for c in ranked:
        if not _place(c, groups, in_file, limit, s):
            held.append(c)
    # (not under a cap of one or two a file: who sets it asks for other files, not a full
    # page, as the lead file's and both rankings' extra hits are not given there)
    if fill and len(groups) < limit and s.max_per_file >= _LEAD_HITS:
        first = len(groups)
        for c in held:
            _place(c, groups, in_file, limit, s, first)
        floor = min((g.best.score for g in groups[:first]), default=None)
        for g in groups[first:]:  # after every other hit, in score too (`held_back`)
            if floor is not None and g.best.score > floor:
                c = g.best
                c.factors["held_back"] = round(floor / c.score * c.factors.get("held_back", 1.0),
                                               4)
                c.score = floor
    return groups


def _place(c: Candidate, groups: list[Group], in_file: dict[tuple[str, str], list[Group]],
           limit: int, s: Settings, uncapped_after: int | None = None) -> bool:
    """Chunk c joined to its hit, made a hit of its own, or left out (a smaller limit's hits
    are the first of a larger one's: c joins only a hit before it); False only when a file's
    cap left it out. With `uncapped_after` (a page filled, `shape`): no cap, and c joins none
    of the hits before that index."""
    p = c.payload
    key = (p["project"], p["path"])
    start, end = int(p["start_line"]), int(p["end_line"])
    target = next((g for g in in_file.get(key, ()) if _joins(c, g, s)), None)
    if target is not None and (target.best.tier < c.tier or (
            uncapped_after is not None
            and any(g is target for g in groups[:uncapped_after]))):
        return True  # found only deeper (or held back): it leaves that hit as it is
    if target is not None:
        target.members.append(c)
        target.start_line, target.end_line = (min(start, target.start_line),
                                              max(end, target.end_line))
        return True
    if len(groups) >= limit:
        return True
    if (uncapped_after is None and _over_cap(c, groups, in_file.get(key, []), s)
            and "member" not in c.factors):
        return False  # the members a question asks for are its answer, however many
    groups.append(Group(c, [c], start, end))
    in_file.setdefault(key, []).append(groups[-1])
    return True

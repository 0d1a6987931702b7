"""The code names and file names a question writes, as it writes them: symbols
(`snake_case`, `camelCase`, `Pascal.dotted`, `name()`, backticked, PHP's namespaced, Go's method
expressions, JavaScript's `X.prototype.m`, Perl's `Class->method`, Clojure's qualified names),
files (`setup.py`, `package.json` where the project has one) and products written as words
("PyPI"). URLs and Markdown link targets name nothing but their `#fragment`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from repokb.embedders.code_bm25 import tokenize
from repokb.lexicon import PRODUCT_NAMES
from repokb.rules.tables import EXTRA_LANGUAGE_BY_EXTENSION, LANGUAGE_BY_EXTENSION

# `.` joins a qualified name, and so do Ruby's, C++'s, Rust's and PHP's `::` and Ruby's `#`
# (`Rack::Request#ip`), read as `.`: the chunkers join their symbols with `.`. A PHP namespace
# before `\` (`GuzzleHttp\Client::send`, `\Monolog\Logger`: capitalised, as PSR-4 writes
# them) is in no symbol (`Client.send`, `Logger`): it is dropped, and what follows is a name.
_NAMESPACE = r"(?:[A-Z]\w*\\)+"
# (a name written with its `@` is one: Julia's and Rust's macros `@autopy`, a decorator
# `@lru_cache`, an annotation `@Override`; not an e-mail address's domain)
_TERM = re.compile(rf"`([^`]+)`|({_NAMESPACE})?(?:(?<![\w.])(?P<at>@))?"
                   r"([A-Za-z_][\w]*(?:(?:\.|::|#)[A-Za-z_]\w*)*)(\(\))?")
_SCOPE = re.compile(r"::|#")
# The extensions of the files repokb reads, of two letters or more: `attr.s` and `x.c` stay names.
_FILE_EXTENSIONS = frozenset(ext[1:] for ext in (*LANGUAGE_BY_EXTENSION,
                                                 *EXTRA_LANGUAGE_BY_EXTENSION) if len(ext) > 2)
# Extensions that are also common members' names: after a capitalised qualifier they name a
# member (`Response.json`, `Logger.log`, `System.out`, `User.builder`), after a lower-case one a
# file (`package.json`, `server.log`). `.config` stays a file either way (.NET's `App.config`).
_MEMBER_NAMES = frozenset({"json", "html", "xml", "sql", "log", "out", "env", "builder",
                           "settings", "properties", "app", "text"} & _FILE_EXTENSIONS)
# A search that knows the project's file names (`is_file`) asks them instead for these, either
# case: a member where the project has no file of that name (`response.json`, `console.log`,
# `process.env`, `self.settings`, `app.config`), a file where it has one (`package.json`).
_AMBIGUOUS = _MEMBER_NAMES | ({"config", "conf", "cfg", "props", "targets", "proto", "csv",
                               "cmd", "fs", "ini", "tmpl"} & _FILE_EXTENSIONS)
# `is_file(name, exact)`: whether a searched project has a file of that name (a path's last
# part), in the same case if `exact`, else in any case
IsFile = Callable[[str, bool], bool]
# `is_defined(name)`: whether a searched project defines a name (a definition's last name), in
# any case; a name in capitals alone in its case (`DEFAULT_AUTO_FIELD`: search.py)
IsDefined = Callable[[str], bool]
# Where a question points rather than what it names: a URL, a Markdown link's target. Only its
# fragment may name something (an API reference's `#hatch.utils.platform.Platform`).
_ADDRESS = re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s#]*(?:#(\S*))?|(?<=\])\([^()\s#]*(?:#([^()\s]*))?\)",
                      re.I)
_CAMEL = re.compile(r"[a-z0-9][A-Z]|[A-Z]{2}[a-z]")
# a bare name, no qualifier (`Serializer`, not `Serializer.dumps`); a name, qualified or not
_BARE = re.compile(r"[A-Za-z_$][\w$]*")
# a Lisp name (`magit-status`, `projectile-cache-file`, `my/open-init-file`): a name only where
# the searched project defines it (`is_defined`), an English word elsewhere ("built-in")
_KEBAB = re.compile(r"(?<![\w/-])(?:[A-Za-z]\w*/)?[A-Za-z]\w*(?:-{1,2}\w+)+(?![\w/-])")
_NAME = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")


def looks_like_symbol(term: str, explicit: bool = False) -> bool:
    if explicit:
        return True
    core = term.rstrip("()")
    return bool("_" in core.strip("_") or "." in core or _CAMEL.search(core)
                or term.endswith("()") or (core.startswith("__") and core.endswith("__")))


def unseen(name: str) -> bool:
    """Whether BM25 cannot see a name: its last part makes no token (one letter, `_`, a stop
    word: Go's `H`, `T`, jQuery's `on`). `e.g`, `i.e` are abbreviations, not names."""
    parts = name.split(".")
    if len(parts) > 1 and all(len(p) == 1 and p.islower() for p in parts):
        return False
    return not tokenize(parts[-1])


def file_name(term: str, call: bool = False, is_file: IsFile | None = None) -> str | None:
    """The file a term names (`setup.py`, `hatch.md#shell`: `hatch.md`), None for a name; a
    call (`response.json()`) is a name. An extension that is also a member's name
    (_AMBIGUOUS) names a file only if the project has a file of that name, when `is_file`
    can tell (`package.json` a file, `response.json`, `console.log` members); without it, a
    capitalised qualifier makes a member (`Response.json`, `Logger.log`, `System.out`)."""
    head = _SCOPE.split(term.strip())[0]
    stem, dot, ext = head.rpartition(".")
    if call or not dot or not stem or ext.lower() not in _FILE_EXTENSIONS:
        return None
    if "/" in head:  # a path: `docs/app.json`
        return head
    capitalised = stem.rsplit(".", 1)[-1][:1].isupper()
    if is_file is not None and ext.lower() in _AMBIGUOUS:
        # `Response.json` is a file only as written; `app.config` may be `App.config`
        return head if is_file(head, capitalised) else None
    if ext.lower() in _MEMBER_NAMES and capitalised:
        return None
    return head


def _terms(text: str) -> list[tuple[str, bool, bool]]:
    """(term as written without its `()`, backticked or namespaced, called) for each code-like
    run, URLs and link targets left out."""
    found = []
    text = _ADDRESS.sub(lambda m: f" {m.group(1) or m.group(2) or ''} ", text)
    for match in _TERM.finditer(text):
        explicit, name, call = match.group(1), match.group(4), match.group(5)
        # `Monolog\Logger`, `@autopy`
        explicit = explicit or (name if match.group(2) or match.group("at") else None)
        raw = (explicit or name or "").strip()
        found.append((raw.rstrip("()"), bool(explicit), bool(call) or raw.endswith("()")))
    return found


def product(term: str, is_defined: IsDefined | None = None) -> bool:
    """Whether a term is a product's name written as a word ("PyPI", "GitHub", "macOS"), not a
    code name: a name of PRODUCT_NAMES that the searched project does not define, when
    `is_defined` can tell."""
    return term.lower() in PRODUCT_NAMES and not (is_defined is not None and is_defined(term))


def products_said(text: str, is_defined: IsDefined | None = None) -> list[str]:
    """The products' names a query writes as words (`product`: "uploading to PyPI"), as
    written; not one in backticks or called (`GitHub()`)."""
    return list(dict.fromkeys(raw for raw, explicit, called in _terms(text)
                              if not explicit and not called and product(raw, is_defined)))


def names_and_files(text: str, is_file: IsFile | None = None,
                    products: frozenset[str] = frozenset()) -> tuple[list[str], list[str]]:
    """The code names a query gives (`Console.print`, `retry_with_backoff`) and the file names
    (`setup.py`, `docs/config.md`), each term read once; a product's name written as a word
    (`products`: "uploading to PyPI") is neither."""
    names, files = [], []
    for raw, explicit, called in _terms(text):
        if file := file_name(raw, called, is_file):
            files.append(file)
            continue
        term = _SCOPE.sub(".", raw)
        if (term and re.fullmatch(r"[A-Za-z_][\w.]*", term)
                and looks_like_symbol(term + ("()" if called else ""), explicit=explicit)
                and (explicit or called or term not in products)):
            names.append(term)
    return names, files


# Go's method written as Go writes it: a method expression `(*Command).Execute` (go doc), and a
# stack trace's frame `github.com/spf13/cobra.(*Command).ExecuteC`, its import path before the
# package; not a call's argument (`f(x).y`)
_GO_FRAME = re.compile(r"(?<![\w/.])(?:[\w.\-]+/)*(?P<package>[A-Za-z_]\w*)\.\(\*?"
                       r"(?P<type>[A-Za-z_]\w*)\)\.(?P<method>[A-Za-z_]\w*)")
_GO_METHOD_EXPRESSION = re.compile(r"(?<![\w)\]])\(\*?(?P<type>[A-Za-z_]\w*)\)\."
                                   r"(?P<method>[A-Za-z_]\w*)")


def go_method_names(text: str) -> str:
    """The text with Go's ways of writing a method read as a qualified name: `(*Command).Execute`
    -> `Command.Execute`, `github.com/spf13/cobra.(*Command).ExecuteC` -> `cobra.Command.ExecuteC`
    (the package, as Go code qualifies a name)."""
    if ")." not in text:
        return text
    text = _GO_FRAME.sub(r"\g<package>.\g<type>.\g<method>", text)
    return _GO_METHOD_EXPRESSION.sub(r"\g<type>.\g<method>", text)


# JavaScript's way of writing a method: on its constructor's prototype (`Router.prototype.handle`,
# as MDN writes `Array.prototype.map`)
_JS_PROTOTYPE = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*)\.prototype\.(?=[A-Za-z_$])")


def prototype_names(text: str) -> str:
    """The text with a JavaScript method written on its prototype read as the method's
    qualified name: `Router.prototype.handle` -> `Router.handle` (the owner, as a class's method
    is named; a chunker names `Route.prototype.dispatch = function` `Route.dispatch`)."""
    return _JS_PROTOTYPE.sub(r"\1.", text) if ".prototype." in text else text


# A class method called as Perl writes it: `Mojo::Promise->all`, `Plack::Util->load_class`,
# `Moo::Role->apply_roles_to_object` (perldoc's and CPAN's SYNOPSIS way); a capitalised package
# before the `->`, not a variable (`$r->get`, PHP's `$this->x`, C++'s `ptr->x`: no owner said)
_CLASS_METHOD = re.compile(r"(?<![\w$:>-])((?:[A-Z]\w*::)*[A-Z]\w*)->(?=[A-Za-z_])")


def class_method_names(text: str) -> str:
    """The text with a class method called on its package read as the method's qualified name:
    `Mojo::Promise->all` -> `Mojo::Promise::all` (a Perl sub is named `Mojo.Promise.all`; the
    `->` call was two names, the package and a word `all`, and the sub was no hit)."""
    return _CLASS_METHOD.sub(r"\1::", text) if "->" in text else text


# Clojure's namespace-qualified symbol (`cheshire.core/parse-string`, `clj-http.client/get`),
# as its docs and stack traces write it: the namespace is a dotted path before a `/`
_QUALIFIED = re.compile(r"(?<![\w/.-])[A-Za-z][\w-]*(?:\.[\w-]+)+/"
                        r"(?P<name>[A-Za-z*+!<>=-][\w*+!<>=?-]*)(?![\w/.])")


def qualified_names(text: str, is_defined: IsDefined | None) -> str:
    """The text with a namespace-qualified Clojure name read bare where the searched projects
    define the name (`cheshire.core/parse-string` -> `parse-string`: a piece is named by its
    bare name, its namespace is its file's); a URL's `example.com/api` stays."""
    if is_defined is None or "/" not in text:
        return text
    return _QUALIFIED.sub(lambda m: m.group("name") if is_defined(m.group("name"))
                          else m.group(0), text)


# Terraform's block as HCL writes its header (`resource "aws_eks_node_group" "nodegroup"`,
# `data "aws_iam_policy_document" "assume"`, `module "cert-manager"`) and a data source as
# Terraform addresses it (`data.aws_iam_policy_document.assume`): the HCL chunker names a block
# by its labels joined with `.` (`aws_eks_node_group.nodegroup`), its type the block's
# (a label with a `-` is left as written: `k3d_cluster.zenml-cluster` would be read as the name
# `k3d_cluster.zenml`, and a module `zenml` boosted)
_HCL_HEADER = re.compile(r'\b(resource|data|module|variable|output|provider)\s+"(\w+)"'
                         r'(?:\s+"(\w+)")?(?![\w"-])')
_HCL_DATA_ADDRESS = re.compile(r"(?<![\w.])data\.([a-z][a-z0-9]*_\w+)\.(\w+)(?![\w.-])")


def hcl_block_names(text: str) -> str:
    """The text with a Terraform block's header or a data source's address read as the name
    the block is indexed under, its type kept as a word: `resource "aws_eks_node_group"
    "nodegroup"` -> `resource aws_eks_node_group.nodegroup`, `data.aws_ami.ubuntu` -> `data
    aws_ami.ubuntu` (an operator pastes the header, or the address `terraform plan` prints)."""
    if '"' in text:
        text = _HCL_HEADER.sub(lambda m: f"{m[1]} {m[2]}.{m[3]}" if m[3] else f"{m[1]} {m[2]}",
                               text)
    return _HCL_DATA_ADDRESS.sub(r"data \1.\2", text) if "data." in text else text


"""Query understanding: what a query asks for, before any retrieval.

- Symbols: terms that look like code (`snake_case`, `camelCase`, `Pascal.dotted`, `name()`,
  backticked) are collected for the exact-symbol boost, and the lexical query is expanded with
  the forms a definition takes (`def x`, `function x`, `class X`, `struct X`, `x(`).
- Files: a name ending in a file extension (`setup.py`, `config.yaml`, `Node.js`) names a file,
  not a member `py` or `yaml` of something: it goes to the file-name boost, not the symbols.
  An extension that is also a common member's name (`.json`, `.log`, `.env`, `.config`) is
  decided by the project's own files when the search knows them (`is_file`): `package.json`
  is a file where the project has one, `response.json`, `console.log` and `process.env` are
  members where it has none.
  URLs and Markdown link targets name nothing but their `#fragment` (an API reference's
  `#pkg.mod.Class`; `[run](../cli/reference.md#hatch-run)` names nothing).
- Products: a product spelled with a capital inside ("PyPI", "GitHub", "macOS", "OAuth":
  lexicon PRODUCT_NAMES) looks like a `camelCase` name but is a word of the question, unless the
  searched project defines a name so spelled, in any case (`is_defined`: hatch's
  `Platform.macos`): not expanded to `def pypi function pypi ...`, boosted nor looked up, and
  read by BM25 as one word (`pypi`, not `pypi py pi`: `py` is in every Python file's name). A
  question giving one still asks about the code, as one giving a name does.
- Defined: "where is pack defined" names `pack`, a plain word elsewhere ("pack the files"): the
  word between "where is" and "defined" / "declared" / "implemented" is a name (boosted, not
  expanded to `def pack`: a plain word's definition may be `signals = ...`); so is the word
  before the kind in "where is the serializer class" and "signer class".
- About: the names a symbol query gives, or a question asks for, are looked up by symbol
  (`QueryPlan.about`, search.py), bare or qualified (`Model.save`, `django.forms.Form`).
- Intent: "how do I / how to" questions want documentation first; "how does X work", "where is",
  "what does" and symbol lookups want the implementation first (SPEC §5).
- Project named: "how does gin recover from panics" names an indexed project; the search is
  scoped to it and the name left out of the text the model and BM25 read (`named_project`).
- Spanish: MiniLM is English-only, so a Spanish question also gets an English rendering of its
  programming words (lexicon ES_EN) for both the dense and the lexical side.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from repokb.embedders.code_bm25 import fold, tokenize
from repokb.lexicon import ES_EN, PRODUCT_NAMES, STOP_WORDS
from repokb.rules.tables import EXTRA_LANGUAGE_BY_EXTENSION, LANGUAGE_BY_EXTENSION

HOWTO, CODE, SYMBOL, GENERAL = "howto", "code", "symbol", "general"

_HOWTO = re.compile(
    r"^[\s¿¡]*(how\s+(do|can|should|would)\s+(i|we|you|one)\b|how\s+to\b|what('?s| is) the best way"
    r"|is there a way|c[oó]mo\s+(puedo|hago|se\s+(puede|hace|configura|instala|usa)|debo|"
    r"configuro|instalo|uso|ejecuto|evito)|qu[eé]\s+debo)", re.I)
# Questions that want an explanation in prose: the docs are the best evidence.
_EXPLAIN = re.compile(r"^[\s¿¡]*(why\b|por\s*qu[eé]\b|(should|can|is|are|does|do|will|which|debo|"
                      r"puedo|es|hay)\b.*\?\s*$)", re.I)
# A description in the words of a docstring ("Returns the ...", "Helper that ...") asks for
# the code it describes.
_DESCRIPTION = re.compile(
    r"^\s*(?:(?:a|an|the)\s+)?(?:\w+\s+)?(returns?|gets?|sets?|creates?|makes?|builds?|converts?"
    r"|checks?|computes?|parses?|loads?|reads?|writes?|validates?|determines?|inspects?|handles?"
    r"|calls?|runs?|initiali[sz]es?|registers?|adds?|removes?|updates?|finds?|generates?"
    r"|formats?|wraps?|applies|apply|yields?|raises?|extracts?|resolves?|normali[sz]es?"
    r"|function|method|helper|utility|wrapper|decorator|validator|converter|factory|handler"
    r"|callback|constructor|used|called|invoked)\b", re.I)
# "how is X verified" asks what "how does the code verify X" asks: a passive question whose verb
# is something code does (not what a user does: configured, installed, used, enabled ...)
_MECHANISM = (r"implemented|computed|calculated|built|parsed|validated|verified|checked|loaded"
              r"|decrypted|encrypted|serialized|serialised|deserialized|deserialised|encoded"
              r"|decoded|signed|hashed|derived|dispatched|resolved|detected|handled|stored"
              r"|cached|generated|converted|normali[sz]ed|escaped|compiled|matched|compared"
              r"|formatted|rendered|scheduled|sorted|processed|enforced|rejected")
_CODE = re.compile(
    rf"\b(how\s+does|how\s+(is|are)\s+(\S+\s+){{1,8}}?({_MECHANISM})|where\s+(is|are|do|does)"
    r"|what\s+does|implementation|implemented|c[oó]mo\s+funciona|d[oó]nde\s+(est[aá]|se)"
    r"|qu[eé]\s+hace)\b", re.I)
_SPANISH_HINT = re.compile(r"[¿¡ñáéíóú]|\b(c[oó]mo|qu[eé]|d[oó]nde|para|una?|los|las|el|del|"
                           r"con|por|se|es)\b", re.I)
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
# any case
IsDefined = Callable[[str], bool]
# Where a question points rather than what it names: a URL, a Markdown link's target. Only its
# fragment may name something (an API reference's `#hatch.utils.platform.Platform`).
_ADDRESS = re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s#]*(?:#(\S*))?|(?<=\])\([^()\s#]*(?:#([^()\s]*))?\)",
                      re.I)
# The question asks for tests ("tests of", "is X tested", "pytest fixture", a Gherkin feature's
# "scenario where a refund lowers the total"); a test name such as test_client is a symbol, not
# this. Not "scenarios" nor "feature file": "how does behave parse a feature file into
# scenarios" asks for a BDD tool's own code.
_TESTS = re.compile(r"\b(tests?|tested|testing|unit ?tests?|pytest|fixtures?|pruebas?"
                    r"|scenario|gherkin|cucumber|bdd)\b", re.I)
_CAMEL = re.compile(r"[a-z0-9][A-Z]|[A-Z]{2}[a-z]")
# "where is pack defined", "where's the `now` function declared", "where is the Rollback stage
# defined", "where is task release defined": the word asked for is a name
# (a kind may come before the name too: "where is message Status defined", a .proto's; "where
# is directive @deprecated defined", a GraphQL schema's); "what fields does X have", "which
# rpcs does service X expose" and "X props" ask for a definition's members, by its name
_KINDS = (r"(?:function|method|class|type|module|macro|struct|constant|variable|enum|interface"
          r"|message|service|rpc|input|union|scalar|directive|fragment|query|mutation"
          # Gradle's tasks, Jenkins' stages, a build's targets, Vue/Svelte components
          r"|task|stage|target|component"
          # Solidity's events and modifiers, Rust's traits
          r"|event|modifier|trait)")
# A capitalised kind word before a kind is a name: "where is the Target struct defined" asks
# for maturin's `Target` (a build's target), not `struct`; "where is type Query defined" for
# `Query`.
# A capitalised name may carry one lower-case word before its kind ("where is the BPE model
# struct defined", tokenizers' `BPE`; plan() drops it for a name neither capitalised nor
# code-like).
_DEFINED = re.compile(r"\bwhere(?:\s+(?:is|are)|'s|’s)\s+(?:the\s+)?"
                      r"(?:[A-Za-z_]\w*(?:'s|’s)\s+)?"  # "the pool's swap function": an owner
                      rf"(?:(?!(?-i:[A-Z])\w+\s+{_KINDS}\s+(?:defined|declared))"
                      rf"{_KINDS}\s+(?=@?`?[A-Za-z_][\w.]*`?\s+(?:defined|declared)))?@?"
                      r"`?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)`?\s+"  # `Model.save` too
                      rf"(?:(?-i:[a-z]+)\s+(?={_KINDS}\s+(?:defined|declared|implemented)))?"
                      rf"(?:{_KINDS}\s+)?"
                      r"(?:defined|declared|implemented)\b"
                      r"|\b(?:what|which)\s+(?:fields|values|members|rpcs?|methods|props|properties)"
                      rf"\s+(?:does|do)\s+(?:the\s+)?(?:{_KINDS}\s+)?`?([A-Za-z_]\w*)`?\s+"
                      rf"(?:{_KINDS}\s+)?(?:have|has|expose|define|declare|take)\b"
                      # "RatingGroup props", "QuerySet's methods": the whole question
                      r"|^\s*`?([A-Za-z_]\w*)`?(?:'s|’s)?\s+"
                      r"(?:fields|values|members|rpcs|methods|props|properties)\s*\??\s*$"
                      # "where is the serializer class": the kind said, "defined" unsaid
                      r"|\bwhere(?:\s+(?:is|are)|'s|’s)\s+(?:the\s+)?`?([A-Za-z_]\w*)`?\s+"
                      r"(?:class|struct|enum|union|interface|trait|type|function|method|macro"
                      r"|module|component)\s*\??\s*$",
                      re.I)
# a word between the name asked for and its kind ("the BPE model struct defined")
_NOUN_BEFORE_KIND = re.compile(rf"`?\s+[a-z]+\s+{_KINDS}\s", re.I)
# "type H", "struct T", "func f": a kind of definition and a name of a character or two that
# BM25 has no token for (`unseen`): a name, though nothing else in it looks like code; "what
# type I need", "class is" name nothing (`I` and lower-case stop words are words)
_KIND_NAME = re.compile(r"\b(?:type|struct|class|interface|enum|trait|union|typedef|func|fn|def"
                        r"|function|module|macro|const|var|let)\s+`?([A-Za-z_]\w?)`?(?![\w.])")
# "which values does the chart take", "what can be set in the Helm chart's values": a chart's
# settings are its `values.yaml` (a file the question names), not the members of a `chart`
_CHART_VALUES = re.compile(r"\b(?:values|settings|parameters|options)\b.*\b(?:chart|helm)\b"
                           r"|\b(?:chart|helm)(?:'s|’s)?\s+(?:values|settings|parameters)\b",
                           re.I)
# "which Cargo feature enables X", "the crate's release profile", "cargo dependencies": a
# crate's features, profiles and dependencies are its `Cargo.toml` (a file the question names);
# tokenizers' `http = ["hf-hub"]` and maturin's `upload = [..]` were 9th and not in the top 10
_CARGO_MANIFEST = re.compile(
    r"\b(?:cargo|crate)(?:'s|’s)?\s+(?:features?|(?:(?:release|dev|test|bench)\s+)?profiles?|"
    r"dependenc(?:y|ies)|"
    r"(?:dev|build)-dependencies|workspace|manifest)\b", re.I)
# "class Option", "the Option class", "struct Circle": a capitalised word beside the kind of a
# type is its name, though an English word (CLI11's `class Option`); read in a short query
# (up to four words: not a docstring's "Base class for ...") that gives no code-like name.
# Before the kind, a word in lower case is a name too ("signer class": itsdangerous'
# `Signer`); after it, it is what the kind has ("class attributes", "struct fields")
_TYPE_NAMED = re.compile(r"\b(?:class|struct|enum|union|interface|trait)\s+`?([A-Z]\w*)`?"
                         r"|`?\b([A-Za-z_]\w*)`?\s+(?:class|struct|enum|union|interface|trait)\b")
# words before "class" at a sentence's start that name no type ("How class attributes work")
_NOT_TYPE_NAMES = frozenset({"the", "a", "an", "how", "why", "when", "where", "who", "whose",
                             "every", "any", "some", "no", "another", "other", "same", "new",
                             "abstract", "parent", "child", "my", "our", "your", "its", "base",
                             "helper", "wrapper", "mixin", "data"})
# words in lower case before a kind that say what kind of type, not its name ("the test class",
# "a python class"); capitalised they may be one (`Test`, `Main`)
_NOT_LOWER_TYPE_NAMES = _NOT_TYPE_NAMES | STOP_WORDS | frozenset({
    "test", "python", "java", "inner", "outer", "nested", "super", "sub", "meta", "singleton",
    "utility", "custom", "generic", "simple", "first", "main", "top", "level", "whole",
    "entire", "single", "exception", "error", "enum", "module", "new"})
# a bare name, no qualifier (`Serializer`, not `Serializer.dumps`); a name, qualified or not
_BARE = re.compile(r"[A-Za-z_$][\w$]*")
# a Lisp name (`magit-status`, `projectile-cache-file`, `my/open-init-file`): a name only where
# the searched project defines it (`is_defined`), an English word elsewhere ("built-in")
_KEBAB = re.compile(r"(?<![\w/-])(?:[A-Za-z]\w*/)?[A-Za-z]\w*(?:-{1,2}\w+)+(?![\w/-])")
_NAME = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
# what "where is X defined" asks of no name ("where is it defined"); `now`, `all`, `next` are names
_PRONOUNS = frozenset({"it", "this", "that", "these", "those", "they", "them", "he", "she", "what",
                       "which", "one", "each", "everything", "something", "anything"})


@dataclass(frozen=True)
class QueryPlan:
    text: str
    intent: str
    symbols: tuple[str, ...]  # lower-cased names (last component of dotted names too)
    dense_text: str
    lexical_text: str
    language: str  # "en" or "es"
    asks_for_tests: bool = False  # "where is X tested", "tests for the cache": no step back
    names: tuple[str, ...] = ()  # lower-cased names as the query gives them (`console.print`)
    files: tuple[str, ...] = ()  # lower-cased file names the query gives (`setup.py`)
    written: tuple[str, ...] = ()  # the names in the query's own case (`RouterGroup.Handle`)
    project: str | None = None  # the project the question named, when it ranks above the rest
    # the last names, as written, that BM25 has no token for (`H` of `gin.H`: one letter; `on`
    # of `app.on`: a stop word): the definitions of that last name are looked up by symbol
    unseen: tuple[str, ...] = ()
    # lower-cased names whose members the question asks for ("which rpcs does service
    # Operations expose": `operations`): their members (`Operations.GetOperation`) follow them
    members_of: tuple[str, ...] = ()
    # the names, as written, that a query is about (a symbol query, "signer class", the name
    # "where is X defined" or "where is the X class" asks for; not a mention in a sentence,
    # "a tuple subclass to hold `Attribute`s"): their definitions are looked up by symbol (a
    # class that is one long piece may rank below its many methods, and a fixture
    # `serializer`, in both rankings), by the last name, in its case if it has a capital,
    # else in any case; a qualified name's (`django.forms.Form`, `Model.save`) where its
    # qualifier is the definition's owner or module (search.py)
    about: tuple[str, ...] = ()
    # the bare ones typed with a capital (`Serializer`, `HTTPError`): a developer typing one
    # means the definition in that case, which comes before one in another case (rank.py)
    cased: tuple[str, ...] = ()
    # the question read without the name of the project it is scoped to ("how does cobra find
    # the subcommand" asked of cobra): the model reads it both ways, a piece of code by its
    # better reading, a piece of documentation with the name (search.py): cobra's
    # `Command.Find` is found, and "Does Black have an API?" keeps its FAQ's answer
    # (bench/RESULTS.md, rank34)
    dense_unnamed: str | None = None


def _type_name(word: str) -> bool:
    """Whether a word beside the kind of a type ("the X class") may be the type's name: not a
    pronoun, nor a word saying what kind of type (`_NOT_TYPE_NAMES`; in lower case, a stop
    word or `_NOT_LOWER_TYPE_NAMES` too: "the test class", "a python class")."""
    low = word.lower()
    return low not in _PRONOUNS and low not in (
        _NOT_LOWER_TYPE_NAMES if word == low else _NOT_TYPE_NAMES)


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


def is_spanish(text: str) -> bool:
    words = re.findall(r"\w+", text.lower())
    hints = len(_SPANISH_HINT.findall(text))
    return bool(words) and (("¿" in text) or hints >= max(2, len(words) // 4))


def translate_es(text: str) -> str:
    """The English programming words of a Spanish question (unknown words kept as they are)."""
    folded = fold(text.lower())
    for phrase in sorted((p for p in ES_EN if " " in p), key=len, reverse=True):
        folded = re.sub(rf"\b{phrase}\b", ES_EN[phrase].replace(" ", "_"), folded)
    out = []
    for word in re.findall(r"[\w.]+", folded):
        if word in ES_EN:
            out.append(ES_EN[word])
        elif word.replace("_", " ") in ES_EN.values():
            out.append(word.replace("_", " "))
        elif word not in STOP_WORDS:
            out.append(word)
    return " ".join(out)


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


def plan(text: str, translate: bool = True, is_file: IsFile | None = None,
         is_defined: IsDefined | None = None) -> QueryPlan:
    """What the query asks for; `is_file` tells whether the searched projects have a file of a
    name (`response.json`: a member unless the project has such a file), `is_defined` whether
    they define a name (`PyPI`: a product's name, a word, unless the project defines one)."""
    text = qualified_names(go_method_names(" ".join(text.split())), is_defined)
    products = products_said(text, is_defined)
    names, files = names_and_files(text, is_file, frozenset(products))
    kebab = [k for k in dict.fromkeys(_KEBAB.findall(text)) if is_defined(k)] if (
        is_defined is not None and "-" in text) else []
    names += kebab
    plain = None  # "where is pack defined": `pack`, a name, though a word anywhere else
    defined = _DEFINED.search(text)
    if _CARGO_MANIFEST.search(text):  # "which Cargo feature enables upload": Cargo.toml's
        files.append("cargo.toml")
    if _CHART_VALUES.search(text) and not names:
        files.append("values.yaml")
        if defined and (defined.group(2) or "").lower() in ("chart", "helm"):
            defined = None
    if defined and defined.group(3) and not (defined.group(3)[0].isupper()
                                             or looks_like_symbol(defined.group(3))):
        defined = None  # "list methods", "http props": a name is capitalised or code-like
    if (defined and defined.group(1) and not (defined.group(1)[0].isupper()
                                              or looks_like_symbol(defined.group(1)))
            and _NOUN_BEFORE_KIND.search(defined.group(0), defined.end(1))):
        defined = None  # "where is the retry helper function defined": no name given
    if defined and defined.group(4) and not _type_name(defined.group(4)):
        defined = None  # "where is the base class", "where is this class"
    asked = defined and (defined.group(1) or defined.group(2) or defined.group(3)
                         or defined.group(4))
    if (asked and asked.lower() not in _PRONOUNS and "." not in asked  # (a file's name)
            and asked.lower() not in {n.lower() for n in names}):
        plain = asked
        names.append(plain)
    asked_name = str(asked).lower() if asked else None  # the name a question asks for
    kind_named = [n for n in _KIND_NAME.findall(text) if n not in names and unseen(n)
                  and n != "I" and not (n.islower() and n in STOP_WORDS)]
    names += kind_named
    if not names and re.fullmatch(r"[A-Za-z_]\w{2,}", text) and not products:
        names = [text]  # a one-word query is most likely a name: `evolve`, `Config`
    if not names and len(text.split()) <= 4:
        typed = (m.group(1) or m.group(2) for m in _TYPE_NAMED.finditer(text))
        plain = next((name for name in typed if _type_name(name)), None)
        if plain:  # the type the query asks for
            names.append(plain)
            asked_name = plain.lower()
    symbols = tuple(dict.fromkeys(
        s.lower() for name in names for s in (name, name.rsplit(".", 1)[-1])))
    counted = _KEBAB.sub(lambda m: m.group(0).replace("-", "_").replace("/", "_")
                         if m.group(0) in kebab else m.group(0), text) if kebab else text
    words = re.findall(r"\w+", re.sub(_NAMESPACE, "", counted))  # `Monolog\Logger`: one word
    # a query of names alone is a symbol query, however many parts they have
    # (`django.forms.Form`: three words, one name); "fmt::vformat implementation" is not
    only_names = len(re.findall(r"\w+(?:(?:\.|::|#)\w+)*", re.sub(_NAMESPACE, "", counted)))
    if names and (len(words) <= len(names) + 1 or only_names == len(names)):
        intent = SYMBOL
    elif _HOWTO.search(text):
        intent = HOWTO
    elif _CODE.search(text):
        intent = CODE
    elif _EXPLAIN.search(text) or text.endswith("?"):  # other questions want prose
        intent = HOWTO
    elif names or products or _DESCRIPTION.search(text):  # "a GitHub workflow": code too
        intent = CODE
    else:
        intent = GENERAL
    language = "es" if is_spanish(text) else "en"
    about = tuple(dict.fromkeys(n for n in names if n in kebab or (
        _NAME.fullmatch(n) and not unseen(n) and (intent == SYMBOL or n.lower() == asked_name))))
    # searched without its namespaces: `use GuzzleHttp\Client;` in every file that imports the
    # class would outrank the class itself
    dense_text = lexical_text = re.sub(rf"\\?{_NAMESPACE}(?=\w)", "", text)
    for name in products:  # one word to BM25 (`pypi`), not its camelCase parts (`py`, `pi`)
        lexical_text = re.sub(rf"(?<![\w.`]){re.escape(name)}(?![\w`(])", name.lower(),
                              lexical_text)
    if language == "es" and translate:
        english = translate_es(text)
        dense_text = english or text
        lexical_text = f"{text} {english}"
    # the forms of a definition (`def x`, `class x`; `struct x`: Go's `type Context struct`,
    # which BM25 ranked below the hundred `func (c *Context)` of its file for "gin.Context")
    # for a name that looks like code; a plain word's definition may be none of them ("where
    # are signals defined": `x = Signal()`)
    expanded = [n for n in names if n is not plain and n not in kind_named]
    if expanded:
        short = [n.rsplit(".", 1)[-1] for n in expanded]
        expansions = " ".join(f"def {s} function {s} class {s} struct {s} {s}(" for s in short)
        # `@autopy`: a macro (Julia's `macro autopy(...)`, Elixir's `defmacro`), a decorator
        expansions += "".join(f" macro {m}" for m in re.findall(r"(?<![\w.])@([A-Za-z_]\w*)", text))
        lexical_text = f"{lexical_text} {expansions}"
        if intent == SYMBOL:
            dense_text = f"{dense_text} " + " ".join(f"def {s}" for s in short)
    return QueryPlan(text, intent, symbols, dense_text, lexical_text, language,
                     asks_for_tests=bool(_TESTS.search(text)),
                     names=tuple(dict.fromkeys(name.lower() for name in names)),
                     written=tuple(dict.fromkeys(names)),
                     files=tuple(dict.fromkeys(f.rsplit("/", 1)[-1].lower() for f in files)),
                     unseen=tuple(dict.fromkeys(n.rsplit(".", 1)[-1] for n in names
                                                if unseen(n))),
                     about=about,
                     cased=tuple(n for n in about if _BARE.fullmatch(n) and n != n.lower()),
                     members_of=(str(asked).lower(),)
                     if defined and (defined.group(2) or defined.group(3))
                     and str(asked).lower() not in _PRONOUNS else ())


# A version after a name, as an sdist or a checkout folder carries it: django-5.2.8, gin_v1.10
_VERSION = re.compile(r"[-_ ]v?\d+(?:\.\d+)*(?:[-._]?[a-z]+\d*)?$", re.I)
# Everyday English words that are also project names: one of them names a project only with a
# cue ("in black", "does click", "rich's", "the black project"), never as a plain word.
ORDINARY = frozenset((
    "arrow", "black", "celery", "click", "express", "fabric", "flask", "gin", "glob", "koa",
    "mock", "next", "nest", "pillow", "poetry", "react", "rich", "requests", "sphinx", "trio",
    "vue"))
# words that go with the name ("in attrs," / "en attrs,") and count as a cue
_BEFORE = r"(?:in|of|for|from|with|using|about|inside|within|en|de|del|para|con)"
_VERB = re.compile(r"\b(?:does|do|did|is|can|should)\s+(?:the\s+)?$", re.I)  # a cue that stays
_NOUN = r"(?:project|repo|repository|library|package|codebase|framework|source|code)"


def bare_name(project: str) -> str:
    """A project's name without its version: `gin-1.8.1` -> `gin`."""
    return _VERSION.sub("", project) or project


def project_aliases(projects: list[str] | tuple[str, ...]) -> dict[str, str]:
    """The words that name each project, lower-cased, to the project: its name, and its name
    without a version (`django-5.2.8` -> `django`); a word two projects share names neither."""
    seen: dict[str, set[str]] = {}
    for name in projects:
        for alias in {name.lower(), bare_name(name).lower()}:
            if alias and re.search(r"[a-z]", alias):
                seen.setdefault(alias, set()).add(name)
    return {alias: next(iter(owners)) for alias, owners in seen.items() if len(owners) == 1}


_JOINER = re.compile(r"(?:'s|’s)?\s*(?:,\s*(?:and\s+|or\s+)?|&\s*|/\s*|(?:and|or|vs\.?|versus|"
                     r"y|o|e|ou)\s+)", re.I)


def _joined(text: str, match: re.Match[str], found: dict[str, list[re.Match[str]]]) -> bool:
    """Is `match` (a name) joined to a name in `found` by "and", "or", "vs", a comma ...?"""
    for other in (m for ms in found.values() for m in ms):
        first, second = (other, match) if other.start(1) < match.start(1) else (match, other)
        if _JOINER.fullmatch(text, first.end(1), second.start(1)):
            return True
    return False


def named_project(text: str, projects: list[str] | tuple[str, ...]) -> tuple[str, str] | None:
    """(project, text without its name) when the question names exactly one indexed project.

    A name counts as a whole word, case-insensitive, not inside a dotted, slashed or hyphenated
    name (`gin.Context`, `attrs/_make.py`, `fastify-plugin` name code, not the project), nor a
    Rust or C++ path (`rayon::join`, `serde_json::from_str`). An
    ordinary word (ORDINARY: black, click, gin ...) counts only with a cue: a preposition or
    "does" / "is" / "can" before it, "'s" or a noun such as "project" after it. Two projects
    named: None (a comparison: nothing to scope to). The name goes with the words that only
    serve it ("in attrs,", "fastify's", "the black project"); "how does" stays (it is the
    intent); only one mention goes (the one with most such words, else the first); a question
    that is only the name keeps it as its text.
    """
    aliases = project_aliases(projects)
    if not aliases:
        return None
    found: dict[str, list[re.Match[str]]] = {}
    bare: list[tuple[str, re.Match[str]]] = []  # ordinary words without a cue
    for alias in sorted(aliases, key=len, reverse=True):
        pattern = (rf"(?:\b{_BEFORE}\s+(?:the\s+)?)?(?<![\w./\-@])(?<!::)({re.escape(alias)})"
                   rf"(?![\w/\-]|\.\w|::)('s|’s)?(?:\s+{_NOUN}\b)?,?")
        for match in re.finditer(pattern, text, re.I):
            taken = [m for ms in found.values() for m in ms]
            if any(m.start(1) < match.end(1) and match.start(1) < m.end(1) for m in taken):
                continue  # inside a longer name already found (django-5.2 before django)
            cued = (match.group(0).rstrip(",").lower() != match.group(1).lower()
                    or bool(_VERB.search(text[:match.start()])))
            if alias in ORDINARY and not cued:
                bare.append((aliases[alias], match))
                continue
            found.setdefault(aliases[alias], []).append(match)
    # an ordinary word joined to a name found ("cobra and click", "black, gin and attrs") is a
    # project as well: two named, nothing to scope to (multi28: "how does cobra and click
    # handle flags" searched cobra alone)
    while found and (joined := [(p, m) for p, m in bare if _joined(text, m, found)]):
        for project, match in joined:
            found.setdefault(project, []).append(match)
            bare.remove((project, match))
    if len(found) != 1:
        return None
    (project, matches), = found.items()
    # one mention is the scope ("in black," before a bare "black"); another is a word of the
    # question ("In black, does Black have an API?")
    match = max(matches, key=lambda m: (len(m.group(0)) - len(m.group(1)), -m.start()))
    rest = text[:match.start()] + " " + text[match.end():]
    rest = " ".join(rest.split()).strip(" ,")
    words = [w for w in re.findall(r"\w+", rest.lower()) if w not in STOP_WORDS]
    return project, (rest if words else text)

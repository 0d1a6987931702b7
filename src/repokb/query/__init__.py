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
- Vague words: "something", "anything", "stuff" (lexicon VAGUE_WORDS) name nothing a document
  says: left out of the text BM25 reads (structlog's "test that my code logged something" was
  led by docs/recipes.md's "something happened").
- Testing how-to: "how do I test X" asks how a user tests (the docs and the project's testing
  helpers), not for the project's own tests: `asks_for_tests` stays off, the tests step back.
- Compounds: a phrasal verb programmers write as one word in names ("check it out": `checkout`,
  "log in": `login`; lexicon PHRASAL_COMPOUNDS) gives BM25 that word too.
- Spanish: MiniLM is English-only, so a Spanish question also gets an English rendering of its
  programming words (lexicon ES_EN) for both the dense and the lexical side.

The parts: intent.py (what kind of answer), names.py (the code and file names written),
asked.py (the name asked for in words), spanish.py, projects.py (the project named); this
module joins them into a `QueryPlan`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from repokb.lexicon import PHRASAL_COMPOUNDS, STOP_WORDS, VAGUE_WORDS
from repokb.query.asked import (
    _CARGO_MANIFEST,
    _CHART_VALUES,
    _DEFINED,
    _KIND_NAME,
    _NOUN_BEFORE_KIND,
    _PRONOUNS,
    _TYPE_NAMED,
    _type_name,
)
from repokb.query.intent import (
    _CODE,
    _DESCRIPTION,
    _EXPLAIN,
    _HOWTO,
    _TESTING_HOWTO,
    _TESTS,
    CODE,
    GENERAL,
    HOWTO,
    SYMBOL,
)
from repokb.query.names import (
    _BARE,
    _KEBAB,
    _NAME,
    _NAMESPACE,
    IsDefined,
    IsFile,
    class_method_names,
    file_name,
    go_method_names,
    hcl_block_names,
    looks_like_symbol,
    names_and_files,
    product,
    products_said,
    prototype_names,
    qualified_names,
    unseen,
)
from repokb.query.projects import ORDINARY, bare_name, named_project, project_aliases
from repokb.query.spanish import is_spanish, translate_es

__all__ = [
    "CODE", "GENERAL", "HOWTO", "ORDINARY", "SYMBOL", "IsDefined", "IsFile", "QueryPlan",
    "bare_name", "file_name", "go_method_names", "hcl_block_names", "is_spanish",
    "looks_like_symbol", "named_project", "names_and_files", "plan", "product", "products_said",
    "project_aliases", "qualified_names", "translate_es", "unseen",
]


# the most words a query of keywords around a name has ("pydantic model_dump exclude unset
# fields": five)
_KEYWORDS_MAX = 6
_QUESTION_WORD = re.compile(r"\W*(?:which|what|who|when|why|how|where|is|are|does|do|can)\b",
                            re.I)


@dataclass(frozen=True)
class QueryPlan:
    text: str
    intent: str
    symbols: tuple[str, ...]  # lower-cased names (last component of dotted names too)
    dense_text: str
    lexical_text: str
    language: str  # "en" or "es"
    asks_for_tests: bool = False  # "where is X tested", "tests for the cache": no step back
    # "how do I test that my code logged something": the helpers a package ships for testing
    # code that uses it (structlog's `testing.py`) answer it (rank_tests.helps_testing)
    testing_howto: bool = False
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
    # the bare names, as written, of a symbol query that the searched projects define nowhere
    # (`fernet_key`, `SECRET_KEY`: a setting): searched as typed, and the sections and keys
    # named by them come first (rank_keys.names_setting)
    undefined: tuple[str, ...] = ()


def _verb_forms(verb: str) -> str:
    """A verb's forms as a regular expression's alternatives: check, checks, checked,
    checking; a doubled last letter (logged, logging) and a dropped `e` (timed, timing) too."""
    stem = verb[:-1] if verb.endswith("e") else verb
    forms = {verb, f"{verb}s", f"{stem}ed", f"{stem}ing", f"{verb}{verb[-1]}ed",
             f"{verb}{verb[-1]}ing"}
    return "|".join(sorted(forms, key=len, reverse=True))


_PHRASAL = [(re.compile(rf"\b(?:{_verb_forms(verb)})\s+(?:(?:it|them|this|that|these|those|"
                        rf"everything)\s+)?{particle}\b", re.IGNORECASE), word)
            for (verb, particle), word in PHRASAL_COMPOUNDS.items()]


# a vague word as a question writes it, in lower case, not part of a name (`stuff.py`, `x.anything`)
_VAGUE = re.compile(rf"(?<![\w.`/-])(?:{'|'.join(sorted(VAGUE_WORDS))})(?![\w`(./-])")


def compounds(text: str) -> list[str]:
    """The one-word names of the phrasal verbs a question says ("check it out": `checkout`),
    those it does not write already."""
    lower = text.lower()
    return [word for pattern, word in _PHRASAL if word not in lower and pattern.search(text)]


def plan(text: str, translate: bool = True, is_file: IsFile | None = None,
         is_defined: IsDefined | None = None) -> QueryPlan:
    """What the query asks for; `is_file` tells whether the searched projects have a file of a
    name (`response.json`: a member unless the project has such a file), `is_defined` whether
    they define a name (`PyPI`: a product's name, a word, unless the project defines one)."""
    text = qualified_names(go_method_names(prototype_names(class_method_names(hcl_block_names(
        " ".join(text.split()))))), is_defined)
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
    # a name among a few keywords, no question nor a sentence ("pydantic model_dump exclude
    # unset fields"): the words say what of the name is wanted, and the query is about the
    # name as a symbol query is (pydantic 2.9.2's tests `test_exclude_unset_*` led both
    # rankings, `BaseModel.model_dump` was BM25's 13th, not in the model's 50: rank42); a
    # docstring's sentence naming a parameter ("Transform a `line`, potentially splitting it
    # into many lines") asks for the code it describes, not the name's definition. A function's
    # name, in lower case: a type's with words ("MapperFeature to sort properties
    # alphabetically", "which SerializationFeature writes dates") asks for one of its members,
    # and "tests for x" for the tests (bench/retrieval/java.py fell 0.960 -> 0.927 on both)
    keywords = (intent == CODE and len(words) <= _KEYWORDS_MAX and bool(names)
                and all(n[:1].islower() and "." not in n for n in names)
                and not _QUESTION_WORD.match(text) and not _TESTS.search(text)
                and not _CODE.search(text) and not _DESCRIPTION.search(text))
    language = "es" if is_spanish(text) else "en"
    about = tuple(dict.fromkeys(n for n in names if n in kebab or (
        _NAME.fullmatch(n) and not unseen(n)
        and (intent == SYMBOL or keywords or n.lower() == asked_name))))
    # searched without its namespaces: `use GuzzleHttp\Client;` in every file that imports the
    # class would outrank the class itself
    dense_text = lexical_text = re.sub(rf"\\?{_NAMESPACE}(?=\w)", "", text)
    for name in products:  # one word to BM25 (`pypi`), not its camelCase parts (`py`, `pi`)
        lexical_text = re.sub(rf"(?<![\w.`]){re.escape(name)}(?![\w`(])", name.lower(),
                              lexical_text)
    if joined := compounds(text):
        lexical_text = f"{lexical_text} {' '.join(joined)}"
    if language == "es" and translate:
        english = translate_es(text)
        dense_text = english or text
        lexical_text = f"{text} {english}"
    # "something", "stuff": no document's word answers them, BM25 would weigh them as rare
    given = {n.lower() for n in names}
    lexical_text = _VAGUE.sub(lambda m: m.group(0) if m.group(0) in given else "", lexical_text)
    # the forms of a definition (`def x`, `class x`; `struct x`: Go's `type Context struct`,
    # which BM25 ranked below the hundred `func (c *Context)` of its file for "gin.Context")
    # for a name that looks like code; a plain word's definition may be none of them ("where
    # are signals defined": `x = Signal()`)
    expanded = [n for n in names if n is not plain and n not in kind_named]
    undefined: list[str] = []
    if intent == SYMBOL and is_defined is not None:
        # a bare name typed alone that the searched projects define nowhere (`fernet_key`,
        # `GH_TOKEN`: a key set in a configuration file or a workflow, never code) has no
        # definition to find: its forms lifted code that merely mentions it (BM25 ranked
        # airflow.cfg 1st, the fused list 7th; bench/RESULTS.md, rank41)
        undefined = [n for n in expanded if "." not in n and not is_defined(n)]
        expanded = [n for n in expanded if n not in undefined]
    if expanded:
        short = [n.rsplit(".", 1)[-1] for n in expanded]
        expansions = " ".join(f"def {s} function {s} class {s} struct {s} {s}(" for s in short)
        # `@autopy`: a macro (Julia's `macro autopy(...)`, Elixir's `defmacro`), a decorator
        expansions += "".join(f" macro {m}" for m in re.findall(r"(?<![\w.])@([A-Za-z_]\w*)", text))
        lexical_text = f"{lexical_text} {expansions}"
        if intent == SYMBOL:
            dense_text = f"{dense_text} " + " ".join(f"def {s}" for s in short)
    return QueryPlan(text, intent, symbols, dense_text, lexical_text, language,
                     asks_for_tests=bool(_TESTS.search(text))
                     and not _TESTING_HOWTO.search(text),
                     testing_howto=bool(_TESTING_HOWTO.search(text)),
                     names=tuple(dict.fromkeys(name.lower() for name in names)),
                     written=tuple(dict.fromkeys(names)),
                     files=tuple(dict.fromkeys(f.rsplit("/", 1)[-1].lower() for f in files)),
                     unseen=tuple(dict.fromkeys(n.rsplit(".", 1)[-1] for n in names
                                                if unseen(n))),
                     about=about, undefined=tuple(undefined),
                     cased=tuple(n for n in about if _BARE.fullmatch(n) and n != n.lower()),
                     members_of=(str(asked).lower(),)
                     if defined and (defined.group(2) or defined.group(3))
                     and str(asked).lower() not in _PRONOUNS else ())


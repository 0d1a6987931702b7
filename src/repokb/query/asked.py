"""The name a question asks for without writing it as code: "where is pack defined", "where
is the serializer class", "what fields does X have", "signer class", "type H"; and the files a
question names by what they hold (a chart's values, a crate's features).
"""

from __future__ import annotations

import re

from repokb.lexicon import STOP_WORDS

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
# what "where is X defined" asks of no name ("where is it defined"); `now`, `all`, `next` are names
_PRONOUNS = frozenset({"it", "this", "that", "these", "those", "they", "them", "he", "she", "what",
                       "which", "one", "each", "everything", "something", "anything"})


def _type_name(word: str) -> bool:
    """Whether a word beside the kind of a type ("the X class") may be the type's name: not a
    pronoun, nor a word saying what kind of type (`_NOT_TYPE_NAMES`; in lower case, a stop
    word or `_NOT_LOWER_TYPE_NAMES` too: "the test class", "a python class")."""
    low = word.lower()
    return low not in _PRONOUNS and low not in (
        _NOT_LOWER_TYPE_NAMES if word == low else _NOT_TYPE_NAMES)

"""Clojure projects and papers are read as what they are (session newuser35).

A pass over Debian's cheshire 5.11.0, clj-http 2.3.0, ring-core 1.8.2 and compojure 1.6.0 (their
jars' sources), create-docusaurus 3.10.2's `.mdx` site and a LaTeX paper found: Clojure cut
into unnamed 500-character windows (no `defn` named: "where is parse-string defined" found a
window), Leiningen's `project.clj` indexed as source and `deps.edn` / `shadow-cljs.edn` as plain
configuration, `.lein/credentials.clj` (Leiningen's repository logins) indexed; a `.sty`
package in windows (latex-coffee-stains' coffee.sty: 1,346 of them, no macro named); a `.bib`
metadata only, so "which entry is cited as cormack2009rrf" found nothing; a blog post's only
section unnamed (its title is in the front matter) and an MDX heading named with its id
(`Headings {/* #my-heading-id */}`).
"""

from __future__ import annotations

from repokb.chunkers import chunker_for
from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, classify_file

CLOJURE = '''\
(ns shop.core
  "The shop's core."
  (:require [clojure.string :as str]))

(def ^:private default-port 8080)

;; Parse a cart from its JSON text.
(defn ^String parse-cart
  "Parse `s` into a cart; nil when it is empty."
  [s]
  (when-not (str/blank? s)
    {:items (str/split s #",") :paren \\( :quote \\"}))

(defn- helper [x] (if (nil? x) :none x))

(defmacro with-cart [c & body] `(let [cart# ~c] ~@body))

(defprotocol Pricing
  (price [this] "The price of this."))

(defrecord Item [sku qty]
  Pricing
  (price [this] (* qty 2)))

(defmulti encode (fn [fmt _] fmt))

(defmethod encode :json [_ cart] (pr-str cart))
'''


def test_each_clojure_definition_is_a_named_piece_with_its_docstring_and_comment():
    pieces = chunker_for("clojure").chunk(CLOJURE)
    named = [(p.symbol, p.symbol_type, p.start_line, p.end_line, p.also) for p in pieces]
    assert named == [("shop.core", "module", 1, 6, (("default-port", "var"),)),  # joined: short
                     ("parse-cart", "function", 7, 12, ()),  # `nil?`, `\\(` and `\\"` read
                     ("helper", "function", 14, 14, ()),
                     ("with-cart", "macro", 16, 16, ()),
                     ("Pricing", "protocol", 18, 19, ()),
                     ("Item", "class", 21, 26, (("encode", "function"),)),
                     ("encode", "method", 27, 27, ())]
    parse = next(p for p in pieces if p.symbol == "parse-cart")
    assert parse.content.startswith(";; Parse a cart from its JSON text.\n(defn ^String")
    assert "nil when it is empty" in parse.content


def test_unbalanced_clojure_falls_back_to_windows_and_keeps_every_line():
    text = "(defn f []\n  (g))\n)\n" + "(def x 1)\n" * 30
    pieces = chunker_for("clojure").chunk(text)
    assert pieces and all(p.symbol is None for p in pieces)
    covered = {n for p in pieces for n in range(p.start_line, p.end_line + 1)}
    assert covered >= set(range(1, text.count("\n") + 1))


STY = r"""\NeedsTeXFormat{LaTeX2e}
\ProvidesPackage{macros}[2024/01/01 shorthands]
\RequirePackage{xcolor}

% the name of the system
\newcommand{\sysname}{\textsc{CodeSeek}}

\newcommand*\todo[1]{\textcolor{red}{[TODO: #1]}} % a note

\def\expect#1{%
  \mathbb{E}\left[#1\right]}

\long\gdef\@stash{\{ unbalanced in a string \}}

\newenvironment{claim}{\par\textbf{Claim.}}{\par}
"""


def test_each_tex_macro_and_environment_is_a_named_piece():
    pieces = chunker_for("tex").chunk(STY)
    named = [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces if p.symbol]
    assert named == [("sysname", "macro", 5, 6), ("todo", "macro", 8, 8),
                     ("expect", "macro", 10, 11), ("@stash", "macro", 13, 13),
                     ("claim", "macro", 15, 15)]


BIB = """@string{sigir = "Proceedings of SIGIR"}

@inproceedings{cormack2009rrf,
  author    = {Cormack, Gordon V. and Clarke, Charles L. A.},
  title     = {Reciprocal Rank Fusion Outperforms {Condorcet}},
  booktitle = sigir,
  year      = {2009}
}

@article(robertson2009bm25,
  title = "The Probabilistic Relevance Framework: {BM25} and Beyond",
  year = 2009)
"""


def test_each_bibliography_entry_is_a_piece_named_by_its_cite_key():
    pieces = chunker_for("bibtex").chunk(BIB)
    named = [(p.symbol, p.symbol_type, p.end_line) for p in pieces if p.symbol]
    assert named == [("cormack2009rrf", "entry", 8), ("robertson2009bm25", "entry", 12)]


def test_a_bibliography_is_indexed(tmp_path):
    c = classify_file(tmp_path, "paper/refs.bib", BIB)
    assert (c.kind, c.subkind, c.index_policy) == (Kind.DATA, "bibliography",
                                                   Policy.INDEX_TEXT), c.reasons


MDX = """---
slug: welcome
title: Welcome to the shop
authors: [jane]
---

import Tabs from '@theme/Tabs';

Our shop's blog opens today: read on for what is new in the cart and the checkout.

## Headings {/* #my-heading-id */}

Headings with an explicit id keep their words as the title.

### Install {#install}

<Tabs>
  <TabItem value="npm">npm install shop</TabItem>
</Tabs>
"""


def test_mdx_front_matter_title_names_the_text_before_the_first_heading_and_ids_are_dropped():
    pieces = chunker_for("markdown").chunk(MDX)
    assert [p.symbol for p in pieces] == ["Welcome to the shop", "Headings",
                                          "Headings > Install"]
    assert "<TabItem" in pieces[-1].content



def test_a_heading_backslash_escape_is_read_as_its_character_outside_code():
    """environs' README (a new user's trial, session 38): `## Why\\...?` was the symbol
    "Why\\...?" in every answer's heading path."""
    text = ("# environs\n\nIntro.\n\n## Why\\...?\n\nBecause.\n\n"
            "### The `a\\*b` form \\*x\\*\n\nCode keeps its escapes.\n")
    symbols = [p.symbol for p in chunker_for("markdown").chunk(text)]
    assert "environs > Why...?" in symbols
    assert "environs > Why...? > The `a\\*b` form *x*" in symbols, symbols

CASES = [  # (rel, content, kind, subkind, language, policy)
    ("project.clj", '(defproject shop "0.1.0"\n  :dependencies [[ring "1.8.2"]])\n',
     Kind.DEPENDENCY_MANIFEST, "leiningen_project", "clojure", Policy.INDEX_TEXT),
    ("deps.edn", '{:deps {ring/ring-core {:mvn/version "1.8.2"}}}\n',
     Kind.DEPENDENCY_MANIFEST, "clojure_deps", "edn", Policy.INDEX_TEXT),
    ("shadow-cljs.edn", '{:source-paths ["src"] :dependencies [[reagent "1.2.0"]]}\n',
     Kind.DEPENDENCY_MANIFEST, "shadow_cljs_config", "edn", Policy.INDEX_TEXT),
    ("bb.edn", '{:tasks {test (shell "clojure -M:test")}}\n',
     Kind.DEPENDENCY_MANIFEST, "babashka_config", "edn", Policy.INDEX_TEXT),
    ("profiles.clj", '{:dev {:env {:port "8080"}}}\n',
     Kind.CONFIGURATION, "clojure_config", "clojure", Policy.INDEX_TEXT),
    ("src/shop/core.cljc", "(ns shop.core)\n(defn total [c] (reduce + c))\n",
     Kind.SOURCE, "clojure_source", "clojure", Policy.PARSE_AND_INDEX),
    ("test/shop/core_test.clj", "(ns shop.core-test)\n(deftest total-test (is (= 1 1)))\n",
     Kind.TEST, "clojure_test", "clojure", Policy.PARSE_AND_INDEX),
]


@cases(("rel", "content", "kind", "subkind", "language", "policy"), CASES)
def test_clojure_project_files_are_read_as_what_they_are(tmp_path, rel, content, kind,
                                                         subkind, language, policy):
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


def test_leiningen_credentials_are_blocked(tmp_path):
    c = classify_file(tmp_path, ".lein/credentials.clj",
                      '{#"my\\.datomic\\.com" {:username "jane" :password "Wq9xL3vTz7mK2pN"}}\n')
    assert c.index_policy is Policy.BLOCK, c.reasons


TOC_README = """# environs

A library for parsing environment variables.

## Contents

<!-- START doctoc generated TOC please keep comment here to allow auto update -->
- [Install](#install)
- [Basic usage](#basic-usage)
  - [Prefixes](#prefixes)
- [Reading `.env` files](#reading-env-files)
<!-- END doctoc generated TOC please keep comment here to allow auto update -->

## Install

    pip install environs

## Basic usage

Read values with `env.str`, `env.int` and `env.list`; see [Install](#install) first,
then [the prefixes](#prefixes) and [`.env` files](#reading-env-files).
"""


def test_a_table_of_contents_is_left_out_and_sections_that_link_stay():
    """environs' README (a new user's trial, session 38): its doctoc list of links to its own
    headings came 2nd for a question the section below it answers."""
    chunker = chunker_for("markdown")
    pieces = chunker.chunk(TOC_README)
    symbols = [p.symbol for p in pieces]
    assert "environs > Contents" not in symbols and "START doctoc" not in str(pieces), symbols
    assert "environs > Basic usage" in symbols
    assert any("pip install environs" in p.content for p in pieces)
    toc_only = TOC_README.split("## Install")[0]
    assert [p.symbol for p in chunker.chunk(toc_only)], "a contents-only file keeps a piece"

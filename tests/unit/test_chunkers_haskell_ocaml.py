"""Haskell (.hs) and OCaml (.ml, .mli) are cut per definition (tree-sitter-haskell 0.24,
tree-sitter-ocaml 0.26); both were blind 500/100 windows.

Found on the Hugs libraries Debian ships (libhugs-base-bundled, -mtl, -parsec, -cabal,
-quickcheck 98.200609.21: Data.Map, Control.Monad.Reader ...) and the OCaml 4.13.1 standard
library, Jane Street's Base 0.15.1, cmdliner 1.1.1 and extlib 1.7.8 (Debian's ocaml and
lib*-ocaml-dev).
"""

from __future__ import annotations

import textwrap

from repokb.chunkers import chunker_for

from ..conftest import chunks


def test_haskell_functions_are_their_signature_equations_and_haddock_named_after_the_module():
    """`insert` is its Haddock comment, its type signature and every equation, one piece named
    `Data.Map.insert` (as a qualified import spells it); an operator is named by its symbol;
    types and classes are qualified too, an instance is named by its head."""
    pieces = chunks("haskell", '''
        {-# LANGUAGE BangPatterns #-}
        -- | Finite maps.
        module Data.Map
          ( Map
          , insert
          , (!)
          ) where

        import Prelude hiding (lookup)

        -- | A map from keys to values.
        data Map k a = Tip
                     | Bin !Size !k a !(Map k a) !(Map k a)

        -- | /O(log n)/. Insert a new key and value in the map.
        -- If the key is already present, the value is replaced.
        insert :: Ord k => k -> a -> Map k a -> Map k a
        insert kx x Tip = singleton kx x
        insert kx x (Bin sz ky y l r)
          | kx < ky   = balance ky y (insert kx x l) r
          | otherwise = Bin sz kx x l r

        -- | /O(log n)/. Find the value at a key.
        (!) :: Ord k => Map k a -> k -> a
        m ! k = find k m

        instance (Show k, Show a) => Show (Map k a) where
          showsPrec d m = showParen (d > 10) $ showString "fromList " . shows (toList m)

        class Foldable t where
          foldr :: (a -> b -> b) -> b -> t a -> b
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert set(named) >= {"Data.Map.Map", "Data.Map.insert", "Data.Map.!",
                          "Show (Map k a)", "Data.Map.Foldable"}, named
    insert = named["Data.Map.insert"]
    assert insert.symbol_type == "function"
    assert insert.content.startswith("-- | /O(log n)/. Insert a new key")
    assert "insert :: Ord k" in insert.content
    assert "insert kx x Tip" in insert.content and "otherwise = Bin" in insert.content
    assert "m ! k = find k m" in named["Data.Map.!"].content
    assert named["Data.Map.!"].content.startswith("-- | /O(log n)/. Find")
    assert named["Data.Map.Map"].symbol_type == "data"
    assert named["Show (Map k a)"].symbol_type == "instance"


def test_haskell_with_tabs_is_cut_per_definition():
    """tree-sitter-haskell 0.24 fails on a tab (`import Data.Version\\t( Version(..) )`):
    Cabal's Distribution/Version.hs (Hugs) was windows from its imports on. The file is parsed
    with its tabs expanded; the pieces are the file's own lines, tabs and all."""
    source = ("module Distribution.Version (\n\tVersion(..),\n\twithinRange\n ) where\n\n"
              "import Data.Version\t( Version(..), showVersion )\n\n"
              "-- | Does this version fall within the given range?\n"
              "withinRange :: Version -> VersionRange -> Bool\n"
              "withinRange _  AnyVersion\t\t= True\n"
              "withinRange v1 (ThisVersion v2)\t= v1 == v2\n")
    pieces = chunker_for("haskell").chunk(source)
    named = {p.symbol: p for p in pieces if p.symbol}
    within = named["Distribution.Version.withinRange"]
    assert within.content.startswith("-- | Does this version")
    assert "withinRange _  AnyVersion\t\t= True\n" in within.content
    assert "".join(p.content for p in pieces if p.start_line > 4).endswith("= v1 == v2\n")


def test_haskell_equations_behind_cpp_stay_with_their_signature():
    """GHC code written for several compilers puts `#if` between a signature and its
    equations; they were three pieces too short to keep, so `foo` was in the header's windows."""
    pieces = chunks("haskell", """
        {-# LANGUAGE CPP #-}
        module Data.Compat (foo) where

        -- | Foo, as each base version needs it.
        foo :: Int -> Int
        #if MIN_VERSION_base(4,8,0)
        foo x = x + 1
        #else
        foo x = x + 2
        #endif
        """)
    named = {p.symbol: p for p in pieces if p.symbol}
    foo = named["Data.Compat.foo"]
    assert foo.content.startswith("-- | Foo, as each base") and "foo x = x + 1" in foo.content


def test_ocaml_items_keep_their_doc_comments_and_a_modules_are_named_after_it():
    """`let` bindings, types, exceptions, module types and a functor's members (`Make.add`),
    with the `(** ... *)` above them; a local `let ... in` is no definition."""
    pieces = chunks("ocaml", '''
        (** Sets over ordered types. *)

        module type OrderedType = sig
          type t
          val compare : t -> t -> int
        end

        exception Empty_set of string

        (** [cardinal s] is the number of elements of [s]. *)
        let rec cardinal = function
          | Empty -> 0
          | Node { l; r; _ } -> cardinal l + 1 + cardinal r

        module Make (Ord : OrderedType) = struct
          type elt = Ord.t

          (** [add x s] is [s] with [x] added. *)
          let rec add x = function
            | Empty -> Node { l = Empty; v = x; r = Empty; h = 1 }
            | Node { l; v; r; _ } as t ->
                let c = Ord.compare x v in
                if c = 0 then t else if c < 0 then bal (add x l) v r else bal l v (add x r)
        end
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert set(named) >= {"OrderedType", "cardinal", "Make", "Make.add"}, named
    assert "c" not in named  # `let c = ... in` is local
    assert named["cardinal"].content.startswith("(** [cardinal s]")
    assert named["cardinal"].symbol_type == "function"
    # its doc comment; the functor's `type elt = Ord.t`, too short alone, opens the piece
    assert named["Make.add"].content.lstrip().startswith(
        "type elt = Ord.t\n\n  (** [add x s]")
    assert named["OrderedType"].symbol_type == "module_type"


def test_an_ocaml_interfaces_doc_comment_below_its_val_is_its_own():
    """The standard library's list.mli writes each `val` then its `(** ... *)` below it: the
    comment is part of the `val` above, not of the next one."""
    pieces = chunks("ocaml_interface", '''
        (** List operations. *)

        val length : 'a list -> int
        (** Return the length (number of elements) of the given list. *)

        val compare_lengths : 'a list -> 'b list -> int
        (** Compare the lengths of two lists. [compare_lengths l1 l2] is
           equivalent to [compare (length l1) (length l2)].
           @since 4.05 *)

        (** Documented above. *)
        val map : ('a -> 'b) -> 'a list -> 'b list
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert named["length"].content.rstrip().endswith("of the given list. *)")
    lengths = named["compare_lengths"].content
    assert lengths.startswith("val compare_lengths") and lengths.rstrip().endswith("@since 4.05 *)")
    assert named["map"].content.startswith("(** Documented above. *)")
    assert all(p.symbol_type == "val" for p in named.values())


def test_an_ocaml_files_definitions_are_named_after_the_module_the_file_is():
    """`list.ml` is the module List: a user asks for `List.map`, `Map.Make.add`. Indexed, the
    stdlib's map was named `map` (and `Make.add`), like every other `map` of the tree."""
    from repokb.pipeline.chunk import chunk_file

    from .test_enrich_and_metrics import PLAN, _classification, _file

    source = textwrap.dedent('''
        (** [map f l] applies [f] to each element of [l]. *)
        let rec map f = function
          | [] -> []
          | a :: l -> let r = f a in r :: map f l

        module Make (Ord : OrderedType) = struct
          (** [add x s] is [s] with [x] added. *)
          let rec add x = function
            | [] -> [ x ]
            | y :: l as s -> if Ord.compare x y <= 0 then x :: s else y :: add x l
        end
        ''').lstrip("\n")
    chunked = chunk_file(_file("stdlib/list.ml"), _classification("ocaml"), source, "h", PLAN)
    symbols = [c.symbol for c in chunked.chunks]
    assert "List.map" in symbols and "List.Make.add" in symbols, symbols
    interface = chunk_file(_file("stdlib/list.mli"), _classification("ocaml_interface"),
                           "val map : ('a -> 'b) -> 'a list -> 'b list\n(** [map f l] ... *)\n",
                           "h", PLAN)
    assert [c.symbol for c in interface.chunks] == ["List.map"]
    # Haskell names its module in the file: the path adds nothing
    haskell = chunk_file(_file("src/Data/Store.hs"), _classification("haskell"),
                         "module Data.Store where\n\n-- | The empty store.\n"
                         "empty :: Store\nempty = Store []\n", "h", PLAN)
    assert [c.symbol for c in haskell.chunks if c.symbol] == ["Data.Store.empty"]


def test_literate_haskell_is_cut_per_definition_around_its_prose():
    """A `.lhs` was windows over prose and code alike (41 in the Hugs libraries: HUnit's
    Base.lhs, the old Monad*.lhs). Its code, Bird-style `>` lines or `\\begin{code}` blocks, is
    parsed on its own rows; the pieces are the file's lines, `>` and all."""
    bird = ("HUnit's basic definitions.\n\n> module Test.HUnit.Base where\n\n"
            "Assertions fail with their message.\n\n"
            "> -- | Asserts that the condition holds (´b´ true).\n"
            "> assertBool :: String -> Bool -> Assertion\n"
            "> assertBool msg b = unless b (assertFailure msg)\n")
    named = {p.symbol: p for p in chunker_for("literate_haskell").chunk(bird) if p.symbol}
    piece = named["Test.HUnit.Base.assertBool"]
    assert piece.content.startswith("> -- | Asserts") and piece.content.endswith("msg)\n")
    latex = ("\\section{State}\n\n\\begin{code}\nmodule MonadState where\n\n"
             "-- | Applies a function to the state.\nmodify :: MonadState s m => (s -> s) -> m ()\n"
             "modify f = do { s <- get; put (f s) }\n\\end{code}\n\nThe state is read by get.\n")
    named = {p.symbol: p for p in chunker_for("literate_haskell").chunk(latex) if p.symbol}
    assert named["MonadState.modify"].content.startswith("-- | Applies a function")


def test_a_functors_head_too_short_to_keep_takes_the_short_members_after_it():
    """map.ml's `module Make(Ord: OrderedType) = struct` (38 characters) was a piece of its
    own, dropped for being under 40: "where is Map.Make defined" found only its members."""
    pieces = chunks("ocaml", '''
        module Make(Ord: OrderedType) = struct
          type key = Ord.t

          type 'a t =
              Empty
            | Node of {l:'a t; v:key; d:'a; r:'a t; h:int}

          let height = function
              Empty -> 0
            | Node {h} -> h
        end
        ''')
    head = next(p for p in pieces if p.symbol == "Make")
    assert head.content.startswith("module Make(Ord: OrderedType) = struct")
    assert "type key = Ord.t" in head.content and len(head.content.strip()) >= 40
    assert {"Make.t", "Make.height"} <= {p.symbol for p in pieces}


def test_a_short_ocaml_definition_joined_into_a_piece_is_named_after_the_module_too():
    """A definition too short to stand alone joins its neighbour and is named there (`also`):
    in `store.ml` the exception was `Store_error` beside `Store.error`, so a question for
    `Store.Store_error` did not find its name where `Store.error` was found."""
    from repokb.pipeline.chunk import chunk_file

    from .test_enrich_and_metrics import PLAN, _classification, _file

    source = textwrap.dedent('''
        (** Why a store operation failed: the key it looked for, or a closed store. *)
        type error = Missing_key of string | Closed | Read_only of string * int
        exception Store_error of error

        module Make (Ord : OrderedType) = struct
          type key = Ord.t
          (** [find k l] is the value bound to [k] in [l]; raises [Not_found] otherwise. *)
          let rec find k = function
            | [] -> raise Not_found
            | (k', v) :: l -> if Ord.compare k k' = 0 then v else find k l
        end
        ''').lstrip("\n")
    chunked = chunk_file(_file("lib/store.ml"), _classification("ocaml"), source, "h", PLAN)
    names = {c.symbol: c.also for c in chunked.chunks}
    assert names["Store.error"] == (("Store.Store_error", "exception"),), names
    assert names["Store.Make.find"] == (("Store.Make.key", "type"),), names

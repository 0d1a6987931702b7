; Definitions that become chunks (tree-sitter-haskell). Only a module's top-level declarations:
; a function is its type signature and all its equations, one after another (languages.py's
; `clauses` joins them), with the Haddock comment above (`-- |`, `{- | -}`). A function is
; named after its module (`Data.Map.insert`: languages.py's scope line `module Data.Map`); an
; operator by its symbol (`Data.Map.!`).

; insert :: Ord k => k -> a -> Map k a -> Map k a
(declarations (signature name: (variable) @name) @definition.function)
(declarations (signature name: (prefix_id (operator) @name)) @definition.function)
; insert kx x t = ..., (!) m k = ..., m ! k = ..., x `plus` y = ...
(declarations (function name: (variable) @name) @definition.function)
(declarations (function name: (prefix_id (operator) @name)) @definition.function)
(declarations (function (infix operator: (operator) @name)) @definition.function)
(declarations (function (infix operator: (infix_id (variable) @name))) @definition.function)
; empty = Tip, main = do ...
(declarations (bind name: (variable) @name) @definition.function)
; foreign import ccall "sin" c_sin :: Double -> Double
(declarations (foreign_import signature: (signature name: (variable) @name))
  @definition.function)

; data Map k a = ..., newtype Key = ..., type Table = ..., type/data families
(declarations (data_type name: (name) @name) @definition.data)
(declarations (newtype name: (name) @name) @definition.newtype)
(declarations (type_synonym name: (name) @name) @definition.type)
(declarations (type_family name: (name) @name) @definition.type)
(declarations (data_family name: (name) @name) @definition.data)
(declarations (pattern_synonym (equation synonym: (apply function: (constructor) @name)))
  @definition.pattern)
(declarations (pattern_synonym (equation synonym: (constructor) @name)) @definition.pattern)

; class (Eq a) => Container f a where ...
(declarations (class name: (name) @name) @definition.class)
; instance Show a => Show (Tree a) where ...: `Show (Tree a)`
(declarations (instance name: (name) @name patterns: (type_patterns) @suffix)
  @definition.instance)
(declarations (deriving_instance name: (name) @name patterns: (type_patterns) @suffix)
  @definition.instance)

; Whole-line comments (Haddock's `-- |` and the rest) directly above a definition stay with it;
; so do C preprocessor lines (`#if MIN_VERSION_base(4,8,0)` between a signature and its
; equations: the equations stay with their signature).
(comment) @comment
(haddock) @comment
(cpp) @comment

; Definitions that become chunks (tree-sitter-elixir). Every definition is a call to a macro
; (`defmodule`, `def`, ...) whose first argument names it. A module nested in another is named
; after both (`MyApp.Accounts.User`), a function after its module (`MyApp.Accounts.get_user`).

; defmodule MyApp.Accounts do ... end; defprotocol Size do ... end
(call target: (identifier) @_macro
  (arguments . (alias) @name)
  (do_block)
  (#eq? @_macro "defmodule")) @definition.module
(call target: (identifier) @_macro
  (arguments . (alias) @name)
  (do_block)
  (#eq? @_macro "defprotocol")) @definition.protocol
; defimpl String.Chars, for: User is the module String.Chars.User; without `for:` (inside the
; module it implements for) the protocol's name.
(call target: (identifier) @_macro
  (arguments . (alias) @name
    (keywords (pair key: (keyword) @_for value: (alias) @name)))
  (#eq? @_macro "defimpl")
  (#match? @_for "^for:")) @definition.impl
(call target: (identifier) @_macro
  (arguments . (alias) @name .)
  (do_block)
  (#eq? @_macro "defimpl")) @definition.impl

; def name(args) do ... end, def name(args), do: ..., and the same with a `when` guard;
; def name do ... end (no parentheses). defp, defmacro(p), defguard(p), defdelegate and
; defn (Nx) alike. A name written with unquote(...) is made at compile time: left to windows.
(call target: (identifier) @_macro
  (arguments . [
    (call target: (identifier) @name)
    (identifier) @name
    (binary_operator left: (call target: (identifier) @name) operator: "when")
    (binary_operator left: (identifier) @name operator: "when")
  ])
  (#any-of? @_macro "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp"
    "defdelegate" "defn" "defnp")) @definition.function

; ExUnit: test "returns the user" do ... end, named by its description
(call target: (identifier) @_macro
  (arguments . (string (quoted_content) @name))
  (do_block)
  (#eq? @_macro "test")) @definition.test

; ExUnit: describe "get_user/1" do ... end groups tests, named by its description; a test in
; it is `MyApp.AccountsTest.get_user/1.returns the user`. A describe is a container: a big one is
; cut per test.
(call target: (identifier) @_macro
  (arguments . (string (quoted_content) @name))
  (do_block)
  (#eq? @_macro "describe")) @definition.describe

; Mix configuration: config :my_app, MyAppWeb.Endpoint, ... is `:my_app.MyAppWeb.Endpoint`,
; config :logger, level: :info is `:logger` (symbol type config)
(call target: (identifier) @kind
  (arguments . (atom) @name . (alias) @name)
  (#eq? @kind "config")) @definition.config
(call target: (identifier) @kind
  (arguments . (atom) @name)
  (#eq? @kind "config")) @definition.config

; Whole-line comments directly above a definition stay with it (module attributes such as
; @doc, @spec and @impl do too: languages.py's attachments).
(comment) @comment

(module name: (_) @name) @definition.module
(class name: (_) @name) @definition.class
; `class << self` opens the enclosing class's own methods: it adds no name (its methods are
; `Basic.default_realm`, as `def self.build` is `Basic.build`); `class << obj` is obj's.
(singleton_class value: (self)) @definition.class
(singleton_class value: (_) @name) @definition.class
; after a bare `module_function` line, a module's methods are its functions (`Helpers.price`,
; called `Helpers.price(...)`): matched before the plain method (an earlier pattern wins)
(body_statement
  (identifier) @_mf
  (method name: (_) @name) @definition.function
  (#eq? @_mf "module_function"))
(method name: (_) @name) @definition.method
; `def self.x`: in a class its method (`Basic.build`), in a module a function of it
(singleton_method name: (_) @name) @definition.function

; RSpec: describe Cache do ... end / describe "#get" / context "after the ttl", and the examples
; in them, it "forgets the value" do ... end, named by their description (`Cache.#get.returns
; nil`). A describe is a container: a big one is cut per block. Minitest's spec DSL alike.
(call
  method: (identifier) @_call
  arguments: (argument_list . [(string (string_content) @name) (constant) @name
                               (scope_resolution) @name])
  block: [(do_block) (block)]
  (#any-of? @_call "describe" "context" "feature" "shared_examples" "shared_context")) @definition.describe
(call
  method: (identifier) @_call
  arguments: (argument_list . (string (string_content) @name))
  block: [(do_block) (block)]
  (#any-of? @_call "it" "specify" "example" "scenario" "test")) @definition.test

; Whole-line comments directly above a definition stay with it.
(comment) @comment

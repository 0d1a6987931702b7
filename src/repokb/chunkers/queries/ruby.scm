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

; A route of Sinatra's (or Padrino's, Roda's, Grape's) DSL, `get "/notes" do ... end`, is a
; definition named by its verb and path (`NotesApi.get /notes`), as the app's routes are read.
(call
  !receiver
  method: (identifier) @name
  arguments: (argument_list . [(string (string_content) @suffix) (regex) @suffix])
  block: [(do_block) (block)]
  (#any-of? @name "get" "post" "put" "patch" "delete" "head" "options" "link" "unlink")) @definition.route
; Grape's routes: a path as a symbol, `get :public_timeline do` (`API.get :public_timeline`),
; or none, `get do` in a `route_param :id do` (the verb alone: `get`)
(call
  !receiver
  method: (identifier) @name
  arguments: (argument_list . (simple_symbol) @suffix)
  block: [(do_block) (block)]
  (#any-of? @name "get" "post" "put" "patch" "delete" "head" "options")) @definition.route
(call
  !receiver
  method: (identifier) @name
  !arguments
  block: [(do_block) (block)]
  (#any-of? @name "get" "post" "put" "patch" "delete")) @definition.route
; `define_method(:ping) { ... }`, `define_method("#{state}?") do ... end`: a method named as
; written (`Post.ping`, `Post.#{state}?`)
(call
  method: (identifier) @_dm
  arguments: (argument_list . [(simple_symbol) (string)] @name)
  block: [(do_block) (block)]
  (#eq? @_dm "define_method")) @definition.method
; Rails' named scopes, `scope :published, -> { ... }` (`Post.published`)
(call
  !receiver
  method: (identifier) @_scope
  arguments: (argument_list . (simple_symbol) @name . (lambda))
  (#eq? @_scope "scope")) @definition.method
; Rake: `namespace :db do` holds tasks, `task seed: :environment do`, `task :clear do`,
; `task "db:x" => [...]` (`db.seed`); the `desc "..."` line above a task is its own.
(call
  !receiver
  method: (identifier) @_ns
  arguments: (argument_list . [(simple_symbol) (string)] @name)
  block: [(do_block) (block)]
  (#eq? @_ns "namespace")) @definition.namespace
(call
  !receiver
  method: (identifier) @_task
  arguments: (argument_list . [(simple_symbol) @name (string) @name
                               (pair key: [(hash_key_symbol) (simple_symbol) (string)] @name)])
  (#any-of? @_task "task" "multitask")) @definition.task

; Whole-line comments directly above a definition stay with it.
(comment) @comment

; CocoaPods: a podspec's `Pod::Spec.new do |s|` is a block named by its `s.name = "RNDeviceInfo"`
; (else `Pod.Spec`); a Podfile's `target 'App' do` and `abstract_target 'Shared' do` by their
; target, its `post_install do |installer|` and `pre_install` hooks by their own name
(call
  receiver: (scope_resolution) @_spec
  method: (identifier) @_new
  block: (do_block (body_statement (assignment
    left: (call method: (identifier) @_field)
    right: (string (string_content) @name))))
  (#eq? @_spec "Pod::Spec") (#eq? @_new "new") (#eq? @_field "name")) @definition.block
(call
  receiver: (scope_resolution) @name
  method: (identifier) @_new
  block: (do_block)
  (#eq? @name "Pod::Spec") (#eq? @_new "new")) @definition.block
(call
  !receiver
  method: (identifier) @_target
  arguments: (argument_list . (string (string_content) @name))
  block: (do_block)
  (#any-of? @_target "target" "abstract_target")) @definition.block
(call
  !receiver
  method: (identifier) @name
  block: (do_block)
  (#any-of? @name "post_install" "pre_install" "post_integrate")) @definition.block

; Definitions that become chunks (tree-sitter-julia). The first pattern that matches a node
; names its symbol type: the specific ones come first. A method of another module's function
; (`Base.show(io::IO, p::Point) = ...`, `function Base.length(p)`) is named so, dotted.
(module_definition name: (_) @name) @definition.module
(struct_definition (type_head [(identifier) @name
                               (parametrized_type_expression . (_) @name)
                               (binary_expression . [(identifier) @name
                                                     (parametrized_type_expression . (_) @name)])]))
  @definition.struct
(abstract_definition (type_head [(identifier) @name
                                 (parametrized_type_expression . (_) @name)
                                 (binary_expression . [(identifier) @name
                                                       (parametrized_type_expression . (_) @name)])]))
  @definition.type
(primitive_definition (type_head [(identifier) @name
                                  (binary_expression . (identifier) @name)]))
  @definition.type
(macro_definition (signature (call_expression . (_) @name))) @definition.macro

; `function f(x)`, `function f(x)::T`, `function f(x::T) where T`, `function (p::Poly)(x)`
(function_definition (signature (call_expression . [(identifier) (field_expression)] @name)))
  @definition.function
(function_definition (signature (typed_expression . (call_expression . [(identifier) (field_expression)] @name))))
  @definition.function
(function_definition (signature (where_expression . (call_expression . [(identifier) (field_expression)] @name))))
  @definition.function
(function_definition (signature (where_expression . (typed_expression . (call_expression . [(identifier) (field_expression)] @name)))))
  @definition.function
(function_definition (signature (call_expression . (parenthesized_expression (typed_expression . (_) . (_) @name)))))
  @definition.function

; The short form `f(x) = ...` (also `f(x)::T = ...`, `f(x::T) where T = ...`) in a file or a
; module, not inside a function, where it is a local closure
(source_file (assignment . [(call_expression . [(identifier) (field_expression)] @name)
                            (typed_expression . (call_expression . [(identifier) (field_expression)] @name))
                            (where_expression . [(call_expression . [(identifier) (field_expression)] @name)
                                                 (typed_expression . (call_expression . [(identifier) (field_expression)] @name))])])
  @definition.function)
(module_definition (assignment . [(call_expression . [(identifier) (field_expression)] @name)
                                  (typed_expression . (call_expression . [(identifier) (field_expression)] @name))
                                  (where_expression . [(call_expression . [(identifier) (field_expression)] @name)
                                                       (typed_expression . (call_expression . [(identifier) (field_expression)] @name))])])
  @definition.function)

; `const NAME = ...` of a file or module
(source_file (const_statement (assignment . (identifier) @name)) @definition.const)
(module_definition (const_statement (assignment . (identifier) @name)) @definition.const)

; Tests by their description: `@testset "adding things" begin ... end` (Test), and
; `@testitem "..." begin` (TestItems / ReTestItems)
; one holding testsets is a group, cut per testset when big (`number.int`)
(macrocall_expression
  (macro_identifier (identifier) @_macro)
  (macro_argument_list . (string_literal) @name
    (compound_statement (macrocall_expression (macro_identifier (identifier) @_inner))))
  (#match? @_macro "^(testset|testitem)$")
  (#eq? @_inner "testset")) @definition.describe
(macrocall_expression
  (macro_identifier (identifier) @_macro)
  (macro_argument_list . (string_literal) @name)
  (#match? @_macro "^(testset|testitem)$")) @definition.test

(line_comment) @comment
(block_comment) @comment

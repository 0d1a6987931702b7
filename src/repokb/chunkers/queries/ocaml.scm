; Definitions that become chunks (tree-sitter-ocaml, .ml files): items of a file or of a
; module's `struct`, never a local `let ... in`: a `let` binding (the first of `let rec f ...
; and g ...` names it), a class and its methods; types, exceptions, modules (functors too),
; module types and `external`s are ocaml_interface.scm's, inherited. Members of a module are
; named after it (`Make.add`). The `(** ... *)` doc comment above an item stays with it, and
; one right below it too (languages.py's trailing_doc).

; let f x = ..., let rec length = function ..., let add = fun x -> ...
(compilation_unit (value_definition . (let_binding pattern: (value_name) @name (parameter)))
  @definition.function)
(structure (value_definition . (let_binding pattern: (value_name) @name (parameter)))
  @definition.function)
(compilation_unit (value_definition . (let_binding pattern: (value_name) @name
  body: [(function_expression) (fun_expression)])) @definition.function)
(structure (value_definition . (let_binding pattern: (value_name) @name
  body: [(function_expression) (fun_expression)])) @definition.function)
; let default_size = 16, let ( >>= ) = bind
(compilation_unit (value_definition . (let_binding pattern: [(value_name) (parenthesized_operator)] @name))
  @definition.value)
(structure (value_definition . (let_binding pattern: [(value_name) (parenthesized_operator)] @name))
  @definition.value)

; class point x = object ... end, and its methods
(class_definition . (class_binding (class_name) @name)) @definition.class
(method_definition (method_name) @name) @definition.method

; inherits: ocaml_interface

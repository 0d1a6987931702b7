; Definitions that become chunks in an OCaml interface (.mli, tree-sitter-ocaml's interface
; grammar), and in a .ml file (ocaml.scm inherits them): `val` and `external` specifications,
; types, exceptions, modules and module types, with their `(** ... *)` doc comments.

; val length : 'a list -> int (a declaration: symbol type `val`, which the exact-name boost of
; rank.py leaves to the definition in the .ml); external length : string -> int = "..."
(value_specification [(value_name) (parenthesized_operator)] @name) @definition.val
(external [(value_name) (parenthesized_operator)] @name) @definition.function

; type 'a t = ..., type color = Red | Green (the first of `type a = ... and b = ...`)
(type_definition . (type_binding name: (type_constructor) @name)) @definition.type
(exception_definition (constructor_declaration (constructor_name) @name)) @definition.exception

; module Make (Ord : ORDERED) = struct ... end, module M : sig ... end, module type S = sig
(module_definition . (module_binding (module_name) @name)) @definition.module
(module_type_definition (module_type_name) @name) @definition.module_type

; Whole-line comments, `(** ... *)` doc comments among them.
(comment) @comment

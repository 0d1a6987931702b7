(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(const_item name: (identifier) @name) @definition.const
(static_item name: (identifier) @name) @definition.const
(macro_definition name: (identifier) @name) @definition.macro
(mod_item name: (identifier) @name body: (declaration_list)) @definition.module

; Items a macro declares at the top of a file or in a module (`lazy_static! { .. }`,
; `thread_local!`, `self_cell!( .. );`, a crate's own `error_types! { .. }`): named after the
; macro. A macro called inside a function body stays part of that function.
(source_file (macro_invocation macro: (identifier) @name) @definition.macro_call)
(source_file (macro_invocation macro: (scoped_identifier name: (identifier) @name))
  @definition.macro_call)
(source_file (expression_statement (macro_invocation macro: (identifier) @name))
  @definition.macro_call)
(source_file (expression_statement
  (macro_invocation macro: (scoped_identifier name: (identifier) @name))) @definition.macro_call)
(declaration_list (macro_invocation macro: (identifier) @name) @definition.macro_call)
(declaration_list (macro_invocation macro: (scoped_identifier name: (identifier) @name))
  @definition.macro_call)

; impl Trait for Type / impl Type: named after the type it implements (`impl a::B<T>` is
; `a.B`, as `impl B` in `mod a` is).
(impl_item type: (type_identifier) @name) @definition.impl
(impl_item type: (generic_type type: (type_identifier) @name)) @definition.impl
(impl_item type: (scoped_type_identifier) @name) @definition.impl
(impl_item type: (generic_type type: (scoped_type_identifier) @name)) @definition.impl
(impl_item type: (_) @name) @definition.impl

; Whole-line comments directly above a definition stay with it.
(line_comment) @comment
(block_comment) @comment

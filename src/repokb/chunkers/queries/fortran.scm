; Definitions that become chunks (tree-sitter-fortran). Fortran's names are case-insensitive:
; they are kept as written (LAPACK's `DGESV`, a module's `shop_orders`).
(module (module_statement (name) @name)) @definition.module
(submodule (submodule_statement (name) @name)) @definition.module
(program (program_statement (name) @name)) @definition.program
(subroutine (subroutine_statement name: (_) @name)) @definition.subroutine
(function (function_statement name: (_) @name)) @definition.function
; a submodule's `module procedure area ... end procedure`
(module_procedure (module_procedure_statement name: (_) @name)) @definition.subroutine
; a generic or explicit interface with a name (`interface norm`), and derived types
(interface (interface_statement (name) @name)) @definition.interface
(derived_type_definition (derived_type_statement (type_name) @name)) @definition.type
(block_data (block_data_statement (name) @name)) @definition.module

(comment) @comment

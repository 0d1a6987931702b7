; Solidity: contracts, interfaces and libraries, and their functions, modifiers, events, errors,
; structs, enums, constructors and constants (a member is named after its container:
; ERC20.transfer); free functions, errors and user-defined value types at a file's top level.
(contract_declaration name: (identifier) @name) @definition.contract
(interface_declaration name: (identifier) @name) @definition.interface
(library_declaration name: (identifier) @name) @definition.library
(function_definition name: (identifier) @name) @definition.function
(modifier_definition name: (identifier) @name) @definition.modifier
(event_definition name: (identifier) @name) @definition.event
(error_declaration name: (identifier) @name) @definition.error
(struct_declaration name: (identifier) @name) @definition.struct
(enum_declaration name: (identifier) @name) @definition.enum
(user_defined_type_definition name: (identifier) @name) @definition.type
(constructor_definition "constructor" @name) @definition.method
(fallback_receive_definition ["receive" "fallback"] @name) @definition.method
(state_variable_declaration "constant" name: (identifier) @name) @definition.const
(state_variable_declaration (immutable) name: (identifier) @name) @definition.const

; NatSpec (`/// @notice`, `/** @dev ... */`) and other whole-line comments directly above a
; definition stay with it.
(comment) @comment

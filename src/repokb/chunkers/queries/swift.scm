; Swift: class, struct, enum, extension and actor are one node type told apart by their keyword
; (an extension is named after the type it extends: `extension Foo.Bar` -> Foo.Bar).
(class_declaration declaration_kind: "class" name: (_) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (_) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (_) @name) @definition.enum
(class_declaration declaration_kind: "extension" name: (_) @name) @definition.extension
(class_declaration declaration_kind: "actor" name: (_) @name) @definition.actor
(protocol_declaration name: (_) @name) @definition.protocol
(function_declaration name: (_) @name) @definition.function
(protocol_function_declaration name: (_) @name) @definition.function
(init_declaration "init" @name) @definition.function
(deinit_declaration "deinit" @name) @definition.function
(subscript_declaration "subscript" @name) @definition.function
(typealias_declaration name: (_) @name) @definition.type
; A computed property (`var pluginNames: [String] { ... }`) is code; a stored one is not.
(property_declaration name: (pattern bound_identifier: (_) @name)
  computed_value: (computed_property)) @definition.property

; Whole-line comments directly above a definition stay with it.
(comment) @comment
(multiline_comment) @comment

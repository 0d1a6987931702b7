(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.type
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
; `~Class()`: Class.Class, as a constructor is named
(destructor_declaration name: (identifier) @name) @definition.method
; `operator +`, `implicit operator decimal`: Class.operator
(operator_declaration "operator" @name) @definition.method
(conversion_operator_declaration "operator" @name) @definition.method
(property_declaration name: (identifier) @name) @definition.property
; `this[int id]`: Class.this, as it is written
(indexer_declaration "this" @name) @definition.property
(event_declaration name: (identifier) @name) @definition.property
(event_field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.property

; Whole-line comments directly above a definition stay with it.
(comment) @comment

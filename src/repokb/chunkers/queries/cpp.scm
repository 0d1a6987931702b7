(function_definition
  declarator: [(function_declarator declarator: (_) @name)
               (pointer_declarator declarator: (function_declarator declarator: (_) @name))
               (reference_declarator (function_declarator declarator: (_) @name))]) @definition.function
;; a conversion operator: `operator bool`, nlohmann's `operator ValueType`
(function_definition
  declarator: (operator_cast "operator" @name type: (_) @suffix)) @definition.function
(class_specifier name: (_) @name body: (field_declaration_list)) @definition.class
(struct_specifier name: (_) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (_) @name body: (field_declaration_list)) @definition.struct
(enum_specifier name: (_) @name body: (enumerator_list)) @definition.enum
(type_definition declarator: (type_identifier) @name) @definition.type
(alias_declaration name: (type_identifier) @name) @definition.type
(concept_definition name: (identifier) @name) @definition.type
(preproc_function_def name: (identifier) @name) @definition.macro

; Whole-line comments directly above a definition stay with it.
(comment) @comment

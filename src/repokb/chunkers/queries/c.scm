(function_definition
  declarator: [(function_declarator declarator: (_) @name)
               (pointer_declarator declarator: (function_declarator declarator: (_) @name))
               (pointer_declarator declarator: (pointer_declarator
                 declarator: (function_declarator declarator: (_) @name)))]) @definition.function
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(type_definition declarator: (type_identifier) @name) @definition.type
(preproc_function_def name: (identifier) @name) @definition.macro

; Whole-line comments directly above a definition stay with it.
(comment) @comment

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
; A prototype outside any function (a header's API: SQLite's `SQLITE_API int sqlite3_open_v2(...);`
; with its doc comment), at the top level, under `#ifdef`s or in `extern "C" { }`.
(translation_unit (declaration
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator
                 declarator: (identifier) @name))]) @definition.prototype)
(preproc_ifdef (declaration
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator
                 declarator: (identifier) @name))]) @definition.prototype)
(preproc_if (declaration
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator
                 declarator: (identifier) @name))]) @definition.prototype)
(preproc_else (declaration
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator
                 declarator: (identifier) @name))]) @definition.prototype)
(preproc_elif (declaration
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator
                 declarator: (identifier) @name))]) @definition.prototype)
(declaration_list (declaration
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator
                 declarator: (identifier) @name))]) @definition.prototype)

; Whole-line comments directly above a definition stay with it.
(comment) @comment

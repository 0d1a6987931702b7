(class_declaration name: (_) @name) @definition.class
(object_declaration name: (_) @name) @definition.object
(function_declaration name: (_) @name) @definition.function
(type_alias (identifier) @name) @definition.type

; Whole-line comments directly above a definition stay with it.
(line_comment) @comment
(block_comment) @comment

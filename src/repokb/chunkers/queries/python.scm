; Definitions that become chunks. Capture the definition as @definition.<symbol type> and its
; name as @name; wrappers (decorated_definition) are added by the language spec.
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function

; Whole-line comments directly above a definition stay with it.
(comment) @comment

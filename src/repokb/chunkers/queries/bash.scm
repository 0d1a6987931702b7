(function_definition name: (word) @name) @definition.function

; Whole-line comments directly above a definition stay with it.
(comment) @comment

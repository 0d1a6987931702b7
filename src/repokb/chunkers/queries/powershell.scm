; Definitions that become chunks (tree-sitter-powershell). The first pattern that matches a
; node names its symbol type. Comment-based help (`<# .SYNOPSIS ... #>`) above a function
; stays with it as a comment; inside the function it is part of its body.
(function_statement (function_name) @name) @definition.function
(class_statement . (simple_name) @name) @definition.class
(class_method_definition (simple_name) @name) @definition.method
(enum_statement . (simple_name) @name) @definition.enum

; Pester's tests by their description: `Describe "Get-Thing" { ... }`, `Context "..." { }`
; (groups, cut per block when big) and `It "returns the name" { ... }`.
(command
  command_name: (command_name) @_group
  command_elements: (command_elements
    (array_literal_expression (unary_expression (string_literal) @name))
    (array_literal_expression (unary_expression (script_block_expression))))
  (#match? @_group "^([Dd]escribe|[Cc]ontext)$")) @definition.describe
(command
  command_name: (command_name) @_test
  command_elements: (command_elements
    (array_literal_expression (unary_expression (string_literal) @name))
    (array_literal_expression (unary_expression (script_block_expression))))
  (#match? @_test "^[Ii]t$")) @definition.test

(comment) @comment

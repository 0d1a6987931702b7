; Definitions that become chunks (tree-sitter-lua). A name is spelled as the other languages'
; nested form: `function M.name` is `M.name`, a method `function M:method` is `M.method`
; (the table, then the method: two @name captures joined with a dot).
(function_declaration
  name: [(identifier) (dot_index_expression)] @name) @definition.function
(function_declaration
  name: (method_index_expression table: (_) @name method: (_) @name)) @definition.method

; M.name = function (...) ... end, and local f = function (...) ... end (the `local` is a
; wrapper of the language spec)
; A name written with brackets (`a["t"].x = function`) is data in a table, not a definition.
(assignment_statement
  (variable_list . name: [(identifier) (dot_index_expression)] @name .)
  (expression_list . value: (function_definition) .)
  (#match? @name "^[A-Za-z_][A-Za-z0-9_.]*$")) @definition.function

; An alias at a module's top level: `stringx.capitalize = stringx.title`, `file.read =
; utils.readfile` (a module's member set to a function named elsewhere, as Penlight writes its
; synonyms) is a definition of the member; a local name so set (`local tfind = tablex.find`) is
; none, nor is a field set inside a function's body (`self.name = name`), nor a class's
; `Stack.__index = Stack` (its methods' lookup table).
(chunk
  (assignment_statement
    (variable_list . name: (dot_index_expression) @name .)
    (expression_list . value: [(identifier) (dot_index_expression)] .)
    (#match? @name "^[A-Za-z_][A-Za-z0-9_.]*$")
    (#not-match? @name "[.]__index$")) @definition.function)

; A function in a table constructor: `M.name` in `M = { name = function (...) ... end }`,
; `name` in `return { name = function ... }` or a table nested deeper.
(assignment_statement
  (variable_list . name: [(identifier) (dot_index_expression)] @name .)
  (expression_list . value: (table_constructor
    (field name: (identifier) @name value: (function_definition)) @definition.function) .)
  (#match? @name "^[A-Za-z_][A-Za-z0-9_.]*$"))
(field name: (identifier) @name value: (function_definition)) @definition.function

; Whole-line comments (`--`, LuaDoc/EmmyLua `---`, `--[[ ]]`) directly above a definition
; stay with it.
(comment) @comment

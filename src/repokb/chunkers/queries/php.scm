(function_definition name: (name) @name) @definition.function
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(method_declaration name: (name) @name) @definition.method
; the namespace: no piece, the namespace of the file's names (`Monolog\Handler`, as Java's
; package is: LanguageSpec.package_file)
(namespace_definition name: (namespace_name) @name) @definition.package

; Pest tests (Laravel's default test runner): `it('marks the order paid', function () {...})`,
; `test('...', fn () => ...)` and the `describe('refunds', function () {...})` holding them,
; named by their description (`refunds.a paid order can be refunded`), as Jest's are
(function_call_expression
  function: (name) @_call
  arguments: (arguments . (argument (string (string_content) @name))
                         . (argument [(anonymous_function) (arrow_function)]))
  (#eq? @_call "describe")) @definition.describe
(function_call_expression
  function: (name) @_call
  arguments: (arguments . (argument (string (string_content) @name))
                         . (argument [(anonymous_function) (arrow_function)]))
  (#any-of? @_call "it" "test")) @definition.test

; Whole-line comments directly above a definition stay with it.
(comment) @comment

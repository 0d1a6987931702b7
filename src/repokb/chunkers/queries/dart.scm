; Definitions that become chunks (tree-sitter-dart 0.1). The grammar puts a function's or a
; method's body beside its signature (LanguageSpec.bodies joins them). The first pattern that
; matches a node names its symbol type.
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (mixin) . (identifier) @name) @definition.mixin
(extension_declaration name: (identifier) @name) @definition.extension
(extension_type_declaration name: (identifier) @name) @definition.extension
(enum_declaration name: (identifier) @name) @definition.enum
(type_alias . (type_identifier) @name) @definition.type

; a class's, mixin's, extension's or enum's methods, getters, setters, operators and
; constructors (with a body, or `=> expr;`); an abstract method or a field is a declaration
(method_signature (function_signature name: (identifier) @name)) @definition.method
(method_signature (getter_signature name: (identifier) @name)) @definition.method
(method_signature (setter_signature name: (identifier) @name)) @definition.method
(method_signature (operator_signature (binary_operator) @name)) @definition.method
(method_signature (constructor_signature name: (identifier) @name)) @definition.method
(method_signature (factory_constructor_signature . (identifier) . (identifier) @name))
  @definition.method
(method_signature (factory_constructor_signature . (identifier) @name .)) @definition.method
(class_body (declaration (function_signature name: (identifier) @name)) @definition.method)

; top-level functions (`void main()`, `int add(int a, int b) => a + b;`), getters and setters
(program (function_signature name: (identifier) @name) @definition.function)
(program (getter_signature name: (identifier) @name) @definition.function)
(program (setter_signature name: (identifier) @name) @definition.function)

; Tests by their description (package:test, flutter_test, bloc_test): `group('Cart', () {})`
; a group, `test('adds an item', () {})`, `testWidgets('renders', (tester) async {})` a test.
(expression_statement
  (identifier) @_group
  (selector (argument_part (arguments . (argument (string_literal) @name)
                                      (argument (function_expression)))))
  (#eq? @_group "group")) @definition.describe
(expression_statement
  (identifier) @_test
  (selector (argument_part (arguments . (argument (string_literal) @name)
                                      (argument (function_expression)))))
  (#match? @_test "^(test|testWidgets|testGoldens|blocTest|patrolTest)$")) @definition.test

(documentation_comment) @comment
(comment) @comment

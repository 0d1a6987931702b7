; Definitions that become chunks (tree-sitter-scala: Scala 2 and Scala 3). The first pattern
; that matches a node names its symbol type: the specific ones come first.
(class_definition name: (_) @name) @definition.class
(trait_definition name: (_) @name) @definition.trait
(enum_definition name: (_) @name) @definition.enum
(object_definition name: (_) @name) @definition.object
; `package object core { ... }`: the package's shared members
(package_object name: (_) @name) @definition.object

; A Scala 3 extension method is named after the type it extends, as Kotlin's extension
; functions are (`extension (s: String) def toPrice` -> String.toPrice); inside an object
; that is cut per member it is the object's (`Order.addLine`), where Scala looks it up.
(extension_definition
  parameters: (parameters . (parameter type: [(type_identifier) @owner
                                              (generic_type type: (_) @owner)]))
  body: (function_definition name: (_) @name) @definition.function)
(extension_definition
  parameters: (parameters . (parameter type: [(type_identifier) @owner
                                              (generic_type type: (_) @owner)]))
  body: (template_body (function_definition name: (_) @name) @definition.function))

(function_definition name: (_) @name) @definition.function
; an abstract `def f(x: Int): Int` of a trait or abstract class
(function_declaration name: (_) @name) @definition.function

; `given orderOrdering: Ordering[Order] = ...`; an anonymous `given Ordering[Order] with`
; by its type, as it is looked up
(given_definition name: (_) @name) @definition.given
(given_definition !name return_type: (_) @name) @definition.given

; vals, vars and types of a class, object, trait or file (Scala 3 top-level definitions);
; a val inside a function body is the function's
(template_body (val_definition pattern: (identifier) @name) @definition.const)
(template_body (var_definition pattern: (identifier) @name) @definition.var)
(compilation_unit (val_definition pattern: (identifier) @name) @definition.const)
(compilation_unit (var_definition pattern: (identifier) @name) @definition.var)
(type_definition name: (_) @name) @definition.type

; Tests by their description: ScalaTest's `"An order" should "sum its lines" in { ... }` and
; `it should "merge lines" in { ... }` (FlatSpec), munit's, ZIO Test's and FunSuite's
; `test("...") { ... }`, FunSpec's `it("...") { ... }`, FeatureSpec's `Scenario("...") { ... }`,
; specs2's and WordSpec's `"answer ok" in { ... }` / `"answer ok" >> { ... }`.
(infix_expression
  left: (infix_expression
    operator: (identifier) @_verb
    right: (string) @name)
  operator: (identifier) @_in
  right: (block)
  (#match? @_verb "^(should|must|can|when|which)$")
  (#eq? @_in "in")) @definition.test
(call_expression
  function: (call_expression
    function: (identifier) @_test
    arguments: (arguments . (string) @name))
  (#match? @_test "^(test|property|it|scenario|Scenario)$")) @definition.test
(infix_expression
  left: (string) @name
  operator: (_) @_in
  right: (block)
  (#match? @_in "^(in|>>)$")) @definition.test

; Scaladoc and whole-line comments directly above a definition stay with it.
(block_comment) @comment
(comment) @comment

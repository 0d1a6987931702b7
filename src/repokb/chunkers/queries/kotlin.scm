; The first pattern that matches a node names its symbol type: the specific ones come first.
; The grammar spells `interface X`, `enum class X`, `data class X` all as class_declaration.
(class_declaration "interface" name: (_) @name) @definition.interface
(class_declaration (modifiers (class_modifier "enum")) name: (_) @name) @definition.enum
(class_declaration name: (_) @name) @definition.class
(object_declaration name: (_) @name) @definition.object
; A companion object is no definition of its own: its members are named after the class, as
; Kotlin calls them (`Factory.create()` for `companion object { fun create() }`).

; An Expo module's `definition() = ModuleDefinition { ... }` declares what JavaScript calls by
; the DSL's calls: each one a piece named as JavaScript calls it (cutting.DECLARING):
; `AsyncFunction("getCurrentPositionAsync") { }` (or `... Coroutine { }`), `Function("x") { }`,
; `Property("x") { }`, a view's `Prop("x") { }`, and the lifecycle's `OnCreate { }`.
(function_declaration name: (_) @name
  (function_body (call_expression (identifier) @_dsl (annotated_lambda)))
  (#eq? @_dsl "ModuleDefinition")) @definition.declarations
(call_expression
  (call_expression (identifier) @_dsl
    (value_arguments . (value_argument (string_literal (string_content) @name))))
  (annotated_lambda)
  (#match? @_dsl "^(AsyncFunction|Function)$")) @definition.function
(infix_expression
  (call_expression (identifier) @_dsl
    (value_arguments . (value_argument (string_literal (string_content) @name))))
  (identifier) (lambda_literal)
  (#match? @_dsl "^(AsyncFunction|Function)$")) @definition.function
(call_expression
  (call_expression (identifier) @_dsl
    (value_arguments . (value_argument (string_literal (string_content) @name))))
  (annotated_lambda)
  (#match? @_dsl "^(Property|Prop)$")) @definition.property
(call_expression (identifier) @name (annotated_lambda)
  (#match? @name "^On(Create|Destroy|StartObserving|StopObserving|ActivityEntersForeground|ActivityEntersBackground|ActivityDestroys|ActivityResult|NewIntent|UserInteraction)$")) @definition.function

; An extension function is named after its receiver type, as Kotlin's docs list it:
; `fun String.toPrice()` -> String.toPrice, `fun <T> List<T>.second()` -> List.second,
; `fun String?.orEmpty()` -> String.orEmpty, `fun Map.Entry<K, V>.label()` -> Entry.label.
(function_declaration
  [(user_type (identifier) @owner .)
   (user_type (identifier) @owner . (type_arguments) .)
   (nullable_type (user_type (identifier) @owner .))
   (nullable_type (user_type (identifier) @owner . (type_arguments) .))]
  .
  name: (_) @name) @definition.function
(function_declaration name: (_) @name) @definition.function
; `constructor(...)` beside the primary one: Class.constructor
(secondary_constructor "constructor" @name) @definition.method
(type_alias (identifier) @name) @definition.type

; Whole-line comments directly above a definition stay with it.
(line_comment) @comment
(block_comment) @comment

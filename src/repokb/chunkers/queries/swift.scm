; Swift: class, struct, enum, extension and actor are one node type told apart by their keyword
; (an extension is named after the type it extends: `extension Foo.Bar` -> Foo.Bar).
(class_declaration declaration_kind: "class" name: (_) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (_) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (_) @name) @definition.enum
(class_declaration declaration_kind: "extension" name: (_) @name) @definition.extension
(class_declaration declaration_kind: "actor" name: (_) @name) @definition.actor
(protocol_declaration name: (_) @name) @definition.protocol
; An Expo module's `definition() -> ModuleDefinition { ... }` declares what JavaScript calls by
; the DSL's calls: each one a piece named as JavaScript calls it (cutting.DECLARING):
; `AsyncFunction("getCurrentPositionAsync") { }`, `Function("x") { }`, `Property("x") { }`, a
; view's `Prop("x") { }`, and the lifecycle's `OnCreate { }`.
(function_declaration name: (_) @name (user_type (type_identifier) @_type)
  (#eq? @_type "ModuleDefinition")) @definition.declarations
(call_expression (simple_identifier) @_dsl
  (call_suffix (value_arguments . (value_argument (line_string_literal (line_str_text) @name)))
    (lambda_literal))
  (#match? @_dsl "^(AsyncFunction|Function)$")) @definition.function
(call_expression (simple_identifier) @_dsl
  (call_suffix (value_arguments . (value_argument (line_string_literal (line_str_text) @name)))
    (lambda_literal))
  (#match? @_dsl "^(Property|Prop)$")) @definition.property
(call_expression (simple_identifier) @name (call_suffix . (lambda_literal))
  (#match? @name "^On(Create|Destroy|StartObserving|StopObserving|AppEntersForeground|AppEntersBackground|AppBecomesActive)$")) @definition.function
(function_declaration name: (_) @name) @definition.function
(protocol_function_declaration name: (_) @name) @definition.function
(init_declaration "init" @name) @definition.function
(deinit_declaration "deinit" @name) @definition.function
(subscript_declaration "subscript" @name) @definition.function
(typealias_declaration name: (_) @name) @definition.type
; A computed property (`var pluginNames: [String] { ... }`) is code; a stored one is not.
(property_declaration name: (pattern bound_identifier: (_) @name)
  computed_value: (computed_property)) @definition.property

; Whole-line comments directly above a definition stay with it.
(comment) @comment
(multiline_comment) @comment

; SwiftPM: a `Package.swift`'s `let package = Package(name: "X", ...)` is a block named by its
; package, each of its `targets:` (`.target(name: "Y", ...)`, `.testTarget`, ...) by its target
; (were one unnamed window: "which targets does the package declare").
(property_declaration
  (call_expression (simple_identifier) @_package
    (call_suffix (value_arguments . (value_argument
      (value_argument_label (simple_identifier) @_label)
      (line_string_literal (line_str_text) @name)))))
  (#eq? @_package "Package") (#eq? @_label "name")) @definition.block
(call_expression (simple_identifier) @_package
  (call_suffix (value_arguments (value_argument
    (value_argument_label (simple_identifier) @_targets)
    (array_literal (call_expression (prefix_expression (simple_identifier) @_kind)
      (call_suffix (value_arguments . (value_argument
        (value_argument_label (simple_identifier) @_label)
        (line_string_literal (line_str_text) @name))))) @definition.block))))
  (#eq? @_package "Package") (#eq? @_targets "targets") (#eq? @_label "name")
  (#match? @_kind "^(target|testTarget|executableTarget|binaryTarget|systemLibrary|plugin|macro)$"))

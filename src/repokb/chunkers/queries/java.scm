(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
; a record's compact constructor, `public Point { ... }`: Point.Point, as other constructors
(compact_constructor_declaration name: (identifier) @name) @definition.method
; an enum's constants, each with its Javadoc: a big enum (Jackson's DeserializationFeature,
; 500 lines) is cut per constant, DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES
(enum_constant name: (identifier) @name) @definition.constant
; the package declaration: a piece of its own in package-info.java (the package's Javadoc), in
; other files the namespace of their names (LanguageSpec.package_file)
(package_declaration [(scoped_identifier) (identifier)] @name) @definition.package
; module-info.java: `module com.example.app { requires ...; exports ...; }`
(module_declaration name: (_) @name) @definition.module

; Whole-line comments directly above a definition stay with it.
(line_comment) @comment
(block_comment) @comment

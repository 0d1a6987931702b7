(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(method_definition name: (_) @name) @definition.method
(field_definition property: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method

; const handler = () => {...} and const f = function () {...}
(lexical_declaration
  (variable_declarator name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
(variable_declaration
  (variable_declarator name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
; const D_GGX = Fn( ( { alpha } ) => {...} ): a function made by a wrapper call (three.js
; TSL's Fn, React's memo and forwardRef, middy) is named after its variable; an array's
; `.map( x => ... )` and a promise's `.then( ... )` make values, not functions.
(lexical_declaration
  (variable_declarator name: (identifier) @name
    value: (call_expression
      function: [(identifier) (member_expression)] @wrapper
      arguments: (arguments . [(arrow_function) (function_expression)])))
  (#not-match? @wrapper "[.](map|filter|reduce|reduceRight|forEach|flatMap|find|findIndex|findLast|some|every|sort|then|catch|finally|from|replace)$")) @definition.function
; Class expressions: const Foo = class extends Bar {...} is named after its variable,
; module.exports = class Application {...} after the class, exports.Parser = class {...} after
; the property it is assigned to.
(lexical_declaration
  (variable_declarator name: (identifier) @name value: (class))) @definition.class
(variable_declaration
  (variable_declarator name: (identifier) @name value: (class))) @definition.class
(assignment_expression
  right: (class name: (identifier) @name)) @definition.class
(assignment_expression
  left: [(identifier) @name
         (member_expression property: (property_identifier) @name)]
  right: (class !name)
  (#not-eq? @name "exports")) @definition.class

; export const LIMIT = 10
(export_statement
  declaration: (lexical_declaration (variable_declarator name: (identifier) @name))) @definition.const

; Older styles: obj.method = function () {...}, and methods in object literals. A method set on
; a constructor's prototype, `Route.prototype.dispatch = function`, is the method `Route.dispatch`
; (as a class's would be named), before the plain member pattern below takes it as `dispatch`.
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @name
      property: (property_identifier) @_prototype)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)]
  (#eq? @_prototype "prototype")) @definition.method
(assignment_expression
  left: (member_expression property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)]) @definition.function
(pair key: (property_identifier) @name
  value: [(function_expression) (arrow_function)]) @definition.method

; Jest, Mocha, Vitest, Jasmine and node:test blocks, named by their description:
; inherits: js_tests

; Whole-line comments directly above a definition stay with it.
(comment) @comment

(function_declaration name: (identifier) @name) @definition.function

; func (l *Limiter) Allow(...): the receiver type is the owner of the method.
(method_declaration
  receiver: (parameter_list
    (parameter_declaration type: [(type_identifier) @owner
                                  (pointer_type (type_identifier) @owner)
                                  (generic_type type: (type_identifier) @owner)
                                  (pointer_type (generic_type type: (type_identifier) @owner))]))
  name: (field_identifier) @name) @definition.method
(method_declaration name: (field_identifier) @name) @definition.method

(type_declaration (type_spec name: (type_identifier) @name type: (struct_type))) @definition.struct
(type_declaration (type_spec name: (type_identifier) @name type: (interface_type))) @definition.interface
(type_declaration (type_spec name: (type_identifier) @name)) @definition.type
(type_declaration (type_alias name: (type_identifier) @name)) @definition.type

; Package-level declarations: one name is named after it (`var ErrNotFound = ...`, `const
; MaxSize = 10`); a block of constants whose first is typed after that type, as godoc lists it
; under the type (`const ( _ ValueType = iota; CounterValue ... )`); an untyped block is not.
(source_file (var_declaration . (var_spec . name: (identifier) @name) .) @definition.var)
(source_file (const_declaration . (const_spec . name: (identifier) @name) .) @definition.const)
(source_file (const_declaration . (const_spec type: (type_identifier) @name)) @definition.const)

; Whole-line comments directly above a definition stay with it.
(comment) @comment

(create_table (object_reference) @name) @definition.table
(create_view (object_reference) @name) @definition.view
(create_materialized_view (object_reference) @name) @definition.view
(create_function (object_reference) @name) @definition.function
(create_procedure (object_reference) @name) @definition.procedure
(create_index column: (identifier) @name) @definition.index
(create_type (object_reference) @name) @definition.type
(create_trigger (object_reference) @name) @definition.trigger

; Whole-line comments directly above a definition stay with it.
(comment) @comment

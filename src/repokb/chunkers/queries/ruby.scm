(module name: (_) @name) @definition.module
(class name: (_) @name) @definition.class
(singleton_class value: (_) @name) @definition.class
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method

; Whole-line comments directly above a definition stay with it.
(comment) @comment

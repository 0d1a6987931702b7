(module name: (_) @name) @definition.module
(class name: (_) @name) @definition.class
; `class << self` opens the enclosing class's own methods: it adds no name (its methods are
; `Basic.default_realm`, as `def self.build` is `Basic.build`); `class << obj` is obj's.
(singleton_class value: (self)) @definition.class
(singleton_class value: (_) @name) @definition.class
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method

; Whole-line comments directly above a definition stay with it.
(comment) @comment

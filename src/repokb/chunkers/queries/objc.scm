; Objective-C: @interface, @implementation and @protocol, their methods named by the first part
; of the selector (`- (id)initWithBridge:(id)b name:(id)n` -> initWithBridge; nested in its class:
; CAPPlugin.initWithBridge). A category (`@interface CAPPlugin (Private)`) is named after the
; class it extends. The C underneath: c.scm's patterns follow these.
; inherits: c
(class_interface . (identifier) @name category: (identifier)) @definition.extension
(class_implementation . (identifier) @name category: (identifier)) @definition.extension
(class_interface . (identifier) @name) @definition.interface
(class_implementation . (identifier) @name) @definition.class
(protocol_declaration . (identifier) @name) @definition.protocol
; A method keeps its class when the class itself does not parse (`#ifdef` around ivars);
; where the tree cannot tell, the `@interface X` ... `@end` lines do (languages.py).
(class_implementation . (identifier) @owner
  (implementation_definition
    (method_definition (method_type) . (identifier) @name) @definition.method))
(class_implementation . (identifier) @owner
  (implementation_definition
    (method_definition . (identifier) @name) @definition.method))
(method_definition (method_type) . (identifier) @name) @definition.method
(method_definition . (identifier) @name) @definition.method
(method_declaration (method_type) . (identifier) @name) @definition.method
(method_declaration . (identifier) @name) @definition.method

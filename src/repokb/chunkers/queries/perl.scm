; Definitions that become chunks (tree-sitter-perl 2.0). A sub after `package Foo::Bar;` is
; `Foo.Bar.name`: the statement opens no block, so its scope is found by lines (the
; language spec's scope_open), as the other languages' nested form spells a scoped name.
(subroutine_declaration_statement name: (bareword) @name) @definition.function
; Perl 5.38's `class Point { field $x; method norm { ... } }` (and Object::Pad's)
(method_declaration_statement name: (bareword) @name) @definition.method
(class_statement name: (package) @name) @definition.class
; `package Foo { ... }`: a block holds its subs
(package_statement name: (package) @name (block)) @definition.module

; `*name = sub { ... };` installs a sub under a name
(expression_statement
  (assignment_expression
    left: (glob (varname) @name)
    right: (anonymous_subroutine_expression))) @definition.function

; Moose/Moo/Mouse/Mojo::Base attributes: `has name => (is => 'ro', ...)`, `has 'name' => ...`,
; `has('name', ...)`, `has 'name';` (not `has [qw(a b)] => ...`: several names, left to windows)
(expression_statement
  [(ambiguous_function_call_expression function: (function) @_has
     arguments: (list_expression . [(autoquoted_bareword) (string_literal)] @name))
   (function_call_expression function: (function) @_has
     arguments: (list_expression . [(autoquoted_bareword) (string_literal)] @name))
   (ambiguous_function_call_expression function: (function) @_has
     arguments: (string_literal) @name)]
  (#eq? @_has "has")) @definition.property

; Test::More: subtest 'expires entries' => sub { ... }; (or subtest(q{...}, sub {...})), named
; by its description; a subtest in it is part of it.
(expression_statement
  [(ambiguous_function_call_expression function: (function) @_call
     arguments: (list_expression . [(string_literal (string_content) @name)
                                    (interpolated_string_literal (string_content) @name)]
                 (anonymous_subroutine_expression)))
   (function_call_expression function: (function) @_call
     arguments: (list_expression . [(string_literal (string_content) @name)
                                    (interpolated_string_literal (string_content) @name)]
                 (anonymous_subroutine_expression)))]
  (#eq? @_call "subtest")) @definition.test

; Whole-line `#` comments directly above a definition stay with it.
(comment) @comment

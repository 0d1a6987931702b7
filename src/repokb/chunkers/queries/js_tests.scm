; Test blocks of JavaScript and TypeScript (javascript.scm and typescript.scm inherit them).
;
; Jest, Mocha, Vitest, Jasmine and node:test: describe('Cache', () => {...}) and its
; it('returns the value', ...) / test(...) blocks, named by their description (`Cache.get.returns
; the value`); `describe.only`, `it.skip` alike. A describe is a container: a big one is cut
; per block.
(call_expression
  function: [(identifier) @_call (member_expression object: (identifier) @_call)]
  arguments: (arguments . (string (string_fragment) @name) . [(arrow_function) (function_expression)])
  (#any-of? @_call "describe" "context" "suite")) @definition.describe
(call_expression
  function: [(identifier) @_call (member_expression object: (identifier) @_call)]
  arguments: (arguments . (string (string_fragment) @name) . [(arrow_function) (function_expression)])
  (#any-of? @_call "it" "test" "specify")) @definition.test
; a description written as a template (`it(`returns ${code}`, ...)`) names it as written; an
; empty one ('') names nothing, but the block is still one
(call_expression
  function: [(identifier) @_call (member_expression object: (identifier) @_call)]
  arguments: (arguments . (template_string) @name . [(arrow_function) (function_expression)])
  (#any-of? @_call "describe" "context" "suite")) @definition.describe
(call_expression
  function: [(identifier) @_call (member_expression object: (identifier) @_call)]
  arguments: (arguments . (template_string) @name . [(arrow_function) (function_expression)])
  (#any-of? @_call "it" "test" "specify")) @definition.test
(call_expression
  function: [(identifier) @_call (member_expression object: (identifier) @_call)]
  arguments: (arguments . (string) . [(arrow_function) (function_expression)])
  (#any-of? @_call "describe" "context" "suite")) @definition.describe
(call_expression
  function: [(identifier) @_call (member_expression object: (identifier) @_call)]
  arguments: (arguments . (string) . [(arrow_function) (function_expression)])
  (#any-of? @_call "it" "test" "specify")) @definition.test

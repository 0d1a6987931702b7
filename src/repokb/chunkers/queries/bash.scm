(function_definition name: (word) @name) @definition.function

; Whole-line comments directly above a definition stay with it.
(comment) @comment

; An alias, named by its name (`alias gs='git status'`, `alias -g G='| grep'`): a dotfiles
; repository's `.aliases` is nothing else.
(command name: (command_name (word) @_cmd)
  argument: [(concatenation . (word) @name) (word) @name]
  (#eq? @_cmd "alias")
  (#match? @name "^[^-].*=")) @definition.alias

; resource "aws_s3_bucket" "site" { ... }: the block type is the symbol type, the labels the name.
(config_file (body (block (identifier) @kind (string_lit)* @name) @definition.block))

; Whole-line comments directly above a definition stay with it.
(comment) @comment

# The Markdown renderer every post body goes through.
MARKDOWN_OPTIONS = {
  autolink: true,
  tables: true,
  fenced_code_blocks: true,
  no_intra_emphasis: true
}.freeze

"""Facts about formats that records and rules both need (the floor: imports nothing of repokb).

Which languages are code (the rest of what is indexed is prose or structured text) decides how
many tokens of a chunk the model reads (`models.EmbedPlan`), how chunks are enriched, how the
classifier's rules read, and how secret scanning treats a file.
"""

from __future__ import annotations

CODE_LANGUAGES = frozenset({
    "python", "typescript", "tsx", "javascript", "go", "rust", "java", "kotlin", "c", "cpp",
    "csharp", "ruby", "php", "swift", "scala", "shell", "sql", "hcl", "lua", "perl",
})
EXTRA_CODE_LANGUAGES = frozenset({"vim", "r", "dart", "elixir", "erlang", "haskell",
                                  "ocaml", "clojure", "vue", "svelte", "objc", "groovy",
                                  "powershell", "batch", "prisma", "cython", "tex",
                                  "assembly", "fortran", "matlab", "fsharp", "vbnet",
                                  "literate_haskell", "ocaml_interface", "ocamllex",
                                  "ocamlyacc", "julia", "solidity", "nix", "applescript", "lark",
                                  "cuda"})
CODE = CODE_LANGUAGES | EXTRA_CODE_LANGUAGES

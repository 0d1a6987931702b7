"""R's own assignment, `<-` (and `<<-`), is read as `=` is: `db_password <- "X"` was stored as
written (only `db_password = "X"` was redacted), though `<-` is how R code assigns; OCaml's and
F#'s field assignment `cfg.password <- "X"` too. References and prompts stay."""

from __future__ import annotations

from repokb.secrets import redact
from repokb.secrets.scan import mode_for

from ..conftest import assert_redacted, cases

PW = "".join(("Wx8-", "qLmN4vB7"))  # a FAKE password, assembled at run time
WORDS = "".join(("bearerToken", "Rscript77aa99"))  # a token of words and digits

MUST_REDACT = [  # (language, text, value)
    ("r", f'db_password <- "{PW}"\n', PW),
    ("r", f'token <- "{WORDS}"\n', WORDS),
    ("r", f'api_key <<- "{PW}"\n', PW),
    ("r", f'connect <- function() {{\n  password <- "{PW}"\n'
          "  DBI::dbConnect(drv, password = password)\n}\n", PW),
    ("ocaml", f'let () = cfg.password <- "{PW}"\n', PW),
    ("markdown", f'```{{r}}\nwarehouse_password <- "{PW}"\n```\n', PW),
]

MUST_KEEP = [  # (language, text)
    ("r", 'password <- readline("Password: ")\n'),
    ("r", 'api_key <- Sys.getenv("OPENAI_API_KEY")\n'),
    ("r", "token <- gh::gh_token()\n"),
    ("r", 'secret <- keyring::key_get("warehouse")\n'),
    ("r", "if (nchar(password)<-1) stop()\n"),
    ("haskell", "main = do\n  password <- getLine\n  print password\n"),
]


@cases(("language", "text", "value"), MUST_REDACT)
def test_an_r_assignment_of_a_secret_is_redacted(language, text, value):
    assert_redacted(text, mode_for(language), language, value)


@cases(("language", "text"), MUST_KEEP)
def test_an_r_reference_or_prompt_stays(language, text):
    assert redact(text, mode_for(language), language).text == text

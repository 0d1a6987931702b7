"""R's own assignment, `<-` (and `<<-`), is read as `=` is: `db_password <- "X"` was stored as
written (only `db_password = "X"` was redacted), though `<-` is how R code assigns; OCaml's and
F#'s field assignment `cfg.password <- "X"` too. References and prompts stay."""

from __future__ import annotations

import pytest

from repokb.secrets import redact
from repokb.secrets.scan import mode_for

from ..conftest import assert_redacted
from ..secret_forms import kept_forms, redacted_forms

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


test_an_r_assignment_of_a_secret_is_redacted = redacted_forms(MUST_REDACT)


test_an_r_reference_or_prompt_stays = kept_forms(MUST_KEEP)


# R Markdown is read as documentation ("text" mode), so an R chunk's bare value after `<-` was
# taken for a literal: httr's own vignette (secrets.Rmd, Debian r-cran-httr 1.4.5) lost
# `rstudioapi::askForPassword()` under `password <-`, a tokenizer's `token <- tokens[1]` lost
# `tokens[`. R assigns a literal in quotes: `<-` takes a quoted value only. A namespaced call
# (`keyring::key_get(...)`, DBI's own vignette) is a reference under `=` too.
KEPT_IN_RMD = [
    '```{r}\npassword <- rstudioapi::askForPassword()\n```\n',
    '```{r}\ntoken <- tokens[1]\nsecret <- secrets$warehouse\n```\n',
    "The token <- tokens[[i]] line takes the next one.\n",
    '```{r}\npassword <- .rs.askForPassword("Database password:")\n'
    'secret <- keyring::key_get("zendesk")\n```\n',
    '```{r}\ncon <- dbConnect(RMariaDB::MariaDB(),\n'
    '  password = keyring::key_get("relational.fit.cvut.cz", "guest"),\n)\n```\n',
]


@pytest.mark.parametrize("text", KEPT_IN_RMD, ids=[f"rmd{i}" for i in range(len(KEPT_IN_RMD))])
def test_r_markdown_keeps_an_r_expression_after_an_assignment(text):
    assert redact(text, mode_for("markdown"), "markdown").text == text


def test_r_markdown_still_redacts_a_quoted_literal_after_arrow():
    text = f'```{{r}}\ntoken <- "{WORDS}"\nkey <- "customer_id"\n```\n'
    result = assert_redacted(text, mode_for("markdown"), "markdown", WORDS)
    assert 'key <- "customer_id"' in result.text  # a join key's column name stays


# A Bearer credential built by R's string functions was stored as written when the token is
# not random enough for entropy alone (`abc123secrettoken`); GITHUB_PAT (what gh, usethis and
# remotes read) named no secret. References stay.
LOW = "".join(("abc123", "secrettoken"))  # a FAKE, low-entropy token
BUILT = [
    ("r", f'httr::GET(url, httr::add_headers(Authorization = paste("Bearer", "{LOW}")))\n'),
    ("r", f'req <- add_headers(Authorization = paste0("Bearer ", "{LOW}"))\n'),
    ("r", f"auth <- paste('Bearer', '{LOW}', sep = ' ')\n"),
    ("r", f"hdr <- glue::glue('Bearer {{\"{LOW}\"}}')\n"),
    ("r", f'Sys.setenv(GITHUB_PAT = "{LOW}")\n'),
    ("markdown", f'```{{r}}\nSys.setenv(GITHUB_PAT = "{LOW}")\n'
                 f'h <- add_headers(Authorization = paste0("Bearer ", "{LOW}"))\n```\n'),
]
REFERENCES = [
    'add_headers(Authorization = paste("Bearer", token))\n',
    'add_headers(Authorization = paste0("Bearer ", Sys.getenv("TOKEN")))\n',
    'hdr <- glue::glue("Bearer {token}")\n',
    'Sys.setenv(GITHUB_PAT = Sys.getenv("GH_TOKEN"))\n',
    'msg <- paste("Bearer", "tokens are sent in the Authorization header")\n',
    'url_pat <- "^https?://[a-z0-9.]+/v1"\n',
]


@pytest.mark.parametrize(("language", "text"), BUILT, ids=[f"built{i}" for i in range(len(BUILT))])
def test_a_bearer_token_built_by_paste_or_glue_is_redacted(language, text):
    assert_redacted(text, mode_for(language), language, LOW)


@pytest.mark.parametrize("text", REFERENCES, ids=[f"ref{i}" for i in range(len(REFERENCES))])
def test_a_bearer_built_from_a_reference_stays(text):
    assert redact(text, mode_for("r"), "r").text == text


# R's right assignment, `"X" -> password` (and `->>`), assigns as `<-` does, the other way
# round: a quoted literal on its left was stored as written in an `.R` file and an R chunk of
# an `.Rmd` (`password <- "X"` was redacted). Only a quoted literal counts: a variable, a call,
# a prompt, a placeholder, a key that names no secret stay.
LOWER = "".join(("s3cr3t", "value"))  # a FAKE, low-entropy password
RIGHT_REDACT = [  # (language, text, value)
    ("r", f'"{LOWER}" -> password\n', LOWER),
    ("r", f'"{PW}" ->> api_key\n', PW),
    ("r", f"'{WORDS}' -> token\n", WORDS),
    ("r", f'"{PW}" -> db.password  # the warehouse\n', PW),
    ("r", f'"{PW}" -> cfg$password\n', PW),
    ("r", f'connect <- function() {{\n  "{PW}" -> password\n'
          "  DBI::dbConnect(drv, password = password)\n}\n", PW),
    ("markdown", f'# Load\n\n```{{r}}\n"{LOWER}" -> warehouse_password\n```\n', LOWER),
    ("markdown", f"```{{r, echo=FALSE}}\n'{WORDS}' ->> token\n```\n", WORDS),
    ("markdown", f'```r\n"{PW}" -> api_key\n```\n', PW),
]
RIGHT_KEEP = [  # (language, text)
    ("r", "x -> password\n"),
    ("r", 'readline("Password: ") -> password\n'),
    ("r", 'Sys.getenv("OPENAI_API_KEY") -> api_key\n'),
    ("r", 'keyring::key_get("warehouse") -> secret\n'),
    ("r", 'paste("a", "b") -> token\n'),
    ("r", '"customer_id" -> key\n'),
    ("r", '"${DB_PASSWORD}" -> password\n'),
    ("r", '"" -> token\n'),
    ("r", '"Enter the password" -> prompt\n'),
    ("markdown", f'In Elixir:\n\n```elixir\ncase x do\n  "{PW}" -> token\nend\n```\n'),
    ("haskell", f'f x = case x of\n  "{PW}" -> token\n'),
]


test_an_r_right_assignment_of_a_secret_is_redacted = redacted_forms(RIGHT_REDACT)


test_an_r_right_assignment_of_a_reference_stays = kept_forms(RIGHT_KEEP)

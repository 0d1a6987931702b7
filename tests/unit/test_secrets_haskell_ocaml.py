"""Haskell's and OCaml's ways of writing a credential are redacted; their code stays.

A binding or record field (`password = "X"`, `Config { cfgPassword = "X" }`, `let api_key =
"X"`, `~password:"X"`) was redacted already (the general finders read it as an assignment). Not
redacted: a secret-named pair of an association list (http-client's `urlEncodedBody
[("password", "X")]`, OCaml's `[ ("api_key", "X") ]`) and a Basic-auth password given by position
(`applyBasicAuth "user" "X"`, wreq's `basicAuth`, servant's `BasicAuthData`, cohttp's
`` `Basic ("user", "X") ``): secrets/mlforms.py.
"""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

PW = "".join(("Xy7h", "ackagePw99q"))  # a FAKE password, assembled at run time

MUST_REDACT = [  # (language, text)
    ("haskell", f'req = urlEncodedBody [("username", "alice"), ("password", "{PW}")] req0\n'),
    ("haskell", f'creds :: [(String, String)]\ncreds = [ ("api_token", "{PW}") ]\n'),
    ("haskell", f'req = applyBasicAuth "alice" "{PW}" req0\n'),
    ("haskell", f'r <- getWith (defaults & auth ?~ basicAuth "alice" "{PW}") url\n'),
    ("haskell", f'auth = BasicAuthData "alice" "{PW}"\n'),
    ("ocaml", f'let fields = [ ("user", "alice"); ("password", "{PW}") ]\n'),
    ("ocaml", f'let auth = `Basic ("alice", "{PW}")\n'),
    ("ocaml_interface", f'(** e.g. [("secret_key", "{PW}")] *)\nval fields : unit -> t\n'),
    # what the general finders already caught, kept so
    ("haskell", f'password = "{PW}"\n'),
    ("haskell", f'defaultConfig = Config\n  {{ cfgUser = "bob"\n  , cfgPassword = "{PW}"\n  }}\n'),
    ("haskell", f'main = do\n  let token = "{PW}"\n  print token\n'),
    ("ocaml", f'let api_key = "{PW}"\n'),
    ("ocaml", f'let () = Db.connect ~user:"admin" ~password:"{PW}" ()\n'),
    ("ocaml", f'let config = {{ user = "bob"; password = "{PW}" }}\n'),
]

MUST_KEEP = [  # (language, text)
    ("haskell", 'choices = [("password", "Password")]\n'),
    ("haskell", 'fields = [("password", "The password to log in with")]\n'),
    ("haskell", 'pw = lookup "password" env\n'),
    ("haskell", 'req = applyBasicAuth user pass req0\n'),
    ("ocaml", 'let fields = [ ("token", "token"); ("api_key", "API_KEY") ]\n'),
    ("ocaml", 'let auth = `Basic (user, password)\n'),
]


test_a_haskell_or_ocaml_credential_is_redacted = redacted_forms(MUST_REDACT, PW)


test_what_only_looks_like_a_haskell_or_ocaml_credential_stays = kept_forms(MUST_KEEP)

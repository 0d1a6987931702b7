"""Secrets in Emacs Lisp's and Clojure's own forms, where no `key = "value"` or `key: "value"`
shows them.

An Emacs configuration (`init.el`, `.emacs`, `config.el`) sets its credentials as Lisp:
- a secret-named variable given a string: `(setq erc-password "X")`, `(setq-default
  forge-token "X")`, `(setopt gptel-api-key "X")`, `(defvar my-secret "X" "doc")`,
  `(customize-set-variable 'paradox-github-token "X")`, and each pair of a `setq` setting
  several (`(setq user "jane" smtp-password "X")`);
- a secret-named entry of an alist or a plist: `(sql-password "X")` in
  `sql-connection-alist`, `:secret "X"` / `:password "X"` in `auth-sources` or an IRC
  server's plist, `(password . "X")`.
Clojure (`.clj`, `.cljs`, `.cljc`, Leiningen's `project.clj` and `profiles.clj`) writes the same
forms: a secret-named var given a string (`(def api-key "X")`, `(def ^:private db-password
"X")`, `(defonce token "X")`) and a secret-named keyword in a map (`{:user "u" :password "X"}`,
`:repository-auth {#"clojars" {:password "X"}}`; an EDN file's too, `{:db {:pass "X"}}`: session
39), the map's `{` and `,` (whitespace there)
before it, and the string glued to an Authorization scheme by `str` (`(str "Bearer " "X")`).
Spans of the value only, never its name. A name must be a secret's (`scan.is_secret_key`);
the value is judged as a string literal of code is (`scan.is_secret_value`: no bare word, no
placeholder, no prompt such as `"Password: "`), and a regular expression (`"^\\(Enter ..."`),
a path (`"~/.authinfo.gpg"`) or a format (`"%s"`) is none. Read in Emacs Lisp only.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_placeholder, is_secret_key, is_secret_value

Span = tuple[int, int, str, bool]
_LISPS = frozenset({"emacs_lisp", "clojure", "edn"})  # (EDN: Clojure's data, its maps alike)

# a symbol (`erc-password`, `'paradox-github-token`, `:secret`, `(password .`) and the string
# right after it
_NAMED_STRING = re.compile(
    r"""(?:(?<=[\s('{,])|^)['`:]?(?P<key>[A-Za-z][\w/*+!<>=?-]{0,100})(?:[ \t\r\n]+\.)?"""
    r"""[ \t\r\n]+"(?P<value>(?:[^"\\\n]|\\.){1,400})\"""")

# `(str "Bearer " "X")`: a header's credentials glued to their scheme
_SCHEMED = re.compile(r'"(?:Bearer|Token|Basic)\s*"\s+"(?P<value>[^"\\\s]{8,400})"')


def find(text: str, language: str | None = None) -> list[Span]:
    """Spans of the secret strings an Emacs Lisp or Clojure text gives to secret-named
    symbols and keywords."""
    if language not in _LISPS or '"' not in text:
        return []
    out: list[Span] = []
    for m in _NAMED_STRING.finditer(text):
        key, value = m.group("key"), m.group("value")
        if not is_secret_key(key) or value.startswith(("^", "~", "/", "$", "%")) or "\\" in value:
            continue
        if not is_placeholder(value) and is_secret_value(value, key, literal_words=False):
            out.append((m.start("value"), m.end("value"), "secret_assignment", False))
    if language == "clojure":
        for m in _SCHEMED.finditer(text):
            if not is_placeholder(m.group("value")) and is_secret_value(
                    m.group("value"), "token", literal_words=False):
                out.append((m.start("value"), m.end("value"), "authorization_header", False))
    return out

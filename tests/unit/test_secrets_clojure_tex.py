"""Secret forms of Clojure and TeX that newuser35's attacker pass found stored as written (7 of
18 planted values): a secret-named var or map keyword given a string in Clojure
(`secrets/lispforms.py`, Emacs Lisp's forms read in Clojure too), a header's token glued by
`str`, and a secret-named TeX macro defined as a value (`secrets/texforms.py`). The nearest
readable forms (a var holding a word or a sentence, a map keyword given a symbol, a macro
whose body is prose or a command) stay.
"""

from __future__ import annotations

from repokb.secrets.scan import mode_for

from ..conftest import assert_redacted, cases
from ..secret_forms import kept_forms

MUST_REDACT = [  # (language, text with XVALUE, the value): each stored as written on main
    ("clojure", '(def api-key "XVALUE")\n', "Zq4xW9mTk2Lp7Rv3"),
    ("clojure", '(def ^:private db-password "XVALUE")\n', "Dp8Zr3Wq6Xm2Tk9v"),
    ("clojure", '(defonce ^:const mapbox-token "XVALUE")\n', "Mb2Xq7Zr9Wk4Lt8p"),
    ("clojure", '(defn connect [] {:user "app" :password "XVALUE"})\n', "Pc6Wz2Qx8Lm3Rt7k"),
    ("clojure", '{:user "app",:password "XVALUE"}\n', "Cm3Rt8Zq2Wx7Lk4p"),
    ("clojure", '(defproject app "0.1.0"\n  :repositories [["p" {:username "u"\n'
                '                           :password "XVALUE"}]])\n', "Lr5Tq9Wz3Xm7Kp2v"),
    ("clojure", '(defn headers [] {"Authorization" (str "Bearer " "XVALUE")})\n',
     "Bh7Zq3Xw9Lm2Tr5k"),
    ("latex", "\\def\\apikey{XVALUE}\n", "Tx4Wq8Zm2Lr7Kp3v"),
    ("latex", "\\newcommand{\\dbpassword}{XVALUE}\n", "Tn9Xq2Wz7Lm4Rk8p"),
    ("tex", "\\gdef\\servicetoken{XVALUE}\n", "Tg3Zr8Wq2Xm6Lk9v"),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("clojure", '(def api-key "dev")\n'),
    ("clojure", '(def password-prompt "Enter your password: ")\n'),
    ("clojure", '(defn login [user password] {:user user :password password})\n'),
    ("clojure", '(def message "The password is wrong, try again")\n'),
    ("clojure", '(str "Bearer " token)\n'),
    ("latex", "\\newcommand{\\sysname}{\\textsc{CodeSeek}}\n"),
    ("latex", "\\newcommand{\\passwordfield}{Password}\n"),
    ("latex", "\\def\\tokenize#1{\\texttt{#1}}\n"),
]


@cases(("language", "text", "value"), MUST_REDACT)
def test_clojure_and_tex_secrets_are_redacted(language, text, value):
    assert_redacted(text.replace("XVALUE", value), mode_for(language), language, value)


test_readable_clojure_and_tex_forms_are_kept = kept_forms(MUST_KEEP)

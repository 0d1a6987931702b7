"""Emacs Lisp's and tmux's ways of writing a credential are redacted; their code stays.

Found by planting credentials in a dotfiles tree (init.el, .tmux.conf, .zshrc, .vimrc,
.gitconfig ...) and indexing it with the real CLI (bench/secret_leaks.py index --plant): the
`:secret "X"` of an `auth-sources` entry reached the store and the search answers as written,
and so did every `(setq erc-password "X")`, `(sql-password "X")` or tmux
`set-environment -g SLACK_TOKEN X` whose value has no known token's shape.
"""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

PW = "".join(("Hv2m", "Q8rLx5tW3nZ"))  # a FAKE password, assembled at run time

MUST_REDACT = [  # (language, text)
    ("emacs_lisp", f'(setq auth-sources \'((:source "~/.authinfo.gpg" :host "smtp.gmail.com"'
                   f' :secret "{PW}")))\n'),
    ("emacs_lisp", f'(setq erc-password "{PW}")\n'),
    ("emacs_lisp", f'(setq-default forge-token "{PW}")\n'),
    ("emacs_lisp", f'(setq user-login "jane"\n      smtpmail-password "{PW}")\n'),
    ("emacs_lisp", f'(customize-set-variable \'paradox-github-token "{PW}")\n'),
    ("emacs_lisp", f'(defvar my-api-token "{PW}"\n  "The token of the service.")\n'),
    ("emacs_lisp", f'(setq sql-connection-alist\n      \'((prod (sql-product \'postgres)\n'
                   f'              (sql-user "app") (sql-password "{PW}"))))\n'),
    ("emacs_lisp", f'(setq rcirc-server-alist\n      \'(("irc.libera.chat" :nick "jane"'
                   f' :password "{PW}")))\n'),
    ("emacs_lisp", f'(setq my-credentials \'((password . "{PW}")))\n'),
    ("ini", f"set -g mouse on\nset-environment -g SLACK_TOKEN {PW}\n"),
    ("shell", f"set-environment -g API_TOKEN {PW}\n"),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    ("emacs_lisp", '(defcustom magit-process-password-prompt-regexps\n'
                   '  \'("^\\\\(Enter \\\\)?[Pp]assphrase\\\\( for \\\\)?")\n  "Prompts.")\n'),
    ("emacs_lisp", '(defcustom shop-password-prompt "Password for %s: "\n  "Prompt.")\n'),
    ("emacs_lisp", '(read-passwd "Passphrase for key: ")\n'),
    ("emacs_lisp", '(defvar my-secret-file "~/.authinfo.gpg")\n'),
    ("emacs_lisp", '(setq password-cache-expiry 3600)\n'),
    ("emacs_lisp", '(let ((token (auth-source-pick-first-password :host "api.github.com")))\n'
                   '  token)\n'),
    ("emacs_lisp", '(auth-source-search :max 1 :host host :user "git" :secret nil)\n'),
    ("ini", "set -g status-right '#(whoami)@#H %H:%M'\nset-environment -g EDITOR nvim\n"),
]


test_an_editor_config_credential_is_redacted = redacted_forms(MUST_REDACT, PW)


test_what_only_looks_like_an_editor_config_credential_stays = kept_forms(MUST_KEEP)

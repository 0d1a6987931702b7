"""Emacs, Vim and dotfiles: 'where is X defined', 'which variable sets Y', 'what does :Z do'.

    python bench/retrieval/editors.py --home DIR [--json OUT]

DIR holds five projects, each indexed with `repokb index TREE/NAME` (project = folder name;
`sh bench/retrieval/editors_trees.sh TREE` makes the five trees), made from Debian bookworm's
packages (`apt-get download PKG` + `dpkg -x PKG.deb X`): `magit` =
elpa-magit 3.3.0 (its usr/share/emacs/site-lisp/elpa-src/magit-3.3.0, 47 `.el` files with
`magit-autoloads.el` and `magit-pkg.el`), `projectile` = elpa-projectile 2.7.0 (its
elpa-src/projectile-2.7.0), `vim-airline` = vim-airline 0.11 and `vim-fugitive` = vim-fugitive
3.7 (each usr/share/NAME: autoload/, plugin/, doc/ with its help and `tags`, airline's t/
tests), and `dotfiles`, a dotfiles repository written by hand as the ones on GitHub are
(zsh/.zshrc, bash/.bashrc, git/.gitconfig, tmux/.tmux.conf, ssh/config, vim/.vimrc,
emacs/init.el, install.sh, Makefile, Brewfile, bin/git-cleanup, README.md; written by
editors_trees.sh). 37 questions, written by session newuser34 as a
new user would ask, README only. A hit is right as in names.py (path ends with the path,
symbol with the name, case folded); the file's rank (any piece of the right file) is shown
too, and the first piece holding the definition's line (`line`: named or not, so a window
of the file before its pieces had names is compared fairly). A Vim help topic is named after
its first `*tag*` (`:Gdiffsplit`), an autoload function dotted (`fugitive#Diffsplit`:
`fugitive.Diffsplit`), an ssh Host block `Host bastion`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("editors.json", __doc__ or "", "piece")

#!/bin/sh
# The five trees of bench/retrieval/editors.py, under DIR (default ./editors-trees):
# Debian bookworm packages (apt-get download + dpkg -x) and a dotfiles tree written here.
#     sh bench/retrieval/editors_trees.sh DIR
#     for p in dotfiles magit projectile vim-airline vim-fugitive; do repokb index DIR/$p; done
set -eu
DIR=$(realpath -m "${1:-editors-trees}")
mkdir -p "$DIR/debs" && cd "$DIR/debs"
apt-get download elpa-magit=3.3.0-2 elpa-projectile=2.7.0-2 vim-airline=0.11-2 vim-fugitive=3.7-1
for deb in *.deb; do dpkg -x "$deb" "x_${deb%%_*}"; done
cp -r x_elpa-magit/usr/share/emacs/site-lisp/elpa-src/magit-3.3.0 "$DIR/magit"
cp -r x_elpa-projectile/usr/share/emacs/site-lisp/elpa-src/projectile-2.7.0 "$DIR/projectile"
cp -r x_vim-airline/usr/share/vim-airline "$DIR/vim-airline"
cp -r x_vim-fugitive/usr/share/vim-fugitive "$DIR/vim-fugitive"
cd "$DIR" && rm -rf debs
D="$DIR/dotfiles"
mkdir -p "$D/git" "$D/zsh" "$D/bash" "$D/tmux" "$D/ssh" "$D/vim" "$D/bin" "$D/emacs"
cat > "$D/README.md" <<'EOF_DOTFILE'
# dotfiles

My personal configuration for zsh, bash, git, tmux, ssh, vim and emacs.

## Install

Run `./install.sh`: it symlinks every file into `$HOME` and installs Homebrew packages from
the `Brewfile`. Use `make install` for the same, or `make clean` to remove the links.
EOF_DOTFILE
cat > "$D/install.sh" <<'EOF_DOTFILE'
#!/usr/bin/env bash
# Symlink dotfiles into $HOME and install packages.
set -euo pipefail
DOTFILES="$(cd "$(dirname "$0")" && pwd)"

link_file() {
  local src="$1" dst="$2"
  if [ -e "$dst" ] && [ ! -L "$dst" ]; then
    mv "$dst" "$dst.backup"
    echo "backed up $dst"
  fi
  ln -sfn "$src" "$dst"
}

install_links() {
  link_file "$DOTFILES/zsh/.zshrc" "$HOME/.zshrc"
  link_file "$DOTFILES/bash/.bashrc" "$HOME/.bashrc"
  link_file "$DOTFILES/git/.gitconfig" "$HOME/.gitconfig"
  link_file "$DOTFILES/tmux/.tmux.conf" "$HOME/.tmux.conf"
  link_file "$DOTFILES/vim/.vimrc" "$HOME/.vimrc"
  mkdir -p "$HOME/.ssh"
  link_file "$DOTFILES/ssh/config" "$HOME/.ssh/config"
}

install_brew() {
  if ! command -v brew >/dev/null; then
    /bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"
  fi
  brew bundle --file="$DOTFILES/Brewfile"
}

install_links
[ "$(uname)" = Darwin ] && install_brew
echo "dotfiles installed"
EOF_DOTFILE
cat > "$D/Makefile" <<'EOF_DOTFILE'
.PHONY: install clean brew update

install:
	./install.sh

brew:
	brew bundle --file=Brewfile

clean:
	rm -f ~/.zshrc ~/.bashrc ~/.gitconfig ~/.tmux.conf ~/.vimrc

update:
	git pull --rebase && ./install.sh
EOF_DOTFILE
cat > "$D/Brewfile" <<'EOF_DOTFILE'
tap "homebrew/cask-fonts"
brew "git"
brew "tmux"
brew "neovim"
brew "ripgrep"
brew "fzf"
brew "jq"
brew "gnupg"
cask "iterm2"
cask "font-jetbrains-mono-nerd-font"
EOF_DOTFILE
cat > "$D/zsh/.zshrc" <<'EOF_DOTFILE'
# ~/.zshrc: interactive zsh settings

export EDITOR=nvim
export PATH="$HOME/bin:$HOME/.local/bin:$PATH"
HISTFILE=~/.zsh_history
HISTSIZE=100000
SAVEHIST=100000
setopt share_history hist_ignore_dups

# aliases
alias ll='ls -lah'
alias gs='git status -sb'
alias k='kubectl'
alias dc='docker compose'

# make a directory and cd into it
mkcd() {
  mkdir -p "$1" && cd "$1"
}

# fuzzy-find a git branch and check it out
fbr() {
  local branch
  branch=$(git branch --all | grep -v HEAD | fzf) && git checkout "$(echo "$branch" | sed 's#remotes/[^/]*/##' | tr -d ' *')"
}

# prompt
autoload -Uz vcs_info
precmd() { vcs_info }
PROMPT='%F{blue}%~%f ${vcs_info_msg_0_} %# '

[ -f ~/.fzf.zsh ] && source ~/.fzf.zsh
EOF_DOTFILE
cat > "$D/bash/.bashrc" <<'EOF_DOTFILE'
# ~/.bashrc: executed by bash for non-login shells.
[ -z "$PS1" ] && return

HISTCONTROL=ignoreboth
HISTSIZE=10000
shopt -s histappend checkwinsize

alias ..='cd ..'
alias grep='grep --color=auto'

# extract any archive by its extension
extract() {
  case "$1" in
    *.tar.gz|*.tgz) tar xzf "$1" ;;
    *.tar.bz2) tar xjf "$1" ;;
    *.zip) unzip "$1" ;;
    *.gz) gunzip "$1" ;;
    *) echo "cannot extract $1" ;;
  esac
}

PS1='\u@\h:\w\$ '
EOF_DOTFILE
cat > "$D/git/.gitconfig" <<'EOF_DOTFILE'
[user]
	name = Jane Developer
	email = jane@example.com
[core]
	editor = nvim
	excludesfile = ~/.gitignore_global
	autocrlf = input
[alias]
	co = checkout
	st = status -sb
	lg = log --graph --pretty=format:'%Cred%h%Creset -%C(yellow)%d%Creset %s %Cgreen(%cr)%Creset' --abbrev-commit
	amend = commit --amend --no-edit
	undo = reset --soft HEAD~1
[pull]
	rebase = true
[push]
	default = current
	autoSetupRemote = true
[merge]
	conflictstyle = zdiff3
[diff]
	tool = vimdiff
[init]
	defaultBranch = main
EOF_DOTFILE
cat > "$D/tmux/.tmux.conf" <<'EOF_DOTFILE'
# tmux configuration

# use C-a as the prefix, like screen
unbind C-b
set -g prefix C-a
bind C-a send-prefix

# split panes with | and -
bind | split-window -h -c "#{pane_current_path}"
bind - split-window -v -c "#{pane_current_path}"

# vim-style pane navigation
bind h select-pane -L
bind j select-pane -D
bind k select-pane -U
bind l select-pane -R

set -g mouse on
set -g history-limit 50000
set -g base-index 1
set -g default-terminal "tmux-256color"

# reload the config with prefix r
bind r source-file ~/.tmux.conf \; display "config reloaded"

# status bar
set -g status-style bg=colour235,fg=colour136
set -g status-right '#(whoami)@#H %H:%M'
EOF_DOTFILE
cat > "$D/ssh/config" <<'EOF_DOTFILE'
Host *
    ServerAliveInterval 60
    AddKeysToAgent yes
    IdentitiesOnly yes

Host github.com
    HostName github.com
    User git
    IdentityFile ~/.ssh/id_ed25519

Host bastion
    HostName bastion.example.com
    User jane
    Port 2222
    IdentityFile ~/.ssh/id_work

Host db-prod
    HostName 10.0.4.12
    User ubuntu
    ProxyJump bastion
    LocalForward 5432 localhost:5432
EOF_DOTFILE
cat > "$D/vim/.vimrc" <<'EOF_DOTFILE'
" ~/.vimrc

set nocompatible
set number relativenumber
set expandtab shiftwidth=4 tabstop=4
set ignorecase smartcase
syntax on
filetype plugin indent on

let mapleader = ","
let g:airline_powerline_fonts = 1
let g:airline#extensions#tabline#enabled = 1

" save with leader w
nnoremap <leader>w :w<CR>
" open fugitive status
nnoremap <leader>gs :Git<CR>

" strip trailing whitespace on save
function! StripTrailingWhitespace()
  let l:save = winsaveview()
  keeppatterns %s/\s\+$//e
  call winrestview(l:save)
endfunction
autocmd BufWritePre *.py,*.js call StripTrailingWhitespace()
EOF_DOTFILE
cat > "$D/emacs/init.el" <<'EOF_DOTFILE'
;;; init.el --- my Emacs configuration -*- lexical-binding: t -*-

;;; Commentary:
;; Package setup, magit and projectile.

;;; Code:

(require 'package)
(add-to-list 'package-archives '("melpa" . "https://melpa.org/packages/") t)
(package-initialize)

(setq inhibit-startup-screen t)
(global-set-key (kbd "C-x g") 'magit-status)

(defun my/open-init-file ()
  "Open this init file."
  (interactive)
  (find-file user-init-file))

(use-package projectile
  :config
  (projectile-mode +1)
  (define-key projectile-mode-map (kbd "C-c p") 'projectile-command-map))

(provide 'init)
;;; init.el ends here
EOF_DOTFILE
cat > "$D/bin/git-cleanup" <<'EOF_DOTFILE'
#!/bin/sh
# delete local branches already merged into main
git branch --merged main | grep -v '^\*\|main' | xargs -r git branch -d
EOF_DOTFILE
chmod +x "$D/install.sh" "$D/bin/git-cleanup"

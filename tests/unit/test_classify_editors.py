"""An Emacs package's, a Vim plugin's and a dotfiles repository's own files are read as such.

A pass over Debian's elpa-magit 3.3.0, elpa-projectile 2.7.0, vim-airline 0.11, vim-fugitive
3.7 and a dotfiles tree (zsh/bash rc, .gitconfig, .tmux.conf, ssh config, .vimrc, init.el,
install.sh, Makefile, Brewfile) found `magit-autoloads.el` (225 pieces, "automatically extracted
autoloads") indexed as the package's source, `magit-pkg.el` (the package's name, version and
dependencies) as source, `ssh/config` unknown, so excluded, and a dotfiles repository's
`.ssh/config` blocked as a secret; `.elc` byte code and the `tags` index Vim's `:helptags`
writes in `doc/` were not known as built files; Emacs' `.authinfo` and a `netrc` without its dot
were unknown (excluded, but not blocked: `explain` said "no rule matched"), GitHub CLI's
`gh/hosts.yml` indexed with its token redacted.
"""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, classify_file

AUTOLOADS = (";;; magit-autoloads.el --- automatically extracted autoloads  -*- lexical-binding:"
             " t -*-\n;;\n;;; Code:\n\n(autoload 'magit-status \"magit-status\" nil t)\n")
PKG = ('(define-package "magit" "3.3.0"\n  "A Git porcelain inside Emacs."\n'
       "  '((emacs \"25.1\")\n    (dash \"2.19.1\")))\n")
SSH_CONFIG = ("Host bastion\n    HostName bastion.example.com\n    User jane\n    Port 2222\n"
              "    IdentityFile ~/.ssh/id_work\n")
BREWFILE = 'tap "homebrew/cask-fonts"\nbrew "git"\nbrew "tmux"\ncask "iterm2"\n'
HELPTAGS = ":Gdiffsplit\tfugitive.txt\t/*:Gdiffsplit*\n:Git\tfugitive.txt\t/*:Git*\n"

CASES = [  # (rel, content, kind, subkind, language, policy)
    ("magit-autoloads.el", AUTOLOADS, Kind.GENERATED, "emacs_autoloads", "emacs_lisp",
     Policy.METADATA_ONLY),
    ("lisp/loaddefs.el", AUTOLOADS, Kind.GENERATED, "emacs_autoloads", "emacs_lisp",
     Policy.METADATA_ONLY),
    ("magit-pkg.el", PKG, Kind.DEPENDENCY_MANIFEST, "elpa_package", "emacs_lisp",
     Policy.INDEX_TEXT),
    ("magit-status.el", ";;; magit-status.el --- the grand overview\n(defun magit-status ())\n",
     Kind.SOURCE, "emacs_lisp_source", "emacs_lisp", Policy.PARSE_AND_INDEX),
    ("Brewfile", BREWFILE, Kind.DEPENDENCY_MANIFEST, "homebrew_bundle", "ruby",
     Policy.INDEX_TEXT),
    ("ssh/config", SSH_CONFIG, Kind.CONFIGURATION, "ssh_config_config", "ssh_config",
     Policy.INDEX_TEXT),
    (".ssh/config", SSH_CONFIG, Kind.CONFIGURATION, "ssh_config_config", "ssh_config",
     Policy.INDEX_TEXT),
    ("home/.ssh/config", SSH_CONFIG, Kind.CONFIGURATION, "ssh_config_config", "ssh_config",
     Policy.INDEX_TEXT),
    (".config/git/config", "[alias]\n\tlg = log --graph\n", Kind.CONFIGURATION,
     "git_config_config", "git_config", Policy.INDEX_TEXT),
    ("gitconfig", "[alias]\n\tlg = log --graph\n", Kind.CONFIGURATION, "git_config_config",
     "git_config", Policy.INDEX_TEXT),
    (".aliases", "alias g=git\nalias ll='ls -la'\n", Kind.SOURCE, "shell_source", "shell",
     Policy.PARSE_AND_INDEX),
    (".functions", 'mkcd() { mkdir -p "$1" && cd "$1"; }\n', Kind.SOURCE, "shell_source",
     "shell", Policy.PARSE_AND_INDEX),
    ("t/builder.vim", "describe 'active builder'\n  it 'should start with an empty statusline'\n",
     Kind.TEST, "vim_test", "vim", Policy.PARSE_AND_INDEX),
    ("doc/tags", HELPTAGS, Kind.GENERATED, "tags_index", None, Policy.METADATA_ONLY),
]


@cases(("rel", "content", "kind", "subkind", "language", "policy"), CASES)
def test_editor_and_dotfile_files_are_read_as_what_they_are(tmp_path, rel, content, kind,
                                                             subkind, language, policy):
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


BLOCKED = [  # (rel, content): what `.ssh/` holds beside its config stays blocked
    (".ssh/id_ed25519", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n"
                        "-----END OPENSSH PRIVATE KEY-----\n"),
    (".ssh/known_hosts", "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6\n"),
    (".ssh/authorized_keys", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6 jane\n"),
    # credential files as a dotfiles repository keeps them: Emacs auth-source's `.authinfo`,
    # a `netrc` linked to ~/.netrc, GitHub CLI's and hub's logins (were unknown or indexed)
    (".authinfo", "machine smtp.gmail.com login jane password Wq9xL3vTz7mK2pN port 587\n"),
    ("emacs/authinfo", "machine imap.example.com login jane password Wq9xL3vTz7mK2pN\n"),
    ("netrc", "machine api.github.com login jane password Wq9xL3vTz7mK2pN\n"),
    ("git/git-credentials", "https://jane:Wq9xL3vTz7mK2pN@github.com\n"),
    (".config/gh/hosts.yml", "github.com:\n    oauth_token: gho_Wq9xL3vTz7mK2pN\n"
                             "    user: jane\n"),
    (".config/hub", "github.com:\n- user: jane\n  oauth_token: Wq9xL3vTz7mK2pN\n"),
]


@cases(("rel", "content"), BLOCKED)
def test_the_rest_of_a_ssh_folder_and_credential_files_are_blocked(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert c.index_policy is Policy.BLOCK


def test_byte_compiled_emacs_lisp_is_a_build_artifact(tmp_path):
    c = classify_file(tmp_path, "magit.elc", b";ELC\x1c\x00\x00\x00\n;;; Compiled\n\x00\x01")
    assert (c.kind, c.subkind, c.index_policy) == (Kind.BUILD_ARTIFACT, "compiled",
                                                   Policy.EXCLUDE), c.reasons

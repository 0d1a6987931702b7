"""A dotfiles tree's tmux configuration and shell aliases, cut and named as a person wrote them
(session 35): `.tmux.conf` was read as INI (`.conf`), unnamed windows; alias lines were
nameless module code, so "where is my gs alias" or "which key reloads tmux" found nothing by
name."""

from __future__ import annotations

from pathlib import Path

from repokb.chunkers import chunker_for
from repokb.models import Kind

from ..conftest import assert_redacted, cases, classify_file

TMUX = """# remap prefix from 'C-b' to 'C-a'
unbind C-b
set-option -g prefix C-a
bind-key C-a send-prefix

# split panes using | and -
bind | split-window -h
bind - split-window -v
unbind '"'

# reload config file
bind r source-file ~/.tmux.conf \\; display "Reloaded!"

# Enable mouse mode (tmux 2.1 and above)
set -g mouse on
set -g history-limit 50000

# status bar
set -g status-position bottom
set -g status-bg colour234
set -g status-fg colour137
setw -g window-status-current-format ' #I#[fg=colour250]:#W#F '

# vi keys in copy mode
bind-key -T copy-mode-vi v send-keys -X begin-selection
run '~/.tmux/plugins/tpm/tpm'
"""


@cases(("rel",), [(".tmux.conf",), ("tmux/tmux.conf",), (".tmux.conf.local",)])
def test_a_tmux_configuration_is_tmux_not_ini(tmp_path: Path, rel: str) -> None:
    c = classify_file(tmp_path, rel, TMUX)
    assert (c.kind, c.language, c.subkind) == (Kind.CONFIGURATION, "tmux", "tmux_config"), \
        c.reasons


def test_another_conf_stays_ini(tmp_path: Path) -> None:
    """tmux's name takes only tmux's files (nginx.conf is nginx's own language since
    newuser38: tests/unit/test_infra_ops.py)."""
    c = classify_file(tmp_path, "etc/app.conf", "[main]\nworker_processes = 4\n")
    assert c.language == "ini"


def test_each_run_of_tmux_commands_is_a_piece_named_by_its_bindings_and_options() -> None:
    pieces = chunker_for("tmux").chunk(TMUX)
    named = [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces]
    assert named == [
        ("prefix, bind C-a", "settings", 1, 4),
        ("bind |, bind -", "binding", 6, 9),
        ("bind r", "binding", 11, 12),
        ("mouse, history-limit", "option", 14, 16),
        ("status-position, status-bg, status-fg, ...", "option", 18, 22),
        ("bind v", "binding", 24, 26),
    ], named
    assert pieces[2].content.startswith("# reload config file\nbind r source-file")


ALIASES = """# git
alias gs='git status'
alias gc='git commit -v'
alias gl='git log --graph --pretty=format:"%h %s" --abbrev-commit --date=relative'

# navigation
alias ..='cd ..'
alias -g G='| grep'
alias ll="ls -alF"

mkcd() {
  mkdir -p "$1" && cd "$1"
}
"""


def test_shell_aliases_are_named_by_the_alias() -> None:
    pieces = chunker_for("shell").chunk(ALIASES)
    names = {n for p in pieces for n in ((p.symbol,) if p.symbol else ())} \
        | {n for p in pieces for n, _ in p.also}
    assert {"gs", "gc", "gl", "..", "G", "ll", "mkcd"} <= names, \
        [(p.symbol, p.also) for p in pieces]
    gl = next(p for p in pieces if p.symbol == "gl" or ("gl", "alias") in p.also)
    assert "git log --graph" in gl.content


def test_a_tmux_plugin_option_holding_a_password_is_redacted() -> None:
    """`set -g @jira_password "X"` was kept verbatim (a directive's key had no `@`)."""
    text = 'set -g @plugin "tmux-plugins/tpm"\nset -g @jira_password "Tr0ub4dor&3xQ"\n'
    result = assert_redacted(text, "config", "tmux", "Tr0ub4dor&3xQ")
    assert "tmux-plugins/tpm" in result.text

"""Bash completion scripts (session 30, misc31): Django 5.2.8's `extras/django_bash_completion`
(no extension, no shebang: it is sourced, never run) was an unknown format, left out. A
completion script is shell, told by its name (`*bash_completion*`, `*.bash-completion`), its
folder (`bash_completion.d/`) or, with no extension, its content (`complete -F`, `COMPREPLY`,
`compgen`; zsh's `#compdef`)."""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import cases, classify_file

DJANGO = """\
# This bash script adds tab-completion feature to django-admin and manage.py.

_django_completion()
{
    COMPREPLY=( $( COMP_WORDS="${COMP_WORDS[*]}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   DJANGO_AUTO_COMPLETE=1 $1 ) )
}
complete -F _django_completion -o default manage.py django-admin
"""
PLAIN = "# a note\nrun the thing\n"
COMPGEN = """\
_tool() {
    local cur=${COMP_WORDS[COMP_CWORD]}
    COMPREPLY=($(compgen -W "start stop status" -- "$cur"))
}
complete -F _tool tool
"""
ZSH = "#compdef tool\n\n_arguments '1: :(start stop status)'\n"

# path, content: each is shell
COMPLETIONS = [
    ("shell", "extras/django_bash_completion", DJANGO),
    ("shell", "contrib/tool.bash-completion", COMPGEN),
    ("shell", "etc/bash_completion.d/tool", PLAIN),
    ("shell", "share/bash-completion/completions/tool", COMPGEN),
    ("shell", "completions/tool", COMPGEN),
    ("shell", "contrib/completion/_tool", ZSH),
]


@cases(("language", "rel", "text"), COMPLETIONS)
def test_a_bash_completion_script_is_shell(tmp_path, language, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert c.language == language, (rel, c.reasons)
    assert c.kind is not Kind.UNKNOWN and c.index_policy is not Policy.EXCLUDE, c.reasons


def test_a_completion_named_folder_or_word_alone_is_not_shell(tmp_path):
    """Django's tests of the completion (`tests/bash_completion/tests.py`) stay Python; an
    extension-less note in completions/ that has no completion command is no script."""
    assert classify_file(tmp_path, "tests/bash_completion/tests.py",
                         "import unittest\n").language == "python"
    assert classify_file(tmp_path, "completions/README", PLAIN).language != "shell"
    assert classify_file(tmp_path, "docs/notes", "Use complete sentences here.\n"
                         ).language != "shell"

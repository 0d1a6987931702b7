"""Redis's passwords where no `password` key names them (session 33's attacker pass found each
stored as written):

- an ACL rule that adds a password, `>X` (and a stored hash, `#<64 hex>`), in `ACL SETUSER
  NAME on >X ~* +@all` (redis-cli, a client's `acl_setuser` call written as the command) and in
  an ACL file's or `redis.conf`'s `user NAME on >X ...` line;
- `redis.conf`'s directives `requirepass X` and `masterauth X` at a line's start (read as INI,
  where a key needs a `=`), and `CONFIG SET requirepass X` (`--requirepass X` on a command line
  is commands.py's); Sentinel's `sentinel auth-pass MASTER X` (session 37).

A value is a literal, never a reference (`$PASS`, `${REDIS_PASSWORD}`), nor a placeholder.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_value

Span = tuple[int, int, str, bool]

# the rules of one user: `ACL SETUSER NAME ...` or an ACL file's `user NAME ...`
_USER = re.compile(r"(?im)(?:\bacl[ \t]+setuser|^[ \t]*user)[ \t]+[^\s>#]+(?P<rules>[^\n]*)")
_RULE = re.compile(r"""(?:^|[ \t])(?P<q>["']?)(?:>(?P<value>[^\s"']{4,256})"""
                   r"""|#(?P<hash>[0-9a-f]{64}))(?P=q)(?=\s|$)""")
# an ACL line's own mark (`on`, `off`, a key pattern, a command category): not any line that
# opens with `user` (`user add bob >/dev/null`)
_ACL_MARK = re.compile(r"(?:^|[ \t])(?:on|off|nopass|resetpass|allkeys|allcommands|~\S+|[+\-]@\S+)"
                       r"(?=\s|$)")
_DIRECTIVE = re.compile(r"""(?im)(?:^[ \t]*|\bconfig[ \t]+set[ \t]+)(?:requirepass|masterauth"""
                        r"""|sentinel[ \t]+auth-pass[ \t]+[^\s"']+)"""
                        r"""[ \t]+(?P<q>["']?)(?P<value>[^\s"']{4,256})(?P=q)[ \t]*$""")
_REFERENCE = re.compile(r"[$%`{]")


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the Redis passwords of `text` (see the module docstring)."""
    out: list[Span] = []
    if ">" in text or "#" in text:
        for start, end in keys.lines(("setuser", "user ")):
            for user in _USER.finditer(text, start, end):
                if not _ACL_MARK.search(user.group("rules")):
                    continue
                for m in _RULE.finditer(user.group("rules")):
                    group = "value" if m.group("value") is not None else "hash"
                    if group == "hash" or _password(m.group(group)):
                        at = user.start("rules")
                        out.append((at + m.start(group), at + m.end(group), "redis_acl", False))
    for start, end in keys.lines(("requirepass", "masterauth", "auth-pass")):
        out += [(m.start("value"), m.end("value"), "redis_password", False)
                for m in _DIRECTIVE.finditer(text, start, end) if _password(m.group("value"))]
    return out


def _password(value: str) -> bool:
    return not _REFERENCE.search(value) and is_secret_value(value, "password",
                                                            literal_words=True)

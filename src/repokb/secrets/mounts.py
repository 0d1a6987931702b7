"""A mount's options (`/etc/fstab`'s fourth field, `mount -o`): one value per `,`-separated
option, a password option's value the secret, a credentials file's path none; and the key
field of an encrypted volume's line (`/etc/crypttab`), a passphrase unless it names a file.

A CIFS share in fstab (`//nas/share /mnt/share cifs username=bob,password=X,uid=1000 0 0`)
gives its password as an option (`password=X`, `pass=X`) or names the file holding it
(`credentials=/root/.smbcred`, `cred=`). The finders read `password=` to the end of its line
(the other options and the dump and pass numbers lost) and `credentials=/path` as a secret.
`clip` keeps, of the findings that touch an options field, only each password option's
value, from its `=` to the next `,` (and a token format's finding within its option): the path
and the other options stay as written.

crypttab's lines are `name device key options`: the key field is a key file's path
(`/etc/keys/home.key`, `/dev/urandom` for swap), `none` or `-` (asked at boot), or, as Arch's
initscripts and some embedded systems read it, the passphrase itself (`cryptdata /dev/sdb1
X luks`), which `find` takes; a line is one when its device is a device's name
(`/dev/..`, `UUID=..`) and its options hold one of crypttab's own (`luks`, `swap`, `cipher=`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, TypeVar

from repokb.rules.secret_patterns import PLACEHOLDER
from repokb.secrets.keylines import KeyLines

# fstab: device, mount point, type, options, then the dump and pass numbers (optional)
_FSTAB = re.compile(r"(?m)^[ \t]*[^#\s]\S*[ \t]+(?:/\S*|none|swap)[ \t]+[\w.+-]+[ \t]+"
                    r"(?P<opts>\S*=\S*)(?:[ \t]+\d+){0,2}[ \t]*$")
_MOUNT = re.compile(r"(?m)\bmount\b[^\n]*?[ \t]-o[ \t]*(?P<opts>[^\s'\"]*=[^\s'\"]*)")
_OPTION = re.compile(r"(?P<key>[^,=]+)=(?P<value>[^,]*)")
# CIFS' `password=` / `pass=`, Ceph's `secret=` (the key itself; `secretfile=` a path)
_PASSWORD_KEYS = frozenset({"password", "pass", "passwd", "pw", "secret"})

# crypttab: a volume's name, its device, its key field, its options
_CRYPTTAB = re.compile(r"(?m)^[ \t]*[^#\s/=]\S*[ \t]+(?:/dev/|(?:PART)?(?:UUID|LABEL)=|ID=)\S+"
                       r"[ \t]+(?P<key>[^\s/\-]\S*)[ \t]+(?P<opts>\S+)[ \t]*$")
# crypttab's own options (crypttab(5)): a line of another table has none of them
_CRYPTTAB_OPTION = re.compile(r"(?:^|,)(?:luks|plain|bitlk|tcrypt|swap|tmp|discard|noauto|nofail"
                              r"|initramfs|readonly|cipher=|size=|hash=|keyscript=|tries=|"
                              r"timeout=|header=|keyfile-(?:offset|size)=)")
# a word a crypttab line's options hold (one of them, before any pattern is tried: found with
# every finder's words, P.LINE_WORDS)
_CRYPTTAB_WORDS = ("luks", "swap,", "tcrypt", "bitlk", "cipher=")
# the key field naming no passphrase: asked at boot, or read from a device or a TPM
_NO_PASSPHRASE = frozenset({"none", "ask", "swap"})

F = TypeVar("F")


def find(text: str, keys: KeyLines) -> list[tuple[int, int, str, bool]]:
    """Spans of the passphrases written in crypttab lines' key fields (see the docstring):
    not a path (it holds a `/`), `none`, `-`, nor a placeholder or reference (`keys`: the
    text's key words, found once for every finder)."""
    if not keys.has(_CRYPTTAB_WORDS) or (
            "/dev/" not in text and "UUID=" not in text and "LABEL=" not in text):
        return []
    return [(m.start("key"), m.end("key"), "crypttab_passphrase", False)
            for m in _CRYPTTAB.finditer(text)
            if _CRYPTTAB_OPTION.search(m.group("opts"))
            and m.group("key").lower() not in _NO_PASSPHRASE
            and len(m.group("key")) >= 4 and not PLACEHOLDER.match(m.group("key"))
            and m.group("key")[0] not in "$%{<"]


def clip(text: str, found: list[F]) -> list[F]:
    """`found` with each finding that touches a mount's options field cut to the options'
    values it covers that are passwords (or that a token format found: a strong finding); a
    finding of another option (`credentials=/path`, `uid=1000`) is dropped."""
    if not found or "=" not in text:
        return found
    fields = [(m.start("opts"), m.end("opts")) for m in _FSTAB.finditer(text)]
    if "mount" in text:
        fields += [(m.start("opts"), m.end("opts")) for m in _MOUNT.finditer(text)]
    if not fields:
        return found
    out: list[F] = []
    for f in found:
        g: Any = f
        field = next(((s, e) for s, e in fields if g.start < e and s < g.end), None)
        if field is None:
            out.append(f)
            continue
        for m in _OPTION.finditer(text, field[0], field[1]):
            start, end = m.start("value"), m.end("value")
            if not (start < end and g.start < end and start < g.end):
                continue
            if m.group("key").strip().lower() in _PASSWORD_KEYS:  # the whole value
                out.append(replace(g, start=start, end=end))
            elif g.strong:  # a token in another option: itself, within the option
                out.append(replace(g, start=max(g.start, start), end=min(g.end, end)))
    return out

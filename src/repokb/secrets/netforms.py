"""Network devices' and services' shared secrets, written where no `password` key names them
(session 33's attacker pass found each stored as written):

- Wi-Fi: wpa_supplicant's `psk="X"` (a quoted passphrase; a bare 64-hex PSK too),
  NetworkManager's `psk=X`, a Wi-Fi QR code's payload `WIFI:T:WPA;S:ssid;P:X;;`;
- SNMP communities, the password of SNMP v1/v2c: net-snmp's `rocommunity X` / `rwcommunity X`
  (`com2sec NAME SOURCE X`), a router's `snmp-server community X RO`;
- a router's `username NAME ... password 0 X` / `secret 0 X` and `enable password X` (Cisco IOS
  and its kin; type 0 is the plain text, `7` a reversible cipher; `5`, `8`, `9` are hashes:
  the hash is taken too); a plain one must look like a password (`enable password` in a
  sentence stays);
- session 38: SNMP v3's user passphrases (net-snmp's `createUser NAME SHA "X" AES "Y"`, the
  authentication's and the privacy's);
- an OpenVPN static key (`-----BEGIN OpenVPN Static key V1-----`, the `<tls-auth>` and
  `<tls-crypt>` blocks of a client profile): its hex lines.

A value is a literal, never a reference nor a placeholder (`<community>`, `${PSK}`); SNMP's
documented `public` and `private` communities are no secret.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder
from repokb.secrets.values import password_like

Span = tuple[int, int, str, bool]

_PSK = re.compile(r"""(?m)^[ \t]*psk[ \t]*=[ \t]*(?:"(?P<value>[^"\n]{8,63})\""""
                  r"""|(?P<hex>[0-9a-fA-F]{64})\b|(?P<bare>[^\s"']{8,63})[ \t]*$)""")
_WIFI_QR = re.compile(r"""WIFI:(?:[^;\n]*;)*?P:(?P<value>(?:\\.|[^;\\\n]){4,128});""")
_COMMUNITY = re.compile(
    r"""(?im)(?:^[ \t]*r[ow]community6?[ \t]+|^[ \t]*com2sec6?[ \t]+(?:-Cn[ \t]+\S+[ \t]+)?\S+"""
    r"""[ \t]+\S+[ \t]+|\bsnmp-server[ \t]+community[ \t]+(?:[0-9][ \t]+)?)"""
    r"""(?P<value>[^\s"']{4,128})""")
# a router's configuration is lower case, one statement a line, the secret its last word
_DEVICE = re.compile(
    r"""(?m)^[ \t]*(?:username[ \t]+\S+(?:[ \t]+privilege[ \t]+\d+)?|enable)[ \t]+"""
    r"""(?:password|secret)[ \t]+(?:(?P<type>[0-9])[ \t]+)?(?P<value>\S{4,256})[ \t]*$""")
_SNMP_USER = re.compile(
    r"""(?m)^[ \t]*createUser[ \t]+(?:-e[ \t]+\S+[ \t]+)?\S+[ \t]+(?:MD5|SHA[\w\-]*)[ \t]+"""
    r"""(?:"(?P<auth>[^"\n]{8,128})"|(?P<bare>[^\s"]{8,128}))(?:[ \t]+(?:DES|AES[\w\-]*)[ \t]+"""
    r"""(?:"(?P<priv>[^"\n]{8,128})"|(?P<pbare>[^\s"]{8,128})))?""")
_OVPN_KEY = re.compile(r"-----BEGIN OpenVPN Static key V1-----\n(?P<value>[0-9a-fA-F\s]{32,2200}?)"
                       r"\n-----END OpenVPN Static key V1-----")
_NOT_SECRET = frozenset({"public", "private"})


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the shared secrets of `text` (see the module docstring)."""
    out: list[Span] = []
    for start, end in keys.lines(("psk",)):
        for m in _PSK.finditer(text, start, end):
            group = next(g for g in ("value", "hex", "bare") if m.group(g) is not None)
            if _literal(m.group(group)) and (group != "bare" or password_like(
                    m.group(group), min_length=8, glued_words=True)):
                out.append((m.start(group), m.end(group), "wifi_psk", False))
    if "WIFI:" in text:
        out += [(m.start("value"), m.end("value"), "wifi_psk", False)
                for m in _WIFI_QR.finditer(text) if _literal(m.group("value"))]
    for start, end in keys.lines(("community", "com2sec")):
        out += [(m.start("value"), m.end("value"), "snmp_community", False)
                for m in _COMMUNITY.finditer(text, start, end) if _literal(m.group("value"))
                and m.group("value").lower() not in _NOT_SECRET
                and password_like(m.group("value"), min_length=6, glued_words=True)]
    for start, end in keys.lines(("username", "enable")):
        out += [(m.start("value"), m.end("value"), "device_password", False)
                for m in _DEVICE.finditer(text, start, end)
                if m.group("type") not in (None, "0")  # a cipher or a hash: `$1$...` too
                or _literal(m.group("value"))
                and password_like(m.group("value"), min_length=6, glued_words=True)]
    if "createUser" in text:
        out += [(m.start(g), m.end(g), "snmp_user", False) for m in _SNMP_USER.finditer(text)
                for g in ("auth", "bare", "priv", "pbare")
                if m.group(g) is not None and _literal(m.group(g))]
    if "OpenVPN Static key" in text:
        out += [(m.start("value"), m.end("value"), "openvpn_static_key", True)
                for m in _OVPN_KEY.finditer(text)]
    return out


def _literal(value: str) -> bool:
    """Not a placeholder nor a reference (`$X`, `%NAME%`, `%1`; a `%` alone is a password's:
    `secret 0 Pw4417%`, session 38)."""
    return not is_placeholder(value) and not re.search(r"[$`{<]|%(?:[A-Za-z_]\w*%|[~*\d(])",
                                                       value)

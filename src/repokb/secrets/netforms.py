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
  `<tls-crypt>` blocks of a client profile): its hex lines;
- session 41: any device statement, a line of words where a secret's keyword
  (P.DEVICE_SECRET_WORDS) is followed by its type or algorithm words (P.DEVICE_SECRET_MARKS)
  and the value (`tacacs-server host H key 7 X`, `crypto isakmp key X address A`, `neighbor N
  password 7 X`, `ip ospf message-digest-key 1 md5 X`, `snmp-server user U G v3 auth sha X priv
  aes 128 Y`, Juniper's `set .. pre-shared-key ascii-text "X"`, Fortinet's `set psksecret ENC
  X`), outside code; a value Juniper marks itself (`encrypted-password "X"; ## SECRET-DATA`);
  RouterOS' `add`/`set` commands' secret-named `key=value` items (`/ppp secret add name=u
  password=X`, `wpa2-pre-shared-key=X`, `/snmp community set .. name=X`), in any mode (`.rsc` is
  Rascal's too, read as code);
- session 41: an OpenVPN profile's inline `<auth-user-pass>` (its second line, the password)
  and `<pkcs12>` (the client's key and certificate, base64); IPsec secrets' lines (strongSwan's
  and Libreswan's `ipsec.secrets`: `[ids] : PSK "X"`, `: EAP X`, `: XAUTH X`, `: RSA key.pem
  X`); Asterisk's `register => USER:X@host`; a password behind Dovecot's or LDAP's scheme
  (`{PLAIN}X`, `{SHA512-CRYPT}$6$..`: a passwd-file's `user:{PLAIN}X:..`); Postfix's
  `sasl_passwd` line (`[smtp.host]:587 USER:X`, the relay bracketed).

A value is a literal, never a reference nor a placeholder (`<community>`, `${PSK}`); SNMP's
documented `public` and `private` communities are no secret.

Session 42: an Asterisk `voicemail.conf` mailbox's PIN (`6001 => 739104,Name,mail`), and
Kamailio's (OpenSIPS') `#!substdef "!AUTH_SECRET!X!g"` under a secret's name.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder, is_secret_key
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
# the body between the armor lines, whatever its alphabet (OpenVPN writes hex; a key pasted
# as base64 or rewrapped is the same secret: session 41's new-user trial stored one)
_OVPN_KEY = re.compile(r"-----BEGIN OpenVPN Static key V1-----\n"
                       r"(?P<value>[A-Za-z0-9+/=\s]{16,2200}?)"
                       r"\n[ \t]*-----END OpenVPN Static key V1-----")
_NOT_SECRET = frozenset({"public", "private"})
_OVPN_USER_PASS = re.compile(r"<(?:auth|http-proxy)-user-pass>[ \t]*\n[ \t]*[^\n<]+\n[ \t]*"
                             r"(?P<value>[^\s<][^\n<]{0,255}?)[ \t]*\n[ \t]*</")
_OVPN_PKCS12 = re.compile(r"<pkcs12>[ \t]*\n(?P<value>[A-Za-z0-9+/=\s]{40,20000}?)\s*</pkcs12>")
_IPSEC_SECRET = re.compile(
    r"""(?m)^[^:#\n]*:[ \t]*(?:PSK|EAP|XAUTH|NTLM|(?:RSA|ECDSA|P12|PIN)[ \t]+\S+)[ \t]+"""
    r"""(?:"(?P<dq>[^"\n]{1,256})"|'(?P<sq>[^'\n]{1,256})'|(?P<bare>[^\s"'#]{1,256}))""")
_SIP_REGISTER = re.compile(r"""(?m)^[ \t]*register[ \t]*=>[ \t]*(?:[\w.\-]+\?)?[^\s:@/]+:"""
                           r"""(?P<value>[^\s:@/]{1,128})(?::[^\s@/]*)?@""")
# Asterisk's `voicemail.conf`: `mailbox => [-]PIN,Full Name[,email[,pager[,options]]]` (its
# dialplan writes `exten =>`: a name first, never digits)
_VOICEMAIL_BOX = re.compile(r"""(?m)^[ \t]*\d{1,12}[ \t]*=>[ \t]*-?(?P<value>\d{3,16})[ \t]*,""")
# Kamailio's and OpenSIPS' preprocessor: `#!substdef "!NAME!VALUE!g"` (any delimiter)
_SUBSTDEF = re.compile(r"""(?m)^#!substdefs?[ \t]+"(?P<d>[^\w\s"])(?P<key>\w{1,80})(?P=d)"""
                       r"""(?P<value>[^"\n]{1,256}?)(?P=d)\w*"[ \t]*$""")
_SCHEME_PASSWORD = re.compile(  # (its `{` first: found fast; what stands before it, by hand)
    r"""\{(?:PLAIN|CLEARTEXT|PLAIN-MD5|LDAP-MD5|CRAM-MD5|DIGEST-MD5|[A-Z0-9]+-CRYPT|"""
    r"""CRYPT|S?SHA(?:\d{3})?|S?MD5|PBKDF2|ARGON2IDS?|SCRAM-SHA-\d+)\}"""
    r"""(?P<value>[^\s:"'<>]{4,512})""")
_RELAY_CREDENTIALS = re.compile(r"""\[[\w\-]+(?:\.[\w\-]+)+\](?::\d+)?[ \t]+[^\s:"'\\]+:"""
                                r"""(?P<value>[^\s"'\\]{4,256})""")


# a device statement's line: lower-case words first (a YAML list's `- ` and a quote allowed:
# an Ansible task's `lines:`), no assignment nor call before its keyword
_STATEMENT = re.compile(r"""^[ \t]*(?:-[ \t]+)?["']?[a-z][\w\-]*(?:[ \t]|$)""")
_TOKEN = re.compile(r'"[^"\n]*"|\S+')
# a sentence's marks: a word's comma, full stop or question before a space, a contraction, a
# code span (Django's docs: "the authentication method, ...", "if the key doesn't exist")
_PROSE = re.compile(r"""[,.?:][ \t]|[,.?:]$|\w'\w|`""")
_HASHED = re.compile(r"\$(?:1|5|6|8|9|2[aby]?|apr1|sha512)\$\S{8,}|0x[0-9a-fA-F]{16,}")
_SECRET_DATA = re.compile(r"""(?P<q>"?)(?P<value>[^\s";]{4,256})(?P=q);[ \t]*## SECRET-DATA""")
_ROUTEROS = re.compile(r"""(?m)^[ \t]*(?P<menu>/[\w\-]+(?:[ \t]+[a-z][\w\-]*)*[ \t]+)?"""
                       r"""(?:add|set)[ \t][^\n]*""")
_MENU_LINE = re.compile(r"(?m)^/[a-z][\w\-]*(?:[ \t]+[a-z][\w\-]*)*[ \t]*$")  # `/ip ipsec`
_ROUTEROS_ITEM = re.compile(r"""(?<![\w\-])(?P<key>[a-z][\w\-]*)=(?:"(?P<dq>[^"\n]{1,256})"|"""
                            r"""(?P<bare>[^\s"\[\]]{1,256}))""")


def find(text: str, keys: KeyLines, mode: str = "config") -> list[Span]:
    """Spans of the shared secrets of `text` (see the module docstring)."""
    out: list[Span] = _routeros(text)
    if "SECRET-DATA" in text:
        out += [(m.start("value"), m.end("value"), "device_password", False)
                for m in _SECRET_DATA.finditer(text)
                if _HASHED.fullmatch(m.group("value")) or _literal(m.group("value"))]
    if mode != "code":
        for start, end in keys.lines(P.DEVICE_SECRET_ANCHORS):
            out += _statement(text, start, end)
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
                # a cipher or a hash (`$1$...` too), never a placeholder (`secret 5 <removed>`)
                if m.group("type") not in (None, "0") and (
                    _HASHED.fullmatch(m.group("value")) or _literal(m.group("value")))
                or _literal(m.group("value"))
                and password_like(m.group("value"), min_length=6, glued_words=True)]
    if "createUser" in text:
        out += [(m.start(g), m.end(g), "snmp_user", False) for m in _SNMP_USER.finditer(text)
                for g in ("auth", "bare", "priv", "pbare")
                if m.group(g) is not None and _literal(m.group(g))]
    out += _services(text, mode)
    if "OpenVPN Static key" in text:
        out += [(m.start("value"), m.end("value"), "openvpn_static_key", True)
                for m in _OVPN_KEY.finditer(text)]
    return out


def _services(text: str, mode: str = "config") -> list[Span]:
    """OpenVPN's inline credentials, IPsec secrets, Asterisk's registrations, a password behind
    its scheme, Postfix's relay credentials (see the module docstring)."""
    out: list[Span] = []
    if "-user-pass>" in text:
        out += [(m.start("value"), m.end("value"), "openvpn_inline", True)
                for m in _OVPN_USER_PASS.finditer(text) if _literal(m.group("value"))]
    if "<pkcs12>" in text:
        out += [(m.start("value"), m.end("value"), "openvpn_inline", True)
                for m in _OVPN_PKCS12.finditer(text)]
    if ": " in text and (" PSK " in text or " EAP " in text or " XAUTH " in text
                         or ": RSA " in text):
        for m in _IPSEC_SECRET.finditer(text):
            group = next(g for g in ("dq", "sq", "bare") if m.group(g) is not None)
            if _literal(m.group(group)) and len(m.group(group)) >= 4:
                out.append((m.start(group), m.end(group), "ipsec_secret", False))
    if "register" in text and "=>" in text:
        out += [(m.start("value"), m.end("value"), "sip_register", False)
                for m in _SIP_REGISTER.finditer(text) if _literal(m.group("value"))]
    if "=>" in text and mode != "code":  # session 42: a voicemail mailbox's PIN (no name
        # says it; never in code, where `1 => 1000,` is a PHP or Perl array's pair)
        out += [(m.start("value"), m.end("value"), "voicemail_pin", False)
                for m in _VOICEMAIL_BOX.finditer(text)]
    if "#!subst" in text:  # session 42: Kamailio's substitution of a secret's name
        out += [(m.start("value"), m.end("value"), "preprocessor_secret", False)
                for m in _SUBSTDEF.finditer(text)
                if is_secret_key(m.group("key")) and _literal(m.group("value"))]
    if "}" in text:
        out += [(m.start("value"), m.end("value"), "scheme_password", False)
                for m in _SCHEME_PASSWORD.finditer(text)
                if not (m.start() and (text[m.start() - 1].isalnum()
                                       or text[m.start() - 1] in "_{"))
                and (_HASHED.fullmatch(m.group("value")) or _literal(m.group("value")))]
    if "]:" in text or "] " in text:
        out += [(m.start("value"), m.end("value"), "relay_credentials", False)
                for m in _RELAY_CREDENTIALS.finditer(text)
                if _literal(m.group("value"))
                and password_like(m.group("value"), min_length=6, glued_words=True)]
    return out


def _statement(text: str, start: int, end: int) -> list[Span]:
    """The values of a device statement's secret keywords on the line text[start:end]."""
    line = text[start:end]
    if not _STATEMENT.match(line) or "=" in line or "(" in line or _PROSE.search(line):
        return []
    tokens = list(_TOKEN.finditer(line))
    out: list[Span] = []
    i = 0
    while i < len(tokens):
        word = tokens[i].group().strip("\"'").lower()
        i += 1
        if word not in P.DEVICE_SECRET_WORDS:
            continue
        marks = []
        while i < len(tokens) - 1 and tokens[i].group().lower() in P.DEVICE_SECRET_MARKS:
            marks.append(tokens[i].group().lower())
            i += 1
        if i >= len(tokens):
            break
        token = tokens[i]
        value = token.group().rstrip(";")
        at = token.start() + (1 if value.startswith('"') else 0)
        value = value.strip('"')
        if i + 1 < len(tokens) and tokens[i + 1].group() == "encrypted":
            marks.append("enc")  # ASA's `enable password X encrypted`
        if _device_value(value, marks):
            out.append((start + at, start + at + len(value), "device_password", False))
            i += 1
    return out


def _device_value(value: str, marks: list[str]) -> bool:
    """A statement's value: a cipher's text or a hash (`7` and hex, `5`/`8`/`9` and `$..$`,
    `0x..`), else a literal that looks like a password (`0`, an algorithm, no type)."""
    if _HASHED.fullmatch(value):
        return True
    if not _literal(value) or value.lower() in _NOT_SECRET:
        return False
    if "7" in marks and not any(m.isalpha() for m in marks):
        return re.fullmatch(r"[0-9A-Fa-f]{4,}", value) is not None
    if "enc" in marks:
        return len(value) >= 8
    return password_like(value, min_length=6, glued_words=True)


def _routeros(text: str) -> list[Span]:
    """RouterOS' `add`/`set` commands' secret-named items (see the module docstring)."""
    if not (text.startswith("/") or "\n/" in text) or "=" not in text:
        return []  # (a menu opens a line of every RouterOS script)
    out: list[Span] = []
    script = _MENU_LINE.search(text) is not None
    for line in _ROUTEROS.finditer(text):
        menu = line.group("menu") or ""
        if not menu and not script:
            continue  # `add`/`set` opening a line of a file that is no RouterOS script
        for m in _ROUTEROS_ITEM.finditer(line.group()):
            key, group = m.group("key"), "dq" if m.group("dq") is not None else "bare"
            secret = is_secret_key(key) or key == "name" and any(
                w in menu for w in P.ROUTEROS_SECRET_MENUS)
            if secret and _literal(m.group(group)) and len(m.group(group)) >= 4 \
                    and m.group(group).lower() not in _NOT_SECRET:
                out.append((line.start() + m.start(group), line.start() + m.end(group),
                            "device_password", False))
    return out


def _literal(value: str) -> bool:
    """Not a placeholder nor a reference (`$X`, `%NAME%`, `%1`; a `%` alone is a password's:
    `secret 0 Pw4417%`, session 38)."""
    return not is_placeholder(value) and not re.search(r"[$`{<]|%(?:[A-Za-z_]\w*%|[~*\d(])",
                                                       value)

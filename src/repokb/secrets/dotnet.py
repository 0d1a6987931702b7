""".NET's own secret forms, where no `key = "value"` shows them.

Found here (spans of the value only, never its name):
- a C# auto-property's initializer: `public string ApiKey { get; init; } = "X";`;
- a value set under a secret's name: `Environment.SetEnvironmentVariable("API_KEY", "X")`, the
  .NET CLI's `dotnet user-secrets set "Stripe:SecretKey" "X"` (also quoted in documentation);
- a Settings.settings / app.config `applicationSettings` entry named like a secret:
  `<setting name="ApiKey" serializeAs="String"><value>X</value></setting>` (its value on the
  next line too, as Visual Studio writes it);
- every value of a NuGet.config `<apikeys>` section (`<add key="https://api.nuget.org/v3/
  index.json" value="X" />`: the key is the feed's address, the value the feed's API key) and
  the API key given to `nuget setapikey X`;
- the password given to `dotnet nuget add|update source ... -p X` (`--password X` is any
  tool's option: credentials.py);
- a `SecureString` filled from a literal in a loop: `foreach (char c in "X") ss.AppendChar(c);`.

The name must be a secret's (`scan.is_secret_key`) and the value not empty, a placeholder or a
`${VAR}` (`values.value_ok`). Each form is tried only in a text holding its anchor.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder, is_secret_key
from repokb.secrets.values import is_field_name, value_ok

Span = tuple[int, int, str, bool]

# `Name { get; set; } = "v"`, `{ get; private set; }`, `{ get; init; }`, `{ get; }`; a verbatim
# or interpolated literal (`@"v"`, `$"v"`) too
_AUTO_PROPERTY = re.compile(
    r"""\b(?P<key>[A-Za-z_]\w{0,80})[ \t]*\{[ \t]*(?:(?:public|private|protected|internal|"""
    r"""required)[ \t]+)*(?:get|set|init)[ \t]*;[ \t]*(?:(?:(?:public|private|protected|"""
    r"""internal)[ \t]+)*(?:get|set|init)[ \t]*;[ \t]*)?\}[ \t]*=[ \t]*(?:[@$]{1,2})?"""
    r""""(?P<value>[^"\n]{1,400})\"""")
_KEYED_CALL = re.compile(
    r"""\b(?:SetEnvironmentVariable[ \t]*\(|user-secrets[ \t]+set)[ \t]*(?P<kq>["'])"""
    r"""(?P<key>[\w.:\-]{1,80})(?P=kq)[ \t]*,?[ \t]*(?:[@$]{1,2})?(?P<q>["'])"""
    r"""(?P<value>[^"'\n]{1,400})(?P=q)""")
_SETTING = re.compile(
    r"""<setting\b[^>\n]*?\bname[ \t]*=[ \t]*["'](?P<key>[\w.:\-]{1,80})["'][^>\n]*>\s*"""
    r"""<value>(?P<value>[^<\n]{1,400})</value>""")
_APIKEYS = re.compile(r"<apikeys>(?P<body>[\s\S]{0,20000}?)</apikeys>", re.I)
_ADD_VALUE = re.compile(r"""<add\b[^>]*?\bvalue[ \t]*=[ \t]*(?P<q>["'])(?P<value>[^"'\n]{1,400})"""
                        r"""(?P=q)""")
_SETAPIKEY = re.compile(r"""\bsetapikey[ \t]+(?P<q>["']?)(?P<value>[^\s"'`|;&<>]{8,400})(?P=q)""",
                        re.I)
_NUGET_SOURCE = re.compile(
    r"""\bnuget[ \t]+(?:add|update)[ \t]+source\b[^\n|;&]*?[ \t]-p[ \t]+(?P<q>["']?)"""
    r"""(?P<value>[^\s"'`|;&<>]{4,400})(?P=q)""")


# a SecureString filled from a literal, a character at a time: `foreach (char c in "X")
# ss.AppendChar(c);` (also `"X".ToCharArray()`, the body in braces, over lines)
_SECURE_STRING = re.compile(
    r"""\bforeach[ \t]*\([ \t]*(?:char|var)[ \t]+(?P<c>\w+)[ \t]+in[ \t]+@?"""
    r""""(?P<value>[^"\n]{4,400})"(?:\.ToCharArray\(\))?[ \t]*\)\s*\{?\s*"""
    r"""[\w.]+\.AppendChar\([ \t]*(?P=c)[ \t]*\)""")


def find(text: str, keys: KeyLines | None = None) -> list[Span]:
    """Spans of every secret in the forms above (see the module docstring). Each pattern is
    searched only on the lines around its anchor (`keys`: find_all's, found once for all
    finders)."""
    keys = KeyLines(text) if keys is None else keys
    low = keys.low
    out: list[Span] = []
    for anchors, pattern, name, below in (
            (("get;", "set;", "init;"), _AUTO_PROPERTY, "auto_property", 0),
            (("setenvironmentvariable", "user-secrets"), _KEYED_CALL, "keyed_call", 0),
            (("<setting",), _SETTING, "application_setting", 1)):
        for start, end in keys.lines(anchors, below):
            for m in pattern.finditer(text, start, end):
                key, value = m.group("key"), m.group("value").strip()
                if is_secret_key(key) and value_ok(value, key) and not is_field_name(value):
                    at = m.start("value") + m.group("value").find(value)
                    out.append((at, at + len(value), name, False))
    if "<apikeys>" in low:
        for section in _APIKEYS.finditer(text):
            for m in _ADD_VALUE.finditer(text, section.start("body"), section.end("body")):
                if not is_placeholder(m.group("value")):
                    out.append((m.start("value"), m.end("value"), "nuget_api_key", False))
    for anchor, pattern, name in (("setapikey", _SETAPIKEY, "nuget_api_key"),
                                  ("nuget", _NUGET_SOURCE, "command_option")):
        for start, end in keys.lines((anchor,)):
            out += [(m.start("value"), m.end("value"), name, False)
                    for m in pattern.finditer(text, start, end)
                    if not is_placeholder(m.group("value"))]
    if "appendchar" in low:
        out += [(m.start("value"), m.end("value"), "secure_string", False)
                for m in _SECURE_STRING.finditer(text) if not is_placeholder(m.group("value"))]
    return sorted(set(out))

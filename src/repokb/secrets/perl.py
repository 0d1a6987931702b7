"""Secrets written in Perl's own forms, where no `key = "value"` on one line shows them.

Found here (spans of the value only, never its name), in Perl source only:
- a hash element set to a string (`$self->{password} = 'X'`, `$conf{db_password} = "X"`,
  `$ENV{API_TOKEN} = 'X'`, `$ENV{PGPASSWORD} = 'X'`), the key a secret's;
- Perl's quote-like operators (`my $secret = q{X}`, `password => qq(X)`);
- a heredoc assigned to a secret's name, or holding a random token (`my $api_key = <<"END";`
  X `END`, `<<~EOT`);
- an environment variable's fallback (`$ENV{API_KEY} || 'X'`, `// "X"`, `or 'X'`), when the
  variable or the name assigned is a secret's;
- Mojolicious' secrets (`app->secrets(['X', 'Y'])`, `secrets => ['X']` in `myapp.conf`, which
  is read as INI by its name: this form in any language) and
  a secret-named accessor given a string (`$c->session_secret('X')`, `$ua->api_key('X')`);
- DBI's password, the third argument of `DBI->connect(DSN, USER, 'X')` (and
  `connect_cached`, DBIx::Class's `Schema->connect`, Catalyst's `connect_info => [DSN, USER,
  'X']`); LWP's and WWW::Mechanize's `->credentials(..., USER, 'X')`, HTTP::Headers'
  `->authorization_basic(USER, 'X')` (and `proxy_authorization_basic`);
- a sub whose body is one string, named a secret's (`sub api_key { 'X' }`, a Moose builder
  `sub _build_api_token { "X" }`), a Moose/Moo/Mojo::Base attribute's default (`has api_key =>
  (is => 'ro', default => 'X')`, `has secret => sub { 'X' }`), a secret-named method's last
  argument (`$ssh2->auth_password('user', 'X')`), Mojo::URL's `->userinfo('user:X')`, and what
  follows `__DATA__`, read as configuration (`password=X`);
- a secret-named variable, hash element or parameter compared with a string (`$pass eq 'X'`,
  `'X' eq $pass`, `$c->param('password') eq 'X'`), a sub's second argument compared after its
  first is compared with a user (`$_[0] eq 'admin' && $_[1] eq 'X'`); a list assignment
  `my ($user, $pass) = ('admin', 'X')`, each value paired with its name.

The name must be a secret's (`scan.is_secret_key`); a value is judged as a string literal of
code is (`scan.is_secret_value`). Each form is tried only in a text holding its anchor.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import (
    is_placeholder,
    is_secret_key,
    is_secret_value,
    random_literal,
    scan,
)

Span = tuple[int, int, str, bool]

# a quoted string, the value in group `v` (no interpolation judged: `"$x"` is a reference)
_STR = r"""(?:'(?P<v1>[^'\n]{1,400})'|"(?P<v2>[^"\n]{1,400})")"""
_ANY_STR = re.compile(r"""'([^'\n]{1,400})'|"([^"\n]{1,400})\"""")
_SUBSCRIPT = re.compile(
    r"""\{[ \t]*['"]?(?P<key>[A-Za-z_]\w{0,80})['"]?[ \t]*\}[ \t]*(?:\|\|=|//=|=)(?![=~>])"""
    rf"""[ \t]*{_STR}""")
_CLOSE = {"{": "}", "(": ")", "[": "]", "<": ">"}
_QUOTE_LIKE = re.compile(
    r"""(?P<key>[A-Za-z_]\w{0,80})['"]?[ \t]*(?:=>|=|,)[ \t]*qq?[ \t]*(?P<open>[{(\[<|/!#])""")
_HEREDOC = re.compile(
    r"""(?P<key>[A-Za-z_]\w{0,80})['"]?[ \t]*(?:=>|=)[ \t]*<<(?P<indent>~?)[ \t]*"""
    r"""(?:(?P<q>["'])(?P<tag>\w+)(?P=q)|(?P<bare>[A-Za-z_]\w*))[^\n]*\n""")
_ENV_FALLBACK = re.compile(
    r"""\$ENV\{[ \t]*['"]?(?P<env>\w{1,80})['"]?[ \t]*\}[ \t]*(?:\|\||//|\bor\b)[ \t]*"""
    + _STR)
_ASSIGNED = re.compile(r"""(?P<key>[A-Za-z_]\w{0,80})['"]?[ \t]*(?:=>|=)[ \t]*$""")
_SECRETS_LIST = re.compile(
    r"""\bsecrets['"]?[ \t]*(?:=>[ \t]*|\([ \t]*)\[(?P<list>[^\]]{1,800})\]""")
_ACCESSOR = re.compile(rf"""->[ \t]*(?P<key>[A-Za-z_]\w{{0,80}})[ \t]*\([ \t]*{_STR}[ \t]*\)""")
# a secret-named method given more than one argument, the last a string: Net::SSH2's
# `->auth_password('user', 'X')`
_METHOD_CALL = re.compile(r"""->[ \t]*(?P<key>[A-Za-z_]\w{0,80})[ \t]*\(""")
# a sub whose body is one string: a constant (`sub api_key { 'X' }`) or a Moose builder
# (`sub _build_api_token { return "X" }`)
_CONSTANT_SUB = re.compile(
    rf"""\bsub[ \t]+(?P<key>[A-Za-z_]\w{{0,80}})[ \t]*\{{\s*(?:return[ \t]+)?{_STR}"""
    r"""[ \t]*;?\s*\}""")
# a Moose/Moo/Mojo::Base attribute's default: `has api_key => (is => 'ro', default => 'X')`,
# `default => sub { 'X' }`, `has api_key => 'X'`, `has secret => sub { 'X' }`
_ATTRIBUTE_DEFAULT = re.compile(
    r"""\bhas[ \t]+['"]?(?P<key>[A-Za-z_]\w{0,80})['"]?[ \t]*=>[ \t]*"""
    r"""(?:\((?:[^;()]|\([^;()]*\)){0,400}?\bdefault[ \t]*=>[ \t]*)?"""
    rf"""(?:sub[ \t]*\{{\s*(?:return[ \t]+)?)?{_STR}""")
# Mojo::URL's `->userinfo('user:X')`
_USERINFO = re.compile(r"""->[ \t]*userinfo[ \t]*\([ \t]*(?P<q>['"])[^:'"\n]{1,80}:"""
                       r"""(?P<value>[^'"\n]{1,200})(?P=q)""")
# what follows `__DATA__` is data, read as configuration (`password=X` is the password)
_DATA = re.compile(r"^__DATA__[ \t]*$", re.M)
# environment variables whose names glue the word on: PGPASSWORD, MYSQL_PWD is split already
_GLUED_NAMES = ("password", "passwd", "secret", "token", "apikey")
_CONNECT = re.compile(r"""(?:->[ \t]*connect(?:_cached)?[ \t]*\(|\bconnect_info['"]?[ \t]*=>"""
                      r"""[ \t]*\[)""")
# LWP's `->credentials(NETLOC, REALM, USER, 'X')`, Mechanize's `(USER, 'X')`, HTTP::Headers'
# `->authorization_basic(USER, 'X')` and `->proxy_authorization_basic(USER, 'X')`
_CREDENTIALS = re.compile(r"""->[ \t]*(?:credentials|(?:proxy_)?authorization_basic)[ \t]*\(""")
# Digest::SHA's and Digest::HMAC's `hmac_sha256_hex($data, 'X')`: the key is the last argument
_HMAC = re.compile(r"""\bhmac_(?:sha\d{1,3}|md5)(?:_hex|_base64)?[ \t]*\(""")
_COMPARED = re.compile(rf"""\$(?P<key>[A-Za-z_]\w{{0,80}})[ \t]+(?:eq|==)[ \t]*{_STR}""")
# the same check written otherwise: a hash element or a call given the secret's name
# (`$self->{password} eq 'X'`, `$c->param('password') eq 'X'`), the string first
# (`'X' eq $pass`), and a sub's arguments by position, the first compared with a user
# (`$_[0] eq 'admin' && $_[1] eq 'X'`: Mojolicious' BasicAuth callback, an auth check)
_COMPARED_NAMED = re.compile(
    r"""(?:\{[ \t]*['"]?(?P<key>[A-Za-z_]\w{0,80})['"]?[ \t]*\}"""
    r"""|\([ \t]*['"](?P<arg>[A-Za-z_]\w{0,80})['"][ \t]*\))"""
    rf"""[ \t]+(?:eq|==)[ \t]*{_STR}""")
_COMPARED_REVERSED = re.compile(
    rf"""{_STR}[ \t]+(?:eq|==)[ \t]*\$(?:[A-Za-z_]\w{{0,80}}->)?(?:\{{[ \t]*['"]?)?"""
    r"""(?P<key>[A-Za-z_]\w{0,80})\b(?![ \t]*(?:->|\[|\())""")
_COMPARED_POSITIONAL = re.compile(
    r"""\$_\[0\][ \t]+eq[ \t]*(?:'[^'\n]{1,80}'|"[^"\n]{1,80}")[ \t]*(?:&&|\band\b)[ \t]*"""
    rf"""\$_\[1\][ \t]+eq[ \t]*{_STR}""")
_LIST_ASSIGNMENT = re.compile(
    r"""\((?P<names>[ \t]*\$\w+(?:[ \t]*,[ \t]*\$\w+)+[ \t]*)\)[ \t]*=[ \t]*"""
    r"""\((?P<values>[^)\n]{1,800})\)""")
_ARGS_MAX = 1200


def find(text: str, language: str | None = None) -> list[Span]:
    """Spans of secret values in Perl's forms above (see the module docstring)."""
    out: list[Span] = []
    # Mojolicious' `myapp.conf` is a Perl hash read as INI by its name; PHP's `'secrets' =>
    # ['X']` is the same list
    if "secrets" in text:
        for m in _SECRETS_LIST.finditer(text):
            for s in _ANY_STR.finditer(m.group("list")):
                value = s.group(1) or s.group(2)
                at = m.start("list") + s.start() + 1
                if _value(value, "secrets"):
                    out.append((at, at + len(value), "mojolicious_secrets", False))
    if language not in ("perl", "pod"):  # a .pod's examples are Perl
        return out
    if "}" in text:
        for m in _SUBSCRIPT.finditer(text):
            _keep(out, m, m.group("key"), "perl_hash_element")
    if "q" in text:
        for m in _QUOTE_LIKE.finditer(text):
            if is_secret_key(m.group("key")):
                out += _quoted(text, m.end(), m.group("open"), m.group("key"))
    if "<<" in text:
        for m in _HEREDOC.finditer(text):
            out += _heredoc(text, m)
    if "$ENV{" in text:
        for m in _ENV_FALLBACK.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            assigned = _ASSIGNED.search(text, line_start, m.start())
            # named by the variable looked up, or else by the name it is assigned to
            key = m.group("env") if is_secret_key(m.group("env")) else (
                assigned.group("key") if assigned and is_secret_key(assigned.group("key"))
                else "")
            _keep(out, m, key, "perl_env_fallback")  # no name: kept out
    if "->" in text:
        for m in _ACCESSOR.finditer(text):
            _keep(out, m, m.group("key"), "perl_accessor")
        for m in _METHOD_CALL.finditer(text):
            if is_secret_key(m.group("key")):
                args = _arguments(text, m.end())
                if len(args) >= 2:
                    out += _literal(text, args[-1], m.group("key"), "perl_method_argument")
        if "userinfo" in text:
            for m in _USERINFO.finditer(text):
                if is_secret_value(m.group("value"), "password", literal_words=True):
                    out.append((m.start("value"), m.end("value"), "perl_userinfo", False))
        for m in _CONNECT.finditer(text):
            args = _arguments(text, m.end())
            if len(args) >= 3:
                out += _literal(text, args[2], "password", "dbi_connect")
        for m in _CREDENTIALS.finditer(text):
            args = _arguments(text, m.end())
            if len(args) in (2, 4):
                out += _literal(text, args[-1], "password", "lwp_credentials")
    if "hmac_" in text:
        for m in _HMAC.finditer(text):
            args = _arguments(text, m.end())
            if len(args) >= 2:
                out += _literal(text, args[-1], "hmac_key", "perl_hmac_key")
    if "sub" in text:
        for m in _CONSTANT_SUB.finditer(text):
            _keep(out, m, m.group("key"), "perl_constant_sub")
    if "has" in text:
        for m in _ATTRIBUTE_DEFAULT.finditer(text):
            _keep(out, m, m.group("key"), "perl_attribute_default")
    if "__DATA__" in text and (data := _DATA.search(text)) is not None:
        rest = data.end()
        out += [(rest + f.start, rest + f.end, f.detector, f.strong)
                for f in scan(text[rest:], "config")]
    if " eq " in text or "==" in text:
        for m in _COMPARED.finditer(text):
            _keep(out, m, m.group("key"), "perl_compared")
        for m in _COMPARED_NAMED.finditer(text):
            _keep(out, m, m.group("key") or m.group("arg"), "perl_compared")
        for m in _COMPARED_REVERSED.finditer(text):
            _keep(out, m, m.group("key"), "perl_compared")
        if "$_[1]" in text:
            for m in _COMPARED_POSITIONAL.finditer(text):
                _keep(out, m, "password", "perl_compared")
    if ") = (" in text or ")=(" in text:
        for m in _LIST_ASSIGNMENT.finditer(text):
            names = [n.strip().lstrip("$") for n in m.group("names").split(",")]
            args = _arguments(text, m.start("values"))
            for name, arg in zip(names, args, strict=False):
                if is_secret_key(name):
                    out += _literal(text, arg, name, "perl_list_assignment")
    return out


def _value(value: str, key: str) -> bool:
    """A secret's value: as a string literal of code is judged, or letters only in random case
    (`"PvUeRTmMZsmGBuTX"`, which a name never is: `getPasswordValue`, `XMLHttpRequest`)."""
    if is_secret_value(value, key, literal_words=False):
        return True
    upper = sum(c.isupper() for c in value)
    return (len(value) >= 12 and value.isalpha() and 0.3 <= upper / len(value) <= 0.7
            and not is_placeholder(value))


def _secret_name(key: str) -> bool:
    return is_secret_key(key) or key.lower().endswith(_GLUED_NAMES)


def _keep(out: list[Span], m: re.Match[str], key: str, detector: str) -> None:
    group = "v1" if m.group("v1") is not None else "v2"
    value = m.group(group)
    if group == "v2" and ("$" in value or "@" in value):  # interpolated: `"$tag="`
        return
    if key and _secret_name(key) and _value(value, key):
        out.append((m.start(group), m.end(group), detector, False))


def _quoted(text: str, at: int, opening: str, key: str) -> list[Span]:
    closing = _CLOSE.get(opening, opening)
    end = text.find(closing, at, at + 402)
    if end == -1:
        return []
    value = text[at:end]
    if "\n" in value or not _value(value.strip(), key):
        return []
    return [(at, end, "perl_quote_like", False)]


def _heredoc(text: str, m: re.Match[str]) -> list[Span]:
    """The heredoc's body up to its terminator line, when it is one token assigned to a
    secret's name, or a random one (`my $key = <<END`; a PEM key in one is found by the scan
    already)."""
    tag = m.group("tag") or m.group("bare")
    terminator = re.compile(rf"^[ \t]*{re.escape(tag)}[ \t]*$" if m.group("indent")
                            else rf"^{re.escape(tag)}[ \t]*$", re.M)
    end = terminator.search(text, m.end(), m.end() + 2000)
    if end is None:
        return []
    body = text[m.end():end.start()]
    value = body.strip()
    if (not value or any(c.isspace() for c in value)
            or not is_secret_value(value, m.group("key"), literal_words=False)
            or not (is_secret_key(m.group("key")) or random_literal(value))):
        return []
    at = m.end() + body.index(value)
    return [(at, at + len(value), "perl_heredoc", False)]


def _arguments(text: str, at: int) -> list[tuple[int, int]]:
    """(start, end) of each top-level argument from `at` to the closing bracket."""
    args: list[tuple[int, int]] = []
    depth, quote, start = 0, "", at
    for i in range(at, min(len(text), at + _ARGS_MAX)):
        c = text[i]
        if quote:
            if c == quote and text[i - 1] != "\\":
                quote = ""
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append((start, i))
                return [a for a in args if text[a[0]:a[1]].strip()]
            depth -= 1
        elif c == "," and depth == 0:
            args.append((start, i))
            start = i + 1
        elif c == "=" and text[i:i + 2] == "=>" and depth == 0:
            return []  # named arguments (`connect(host => ...)`): not DBI's positions
        elif c == ";" and depth == 0:
            return []
    return []


def _literal(text: str, arg: tuple[int, int], key: str, detector: str) -> list[Span]:
    """The argument's string, if it is a literal alone."""
    raw = text[arg[0]:arg[1]]
    m = _ANY_STR.fullmatch(raw.strip())
    if m is None:
        return []
    value = m.group(1) if m.group(1) is not None else m.group(2)
    if not is_secret_value(value, key, literal_words=True) or "$" in value:
        return []
    at = arg[0] + raw.index(value)
    return [(at, at + len(value), detector, False)]

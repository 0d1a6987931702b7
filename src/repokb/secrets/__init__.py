"""Secret-like content: find it, and redact it before any text reaches a chunk.

Five finders: `scan.scan` (ours: fast, anchors first; runs on every classified head),
`library.library_findings` (every default plugin of detect-secrets, keyword and entropy ones
included), `shapes.find` (multi-line values, typed assignments, environment defaults,
Authorization headers; prose through `prose.line_findings`), `credentials.find` (credentials
given by position: command lines, call arguments, DSNs, environment lists, prose pairs, table
columns) and `encoded.find` (base64 runs that decode to text holding a strong secret, in a
comment or wrapped over lines too); `defaults.find`, `jvm.find` and `dotnet.find` read Go's,
Ruby's, Java's, Gradle's, Android's and .NET's forms, `openresty.find` Lua's and nginx's,
`perl.find` Perl's, `beam.find` Erlang's and Elixir's, `mlforms.find` Haskell's and OCaml's,
`rforms.find` R's right assignment (`"X" -> password`), `lispforms.find` Emacs Lisp's
`(setq erc-password "X")` and `:secret "X"` (Clojure's `(def api-key "X")`, `{:password "X"}`
too), `texforms.find` a TeX macro `\\def\\apikey{X}`, `rustforms.find` Rust's clap
default above a secret-named field and a `fn` named for a secret returning a literal,
`powershell.find` PowerShell's
`ConvertTo-SecureString "X" -AsPlainText` and `net user NAME X`, `buildforms.find` CMake's
`set(API_KEY "X")` and `echo "X" | docker login --password-stdin`; `idl.find` a GraphQL
argument's or a proto2 field's default; `ethereum.find` an EVM project's private keys, BIP-39
mnemonics and node providers' keys in RPC URLs; `pairs.find` a secret-named string and the
value string after it in a pair or argument list, any language; `quoted.find` a random literal
quoted in a comment or docstring after a secret word (`# the client_secret default was "X"`);
`oracle.find` Oracle's `connect(user, "X", dsn)` and `user/X@host:1521/svc`; `bullets.find` the
random values of a Markdown list under a heading or lead-in naming secrets (`## API keys`
/ `- staging: X`); `k8s.find` every value of a Kubernetes Secret document in a YAML stream (`data:`,
`stringData:`, whatever the keys); `sqlforms.find` SQL's `IDENTIFIED BY 'X'`, an options list's
`password 'X'` and DuckDB's `CREATE SECRET (... SECRET 'X')`; `stores.find` a SOPS value
`ENC[...]`, whole; `directives.find` the `Directive value` lines of the server, tool and
request files GitHub Linguist names (`.curlrc`'s `user = "u:X"`, Tor's `HashedControlPassword`,
Apache's `SetEnv DB_PASSWORD X`, HAProxy's and Caddy's password hashes, Kickstart's `rootpw`,
a Hurl `[BasicAuth]` section); `clients.find` the name/value entries of API-client collections
(`{"key": "password", "value": "X"}`, an entry typed secret, Postman's API-key auth) and a
request's JSON body written inside a JSON string (`\\"password\\": \\"X\\"`);
`commands.find` a command-line tool's own password option or place (`sqlcmd -P X`, `keytool
-storepass X`, `openssl -passout pass:X`, `rabbitmqctl add_user U X`), a secret handed to a
secret store (`gh secret set N --body X`, `echo X | docker secret create N -`), GitHub's
`::add-mask::X` and a random `..._KEY=X` given to `heroku config:set` or `docker run -e`, a
token given to `vault login` and a legacy Vault token (`s.` + 24) in a text naming Vault;
`pasted.find` credential files' lines pasted anywhere (a PuTTY key's private lines, pgbouncer's
`userlist.txt` lines, an FTP script's `user NAME X`); `flowlists.find` the items of a one-line
list under a secret's key (`"credentials": ["bob", "X"]`); `redisforms.find` Redis's ACL
rules (`ACL SETUSER u on >X`) and `redis.conf`'s `requirepass X`; `netforms.find` network
secrets (wpa_supplicant's `psk="X"`, a Wi-Fi QR's `P:X;`, SNMP communities, a router's
`username u password 0 X`, an OpenVPN static key); `hashcalls.find` a password or key given
as the literal argument of the call that hashes, checks or keys with it (`bcrypt::verify("X",
h)`, `password_verify('X', $h)`, `check_password_hash(h, "X")`, `hmac.new(b"X", ..)`);
`cookies.find` a session cookie written in a request (`Cookie: session=X`, curl's `-b`);
`usermaps.find` passwords YAML lists by user name (`auth:` / `users:` / `admin: X`,
cloud-init's `chpasswd:` `root:X` lines); `mounts.find` a crypttab line's passphrase
(`cryptdata /dev/sdb1 X luks`; a key file's path stays).
`redact` applies them all to the whole text about to be indexed and returns it with every
finding (widened over glued string literals) as `<REDACTED_SECRET>`, line numbers unchanged.
A value found once is redacted wherever else it occurs in the file (one ending in `.`, `:`,
`!` or `?` also without it: a prose finder takes a sentence's end with the password), and so is
the password inside a URL's userinfo or a Basic header (`parts`), found as a part of a wider
value, or inside a base64 blob's decoded text (`encoded.passwords`). Findings never hold the
value, so they may be logged and explained.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from repokb.rules.secret_patterns import REDACTED
from repokb.secrets import (
    appleforms,
    beam,
    buildforms,
    bullets,
    clients,
    commands,
    cookies,
    credentials,
    defaults,
    directives,
    dotnet,
    encoded,
    ethereum,
    flowlists,
    hashcalls,
    hclblocks,
    idl,
    jvm,
    k8s,
    ldif,
    lispforms,
    literals,
    mlforms,
    mounts,
    netforms,
    openresty,
    oracle,
    pairs,
    parts,
    pasted,
    perl,
    powershell,
    quoted,
    redisforms,
    rforms,
    rustforms,
    shapes,
    sqlforms,
    storenames,
    stores,
    texforms,
    usermaps,
)
from repokb.secrets.envnames import drop_env_var_names
from repokb.secrets.keylines import KeyLines
from repokb.secrets.library import library_findings
from repokb.secrets.mounts import clip as clip_mount_options
from repokb.secrets.paths import redact_path
from repokb.secrets.prose import without_sentence_end
from repokb.secrets.scan import Finding, Mode, entropy, is_placeholder, merged, mode_for, scan
from repokb.secrets.values import is_field_name
from repokb.secrets.workdirs import without_paths

__all__ = ["REDACTED", "Finding", "Mode", "Redacted", "entropy", "find_all", "find_secret",
           "is_placeholder", "mode_for", "redact", "scan", "shown", "values", "xml_findings"]
_NEWLINE = re.compile("\n")
# Lisps glue no adjacent string literals: `(defvar my-token "X" "Doc.")`'s second string is the
# variable's docstring, not the rest of its value
_NO_GLUED_LITERALS = frozenset({"emacs_lisp", "common_lisp", "scheme", "clojure", "racket"})


# The finders whose spans (start, end, detector, strong) find_all adds to scan's and
# detect-secrets' findings, each called as (text, mode, language, keys): `keys`, the lines of
# the text holding a key word, found once for all of them (`keylines.KeyLines`);
# bench/redaction_cpu.py times each of them by these names.
Span = tuple[int, int, str, bool]
FINDERS: dict[str, Callable[[str, Mode, str | None, KeyLines], list[Span]]] = {
    "shapes": shapes.find,
    "credentials": lambda text, mode, language, keys: credentials.find(text, mode, keys),
    "defaults": lambda text, mode, language, keys: defaults.find(text, keys),
    "jvm": lambda text, mode, language, keys: jvm.find(text, language, keys),
    "appleforms": lambda text, mode, language, keys: appleforms.find(text, keys),
    "encoded": lambda text, mode, language, keys: encoded.find(text),
    "literals": lambda text, mode, language, keys: literals.find(text, keys),
    "openresty": lambda text, mode, language, keys: openresty.find(text, language, keys),
    "dotnet": lambda text, mode, language, keys: dotnet.find(text, keys),
    "perl": lambda text, mode, language, keys: perl.find(text, language),
    "beam": lambda text, mode, language, keys: beam.find(text, language, keys),
    "mlforms": lambda text, mode, language, keys: mlforms.find(text, language),
    "rforms": lambda text, mode, language, keys: rforms.find(text, language),
    "lispforms": lambda text, mode, language, keys: lispforms.find(text, language),
    "texforms": lambda text, mode, language, keys: texforms.find(text, language),
    "rustforms": lambda text, mode, language, keys: rustforms.find(text, language),
    "pairs": lambda text, mode, language, keys: pairs.find(text, language, keys),
    "powershell": lambda text, mode, language, keys: powershell.find(text, keys),
    "buildforms": lambda text, mode, language, keys: buildforms.find(text, language, keys),
    "idl": lambda text, mode, language, keys: idl.find(text, language),
    "ldif": lambda text, mode, language, keys: ldif.find(text),
    "ethereum": lambda text, mode, language, keys: ethereum.find(text, keys),
    "quoted": quoted.find,
    "oracle": lambda text, mode, language, keys: oracle.find(text, keys),
    "bullets": lambda text, mode, language, keys: bullets.find(text, mode, keys),
    "k8s": lambda text, mode, language, keys: k8s.find(text, language),
    "sqlforms": lambda text, mode, language, keys: sqlforms.find(text, keys),
    "stores": lambda text, mode, language, keys: stores.find(text),
    "directives": lambda text, mode, language, keys: directives.find(text, language, keys,
                                                                     mode),
    "clients": lambda text, mode, language, keys: clients.find(text),
    "commands": lambda text, mode, language, keys: commands.find(text, keys),
    "pasted": lambda text, mode, language, keys: pasted.find(text, keys, language),
    "flowlists": lambda text, mode, language, keys: flowlists.find(text, keys),
    "redisforms": lambda text, mode, language, keys: redisforms.find(text, keys),
    "netforms": lambda text, mode, language, keys: netforms.find(text, keys, mode),
    "hashcalls": lambda text, mode, language, keys: hashcalls.find(text, keys),
    "cookies": lambda text, mode, language, keys: cookies.find(text, keys),
    "usermaps": lambda text, mode, language, keys: usermaps.find(text, language),
    "hclblocks": lambda text, mode, language, keys: hclblocks.find(text, language),
    "mounts": lambda text, mode, language, keys: mounts.find(text, keys),
}


@dataclass(frozen=True)
class Redacted:
    text: str
    findings: tuple[Finding, ...]


def find_secret(text: str, mode: Mode = "config", language: str | None = None) -> str | None:
    """The detector name of the first secret-like value in text, or None."""
    found = find_all(text, mode, language)
    return found[0].detector if found else None


def xml_findings(text: str, found: list[Finding]) -> list[Finding]:
    """`found` (the fast finder's, on a classified head) with the values of XML elements and
    name/value pairs under a secret-named key (`shapes.xml_values`): what redaction will
    take out of a pom's `<storepass>` or settings.xml's `<password>`, said in the decision."""
    extra = shapes.xml_values(text)
    if not extra:
        return found
    starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]
    return merged(found + [Finding(s, e, name, strong, bisect_right(starts, s))
                           for s, e, name, strong in extra])


def find_all(text: str, mode: Mode = "config", language: str | None = None,
             known: Iterable[str] = ()) -> list[Finding]:
    """Every finding of every finder, merged: sorted, without overlaps; and every occurrence of
    a value found, or of one `known` (found in another part of the same file: a notebook's
    other cells)."""
    keys = KeyLines(text)  # the lines holding a key word: found once, read by every finder
    found = scan(text, mode, keys) + library_findings(text, mode, language, keys)
    extra = [span for find in FINDERS.values() for span in find(text, mode, language, keys)]
    if extra:
        starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]
        found += [Finding(s, e, name, strong, bisect_right(starts, s)) for s, e, name, strong
                  in extra]
    found = drop_env_var_names(text, found)  # `TOKEN_ENV = "GITHUB_TOKEN"`: a name
    found = without_paths(text, found)  # `PWD=/home/me/src`: the shell's working directory
    found = clip_mount_options(text, found)  # fstab's `password=X,uid=0`: X; `credentials=/p`
    found = stores.outside_references(text, found)  # `?{gpg:db/password:7f90b2db}`: a path
    if found and (names := storenames.spans(text)):  # ESO's `secretKey: password`: a name
        found = [f for f in found if not storenames.inside(f.start, f.end, names)]
    if not found:
        return merged(_same_values(text, [], set(known)))
    if mode != "config" and language not in _NO_GLUED_LITERALS:  # a token split over
        # glued literals: all of its pieces
        found = [Finding(f.start, shapes.extend_concatenation(text, f.end), f.detector,
                         f.strong, f.line) for f in found]
    # the password inside a URL's userinfo or a Basic header, also in a base64 blob's decoded
    # text: a value of its own
    inner = _inner(text, found)
    found = merged(found)
    return merged(found + _same_values(text, found, inner | set(known)))


def values(text: str, found: Iterable[Finding]) -> set[str]:
    """The values found in text that are redacted wherever else they stand (`_spreads`), and
    the passwords inside its compound findings: to redact in the file's other parts (see
    find_all's `known`). Raw secrets: never kept past the file, logged nor returned."""
    found = list(found)
    # merged findings: a base64 blob's may be named by another finder that read it too
    inner = _inner(text, found, encoded_named=False)
    return _spread(text, found) | inner


def _inner(text: str, found: list[Finding], encoded_named: bool = True) -> set[str]:
    """The passwords inside text's compound findings (`parts`) and inside the URLs and Basic
    credentials its base64 findings decode to (`encoded.passwords`), when it has such
    findings (`encoded_named`: the base64 ones are named `encoded.DETECTOR`; else any
    finding may be one)."""
    names = {f.detector for f in found}
    inner = parts.passwords(text) if names & parts.COMPOUND else set()
    if encoded.DETECTOR in names or (found and not encoded_named):
        inner |= encoded.passwords(text)
    return inner


def _spread(text: str, found: Iterable[Finding]) -> set[str]:
    """The values found that `_spreads`, each also without a `.`, `:`, `!` or `?` at its end:
    a prose finder takes that character with the password (it may be the password's, or end
    the sentence), so the password may stand elsewhere with it or without it."""
    out: set[str] = set()
    for value in (text[f.start:f.end] for f in found):
        out.update(v for v in (value, without_sentence_end(value)) if _spreads(v))
    return out


def _spreads(value: str) -> bool:
    """Whether a value found is redacted wherever else it occurs: only values that cannot be
    ordinary words, 8+ characters with a digit, a symbol or a space."""
    return not (len(value) < 8 or "\n" in value or value.isalpha() or value == REDACTED
                or is_field_name(value))


def _same_values(text: str, found: list[Finding], also: set[str]) -> list[Finding]:
    """A value found once is redacted wherever else it occurs in the file (a password
    asserted in a test, a URL's userinfo quoted again in a docstring), if it `_spreads`; and
    every one of `also`, already judged: the passwords of compound findings
    (`parts.spreads`), the values found in the file's other parts (`values`)."""
    out: list[Finding] = []
    for value in (_spread(text, found) | also) - {""}:
        number = value.isdigit()  # a password of digits: as a whole number only, not the
        at = text.find(value)     # digits of `joe1234567890` or of a longer number
        while at != -1:
            end = at + len(value)
            if not (number and (text[at - 1:at].isalnum() or text[end:end + 1].isalnum())):
                out.append(Finding(at, end, "same_value", False, text.count("\n", 0, at) + 1))
            at = text.find(value, end)
    return out


def redact(text: str, mode: Mode = "config", language: str | None = None,
           known: Iterable[str] = ()) -> Redacted:
    """Text with every secret-like value (and every one `known`: see find_all) replaced by
    `<REDACTED_SECRET>`, newlines kept."""
    findings = find_all(text, mode, language, known)
    if not findings:
        return Redacted(text, ())
    pieces: list[str] = []
    at = 0
    for f in findings:
        pieces.append(text[at:f.start])
        pieces.append(REDACTED + "\n" * text.count("\n", f.start, f.end))
        at = f.end
    pieces.append(text[at:])
    return Redacted("".join(pieces), tuple(findings))


def shown(text: str) -> str:
    """Text a user gave (a query, a path, a prompt) as it may be echoed back or logged: every
    secret-like value redacted, and every credential in a file or folder name
    (`paths.redact_path`). An MCP answer goes into an agent's model context; a log line is kept."""
    return redact(redact_path(text), "text").text

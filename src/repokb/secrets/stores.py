"""A YAML file named like a secret store (`secrets.yaml`, `secret.yml`, `app-secrets.yaml`):
what its values are, so its content can decide instead of its name.

Many such files hold no secret: the secrets' names and where each comes from. `references`
says so when every value written in the file is one of:
- a reference to a value kept elsewhere: a whole `${NAME}` (not `${NAME:-default}`, whose
  default is written), `$NAME`, `$(NAME)`; a template action `{{ vault_db_password }}` with
  no string in it but a lookup's arguments (`{{ lookup('env', 'X') }}`) and no `default`;
  Rails' `<%= ENV["X"] %>`; vals' `ref+vault://...`, Kapitan's `?{gpg:path}`, 1Password's
  `op://vault/item/field`, an AWS Secrets Manager or SSM parameter ARN; Home Assistant's
  `!secret name`, `!env_var NAME`;
- ciphertext: a SOPS value `ENC[AES256_GCM,data:...]` (the file's `sops:` metadata is not
  read: recipients, a MAC, a date), an Ansible Vault value (`!vault |` + `$ANSIBLE_VAULT;...`);
- an environment variable's name under Chainlink CRE's `secretsNames:` (its `secrets.yaml`
  maps each secret to the variable holding it);
- nothing (`db_password:` with no value), or a boolean.
Any other value (`wifi_password: hunter22`, `CAT: ferocious`, a number) is written: the file
stays blocked by its name. A file that does not parse as YAML is not judged. `json_references`
judges a JSON file (`secrets.json`) the same way, a placeholder (`"<your-api-key>"`) no value
written either.

`outside_references` drops the findings inside a Kapitan reference. `find` redacts a SOPS value
whole, and the data key a SOPS file keeps encrypted to each of its
recipients (`enc: |` and an armored block): ciphertext is no knowledge, and is the secret under
one more key; the general finders took `ENC[AES256_GCM` for the value of a secret-named key and
left its `data:`, `iv:` and `tag:` behind.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from repokb.rules.secret_patterns import PLACEHOLDER

Span = tuple[int, int, str, bool]
SOPS_DETECTOR = "sops_ciphertext"

_SOPS = re.compile(r"ENC\[[A-Z0-9_]+,data:[A-Za-z0-9+/=]*,iv:[A-Za-z0-9+/=]*,"
                   r"tag:[A-Za-z0-9+/=]*,type:\w+\]")
_ENV_NAME = re.compile(r"[A-Z_][A-Z0-9_]*")
_ACTION = re.compile(r"\{\{-?(?P<body>[^{}]*)-?\}\}")
_LOOKUP = re.compile(r"\b(?:lookup|query|q|env|getenv|vault|hashi_vault|aws_secret|"
                     r"aws_ssm|onepassword|include|template|required)\b")
# (kind, pattern) of a whole value that refers to one kept elsewhere
_REFERENCES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern)) for kind, pattern in (
        ("${NAME}", r"\$\{(?![A-Za-z_]\w*:?[-=+])[^{}\s]+\}|\$[A-Za-z_]\w*|\$\([A-Za-z_]\w*\)"),
        ("ENV", r"<%=\s*ENV(?:\[\s*([\"'])[A-Za-z_]\w*\1\s*\]|\.fetch\(\s*([\"'])[A-Za-z_]\w*\2"
                r"\s*\))\s*%>"),
        ("ref+", r"ref\+[a-z0-9]+://\S+"),
        ("?{ref}", r"\?\{[a-z0-9]+:[^{}\s]+\}"),
        ("op://", r"op://[^\s/]+/[^\s/]+/\S+"),
        ("arn", r"arn:aws[\w-]*:(?:secretsmanager|ssm):[\w-]*:\d*:\S+"),
        ("ENC[...]", _SOPS.pattern),
    ))
_REFERENCE_TAGS = {"!secret": "!secret", "!env_var": "!env_var", "!ENV": "!env_var"}


class _Tagged:
    """A node under a local tag (`!vault`, `!secret`): read, never constructed."""

    def __init__(self, tag: str, value: Any) -> None:
        self.tag, self.value = tag, value


@cache
def _loader() -> Any:
    """The safe loader (C where built) that reads a local tag's node instead of refusing it:
    made once, on the first secret-named file."""
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):  # type: ignore[misc]
        pass

    def tagged(loader: Any, suffix: str, node: Any) -> _Tagged:
        if isinstance(node, yaml.ScalarNode):
            value: Any = loader.construct_scalar(node)
        elif isinstance(node, yaml.SequenceNode):
            value = loader.construct_sequence(node, deep=True)
        else:
            value = loader.construct_mapping(node, deep=True)
        return _Tagged("!" + suffix, value)

    Loader.add_multi_constructor("!", tagged)
    return Loader


def references(text: str) -> str | None:
    """Evidence that every value of a YAML text refers to a secret kept elsewhere, is
    ciphertext or is empty (`4 value(s), none written: ${NAME} 3, ENC[...] 1`); None when a
    value is written in it, or the text is no YAML."""
    import yaml

    try:
        documents = list(yaml.load_all(text, Loader=_loader()))
    except (yaml.YAMLError, ValueError, TypeError, RecursionError):
        return None
    kinds: Counter[str] = Counter()
    for doc in documents:
        if isinstance(doc, dict):
            doc = dict(doc)
            sops = doc.pop("sops", None)
            if sops is not None and not isinstance(sops, dict):
                return None
            names = doc.pop("secretsNames", None)
            if names is not None and not _env_names(names, kinds):
                return None
        if not _unwritten(doc, kinds):
            return None
    return _evidence(kinds)


def json_references(text: str) -> str | None:
    """`references` for a JSON text (a `secrets.json`), where a placeholder counts as no value
    written too (`"<your-api-key>"`, `"changeme"`, `"{{apiKey}}"`: a template's); None when a
    value is written in it, or the text is no JSON."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    kinds: Counter[str] = Counter()

    def unwritten(value: Any) -> bool:
        if _unwritten_value(value, kinds):
            return True
        if isinstance(value, str) and PLACEHOLDER.match(value.strip()):
            kinds["placeholder"] += 1
            return True
        return False

    if not _leaves(doc, unwritten):
        return None
    return _evidence(kinds)


# a dotenv or shell assignment line (`export NODE_BINARY=$(command -v node)`), its value quoted
# or bare; a program's path looked up (`$(command -v node)`, `` `which node` ``) is no value written
_ENV_LINE = re.compile(r"(?:export[ \t]+)?[A-Za-z_]\w*=(?P<q>[\"']?)"
                       r"(?P<v>\$\([^()\n]*\)|`[^`\n]*`|[^\"'\s]*)(?P=q)[ \t]*")
_PROGRAM_PATH = re.compile(r"\$\((?:command -v|which) [\w.+\-]+\)|`(?:command -v|which) [\w.+\-]+`")


def env_references(text: str) -> str | None:
    """`references` for a dotenv or shell file of assignments (React Native's `ios/.xcode.env`:
    `export NODE_BINARY=$(command -v node)`): every line blank, a comment, or an assignment
    whose value is empty, a boolean, a reference (`$NAME`, `${NAME}`) or a program's path
    looked up; None when any other line or value is written."""
    kinds: Counter[str] = Counter()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = _ENV_LINE.fullmatch(line)
        if m is None:
            return None
        value = m.group("v")
        if not value:
            kind: str | None = "empty"
        elif value.lower() in ("true", "false"):
            kind = "boolean"
        elif _PROGRAM_PATH.fullmatch(value):
            kind = "program path"
        else:
            kind = reference_kind(value)
        if kind is None:
            return None
        kinds[kind] += 1
    return _evidence(kinds) if kinds else None


def _evidence(kinds: Counter[str]) -> str:
    if not kinds:
        return "no value written"
    return f"{sum(kinds.values())} value(s), none written: " + ", ".join(
        f"{k} {n}" for k, n in kinds.most_common())


def _leaves(node: Any, leaf: Callable[[Any], bool]) -> bool:
    """Whether `leaf` holds for every value under mappings and lists."""
    if isinstance(node, dict):
        return all(_leaves(v, leaf) for v in node.values())
    if isinstance(node, list):
        return all(_leaves(v, leaf) for v in node)
    return leaf(node)


def _env_names(node: Any, kinds: Counter[str]) -> bool:
    """CRE's `secretsNames:`: each secret's list of environment variables' names."""
    def name(value: Any) -> bool:
        if isinstance(value, str) and _ENV_NAME.fullmatch(value):
            kinds["variable name"] += 1
            return True
        return False

    return _leaves(node, name)


def _unwritten(node: Any, kinds: Counter[str]) -> bool:
    return _leaves(node, lambda value: _unwritten_value(value, kinds))


def _unwritten_value(node: Any, kinds: Counter[str]) -> bool:
    if node is None or isinstance(node, bool):
        return True
    if isinstance(node, _Tagged):
        if node.tag == "!vault" and isinstance(node.value, str) \
                and node.value.lstrip().startswith("$ANSIBLE_VAULT;"):
            kinds["!vault"] += 1
            return True
        if node.tag in _REFERENCE_TAGS and isinstance(node.value, str) \
                and re.fullmatch(r"[\w.\-]+", node.value.strip()):
            kinds[_REFERENCE_TAGS[node.tag]] += 1
            return True
        return _unwritten(node.value, kinds)
    if not isinstance(node, str):
        return False  # a number, a date: written
    kind = reference_kind(node.strip()) if node.strip() else "empty"
    if kind is None:
        return False
    kinds[kind] += 1
    return True


def reference_kind(value: str) -> str | None:
    """What kind of reference a whole value is (`${NAME}`, `{{ }}`, `ENC[...]` ...), or None."""
    for kind, pattern in _REFERENCES:
        if pattern.fullmatch(value):
            return kind
    action = _ACTION.fullmatch(value)
    if action is not None:
        body = action.group("body")
        if "default" in body:
            return None
        if ("'" in body or '"' in body) and not _LOOKUP.search(body):
            return None
        return "{{ }}"
    return None


# the data key of a SOPS file, encrypted to each recipient (`sops: age: - enc: |` ...)
_ARMORED = re.compile(r"-----BEGIN (AGE ENCRYPTED FILE|PGP MESSAGE)-----\n(.*?)"
                      r"^[ \t]*-----END \1-----", re.S | re.M)


def find(text: str) -> list[Span]:
    """Each SOPS value `ENC[...]`, whole; in a SOPS file, the armored data keys' bodies too."""
    if "ENC[" not in text:
        return []
    spans = [(m.start(), m.end(), SOPS_DETECTOR, False) for m in _SOPS.finditer(text)]
    if spans and "-----BEGIN " in text:
        spans += [(m.start(2), m.end(2), SOPS_DETECTOR, False) for m in _ARMORED.finditer(text)
                  if m.group(2).strip()]
    return spans


_KAPITAN = re.compile(r"\?\{[a-z0-9]+:[^{}\s]*\}")


def outside_references(text: str, found: list[Any]) -> list[Any]:
    """The findings not inside a Kapitan reference (`?{gpg:mysql/root/password:7f90b2db}`
    names a secret Kapitan keeps: a path and a hash, where the finders read `password:7f90b2db`
    or the reference cut at its `}` as a value)."""
    if "?{" not in text:
        return found
    refs = [(m.start(), m.end()) for m in _KAPITAN.finditer(text)]
    return [f for f in found if not any(s <= f.start and f.end <= e for s, e in refs)]


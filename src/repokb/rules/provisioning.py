"""Content sniffers of the files that set machines up, often kept with no extension: an Ansible
inventory (`inventory`, `hosts`, `inventory/prod`: INI groups of hosts, with or without
connection variables) and cloud-init's user data (`user-data`: YAML under a `#cloud-config`
first line) and settings (`/etc/cloud/cloud.cfg`: YAML under INI's `.cfg`). Each returns the
mark found (a group's header, a variable's name, a key, never its value), or None
(rules/sniff.py registers them).
"""

from __future__ import annotations

import re

_M = re.MULTILINE
# an inventory group's header: `[web]`, `[web:children]`, `[all:vars]`
_GROUP = re.compile(r"^\[([\w.-]+)(:(?:children|vars))?\][ \t]*$", _M)
# a host line setting Ansible's connection variables (`web1 ansible_host=10.0.0.11`), the
# mark stopping at the variable's name
_HOST_VARIABLE = re.compile(r"^[\w.\[\]:-]+(?:[ \t]+\w+=\S*)*?[ \t]+(ansible_\w+)=", _M)
_CLOUD_CONFIG = re.compile(r"\A#cloud-config[ \t]*(?:\r?\n|\Z)")
# a bare host line: a name or address, maybe a numeric range (`web[01:20].example.com`) and a
# port, maybe variables after it (`db1 port=5433`)
_BARE_HOST = re.compile(r"[\w.-]+(?:\[\w+:\w+\][\w.-]*)?(?::\d+)?(?:[ \t]+\w+=\S+)*")
_COMMENT = re.compile(r"[#;]")
# YAML's top-level key (`users:`, `cloud_init_modules:`), and what INI writes instead at a
# line's start: a `[section]` or a `key = value`
_YAML_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*):(?:[ \t]|$)", _M)
_INI_LINE = re.compile(r"^(?:\[[^\]\n]+\][ \t]*$|[\w.-]+[ \t]*=)", _M)


def ansible_inventory(text: str) -> str | None:
    """An Ansible inventory in INI form: a group's header and either a host line setting an
    `ansible_` variable or a group of groups or of variables (`[web:children]`, `[all:vars]`)."""
    groups = list(_GROUP.finditer(text))
    if not groups:
        return None
    nested = next((g for g in groups if g.group(2)), None)
    if nested is not None:
        return f"group [{nested.group(1)}{nested.group(2)}]"
    host = _HOST_VARIABLE.search(text)
    return f"group [{groups[0].group(1)}], a host's {host.group(1)}" if host else None


def cloud_config(text: str) -> str | None:
    """cloud-init's user data: YAML under the `#cloud-config` line that tells cloud-init so."""
    return "#cloud-config" if _CLOUD_CONFIG.match(text) else None


def bare_inventory(text: str) -> str | None:
    """An Ansible inventory of host names only: group headers (`[web]`), and under them nothing
    but host lines, comments and blank lines (no prose, no `key = value` settings). Whether a
    file so shaped is an inventory its name says (facts.FileFacts.bare_inventory)."""
    header = hosts = 0
    first = None
    for line in text.splitlines():
        line = line.strip()
        if not line or _COMMENT.match(line):
            continue
        if (m := _GROUP.fullmatch(line)) is not None:
            header += 1
            first = first or m.group(1)
        elif header and _BARE_HOST.fullmatch(line):
            hosts += 1
        else:
            return None
    return f"group [{first}] of {hosts} hosts" if header and hosts else None


def cloud_init_settings(text: str) -> str | None:
    """cloud-init's settings (`/etc/cloud/cloud.cfg`, `cloud.cfg.d/*.cfg`): YAML, a top-level
    key and no INI section or `key = value` line at a line's start."""
    key = _YAML_TOP_KEY.search(text)
    return f"{key.group(1)}:" if key and _INI_LINE.search(text) is None else None

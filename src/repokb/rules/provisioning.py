"""Content sniffers of the files that set machines up, often kept with no extension: an Ansible
inventory (`inventory`, `hosts`, `inventory/prod`: INI groups of hosts) and cloud-init's user
data (`user-data`: YAML under a `#cloud-config` first line). Each returns the mark found (a
group's header, a variable's name, never its value), or None (rules/sniff.py registers them).
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

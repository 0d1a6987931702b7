"""Values that name a secret kept in a store, not the secret: where a controller or an agent
fetches it from, under keys whose words say secret.

- External Secrets Operator (`external-secrets.io`): an ExternalSecret's `- secretKey:
  password` (the key of the Secret it makes), `remoteRef`'s `key:` and `property:`, a
  PushSecret's `remoteKey:`;
- the Secrets Store CSI driver's SecretProviderClass (`secrets-store.csi.x-k8s.io`, its
  `objects:` a YAML string): Vault's `objectName`, `secretPath`, `secretKey`; AWS' and Azure's
  `objectName`, `objectAlias`;
- Vault Agent Injector's annotation `vault.hashicorp.com/agent-inject-secret-NAME: "path"`
  (the path of the secret in Vault, the file NAME it is rendered to).
`spans` gives each such value's place; the finders' findings inside one are dropped.
A value written in such a file under another key (ESO's fake provider's `value: X`, a
SealedSecret's ciphertext) is judged as any is.
"""

from __future__ import annotations

import re

# the documents that hold such names (an object's apiVersion, or a list item of one in a
# chart's values: `remoteRef:`)
_MARKERS = ("external-secrets.io", "remoteRef", "secrets-store.csi", "SecretProviderClass")
_NAME_KEYS = r"secretKey|remoteKey|property|objectName|objectAlias|secretPath|key"
# `secretKey: password`, `- objectName: "token"`, JSON's `"secretKey": "db_password"`
_NAMED = re.compile(r"""(?:^[ \t]*(?:-[ \t]+)?|[{,][ \t]*)(?P<kq>["']?)(?:""" + _NAME_KEYS
                    + r""")(?P=kq)[ \t]*:[ \t]*(?P<q>["']?)(?P<v>[^\s"',{}\[\]#]+)(?P=q)""",
                    re.M)
_VAULT_ANNOTATION = re.compile(r"""vault\.hashicorp\.com/agent-inject-secret-[\w.\-]+["']?"""
                               r"""[ \t]*:[ \t]*(?P<q>["']?)(?P<v>[^\s"']+)(?P=q)""")


def spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each value that names a secret in a store."""
    out: list[tuple[int, int]] = []
    if any(marker in text for marker in _MARKERS):
        out += [m.span("v") for m in _NAMED.finditer(text)]
    if "agent-inject-secret-" in text:
        out += [m.span("v") for m in _VAULT_ANNOTATION.finditer(text)]
    return out


def inside(start: int, end: int, names: list[tuple[int, int]]) -> bool:
    """Whether the span start..end lies inside one of `names` (spans')."""
    return any(s <= start and end <= e for s, e in names)

"""Infrastructure and operations repositories: 'which task installs the package', 'where is the
listen port set', 'how is TLS configured', 'where is the node group defined'.

    python bench/retrieval/infra.py --home DIR [--json OUT]

DIR holds six projects (`sh bench/retrieval/infra_trees.sh TREE` makes the trees; index each
with `repokb index TREE/NAME`, the npm package with `repokb index TREE/npm/package --project
helm-readme`): `debops` (DebOps 3.3.2's Ansible collection from its PyPI sdist: 203 roles with
their tasks, defaults, handlers and Jinja templates, and its playbooks), `mlstacks` (0.10.0,
PyPI: ZenML's Terraform stacks and modules for AWS, GCP and k3d), `dask-kubernetes`
(2026.3.0, PyPI: the operator's Helm chart beside its Python), `etckeeper` (an /etc as
etckeeper keeps it: Debian bookworm's nginx-common and haproxy configuration and systemd units,
Salt 3008.5's systemd units and `master`/`minion` files), `saltstates` (Salt 3008.5's test
state tree, `tests/integration/files/file/base`) and `helm-readme` (npm's
@bitnami/readme-generator-for-helm 2.7.2). 54 questions written by session newuser38 as an
operator asks them, README only; 16 more by infra39 about what a template's `{% macro %}` renders
(`print_location`, `print_hba`) and what a task inside an Ansible `block:` does. A hit is right as
in names.py (path ends with the path, symbol with the name, case folded); the file's rank is shown
too, and the first piece holding the asked line (named or not: a role's defaults are packed several
keys to a piece).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("infra.json", __doc__ or "", "piece")

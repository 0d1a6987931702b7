"""Infrastructure repositories (Terraform, Helm, Kubernetes, Ansible): what a platform team's
repository holds beside its code, and what must never be indexed from it."""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file, write
from .test_discover import walk

VAULT = (
    "$ANSIBLE_VAULT;1.1;AES256\n"
    "62313365396662343061393464336163383764373764613633653634306231386433626436623361\n"
    "6134333665353966363534333632666535333761666131620a663537646436643839616531643561\n"
    "63396265333966386166373632626539326166353965363262633030333630313338646335303630\n"
    "3438626666666137650a353638643435666633633964366338633066623234616432373231333331\n"
    "6564\n"
)


@pytest.mark.parametrize(("rel", "text"), [
    ("ansible/group_vars/prod/vault.yml", VAULT),
    ("inventories/prod/host_vars/db1/main.yaml", VAULT),
    ("roles/deploy/files/id_deploy", VAULT),
    ("vars/aws.json", VAULT.replace("1.1;AES256", "1.2;AES256;prod")),
])
def test_an_ansible_vault_file_is_blocked(tmp_path, rel, text) -> None:
    """`ansible-vault encrypt` output: the ciphertext of secrets under a password (an offline
    attack recovers a weak one). It was indexed as deployment configuration, its hex lines
    stored and searchable."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.SECRET_CANDIDATE, "ansible_vault", Policy.BLOCK), c.reasons


def test_a_file_with_inline_vault_values_is_still_indexed(tmp_path) -> None:
    """`!vault |` values in a plain vars file: the file is knowledge, the values redacted."""
    text = ("db_user: app\ndb_password: !vault |\n          " +
            VAULT.replace("\n", "\n          ").rstrip() + "\ndb_port: 5432\n")
    c = classify_file(tmp_path, "group_vars/all/main.yml", text)
    assert c.index_policy is not Policy.BLOCK, c.reasons


def test_terraform_and_terragrunt_working_folders_are_not_walked(tmp_path) -> None:
    """`terraform init` copies every registry module into `.terraform/modules/` (and keeps the
    backend's credentials in `.terraform/terraform.tfstate`): the copies were indexed as the
    project's own Terraform."""
    write(tmp_path, "p/envs/prod/main.tf", 'module "vpc" {\n  source = "x"\n}\n')
    write(tmp_path, "p/envs/prod/.terraform/modules/vpc/main.tf",
          'resource "aws_vpc" "this" {\n  cidr_block = var.cidr\n}\n')
    write(tmp_path, "p/envs/prod/.terraform/modules/modules.json", '{"Modules": []}\n')
    write(tmp_path, "p/live/.terragrunt-cache/abc/def/main.tf", 'resource "x" "y" {}\n')
    files, skipped = walk(tmp_path / "p")
    assert sorted(files) == ["envs/prod/main.tf"]
    assert {"envs/prod/.terraform", "live/.terragrunt-cache"} <= set(skipped)

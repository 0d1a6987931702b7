"""Infrastructure repositories (Terraform, Helm, Kubernetes, Ansible): what a platform team's
repository holds beside its code, and what must never be indexed from it."""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.gotemplate import actions, mask
from repokb.models import Kind, Policy
from repokb.secrets import redact

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
    # ansible-lint 26.10.1's examples/playbooks/vars/vault_full.yml: a document marker first
    ("group_vars/all/vault_full.yml", "---\n" + VAULT),
])
def test_an_ansible_vault_file_is_blocked(tmp_path, rel, text) -> None:
    """`ansible-vault encrypt` output: the ciphertext of secrets under a password (an offline
    attack recovers a weak one). It was indexed as deployment configuration, its hex lines
    stored and searchable."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.SECRET_CANDIDATE, "ansible_vault", Policy.BLOCK), c.reasons


STATE = """{
  "version": 4,
  "terraform_version": "1.6.6",
  "serial": 7,
  "lineage": "6a1b2c3d-1111-2222-3333-444455556666",
  "outputs": {},
  "resources": [
    {"mode": "managed", "type": "random_password", "name": "db",
     "instances": [{"attributes": {"id": "none", "length": 24,
                                   "result": "Rnd-Pw-Result-8Kq3Zx7Lm"}}]}
  ]
}
"""
SHOW_JSON = ('{"format_version": "1.2", "terraform_version": "1.6.6", "values": {"root_module": '
             '{"resources": [{"address": "random_password.db", "values": {"result": '
             '"Rnd-Pw-Result-8Kq3Zx7Lm"}}]}}}\n')


@pytest.mark.parametrize(("rel", "text"), [
    ("state/prod.json", STATE), ("envs/prod/prod.tfstate.json", STATE),
    ("backups/terraform.tfstate.1700000000.backup", STATE), ("plan/show.json", SHOW_JSON)])
def test_terraform_state_under_any_name_is_blocked(tmp_path, rel, text) -> None:
    """`terraform state pull > prod.json`: indexed as JSON configuration, the random password's
    `result` (no secret-named key) stored as written."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.SECRET_CANDIDATE, "terraform_state", Policy.BLOCK), c.reasons


def test_json_that_mentions_terraform_is_not_state(tmp_path) -> None:
    c = classify_file(tmp_path, "config/versions.json",
                      '{"terraform_version": "1.6.6", "providers": {"aws": "5.31.0"}}\n')
    assert c.index_policy is not Policy.BLOCK, c.reasons


def test_a_file_with_inline_vault_values_is_still_indexed(tmp_path) -> None:
    """`!vault |` values in a plain vars file: the file is knowledge, the values redacted."""
    text = ("db_user: app\ndb_password: !vault |\n          " +
            VAULT.replace("\n", "\n          ").rstrip() + "\ndb_port: 5432\n")
    c = classify_file(tmp_path, "group_vars/all/main.yml", text)
    assert c.index_policy is not Policy.BLOCK, c.reasons
    redacted = redact(text, "config", "yaml").text
    hex_lines = [line.strip() for line in VAULT.splitlines()[1:] if line.strip()]
    assert hex_lines and not any(line in redacted for line in hex_lines), redacted
    assert "db_user: app" in redacted and "db_port: 5432" in redacted


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


HELPERS = '''\
{{/*
Expand the name of the chart.
*/}}
{{- define "webapp.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Create a default fully qualified app name.
*/}}
{{- define "webapp.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "webapp.labels" -}}
app.kubernetes.io/name: {{ include "webapp.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}
'''

DEPLOYMENT = '''\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "webapp.fullname" . }}
  labels:
    {{- include "webapp.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicaCount }}
  selector:
    matchLabels:
      {{- include "webapp.labels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "webapp.labels" . | nindent 8 }}
    spec:
      containers:
        - name: {{ .Chart.Name }}
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default "latest" }}"
          ports:
            - containerPort: {{ .Values.service.port }}
          env:
            - name: DATABASE_HOST
              value: {{ printf "%s-postgresql" .Release.Name | quote }}
            - name: LOG_LEVEL
              value: {{ .Values.logLevel | default "info" | quote }}
          {{- with .Values.resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
          {{- end }}
'''

SERVICE_AND_INGRESS = '''\
apiVersion: v1
kind: Service
metadata:
  name: {{ include "webapp.fullname" . }}
spec:
  type: {{ .Values.service.type }}
  ports:
    - port: {{ .Values.service.port }}
      targetPort: http
---
{{- if .Values.ingress.enabled }}
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ include "webapp.fullname" . }}
spec:
  rules:
    - host: {{ .Values.ingress.host | quote }}
{{- end }}
'''


def _chunks(tmp_path, rel: str, text: str) -> list:
    write(tmp_path, "chart/Chart.yaml", "apiVersion: v2\nname: webapp\n")
    c = classify_file(tmp_path, rel, text)
    chunker = chunker_for(c.language)
    assert chunker is not None, c
    return chunker.chunk(text)


def test_helm_helpers_are_cut_per_named_template(tmp_path) -> None:
    """`_helpers.tpl` was one or two windows with no name: "where is webapp.fullname defined"
    had no symbol to find."""
    pieces = _chunks(tmp_path, "chart/templates/_helpers.tpl", HELPERS)
    assert [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces] == [
        ("webapp.name", "define", 1, 6), ("webapp.fullname", "define", 8, 17),
        ("webapp.labels", "define", 19, 22)]


@pytest.mark.parametrize(("rel", "text", "first"), [
    ("chart/templates/deployment.yaml", DEPLOYMENT, "Deployment"),
    ("chart/templates/service.yaml", SERVICE_AND_INGRESS, "Service"),
])
def test_helm_yaml_templates_are_cut_by_their_keys(tmp_path, rel, text, first) -> None:
    """A chart's template is no valid YAML (`{{- include ... | nindent 4 }}` lines): it was cut
    into nameless windows. Now by its keys, read with the actions masked, the pieces holding
    the template's own text, every line once."""
    pieces = _chunks(tmp_path, rel, text)
    assert all(p.symbol_type != "window" for p in pieces), pieces
    assert pieces[0].symbol.startswith(first)
    assert "".join(p.content for p in pieces) == text
    assert "__" not in "".join(p.content for p in pieces)


def test_a_helm_stream_names_its_documents_past_a_leading_action(tmp_path) -> None:
    pieces = _chunks(tmp_path, "chart/templates/service.yaml", SERVICE_AND_INGRESS)
    assert [p.symbol.split(".")[0] for p in pieces] == ["Service", "Ingress"], pieces


def test_mask_keeps_every_line_and_offset() -> None:
    for text in (HELPERS, DEPLOYMENT, SERVICE_AND_INGRESS, "a: {{ x }}\n{{/* a\nb */}}\nc: 1"):
        masked = mask(text)
        assert len(masked) == len(text)
        assert [i for i, ch in enumerate(masked) if ch == "\n"] == [
            i for i, ch in enumerate(text) if ch == "\n"]
        assert "{{" not in masked


@pytest.mark.parametrize(("text", "symbols"), [
    # one manifest: named as a document of a stream is
    ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: shop-api\nspec:\n"
     "  replicas: 6\n", ["Deployment/shop-api"]),
    # a document opening with a comment (after `---`) was windows, or `document 1`
    ("---\n# Tasks that install and configure PostgreSQL for the application\n"
     "- name: Install PostgreSQL\n  ansible.builtin.apt:\n    name: postgresql-15\n"
     "    state: present\n", ["Install PostgreSQL"]),
    # a list of named items (Ansible's tasks) by their names, not `[0-1]`: one piece each
    # (newuser38: packed, "which task creates the user" found a piece named after the first)
    ("- name: Install PostgreSQL\n  ansible.builtin.apt:\n    name: postgresql-15\n"
     "- name: Create application database user\n  community.postgresql.postgresql_user:\n"
     "    name: app\n", ["Install PostgreSQL", "Create application database user"]),
    # a list whose items are not all named keeps its positions
    ("- name: a first step that is named\n  run: make\n- run: make test and more words\n",
     ["[0-1]"]),
    ("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n---\n"
     "# The web front end, three replicas behind the service\napiVersion: apps/v1\n"
     "kind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n"
     "    spec:\n      containers:\n        - name: web\n          image: nginx:1.25\n",
     ["Namespace/shop", "Deployment/web"]),
])
def test_kubernetes_and_ansible_yaml_is_named(text, symbols) -> None:
    pieces = chunker_for("yaml").chunk(text)
    assert [p.symbol for p in pieces] == symbols, pieces


def test_template_actions_are_found_in_one_pass() -> None:
    """A comment runs to its own `*/}}` (a `}}` inside it ends nothing); an unclosed `{{` ends
    the search (a regex scanned the rest of the file for each `{{`: 36 s for 20,000 lines of
    `a: {{ b`, and the chunker runs on every YAML file that does not parse)."""
    text = 'a: {{/* x }} y */}} b: {{ .c }}\n{{ d'
    assert [text[s:e] for s, e in actions(text)] == ["{{/* x }} y */}}", "{{ .c }}"]
    assert list(actions("a: {{ b\n" * 3)) == []
    assert [(s, e) for s, e in actions("{{/* open {{ x }}")] == [(0, 17)]


def _b64(value: str) -> str:
    import base64

    return base64.b64encode(value.encode()).decode()


CONFIGMAP = ("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-{i}\n"
             "data:\n  LOG_LEVEL: info\n  DESCRIPTION: \"settings of the shop service {i}\"\n")
SECRET_DOC = (
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-keys\n  namespace: shop\n"
    "  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n"
    '      {"stringData":{"license":"Lic-Str-5Tg2Bx9Wm7Yc"}}\n'
    "type: Opaque\ndata:\n  webhook: " + _b64("Wbh-Sec-3Kd8Vn1Qr6") + "\n"
    "  config.yaml: |\n    endpoint: https://hooks.acme.example\n    Wbh-Cfg-9Tx2Lq7Zm\n"
    "stringData:\n  license: Lic-Str-5Tg2Bx9Wm7Yc\n  flow: {a: Flw-Val-4Kp8Wz2Qn}\n")


def test_a_kubernetes_secret_past_the_head_of_a_stream_is_redacted_whole() -> None:
    """A Secret after 8 KB of ConfigMaps is past the classifier's head, so the file was indexed:
    its `stringData: license: X` stored raw, its `data:` base64 under `webhook:` too (no
    secret-named key). Every value of a Secret document is redacted; what names it stays."""
    text = "---\n".join([*(CONFIGMAP.format(i=i) for i in range(100)), SECRET_DOC])
    assert text.index("kind: Secret") > 8192
    out = redact(text, "config", "yaml").text
    for value in ("Wbh-Sec-3Kd8Vn1Qr6", "Lic-Str-5Tg2Bx9Wm7Yc", "Wbh-Cfg-9Tx2Lq7Zm",
                  "Flw-Val-4Kp8Wz2Qn", "hooks.acme.example"):
        assert value not in out and _b64(value) not in out, value
    secret = out[out.index("kind: Secret") - 12:]
    for kept in ("kind: Secret", "  name: app-keys", "  namespace: shop", "type: Opaque",
                 "  webhook: <REDACTED_SECRET>", "  license: <REDACTED_SECRET>"):
        assert kept in secret, (kept, secret)
    assert out.count("\n") == text.count("\n")
    assert out[: out.index("kind: Secret")] == text[: text.index("kind: Secret")]


def test_other_kinds_named_like_a_secret_keep_their_values() -> None:
    for kind in ("SealedSecret", "ExternalSecret", "ConfigMap"):
        text = f"apiVersion: v1\nkind: {kind}\nmetadata:\n  name: x\nspec:\n  refreshInterval: 1h\n"
        assert redact(text, "config", "yaml").text == text, kind


CFN = '''\
Resources:
  TaskDef:
    Type: AWS::ECS::TaskDefinition
    Properties:
      ContainerDefinitions:
        - Name: api
          Image: acme/api
          Environment:
            - Name: DB_PASSWORD
              Value: Cfn-Ecs-Env-Pw-3Kq8Zx
            - Name: LOG_LEVEL
              Value: info
  ApiKeyParam:
    Type: AWS::SSM::Parameter
    Properties:
      Name: /orders/api-key
      Type: String
      Value: Cfn-Ssm-Val-4Wk9Rt2Zp7
'''


def test_cloudformation_name_value_pairs_are_redacted() -> None:
    """CloudFormation writes Kubernetes' `- name:` / `value:` capitalised (an ECS container's
    `Environment`) and an SSM parameter's name as a path: both values were stored as written."""
    out = redact(CFN, "config", "yaml").text
    assert "Cfn-Ecs-Env-Pw-3Kq8Zx" not in out and "Cfn-Ssm-Val-4Wk9Rt2Zp7" not in out, out
    assert "Value: info" in out and "Name: /orders/api-key" in out

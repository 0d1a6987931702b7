"""Kubernetes and Helm files holding a `Secret`: the file is knowledge, the Secret's values are
not. A manifest with a Deployment, a Service and a Secret was blocked whole for the Secret in
its head; a chart's `templates/secret.yaml` (templates: references to `.Values`, no value) for
its name; and a `kind: List` of Secrets (`kubectl get secrets -o yaml`) was indexed with its
items' `data:` as written (only top-level Secret documents were read)."""

from __future__ import annotations

import base64

import pytest

from repokb.models import Kind, Policy
from repokb.secrets import redact

from ..conftest import classify_file


def _b64(value: str) -> str:
    return base64.b64encode(value.encode()).decode()


APP = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop-api
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: api
          image: acme/shop-api:1.4
          env:
            - name: DB_PASSWORD
              valueFrom:
                secretKeyRef: {name: shop-db, key: password}
---
apiVersion: v1
kind: Service
metadata:
  name: shop-api
spec:
  ports:
    - port: 80
      targetPort: 8080
---
apiVersion: v1
kind: Secret
metadata:
  name: shop-db
type: Opaque
stringData:
  password: Shp-Db-Pw-7Hq2Xk9
  webhook: Wbh-Tok-4Lm8Zr1
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-settings
data:
  LOG_LEVEL: info
"""
ONLY_SECRETS = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n"
                "  password: Only-Sec-3Kd9Lq\n---\napiVersion: v1\nkind: Secret\nmetadata:\n"
                "  name: hooks\ndata:\n  webhook: " + _b64("Only-Hook-8Zx2") + "\n")
HELM_SECRET = """\
{{- if .Values.db.create }}
apiVersion: v1
kind: Secret
metadata:
  name: {{ include "shop.fullname" . }}-db
  labels:
    {{- include "shop.labels" . | nindent 4 }}
type: Opaque
data:
  password: {{ .Values.db.password | b64enc | quote }}
  api-key: {{ default "Dflt-Api-Key-6Yt3" .Values.apiKey | b64enc | quote }}
  license: """ + _b64("Hlm-Lit-9Qw2") + """
  {{- range $k, $v := .Values.extraSecrets }}
  {{ $k }}: {{ $v | b64enc | quote }}
  {{- end }}
stringData:
  url: "postgres://{{ .Values.db.user }}:{{ .Values.db.password }}@db:5432/shop"
  token: "{{ .Values.token }}"
  inline: Hlm-Inl-5Rt7
{{- end }}
"""
KUBECTL_LIST = """\
apiVersion: v1
items:
- apiVersion: v1
  data:
    webhook: """ + _b64("Wbh-Lst-5Tq8") + """
  kind: Secret
  metadata:
    name: hooks
    namespace: shop
  type: Opaque
- apiVersion: v1
  data:
    LOG_LEVEL: info
  kind: ConfigMap
  metadata:
    name: settings
kind: List
metadata:
  resourceVersion: ""
"""
INDENTED_LIST = """\
apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: Secret
    metadata:
      name: hooks
    stringData:
      license: Lst-Lic-2Hn6
  - apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: worker
    spec:
      replicas: 3
"""


def test_a_manifest_with_a_secret_among_other_documents_is_indexed(tmp_path) -> None:
    """The Deployment and Service were blocked with the Secret: lost knowledge."""
    c = classify_file(tmp_path, "deploy/app.yaml", APP)
    assert c.index_policy is not Policy.BLOCK, c.reasons
    assert (c.kind, c.subkind) == (Kind.INFRASTRUCTURE, "kubernetes_manifest"), c.reasons
    assert any("Secret" in r and "redacted" in r for r in c.reasons), c.reasons
    out = redact(APP, "config", "yaml").text
    for value in ("Shp-Db-Pw-7Hq2Xk9", "Wbh-Tok-4Lm8Zr1"):
        assert value not in out
    cut = APP.index("kind: Secret")
    assert out[:cut] == APP[:cut]  # the Deployment and the Service as written
    assert out.endswith(APP[APP.index("---\napiVersion: v1\nkind: ConfigMap"):])
    assert "  password: <REDACTED_SECRET>" in out and "  name: shop-db" in out


ONLY_SECRET_VALUES = ("Only-Sec-3Kd9Lq", "Only-Hook-8Zx2", _b64("Only-Hook-8Zx2"))


@pytest.mark.parametrize(("rel", "text"), [
    ("deploy/db.yaml", ONLY_SECRETS),
    ("k8s/hooks.yaml", KUBECTL_LIST.replace("kind: ConfigMap", "kind: Secret")),
    # a chart's template that templates nothing: a Secret manifest like any other
    ("charts/shop/templates/db.yaml", ONLY_SECRETS),
    # named like a secret store: the same Secrets, the same verdict (secrets36)
    ("k8s/secret.yaml", ONLY_SECRETS), ("k8s/secrets.yaml", ONLY_SECRETS),
    ("deploy/db-credentials.yml", ONLY_SECRETS),
])
def test_a_file_of_literal_secrets_only_is_indexed_redacted(tmp_path, rel, text) -> None:
    """Every object a Secret with values written in it was blocked whole (a credential store),
    where the same Secret beside a Deployment was indexed: one content, two verdicts. Now the
    Secrets' names and keys are indexed (what a Deployment's `secretKeyRef` names), their
    values redacted, whatever the file is called."""
    if rel.startswith("charts/"):
        (tmp_path / "charts/shop").mkdir(parents=True)
        (tmp_path / "charts/shop/Chart.yaml").write_text("apiVersion: v2\nname: shop\n")
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.index_policy) == (Kind.INFRASTRUCTURE, Policy.INDEX_TEXT), c.reasons
    assert any("Secret" in r and "values redacted" in r for r in c.reasons), c.reasons
    out = redact(text, "config", "yaml").text
    assert not any(v in out for v in ONLY_SECRET_VALUES + ("Wbh-Lst-5Tq8", _b64("Wbh-Lst-5Tq8")))
    assert "kind: Secret" in out and "name: hooks" in out and ": <REDACTED_SECRET>" in out


def test_a_secrets_labels_stay_readable_its_annotations_do_not() -> None:
    """Labels are Kubernetes' short selector values, shown by `kubectl get --show-labels`; an
    annotation may hold the whole object again (`last-applied-configuration`)."""
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  labels:\n"
            "    app.kubernetes.io/name: shop\n    tier: \"backend\"\n  annotations:\n"
            "    note: Ann-Lit-4Rt7\ndata:\n  password: " + _b64("Lbl-Sec-9Km2") + "\n")
    out = redact(text, "config", "yaml").text
    assert "    app.kubernetes.io/name: shop\n    tier: \"backend\"\n" in out, out
    assert "Ann-Lit-4Rt7" not in out and _b64("Lbl-Sec-9Km2") not in out


@pytest.mark.parametrize("name", ["secret.yaml", "secrets.yaml", "db-secret.yml"])
def test_a_helm_charts_secret_template_is_indexed(tmp_path, name) -> None:
    (tmp_path / "charts/shop").mkdir(parents=True)
    (tmp_path / "charts/shop/Chart.yaml").write_text("apiVersion: v2\nname: shop\n")
    c = classify_file(tmp_path, f"charts/shop/templates/{name}", HELM_SECRET)
    assert c.kind is Kind.INFRASTRUCTURE and c.index_policy is not Policy.BLOCK, c.reasons
    assert any("Secret" in r and "redacted" in r for r in c.reasons), c.reasons


@pytest.mark.parametrize("rel", ["config/secret.yaml", "templates/secrets.yaml"])
def test_a_secret_name_outside_a_chart_is_judged_as_any_manifest(tmp_path, rel) -> None:
    """Outside a chart a `secret(s).yaml` of Kubernetes objects was blocked by its name
    (secrets29): its content decides as any manifest's does, a templated Secret indexed with
    its written values redacted, Secrets of written values only too (secrets36)."""
    c = classify_file(tmp_path, rel, HELM_SECRET)
    assert c.index_policy is not Policy.BLOCK, c.reasons
    assert any("Secret" in r and "redacted" in r for r in c.reasons), c.reasons
    c = classify_file(tmp_path, rel, ONLY_SECRETS)
    assert (c.kind, c.index_policy) == (Kind.INFRASTRUCTURE, Policy.INDEX_TEXT), c.reasons


def test_a_charts_secrets_file_that_is_no_template_nor_secret_keeps_its_block(tmp_path) -> None:
    """Below `templates/` but neither a template nor a Secret object: its name still decides."""
    (tmp_path / "charts/shop").mkdir(parents=True)
    (tmp_path / "charts/shop/Chart.yaml").write_text("apiVersion: v2\nname: shop\n")
    c = classify_file(tmp_path, "charts/shop/templates/secrets.yaml",
                      "stripe: Strp-Lit-8Hy3\nwebhook: Wbh-Lit-2Nm5\n")
    assert c.index_policy is Policy.BLOCK, c.reasons


def test_a_helm_secret_whose_only_value_is_a_default_says_it_is_redacted(tmp_path) -> None:
    (tmp_path / "charts/shop").mkdir(parents=True)
    (tmp_path / "charts/shop/Chart.yaml").write_text("apiVersion: v2\nname: shop\n")
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n"
            '  key: {{ .Values.key | default "Dflt-Only-4Gh7" | b64enc }}\n')
    c = classify_file(tmp_path, "charts/shop/templates/secret.yaml", text)
    assert c.index_policy is not Policy.BLOCK, c.reasons
    assert any("1 value(s) written" in r and "redacted" in r for r in c.reasons), c.reasons
    assert "Dflt-Only-4Gh7" not in redact(text, "config", "yaml").text


def test_a_helm_secret_keeps_its_references_and_loses_its_literals() -> None:
    out = redact(HELM_SECRET, "config", "yaml").text
    for kept in ("  password: {{ .Values.db.password | b64enc | quote }}",
                 '  name: {{ include "shop.fullname" . }}-db',
                 '    {{- include "shop.labels" . | nindent 4 }}',
                 "  {{ $k }}: {{ $v | b64enc | quote }}", "  {{- range $k, $v := .Values.",
                 '  token: "{{ .Values.token }}"', "{{- if .Values.db.create }}"):
        assert kept in out, (kept, out)
    for value in ("Dflt-Api-Key-6Yt3", "Hlm-Lit-9Qw2", _b64("Hlm-Lit-9Qw2"), "Hlm-Inl-5Rt7",
                  "postgres://"):
        assert value not in out, (value, out)
    assert "  license: <REDACTED_SECRET>" in out and "  inline: <REDACTED_SECRET>" in out
    assert out.count("\n") == HELM_SECRET.count("\n")


@pytest.mark.parametrize("text", [KUBECTL_LIST, INDENTED_LIST])
def test_secret_items_of_a_list_are_redacted(text) -> None:
    """`kubectl get secrets -o yaml`: a List whose items are Secrets, `data:` before `kind:`."""
    out = redact(text, "config", "yaml").text
    for value in ("Wbh-Lst-5Tq8", "Lst-Lic-2Hn6"):
        assert value not in out and _b64(value) not in out, out
    for kept in ("    LOG_LEVEL: info", "    name: settings", "      replicas: 3",
                 "kind: Secret", "name: hooks"):
        assert kept in out or kept not in text, (kept, out)
    assert out.count("\n") == text.count("\n")


def test_a_list_with_a_secret_and_other_items_is_indexed(tmp_path) -> None:
    c = classify_file(tmp_path, "k8s/all.yaml", KUBECTL_LIST)
    assert c.index_policy is not Policy.BLOCK, c.reasons
    assert any("Secret" in r and "redacted" in r for r in c.reasons), c.reasons


def test_placeholders_in_a_secret_are_kept() -> None:
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n"
            "  password: ${DB_PASSWORD}\n  user: \"$(DB_USER)\"\n  other: Plc-Lit-3Vb8\n")
    out = redact(text, "config", "yaml").text
    assert "  password: ${DB_PASSWORD}\n" in out and '  user: "$(DB_USER)"' in out
    assert "Plc-Lit-3Vb8" not in out


SECRET_JSON = {"apiVersion": "v1", "kind": "Secret",
               "metadata": {"name": "hooks", "namespace": "shop", "annotations": {
                   "kubectl.kubernetes.io/last-applied-configuration":
                       '{"data":{"license":"' + _b64("Lic-Jsn-2Hn6") + '"}}'}},
               "type": "Opaque",
               "data": {"webhook": _b64("Wbh-Jsn-5Tq8"), "license": _b64("Lic-Jsn-2Hn6")},
               "stringData": {"token": "Tok-Jsn-7Vc1", "ref": "${API_TOKEN}"}}
CONFIGMAP_JSON = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"},
                  "data": {"LOG_LEVEL": "info"}}
JSON_VALUES = ("Wbh-Jsn-5Tq8", "Lic-Jsn-2Hn6", "Tok-Jsn-7Vc1")


@pytest.mark.parametrize("obj", [
    SECRET_JSON,
    {"apiVersion": "v1", "items": [SECRET_JSON, CONFIGMAP_JSON], "kind": "List",
     "metadata": {"resourceVersion": ""}},
])
def test_secrets_written_as_json_are_redacted(obj) -> None:
    """`kubectl get secret -o json` (and `get secrets,configmaps -o json`, a List): indexed as
    deployment configuration with the base64 `data:` as written."""
    import json

    text = json.dumps(obj, indent=4)
    out = redact(text, "config", "json").text
    for value in JSON_VALUES:
        assert value not in out and _b64(value) not in out, out
    for kept in ('"name": "hooks"', '"namespace": "shop"', '"kind": "Secret"', '"type": "Opaque"',
                 '"webhook": "<REDACTED_SECRET>"', '"ref": "${API_TOKEN}"'):
        assert kept in out, (kept, out)
    if "items" in obj:
        assert '"LOG_LEVEL": "info"' in out and '"name": "settings"' in out


@pytest.mark.parametrize("rel", ["k8s/hooks.json", "k8s/secret.json", "k8s/secrets.json"])
def test_a_json_secret_alone_or_among_others_is_indexed_redacted(tmp_path, rel) -> None:
    import json

    c = classify_file(tmp_path, rel, json.dumps(SECRET_JSON, indent=2))
    assert (c.kind, c.index_policy) == (Kind.INFRASTRUCTURE, Policy.INDEX_TEXT), c.reasons
    listed = {"apiVersion": "v1", "kind": "List", "items": [SECRET_JSON, CONFIGMAP_JSON]}
    c = classify_file(tmp_path, "k8s/all.json", json.dumps(listed, indent=2))
    assert c.index_policy is not Policy.BLOCK, c.reasons
    assert any("Secret" in r and "redacted" in r for r in c.reasons), c.reasons


def test_a_schema_naming_the_secret_kind_is_no_secret(tmp_path) -> None:
    """kubernetes-validate 1.37.0's `secret-v1.json` names the kind in its
    `x-kubernetes-group-version-kind`: no object, nothing redacted, not blocked."""
    text = ('{"description": "Secret holds secret data of a certain type.", "type": "object",\n'
            ' "x-kubernetes-group-version-kind": [{"group": "", "kind": "Secret",'
            ' "version": "v1"}]}\n')
    assert redact(text, "config", "json").text == text
    assert classify_file(tmp_path, "schema/v1-object.json", text).index_policy is not Policy.BLOCK
    crd = ("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\nselector:\n"
           "  kind: Secret\n  version: v1\n  group: core\n")
    assert redact(crd, "config", "yaml").text == crd


def test_a_json_head_cut_short_still_reads_its_secret_data() -> None:
    text = ('{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "a"},\n'
            ' "data": {"webhook": "' + _b64("Cut-Jsn-4Rw9") + '", "b": "x')
    out = redact(text, "config", "json").text
    assert _b64("Cut-Jsn-4Rw9") not in out and '"name": "a"' in out


@pytest.mark.parametrize("name", ["secret-v1.json", "secretkeyselector-v1.json",
                                  "credentialspec.json"])
def test_a_json_schema_named_after_secrets_is_a_contract(tmp_path, name) -> None:
    """kubernetes-validate 1.37.0 ships a JSON Schema per Kubernetes type and version: its 182
    `secret*-v1.json` were blocked by their names, the other 16,396 indexed as contracts."""
    text = ('{\n  "description": "Secret holds secret data of a certain type.",\n'
            '  "properties": {"data": {"additionalProperties": {"format": "byte", '
            '"type": "string"}, "type": "object"}},\n  "type": "object",\n'
            '  "$schema": "http://json-schema.org/schema#"\n}\n')
    c = classify_file(tmp_path, f"schemas/v1.31.0/{name}", text)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.CONTRACT, "json_schema", Policy.INDEX_TEXT), c.reasons
    c = classify_file(tmp_path, f"config/{name}", '{"api_key": "k", "region": "eu"}\n')
    assert c.index_policy is Policy.BLOCK, c.reasons


LICENSE = "".join(("HX7Q-22LM-", "PZ9K-WQ41"))  # FAKE values, assembled at run time
WEBHOOK = "".join(("hooks-prod", "-2024"))
KUSTOMIZATION = f"""\
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
- deployment.yaml
secretGenerator:
- name: app
  literals:
  - license={LICENSE}
  - "webhook={WEBHOOK}"
  - url=${{WEBHOOK_URL}}
  envs:
  - .env.secret
- name: other
  literals:
    - token={WEBHOOK}x
configMapGenerator:
- name: cfg
  literals:
  - mode=production
"""


def test_a_kustomize_secret_generators_literals_are_redacted() -> None:
    """kustomize makes a Secret of each `secretGenerator:` entry's `literals:`; under keys no
    pattern knows (`license=X`, `webhook=X`) they were stored as written. Each value is
    redacted, its key kept; a `${NAME}` placeholder and a configMapGenerator's literals stay."""
    out = redact(KUSTOMIZATION, "config", "yaml").text
    assert LICENSE not in out and WEBHOOK not in out
    assert "  - license=<REDACTED_SECRET>\n" in out and '"webhook=<REDACTED_SECRET>"' in out
    assert "    - token=<REDACTED_SECRET>\n" in out
    assert "url=${WEBHOOK_URL}" in out and "mode=production" in out and "- .env.secret" in out
    assert out.count("\n") == KUSTOMIZATION.count("\n")

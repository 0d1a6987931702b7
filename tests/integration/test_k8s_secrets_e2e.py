"""A platform team's Kubernetes and Helm files indexed for real (ONNX model, Qdrant Edge): the
Deployment and Service beside a Secret, a chart's `templates/secret.yaml`, a `kubectl get -o
yaml` / `-o json` List are knowledge; no value written in a Secret is a byte under
REPOKB_HOME, in `index --json`, a search or `explain --json` (raw, base64 or URL-encoded); a
file of written Secrets only is indexed the same way, its values redacted (secrets36: it was
blocked whole while the same Secret beside a Deployment was indexed)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from ..conftest import assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

# FAKE values, assembled at run time
VALUES = {
    "app": "".join(("Shp-Db-Pw-", "7Hq2Xk9Lm")),
    "helm_default": "".join(("Dflt-Api-", "Key-6Yt3Vb")),
    "helm_literal": "".join(("Hlm-Lit-", "9Qw2Zp4R")),
    "helm_inline": "".join(("Hlm-Inl-", "5Rt7Kc8W")),
    "list_yaml": "".join(("Wbh-Lst-", "5Tq8Nd3F")),
    "list_json": "".join(("Wbh-Jsn-", "3Pl6Gy1S")),
    "store": "".join(("Only-Sec-", "3Kd9Lq2X")),
}


def _b64(value: str) -> str:
    return base64.b64encode(value.encode()).decode()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    v = VALUES
    root = tmp_path / "platform"
    write(root, "deploy/app.yaml",
          "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: shop-api\nspec:\n"
          "  replicas: 3\n  template:\n    spec:\n      containers:\n        - name: api\n"
          "          image: acme/shop-api:1.4\n          env:\n            - name: DB_PASSWORD\n"
          "              valueFrom:\n                secretKeyRef: {name: shop-db, key: password}\n"
          "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: shop-api\nspec:\n"
          "  ports:\n    - port: 80\n      targetPort: 8080\n"
          "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: shop-db\ntype: Opaque\n"
          f"stringData:\n  password: {v['app']}\n"
          f"data:\n  webhook: {_b64(v['app'] + '-hook')}\n")
    write(root, "charts/shop/Chart.yaml", "apiVersion: v2\nname: shop\nversion: 0.1.0\n")
    write(root, "charts/shop/values.yaml",
          "db:\n  create: true\n  user: shop\n  # set with --set db.password=...\n"
          "  password: \"\"\napiKey: \"\"\n")
    write(root, "charts/shop/templates/secret.yaml",
          "{{- if .Values.db.create }}\napiVersion: v1\nkind: Secret\nmetadata:\n"
          "  name: {{ include \"shop.fullname\" . }}-db\ntype: Opaque\ndata:\n"
          "  password: {{ .Values.db.password | b64enc | quote }}\n"
          f"  api-key: {{{{ default \"{v['helm_default']}\" .Values.apiKey | b64enc | quote }}}}\n"
          f"  license: {_b64(v['helm_literal'])}\n"
          f"stringData:\n  inline: {v['helm_inline']}\n{{{{- end }}}}\n")
    write(root, "k8s/dump.yaml",
          "apiVersion: v1\nitems:\n- apiVersion: v1\n  data:\n"
          f"    webhook: {_b64(v['list_yaml'])}\n  kind: Secret\n  metadata:\n"
          "    name: hooks\n    namespace: shop\n  type: Opaque\n"
          "- apiVersion: v1\n  data:\n    LOG_LEVEL: info\n    FEATURE_FLAGS: checkout-v2\n"
          "  kind: ConfigMap\n  metadata:\n    name: shop-settings\nkind: List\n")
    write(root, "k8s/dump.json", json.dumps({
        "apiVersion": "v1", "kind": "List", "items": [
            {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "json-hooks"},
             "data": {"webhook": _b64(v["list_json"])}},
            {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "json-settings"},
             "data": {"CACHE_TTL": "300"}}]}, indent=2) + "\n")
    write(root, "k8s/db.yaml",
          "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n"
          f"  password: {v['store']}\n")
    return root


def test_kubernetes_and_helm_files_are_knowledge_and_their_secrets_are_not(home, project):
    indexed = invoke("index", str(project), "--json")
    files = {f["path"]: f for f in json.loads(indexed)["files"]}
    for path in ("deploy/app.yaml", "charts/shop/templates/secret.yaml", "k8s/dump.yaml",
                 "k8s/dump.json"):
        assert files[path]["index_policy"] != "block", files[path]
        assert files[path]["chunks"] > 0, files[path]
    assert any("Secret" in r and "redacted" in r for r in files["deploy/app.yaml"]["reasons"])
    alone = files["k8s/db.yaml"]
    assert alone["index_policy"] == "index_text" and alone["chunks"] > 0, alone
    assert any("Secret" in r and "values redacted" in r for r in alone["reasons"]), alone

    hits = json.loads(invoke("search", "shop-api deployment replicas container image", "--json"))
    assert hits[0]["path"] == "deploy/app.yaml", [h["path"] for h in hits]
    helm = json.loads(invoke("search", "shop chart secret template db password", "--json",
                             "--path", "charts/**"))
    content = "\n".join(h["content"] for h in helm)
    assert "password: {{ .Values.db.password | b64enc | quote }}" in content
    settings = json.loads(invoke("search", "shop-settings FEATURE_FLAGS", "--json"))
    assert any("FEATURE_FLAGS: checkout-v2" in h["content"] for h in settings)

    outputs = [indexed]
    for path in files:
        outputs.append(invoke("explain", str(project / path), "--json"))
    for query in (*VALUES.values(), "shop-db secret password webhook", "hooks secret data",
                  "json-hooks webhook", "api-key default license", "db credentials"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    secrets = [*VALUES.values(), VALUES["app"] + "-hook"]
    assert_nowhere(home, secrets, outputs)

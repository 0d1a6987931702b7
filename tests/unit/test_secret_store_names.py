"""A YAML file named like a secret store (`secrets.yaml`, `secret.yml`, `mysql_secret.yml`) was
blocked by its name whatever it held. Judged by its content now: Kubernetes objects are read as
any manifest is (a Secret among other objects, or templated, indexed with its values redacted;
Secrets of written values only, blocked), and a file whose every value is a reference, ciphertext
or empty is indexed (SOPS ciphertext redacted whole). One value written keeps the block. JSON of
that name is judged the same way (secrets30); names of secrets in a store (ESO's `secretKey`,
the CSI driver's `objectName`) and YAML tags (`!vault`) are no values."""

from __future__ import annotations

from repokb.models import Kind, Policy
from repokb.secrets import redact
from repokb.secrets.scan import scan

from ..conftest import assert_redacted, cases, classify_file

IV = "".join(("hMMvHb2pShGjPWQkW+2Hc", "EQlhC5fperqLY1A1jVtnbs="))  # FAKE SOPS fields
DATA = "".join(("dX3IEO", "Hl2d8="))
AGE_BODY = "".join(("YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IFgyNTUx", "OSBSbjhhM2Joa0puZWovWnFN"))
PW = "".join(("Wifi-", "Pw-7Hq2Xk9"))  # a FAKE password

# sops-nix's shape (0815devel/nixos-config's secrets.yaml, values replaced)
SOPS = f"""\
MINIO_ROOT_USER: ENC[AES256_GCM,data:FV6tzz0=,iv:{IV},tag:B8CPZ66ewKWvyOunB+U0gw==,type:str]
MINIO_ROOT_PASSWORD: ENC[AES256_GCM,data:{DATA},iv:{IV},tag:Jjpt5CGAMzdqY1KJdgPCAA==,type:str]
sops:
    age:
        - recipient: age153crjsk874wzfhdvt526j9t4f40ur53xw47llygp9vtgxjknyc9qckeah4
          enc: |
            -----BEGIN AGE ENCRYPTED FILE-----
            {AGE_BODY}
            -----END AGE ENCRYPTED FILE-----
    lastmodified: "2026-01-03T20:12:02Z"
    mac: ENC[AES256_GCM,data:P5vvHAoMXNqFrjpjGc2C4T,iv:{IV},tag:Z2MX8YQOw/npVw+flH4Okg==,type:str]
    unencrypted_suffix: _unencrypted
    version: 3.11.0
"""
VAULTED = """\
# group_vars/prod/secrets.yml: every value from the vault
db_password: !vault |
  $ANSIBLE_VAULT;1.1;AES256
  62313365396662343061393464336163383764373764613633653634306231386433626436623361
  6134333665353966363534333632666535333761666131620a663537646436643839616531643561
api_token: "{{ vault_api_token }}"
smtp_password: "{{ lookup('env', 'SMTP_PASSWORD') }}"
"""
DEPLOY_AND_SECRET = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop-api
spec:
  template:
    spec:
      containers:
        - name: api
          image: acme/shop-api:1.4
---
apiVersion: v1
kind: Secret
metadata:
  name: shop-db
stringData:
  password: Shp-Sec-Pw-4Kq8
"""

INDEXED = [  # (path, text)
    # Chainlink CRE's secrets.yaml (0xEunum/CRE-Prediction-Market): variables' names
    ("secrets.yaml", "secretsNames:\n  GEMINI_API_KEY: # Use this name in workflows\n"
                     "    - GEMINI_API_KEY_VAR # Name of the variable in the .env file\n"),
    ("secrets.yaml", SOPS),
    ("group_vars/prod/secrets.yml", VAULTED),
    # Rails' config/secrets.yml with the production value from the environment only
    ("config/secrets.yml", "production:\n  secret_key_base: <%= ENV[\"SECRET_KEY_BASE\"] %>\n"),
    ("deploy/secret.yaml", "db_password: ${DB_PASSWORD}\nredis_url: ref+vault://secret/app#/redis\n"
                           "stripe_key: op://prod/stripe/key\nsentry_dsn:\n"),
    # a Deployment and its Secret: read as any manifest (k8s28), the Secret's value redacted
    ("deploy/secrets.yaml", DEPLOY_AND_SECRET),
    # Kapitan's compiled Secret (kapitan 0.36.3's examples): references to its secret store
    ("compiled/manifests/mysql_secret.yml",
     "apiVersion: v1\ndata:\n  MYSQL_ROOT_PASSWORD: ?{gpg:mysql/root/password:7f90b2db}\n"
     "kind: Secret\nmetadata:\n  name: example-mysql\ntype: Opaque\n"),
    # a Job that makes a Secret (ingress-nginx's rendered chart in kapitan 0.36.3): no Secret
    ("manifests/job-createSecret.yaml",
     "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ingress-nginx-admission-create\n"
     "spec:\n  template:\n    spec:\n      containers:\n        - name: create\n"
     "          image: registry.k8s.io/ingress-nginx/kube-webhook-certgen:v20220916\n"),
]
INDEXED += [
    # external-secrets' and sealed-secrets' objects: no `Secret` written in the repository
    ("k8s/secrets.yaml", "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\n"
                         "metadata:\n  name: db\nspec:\n  secretStoreRef:\n    name: vault\n"
                         "  data:\n    - secretKey: db-password\n      remoteRef:\n"
                         "        key: prod/db\n"),
    ("k8s/sealed-secret.yaml", "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\n"
                               "metadata:\n  name: db\nspec:\n  encryptedData:\n"
                               "    password: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq\n"),
    # a Kubernetes Secret of written values only: indexed with its values redacted, as under
    # any other name and beside any other object (secrets36; it was blocked)
    ("secrets.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n"
                     f"  password: {PW}\n"),
]
BLOCKED = [  # (path, text)
    # ESPHome's secrets.yaml: the values themselves
    ("secrets.yaml", f'wifi_ssid: "Home"\nwifi_password: "{PW}"\n'),
    # kustomize-sops' plaintext input (Agilicus/kustomize-sops): values under no secret name
    ("secrets.yaml", "CAT: ferocious\nDOG: tame\n"),
    ("config/secrets.yml", "development:\n  secret_key_base: 4a3cf1e9b87d2c65a0f3\n"
                           "production:\n  secret_key_base: <%= ENV[\"SECRET_KEY_BASE\"] %>\n"),
    ("secret.yaml", "db_password: ${DB_PASSWORD:-Dflt-Pw-3Hx9}\n"),
    ("secret.yaml", "api_key: \"{{ .Values.key | default \\\"Dflt-Key-8Jq2\\\" }}\"\n"),
    ("secrets.yaml", SOPS.replace("MINIO_ROOT_USER: ENC", f"MINIO_ROOT_PASSWORD_unencrypted: {PW}"
                                  "\nMINIO_ROOT_USER: ENC")),
    ("secrets.yaml", "alarm_code: 4711\n"),
    ("secrets.yaml", "db_password: [unclosed\n  - {x\n"),
]


@cases(("path", "text"), INDEXED)
def test_a_secret_named_yaml_of_references_or_manifests_is_indexed(tmp_path, path, text):
    c = classify_file(tmp_path, path, text)
    assert c.index_policy is not Policy.BLOCK and c.kind is not Kind.SECRET_CANDIDATE, c.reasons
    assert any("named like a secret store" in r or "Kubernetes Secret" in r
               for r in c.reasons), c.reasons


@cases(("path", "text"), BLOCKED)
def test_a_secret_named_yaml_with_a_value_written_stays_blocked(tmp_path, path, text):
    c = classify_file(tmp_path, path, text)
    assert c.index_policy is Policy.BLOCK and c.kind is Kind.SECRET_CANDIDATE, c.reasons


def test_sops_ciphertext_is_redacted_whole_and_the_names_kept():
    out = redact(SOPS, "config", "yaml").text
    for gone in (IV, DATA, AGE_BODY, "AES256_GCM", "P5vvHAoMXNqFrjpjGc2C4T"):
        assert gone not in out, out
    for kept in ("MINIO_ROOT_PASSWORD: <REDACTED_SECRET>\n", "    mac: <REDACTED_SECRET>\n",
                 "-----BEGIN AGE ENCRYPTED FILE-----", "    version: 3.11.0\n",
                 "recipient: age153crjsk874wzfhdvt526j9t4f40ur53xw47llygp9vtgxjknyc9qckeah4"):
        assert kept in out, out
    assert out.count("\n") == SOPS.count("\n")


def test_the_secret_of_a_manifest_named_secrets_is_redacted(tmp_path):
    c = classify_file(tmp_path, "deploy/secrets.yaml", DEPLOY_AND_SECRET)
    assert (c.kind, c.subkind) == (Kind.INFRASTRUCTURE, "kubernetes_manifest"), c.reasons
    out = redact(DEPLOY_AND_SECRET, "config", "yaml").text
    assert "Shp-Sec-Pw-4Kq8" not in out and "image: acme/shop-api:1.4" in out


# JSON named like a secret store: its content decides as YAML's does (a JSON Schema, Kubernetes
# objects, values that are references, empty or placeholders); it was blocked whatever it held
JSON_INDEXED = [  # (path, text)
    ("secrets.json", '{"db_password": "${DB_PASSWORD}", "api_key": "", "smtp": {"user": null}}\n'),
    ("config/app.secrets.json", '{\n\t"ApiKey": "<your-api-key>",\n\t"ClientSecret": "changeme",'
                                '\n\t"Token": "{{token}}"\n}\n'),
    ("schemas/secret.json", '{"$schema": "http://json-schema.org/draft-07/schema#", "type": '
                            '"object", "properties": {"password": {"type": "string"}}}\n'),
    ("deploy/secrets.json", '{"apiVersion": "external-secrets.io/v1beta1", "kind": '
                            '"ExternalSecret", "metadata": {"name": "db"}, "spec": {"data": '
                            '[{"secretKey": "password", "remoteRef": {"key": "prod/db"}}]}}\n'),
]
JSON_BLOCKED = [  # (path, text)
    # .NET's user-secrets (`%APPDATA%/Microsoft/UserSecrets/<id>/secrets.json`): flat
    # `"Section:Key": "value"` pairs, the values written
    ("UserSecrets/79a3edd0-2092-40a2-a04d-dcb46d5ca9ed/secrets.json",
     '{\n  "ConnectionStrings:Shop": "Server=db;User Id=shop;Password=Shp-Pw-4Kq8",\n'
     f'  "Stripe:SecretKey": "{PW}"\n}}\n'),
    ("secrets.json", f'{{"db_password": "${{DB_PASSWORD}}", "wifi_password": "{PW}"}}\n'),
    ("secrets.json", '{"pin": 4711}\n'),
    ("secrets.json", '{"db_password": "${DB_PASSWORD}",\n'),  # no JSON: not judged
    ("credentials.json", f'{{"installed": {{"client_id": "x.apps.googleusercontent.com", '
                         f'"client_secret": "{PW}"}}}}\n'),
]


@cases(("path", "text"), JSON_INDEXED)
def test_a_secret_named_json_of_references_or_a_schema_is_indexed(tmp_path, path, text):
    c = classify_file(tmp_path, path, text)
    assert c.index_policy is not Policy.BLOCK and c.kind is not Kind.SECRET_CANDIDATE, c.reasons
    assert any("named like a secret store, judged by its content" in r for r in c.reasons), \
        c.reasons


@cases(("path", "text"), JSON_BLOCKED)
def test_a_secret_named_json_with_a_value_written_stays_blocked(tmp_path, path, text):
    c = classify_file(tmp_path, path, text)
    assert c.index_policy is Policy.BLOCK and c.kind is Kind.SECRET_CANDIDATE, c.reasons


# Names blocked in real trees whose content is no store (ansible-core 2.19.14's
# test/integration/targets/ansible-pull/pull-integration-test/conn_secret.yml): an Ansible
# playbook is code run against hosts, its values read by the redaction as any file's are.
PLAYBOOK = """\
- hosts: localhost
  gather_facts: false
  tasks:
    - ping: data='{{ansible_password}}'
      register: dumb
      vars:
        ansible_python_interpreter: '{{ansible_playbook_python}}'

    - name: If we got here, password was passed!
      assert:
        that:
          - "dumb.ping == 'Testing123'"
"""


def test_an_ansible_playbook_named_like_a_secret_is_indexed(tmp_path):
    c = classify_file(tmp_path, "pull-integration-test/conn_secret.yml", PLAYBOOK)
    assert c.index_policy is not Policy.BLOCK, c.reasons
    assert any("Ansible playbook" in r for r in c.reasons), c.reasons


def test_a_vars_file_named_like_a_secret_keeps_its_block(tmp_path):
    """ansible-core's no_log/secretvars.yml: the values themselves."""
    c = classify_file(tmp_path, "no_log/secretvars.yml",
                      "log_me_prefix: LOG_ME_\nsecret_var: DO_NOT_LOG_Secr3t-9Hq\n")
    assert c.index_policy is Policy.BLOCK, c.reasons


def test_a_kapitan_reference_is_kept_whole():
    """Kapitan's `?{gpg:path:hash}` names a secret it keeps: `?{gpg:...:7f90b2db` was redacted
    by the assignment finder (its value stops at `}`), the `}` left."""
    text = ("env:\n  MYSQL_ROOT_PASSWORD: ?{gpg:mysql/root/password:7f90b2db}\n---\n"
            "apiVersion: v1\ndata:\n"
            "  MYSQL_ROOT_PASSWORD: ?{base64:targets/mysql/password:3192c15c}\n"
            "kind: Secret\nmetadata:\n  name: example-mysql\n")
    assert redact(text, "config", "yaml").text == text


def test_an_inline_vault_value_keeps_its_tag():
    """`token: !vault |`: the tag was read as the token's value (redacted, the word lost); the
    value is the ciphertext below it, redacted as before."""
    text = ("db_user: app\ntoken: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n"
            "  62313365396662343061393464336163383764373764613633653634306231386433626436623361\n"
            "  6132333365396662343061393464336163383764373764613633653634306231386433626436620a\n"
            "password: !vault |\n          $ANSIBLE_VAULT;1.2;AES256;prod\n"
            "          61393464336163383764373764613633653634306231386433626436623361613039\n")
    assert scan(text, "config") == []
    out = redact(text, "config", "yaml").text
    assert "token: !vault |\n" in out and "password: !vault |\n" in out, out
    assert "6231336539666234" not in out and "6139346433616338" not in out, out


# Objects that name a secret kept in a store, not the secret: External Secrets Operator's
# (`secretKey`, `remoteRef.key`, `property`, `remoteKey`; external-secrets.io's docs), the
# Secrets Store CSI driver's (`objectName`, `secretPath`, `secretKey`, `objectAlias`: Vault's,
# AWS' and Azure's providers), Vault Agent Injector's `agent-inject-secret-NAME: path`
STORE_NAMES = [  # (case, text)
    ("external secret", """\
apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
metadata:
  name: db
spec:
  refreshInterval: 1h
  secretStoreRef:
    name: vault-backend
    kind: SecretStore
  target:
    name: db-secret
  data:
  - secretKey: password
    remoteRef:
      key: secret/data/db
      property: password
  - secretKey: api_token
    remoteRef:
      key: prod/app
      property: token
"""),
    ("push secret", """\
apiVersion: external-secrets.io/v1alpha1
kind: PushSecret
spec:
  selector:
    secret:
      name: pokedex-credentials
  data:
    - match:
        secretKey: best-pokemon
        remoteRef:
          remoteKey: my-first-parameter
          property: password
"""),
    ("external secret as JSON", '{"apiVersion": "external-secrets.io/v1beta1", "kind": '
     '"ExternalSecret", "spec": {"data": [{"secretKey": "db_password", "remoteRef": '
     '{"key": "prod/db", "property": "password"}}]}}\n'),
    ("csi vault", """\
apiVersion: secrets-store.csi.x-k8s.io/v1
kind: SecretProviderClass
metadata:
  name: vault-db
spec:
  provider: vault
  parameters:
    roleName: app
    objects: |
      - objectName: "password"
        secretPath: "secret/data/db"
        secretKey: "password"
      - objectName: "token"
        secretPath: "secret/data/api"
        secretKey: "token"
"""),
    ("csi aws", """\
apiVersion: secrets-store.csi.x-k8s.io/v1
kind: SecretProviderClass
spec:
  provider: aws
  parameters:
    objects: |
        - objectName: "MySecret"
          objectType: "secretsmanager"
          jmesPath:
            - path: password
              objectAlias: dbpassword
"""),
    ("vault agent annotations", """\
apiVersion: v1
kind: Pod
metadata:
  annotations:
    vault.hashicorp.com/agent-inject: "true"
    vault.hashicorp.com/agent-inject-secret-db-creds: "database/creds/db-app"
    vault.hashicorp.com/agent-inject-secret-password.txt: "secret/data/app/password"
    vault.hashicorp.com/role: "app"
"""),
]


@cases(("case", "text"), STORE_NAMES)
def test_names_of_secrets_in_a_store_are_kept(case, text):
    assert scan(text, "config") == []
    assert redact(text, "config", "json" if text.startswith("{") else "yaml").text == text


def test_a_written_value_beside_store_names_is_still_redacted():
    """ESO's fake provider writes its values: `value:` is no name."""
    text = ("apiVersion: external-secrets.io/v1beta1\nkind: ClusterSecretStore\nspec:\n"
            "  provider:\n    fake:\n      data:\n      - key: /db/password\n"
            f"        value: {PW}\n")
    assert_redacted(text, "config", "yaml", PW)

"""An attacker's round on a data-science project, indexed for real (ONNX model, Qdrant Edge):
credentials in a notebook's cells (`%env KEY=V`, `!wandb login V`, `!export KEY=V`,
`!pip install --index-url https://user:V@...`,
`os.environ["HF_TOKEN"] = V`, `huggingface_hub.login(token=V)`, `wandb.login(key=V)`, an MLflow
tracking URI's userinfo) and in its outputs (a printed `os.environ`, a traceback showing a
connection string, a result's repr), beside the tools' credential files (`kaggle.json`,
`.databrickscfg`, `.netrc`, `.pgpass`, a service account's key, `.my.cnf`, `.s3cfg`,
gcloud's application-default credentials, Hugging Face's saved token). No byte of a value under
REPOKB_HOME, in `index --json`, a search or `explain --json`; the credential files are blocked
whole; the notebook's code stays searchable. Every value is made up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import every_byte, invoke, write

pytestmark = pytest.mark.integration


def _j(*parts: str) -> str:
    return "".join(parts)


V = {
    "env_openai": _j("sk-proj-", "Qm7vTr2xLp9wKd4Fs0Ja7Pe2Uo4Lx9Tm3Qv8Bn5C"),
    "env_wandb": _j("3f2a9c8e1b7d4f6a0e5c", "2b9d8a7f6e5d4c3b2a19"),
    "pip_token": _j("Tk7Rw2Qz", "9Lm4Vx8N"),
    "hf_environ": _j("hf_", "QxLmTrVbNcKwZpHyRjFs", "dGtaYeUiOoPlMk"),
    "db_environ": _j("Wq4-Rt8", "-Lp2Kz"),
    "passphrase": _j("plot twist ", "42 cats!"),
    "hf_login": _j("Zr4Tm9Wq2Lx8", "Vn3Bc6Yh1Kd5"),
    "wandb_login": _j("8a7f6e5d4c3b2a19f8e7", "d6c5b4a39281706f5e4d"),
    "mlflow_pw": _j("Mf6Tz", "3Qp8Wr"),
    "out_aws": _j("wJalrXUtnFEMI/K7MDENG", "/bPxRfiCYzQx7Lm2Kd9"),
    "out_pg": _j("Pg8Lk2", "Vn5Xq"),
    "tb_dsn_pw": _j("Zk3Wm8", "Qr5Tx"),
    "result_token": _j("Yt6Ge3Wd8", "Sa2Hj"),
    "kaggle_key": _j("4c3b2a19f8e7d6c5", "b4a39281706f5e4d"),
    "netrc_pw": _j("Nr7Kq2Lm", "9Xv4Tz"),
    "pgpass_pw": _j("Pp5Wz8Qm", "3Lk7"),
    "databricks": _j("dapi", "9f8e7d6c5b4a3928", "17065f4e3d2c1b0a"),
    "sa_key_body": _j("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7", "Qm7vTr2xLp9w"),
    "mycnf_pw": _j("My7Cn", "f2Pw9"),
    "s3cfg_secret": _j("Hx8Lm2Qv", "7Tz4Kw9RpS3Nd6Bf1Yc5Gj0Ua"),
    "adc_refresh": _j("1//0gLm7vTr2xLp9wKd4", "Fs0Ja7Pe2Uo4Lx9Tm3Qv8Bn5C"),
    "hf_saved": _j("hf_", "PlMkOoUiYeTaGdFsRjHy", "ZpWkNcVbTrLmQx"),
    "yaml_mlflow_pw": _j("Ym4Kt9", "Wp2Rz"),
    "env_mlflow_pw": _j("Mlp4ss", "w0rd9"),
    "wandb_cli": _j("Wb7Kq2Lm9", "Xv4Tz3Wr8Qa"),
    "export_hf": _j("Ht7Kq2Lm9", "Xv4Tz3Wr8"),
}


def _code(source: list[str], outputs: list[dict[str, object]] | None = None) -> dict[str, object]:
    return {"cell_type": "code", "execution_count": 1, "metadata": {},
            "outputs": outputs or [], "source": source}


def _notebook() -> str:
    ansi_red, ansi_end = "\u001b[0;31m", "\u001b[0m"
    dsn = f"postgresql://analyst:{V['tb_dsn_pw']}@db.internal:5432/warehouse"
    cells = [
        {"cell_type": "markdown", "metadata": {},
         "source": ["# Churn exploration\n", "Load the warehouse and look at churn by cohort."]},
        _code([f"%env OPENAI_API_KEY={V['env_openai']}\n",
               f"%env WANDB_API_KEY={V['env_wandb']}\n",
               f"%env MLFLOW_TRACKING_PASSWORD={V['env_mlflow_pw']}\n",
               f"!wandb login --relogin {V['wandb_cli']}\n",
               f"!export HF_TOKEN={V['export_hf']} && python train.py\n"]),
        _code([f"!pip install --index-url https://deploy:{V['pip_token']}"
               "@pypi.corp.internal/simple churnlib\n"],
              [{"name": "stdout", "output_type": "stream",
                "text": ["Successfully installed churnlib-0.3.1\n"]}]),
        _code(["import os\n", f'os.environ["HF_TOKEN"] = "{V["hf_environ"]}"\n',
               f"os.environ['DB_PASSWORD'] = '{V['db_environ']}'\n",
               f"os.environ['WAREHOUSE_PASSPHRASE'] = '{V['passphrase']}'\n"]),
        _code(["import huggingface_hub, wandb, mlflow\n",
               f'huggingface_hub.login(token="{V["hf_login"]}")\n',
               f'wandb.login(key="{V["wandb_login"]}")\n',
               f'mlflow.set_tracking_uri("https://alice:{V["mlflow_pw"]}@mlflow.corp.internal")\n']),
        _code(["print(os.environ)\n"],
              [{"name": "stdout", "output_type": "stream",
                "text": [f"environ({{'HOME': '/home/alice', 'AWS_SECRET_ACCESS_KEY': "
                         f"'{V['out_aws']}', 'PGPASSWORD': '{V['out_pg']}'}})\n"]}]),
        _code(["import sqlalchemy\n",
               "engine = sqlalchemy.create_engine(os.environ['WAREHOUSE_URL'])\n"],
              [{"ename": "OperationalError", "evalue": "could not connect", "output_type": "error",
                "traceback": [f"{ansi_red}OperationalError{ansi_end}: connection failed for "
                              f"{dsn}"]}]),
        _code(["client.config\n"],
              [{"data": {"text/plain": [f"{{'token': '{V['result_token']}'}}"]},
                "execution_count": 1, "metadata": {}, "output_type": "execute_result"}]),
    ]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
                      indent=1)


BLOCKED = {".databrickscfg", ".netrc", ".pgpass", "kaggle.json", "secrets/credentials.json",
           ".my.cnf", ".s3cfg", "gcloud/application_default_credentials.json",
           "home/hf/huggingface/token"}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "churn-lab"
    write(root, "notebooks/churn.ipynb", _notebook())
    write(root, "kaggle.json", json.dumps({"username": "alice", "key": V["kaggle_key"]}))
    write(root, ".netrc", f"machine api.wandb.ai\n  login user\n  password {V['netrc_pw']}\n")
    write(root, ".pgpass", f"db.internal:5432:warehouse:analyst:{V['pgpass_pw']}\n")
    write(root, ".databrickscfg",
          f"[DEFAULT]\nhost = https://adb-1234.5.azuredatabricks.net\ntoken = {V['databricks']}\n")
    write(root, "secrets/credentials.json", json.dumps(
        {"type": "service_account", "project_id": "churn-lab",
         "private_key": f"-----BEGIN PRIVATE KEY-----\n{V['sa_key_body']}\n-----END PRIVATE "
                        "KEY-----\n", "client_email": "etl@churn-lab.iam.gserviceaccount.com"}))
    write(root, ".my.cnf", f"[client]\nuser = analyst\npassword = {V['mycnf_pw']}\n")
    write(root, ".s3cfg", f"[default]\naccess_key = AKIA\nsecret_key = {V['s3cfg_secret']}\n")
    write(root, "gcloud/application_default_credentials.json", json.dumps(
        {"type": "authorized_user", "client_id": "764086051850.apps.googleusercontent.com",
         "refresh_token": V["adc_refresh"]}))
    write(root, "home/hf/huggingface/token", V["hf_saved"] + "\n")
    write(root, "conf/tracking.yaml",
          f"mlflow:\n  tracking_uri: https://bob:{V['yaml_mlflow_pw']}@mlflow.corp.internal\n")
    write(root, "churn.py", "def churn_rate(df):\n    return df.churned.mean()\n")
    return root


def test_a_data_science_projects_credentials_never_reach_the_home_or_an_answer(home, project):
    indexed = invoke("index", str(project), "--json")
    outputs = [indexed]
    paths = [str(p.relative_to(project)) for p in project.rglob("*") if p.is_file()]
    explained = {}
    for path in paths:
        explained[path] = json.loads(invoke("explain", str(project / path), "--json"))
        outputs.append(json.dumps(explained[path]))
    assert {p for p, e in explained.items() if e["classification"]["index_policy"] == "block"
            } == BLOCKED
    assert explained["notebooks/churn.ipynb"]["chunks"] > 0
    for query in (*V.values(), "churn exploration", "huggingface login wandb mlflow",
                  "pip install index url", "print os environ", "OperationalError connection",
                  "databricks token", "kaggle key"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    stored = every_byte(home)
    answers = "\n".join(outputs)
    leaked = sorted(k for k, v in V.items() if v.encode() in stored or v in answers)
    assert leaked == []
    hits = json.loads(invoke("search", "huggingface login wandb mlflow", "--json"))
    assert any("wandb.login(key=" in h["content"] for h in hits)  # the code stays searchable

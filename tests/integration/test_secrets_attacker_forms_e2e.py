"""The forms an attacker's pass found stored as written (tests/unit/test_secrets_attacker_forms.py),
in Python, Erlang, Elixir, shell and Markdown files of one project indexed for real (ONNX
model, Qdrant Edge): no byte of a value under REPOKB_HOME, in `index --json`, a search or
`explain --json`. The labels and class names beside them stay readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "words": "".join(("Hunter", "Two", "Prod")),
    "fstring": "".join(("Xq7pLm", "2vRtFs")),
    "percent": "".join(("Kp9wQz", "4nJsPc")),
    "erlang": "".join(("Eb4471", "zqTn6w")),
    "erlang_map": "".join(("eK7vQ2", "mZp9Lw4x")),
    "elixir": "".join(("Ex5t1k", "8mWq2z")),
    "hf": "".join(("q8LmWz2pRt", "7vXc4nB6yJ")),
    "curl": "".join(("CurlPass", "4417")),
    "readme": "".join(("Readme", "Curl3318")),
    "call": "".join(("ReqAuth", "Pw7731")),
    "basic": "".join(("c3ZjOkJoNmQ0", "UnAyWHE4")),  # base64 of `svc:Bh6d4Rp2Xq8`
    "decoded": "".join(("QmQ2YzRQ", "dzJYcTk")),  # base64 of `Bd6c4Pw2Xq9`
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "gateway"
    v = VALUES
    write(root, "gateway/client.py",
          '"""Talk to the billing gateway."""\n\nimport configparser\n\n'
          "import huggingface_hub\n\n\n"
          "def write_config(path):\n"
          "    config = configparser.ConfigParser()\n"
          '    config.add_section("db")\n'
          f'    config.set("db", "password", "{v["words"]}")\n'
          '    with open(path, "w") as f:\n        config.write(f)\n\n\n'
          "def dsn(env):\n"
          f'    return f"DB_PASSWORD={v["fstring"]}-{{env}}"\n\n\n'
          "def body():\n"
          f'    return "user=bob&password=%s" % "{v["percent"]}"\n\n\n'
          "def hub():\n"
          f'    huggingface_hub.login("{v["hf"]}")\n\n\n'
          "def fetch(url):\n"
          f'    return requests.get(url, auth=("admin", "{v["call"]}"))\n\n\n'
          f'AUTH = "Basic {v["basic"]}"\n'
          f'password = base64.b64decode("{v["decoded"]}=")\n')
    write(root, "gateway/forms.py",
          "from django import forms\n\n\n"
          "class LoginForm(forms.Form):\n"
          '    METHOD_CHOICES = [("password", "Password"), ("token", "Token")]\n'
          '    WIDGETS = [("password", "PasswordInput")]\n'
          "    method = forms.ChoiceField(choices=METHOD_CHOICES)\n")
    write(root, "src/auth.erl",
          "-module(auth).\n-export([opts/0, keys/0]).\n\n"
          f'opts() -> [{{<<"user">>, <<"bob">>}}, {{<<"password">>, <<"{v["erlang"]}">>}}].\n\n'
          f'keys() -> #{{<<"api_key">> => <<"{v["erlang_map"]}">>}}.\n')
    write(root, "lib/client.ex",
          "defmodule Client do\n"
          f'  def creds, do: %{{<<"password">> => <<"{v["elixir"]}">>}}\nend\n')
    write(root, "scripts/deploy.sh",
          "#!/bin/sh\nset -e\n"
          f"curl -u deploy:{v['curl']} https://api.example.com/v1/deploy\n")
    write(root, "README.md",
          "# Gateway\n\n## Deploy by hand\n\n```sh\n"
          f"curl --user admin:{v['readme']} https://api.example.com/v1/items\n```\n")
    return root


def test_an_attackers_forms_never_reach_the_home_or_an_answer(home, project):
    assert_never_stored(home, project, VALUES.values(), (
        "write the db config", "login to hugging face",
        "erlang options", "deploy with curl", "login form widgets"), files=6)
    content = answered("login form widgets", "--path", "gateway/forms.py")
    assert 'METHOD_CHOICES = [("password", "Password"), ("token", "Token")]' in content
    assert 'WIDGETS = [("password", "PasswordInput")]' in content

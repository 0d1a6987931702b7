"""A secret-named string and its value given by position (a pair, an argument list, Kotlin's
`to`, Go's `url.Values`) and JavaScript's `||=`/`??=`, in Python, Go, Java, Kotlin, Elixir,
PHP and JavaScript files of one project indexed for real (ONNX model, Qdrant Edge): no byte
of a value under REPOKB_HOME, in `index --json`, a search or `explain --json`. A Django-style
form's choices and field list stay readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "tuple": "".join(("Pt5521", "kxQz7")),
    "header": "".join(("Ph8830", "mvLw2")),
    "configparser": "".join(("Pc4471", "zqTn6")),
    "setattr": "".join(("Ps7710", "xcPk3")),
    "elixir": "".join(("Pe2245", "nmRb8")),
    "go_form": "".join(("Pg6642", "ruWd5")),
    "go_header": "".join(("Pk3318", "tyGh4")),
    "go_values": "".join(("Pv9183", "waSe1")),
    "java": "".join(("Pj1276", "hoYu9")),
    "kotlin": "".join(("Pl5504", "beXi3")),
    "php": "".join(("Pp8867", "diCo2")),
    "js": "".join(("Pn2290", "fuMa6")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "gateway"
    v = VALUES
    write(root, "gateway/client.py",
          '"""Talk to the billing gateway."""\n\nimport configparser\n\nimport requests\n\n'
          "from django.conf import settings\n\n\n"
          "def login():\n"
          f'    data = [("username", "alice"), ("password", "{v["tuple"]}")]\n'
          f'    headers = [("X-Api-Key", "{v["header"]}")]\n'
          '    return requests.post("https://billing.example/login", data=data,\n'
          "                         headers=dict(headers))\n\n\n"
          "def write_config(path):\n"
          "    config = configparser.ConfigParser()\n"
          '    config.add_section("db")\n'
          f'    config.set("db", "password", "{v["configparser"]}")\n'
          '    with open(path, "w") as f:\n        config.write(f)\n\n\n'
          "def configure():\n"
          f'    setattr(settings, "SECRET_KEY", "{v["setattr"]}")\n')
    write(root, "gateway/forms.py",
          "from django import forms\nfrom django.utils.translation import gettext_lazy as _\n\n\n"
          "class LoginForm(forms.Form):\n"
          '    METHOD_CHOICES = [("password", "Password"), ("token", _("Token"))]\n'
          "    method = forms.ChoiceField(choices=METHOD_CHOICES)\n\n"
          "    class Meta:\n"
          '        fields = ("username", "password1", "password2")\n')
    write(root, "lib/gateway.ex",
          "defmodule Gateway do\n  def login do\n"
          f'    HTTPoison.post("https://billing.example/login", {{:form, [{{"username", "alice"}},'
          f' {{"password", "{v["elixir"]}"}}]}})\n  end\nend\n')
    write(root, "go/client.go",
          'package gateway\n\nimport (\n\t"net/http"\n\t"net/url"\n)\n\n'
          "func Login() url.Values {\n\tform := url.Values{}\n"
          f'\tform.Set("password", "{v["go_form"]}")\n\treturn form\n}}\n\n'
          "func Sign(req *http.Request) {\n"
          f'\treq.Header.Set("X-Api-Key", "{v["go_header"]}")\n}}\n\n'
          f'var defaults = url.Values{{"password": {{"{v["go_values"]}"}}}}\n')
    write(root, "java/Gateway.java",
          "import java.util.Map;\n\npublic class Gateway {\n"
          "    static Map<String, String> credentials() {\n"
          f'        return Map.of("user", "alice", "password", "{v["java"]}");\n'
          "    }\n}\n")
    write(root, "kotlin/Gateway.kt",
          "object Gateway {\n"
          f'    val form = mapOf("user" to "alice", "password" to "{v["kotlin"]}")\n}}\n')
    write(root, "php/bootstrap.php",
          f"<?php\nputenv('DB_PASSWORD={v['php']}');\n")
    write(root, "web/env.js",
          f"process.env.API_TOKEN ??= '{v['js']}';\n"
          "module.exports = { token: () => process.env.API_TOKEN };\n")
    return root


def test_positional_pairs_never_reach_the_home_or_an_answer(home, project):
    assert_never_stored(home, project, VALUES.values(), (
        "login to the billing gateway", "write the db config",
        "sign the request with an api key", "gateway credentials map",
        "login form method choices", "api token environment"), files=8)
    content = answered("login form method choices", "--path", "gateway/forms.py")
    assert 'METHOD_CHOICES = [("password", "Password"), ("token", _("Token"))]' in content
    assert 'fields = ("username", "password1", "password2")' in content

"""Token formats known by their prefix (Stripe's `whsec_`, Mailgun, Shopify, Doppler, Hugging
Face, DigitalOcean, Linear, Postman, Databricks) under names that say nothing, Node's `auth:
'user:X'`, mysql's `-pX` in an argument list and a C# SecureString filled from a literal,
indexed for real (ONNX model, Qdrant Edge): no byte of a value under REPOKB_HOME, in `index
--json`, a search or `explain --json`. A POD guide's HTML form and field labels stay readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write
from ..unit.test_secrets_token_formats import TOKENS

pytestmark = pytest.mark.integration

PASSWORDS = {  # FAKE values, assembled at run time
    "node": "".join(("Hs8wPq3", "vLx7Nr2")),
    "mysql": "".join(("Dk5tMz9", "qWr4Yb6")),
    "secure": "".join(("Vb2nKe7", "sJp8Lt1")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "shop/integrations.py",
          '"""Third-party services the shop talks to."""\n\n'
          + "".join(f'{name.upper()} = "{value}"\n' for name, value in TOKENS.items())
          + "\n\ndef services():\n    return sorted(k for k in globals() if k.isupper())\n")
    write(root, "docs/webhooks.md",
          "# Webhooks\n\nStart the listener, then paste "
          f"{TOKENS['stripe_webhook_secret']} into the dashboard's webhook form.\n")
    write(root, "web/status.js",
          "const https = require('https');\n\n"
          "function status(done) {\n"
          "  const req = https.request({\n"
          "    hostname: 'status.internal',\n"
          f"    auth: 'monitor:{PASSWORDS['node']}',\n"
          "  }, done);\n"
          "  req.end();\n"
          "}\n\nmodule.exports = { status };\n")
    write(root, "tools/backup.py",
          "import subprocess\n\n\n"
          "def backup(path):\n"
          '    """Dump the shop database to path."""\n'
          f'    subprocess.run(["mysqldump", "-uroot", "-p{PASSWORDS["mysql"]}", "shop"],\n'
          '                   stdout=open(path, "wb"), check=True)\n')
    write(root, "src/Vault.cs",
          "using System.Security;\n\n"
          "public static class Vault\n{\n"
          "    public static SecureString Password()\n    {\n"
          "        var password = new SecureString();\n"
          f'        foreach (char c in "{PASSWORDS["secure"]}") password.AppendChar(c);\n'
          "        return password;\n    }\n}\n")
    write(root, "lib/Shop/Guide.pod",
          "=head1 NAME\n\nShop::Guide - the sign-up form\n\n=head1 FORM\n\n"
          "  <dt>Password:\n"
          "  <dd><input type=password name=password>\n\n"
          "  %= label_for pass => 'Password (optional, 7-500 characters)'\n"
          "  %= password_field 'pass'\n\n=cut\n")
    return root


def test_these_forms_never_reach_the_home_or_an_answer(home, project):
    values = [*TOKENS.values(), *PASSWORDS.values()]
    assert_never_stored(home, project, values, (
        "third-party services", "webhook listener dashboard",
        "status request", "backup the shop database", "vault password",
        "sign-up form password field"), files=6)
    content = answered("sign-up form password field", "--path", "lib/*")
    assert "<dd><input type=password name=password>" in content
    assert "label_for pass => 'Password (optional, 7-500 characters)'" in content

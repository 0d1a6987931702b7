"""A Julia package, a PowerShell module and a Flutter app indexed for real (ONNX model, Qdrant
Edge), as their developers run repokb on them: `.jl` and `.psm1` files are read (they were
unknown, so excluded), Pkg's manifest is a lockfile, `.dart_tool/` is skipped, `charge`,
`Get-ShopOrder` and `Cart.totalCents` (in its class `Cart`) are found by their names, and no
credential they hold in their own forms (Julia's `password::String = "X"`, PowerShell's
`ConvertTo-SecureString "X" -AsPlainText`, `net user NAME X`, Dart's
`String.fromEnvironment(.., defaultValue: 'X')` and `BasicAuthClient('user', 'X')`) is a byte
under REPOKB_HOME, in `index --json`, a search or `explain --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "julia_typed": "".join(("Jt5519", "mvLw2")),
    "secure_string": "".join(("Ps4471", "zqTn6")),
    "net_user": "".join(("Pn7710", "xcPk3")),
    "dart_env": "".join(("De2245", "nmRb8")),
    "dart_basic": "".join(("Db6642", "ruWd5")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "billing/Project.toml", 'name = "Billing"\nuuid = "7876af07-990d-54b4-ab0e-'
          '23690620f79a"\n\n[deps]\nHTTP = "cd3eb016-35fb-5094-929b-558a96fad6f3"\n')
    write(root, "billing/Manifest.toml", 'julia_version = "1.11.1"\n\n[[deps.HTTP]]\n'
          'uuid = "cd3eb016-35fb-5094-929b-558a96fad6f3"\n')
    write(root, "billing/src/Billing.jl",
          'module Billing\n\nusing HTTP\n\n'
          f'db_password::String = "{VALUES["julia_typed"]}"\n\n'
          '"""\n    charge(customer, cents)\n\nCharge a customer\'s card through the payment'
          ' provider and return the receipt.\n"""\nfunction charge(customer, cents::Int)\n'
          '    HTTP.post("https://pay.example.com/charges"; body = string(cents))\nend\n\nend\n')
    write(root, "billing/test/runtests.jl",
          'using Test, Billing\n\n@testset "charging" begin\n    @test true\nend\n')
    write(root, "ops/Shop/Shop.psd1",
          "@{\n    RootModule = 'Shop.psm1'\n    ModuleVersion = '1.2.0'\n}\n")
    write(root, "ops/Shop/Shop.psm1",
          "<#\n.SYNOPSIS\nGets the orders of a customer from the shop's API.\n#>\n"
          "function Get-ShopOrder {\n    param([int]$CustomerId)\n"
          '    Invoke-RestMethod "https://shop.example.com/customers/$CustomerId/orders"\n}\n\n'
          f'$secure = ConvertTo-SecureString "{VALUES["secure_string"]}" -AsPlainText -Force\n'
          f"net user deploy {VALUES['net_user']} /add\n")
    write(root, "app/pubspec.yaml", "name: shop\ndependencies:\n  http: ^1.2.0\n")
    write(root, "app/lib/cart.dart",
          "/// The shopping cart.\nclass Cart {\n  final Map<String, int> _cents = {};\n\n"
          "  /// The total in cents, VAT included.\n"
          "  int totalCents({double vatRate = 0.2}) {\n"
          "    final net = _cents.values.fold<int>(0, (a, b) => a + b);\n"
          "    return (net * (1 + vatRate)).round();\n  }\n}\n\n"
          "const _key = String.fromEnvironment('SECRET_KEY', "
          f"defaultValue: '{VALUES['dart_env']}');\n"
          f"final client = BasicAuthClient('svc', '{VALUES['dart_basic']}');\n")
    write(root, "app/.dart_tool/package_config.json", '{"configVersion": 2, "packages": []}\n')
    return root


def test_julia_powershell_and_dart_projects_are_read_and_keep_their_credentials(home, project):
    indexed = invoke("index", str(project), "--json")
    files = {f["path"]: f for f in json.loads(indexed)["files"]}
    assert files["billing/src/Billing.jl"]["chunks"] > 0
    assert files["billing/test/runtests.jl"]["kind"] == "test"
    assert files["billing/Project.toml"]["kind"] == "dependency_manifest"
    assert files["billing/Manifest.toml"]["kind"] == "lockfile"
    assert files["ops/Shop/Shop.psm1"]["chunks"] > 0
    assert files["ops/Shop/Shop.psd1"]["kind"] == "dependency_manifest"
    assert files["app/.dart_tool"]["index_policy"] == "exclude"
    for query, symbol in (("where is charge defined", "Billing.charge"),
                          ("where is Get-ShopOrder defined", "Get-ShopOrder"),
                          # a class this small is one piece, the method inside it
                          ("where is Cart.totalCents defined", "Cart")):
        hits = json.loads(invoke("search", query, "--json"))
        assert hits[0]["symbol"] == symbol, (query, hits[0])
    outputs = [indexed]
    for path in ("billing/src/Billing.jl", "ops/Shop/Shop.psm1", "app/lib/cart.dart"):
        outputs.append(invoke("explain", str(project / path), "--json"))
    for query in (*VALUES.values(), "database password", "secure string deploy user",
                  "secret key basic auth client"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    assert_nowhere(home, VALUES.values(), outputs)

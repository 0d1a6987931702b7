"""A Julia package's, a PowerShell module's and a Dart/Flutter project's files read as such.

A pass over juliacall 0.9.37's sdist (PythonCall.jl: 96 `.jl` files, `Project.toml`s at its
top and in test/, docs/, benchmark/) found every `.jl` file unknown (82, excluded) or a test
fixture (test/*.jl, 14, metadata only): none indexed. Its `Project.toml`s were plain TOML
configuration, `.JuliaFormatter.toml` too; Pkg's `Manifest.toml` lockfile was not known.
ansible-core 2.19.14's PowerShell (lib/ansible/module_utils/powershell, 11 `.psm1` script
modules) was unknown, excluded; a module manifest `.psd1` too, and a Pester test
`Get-Order.Tests.ps1` beside its script was the project's source. In a Flutter-shaped tree,
`.dart_tool/` (pub's package_config.json with this machine's paths) was indexed as the
project's configuration, Flutter's `integration_test/` and a `*_test.dart` outside test/ were
source, mockito's `*.mocks.dart` a test, and `.flutter-plugins-dependencies` unknown.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import assert_classified, write
from .test_discover import walk

JULIA_PROJECT = ('name = "Shop"\nuuid = "7876af07-990d-54b4-ab0e-23690620f79a"\n'
                 'version = "0.1.0"\n\n[deps]\nDates = "ade2ca70-3891-5945-98fb-dc099432e06a"\n')
JULIA_MANIFEST = ('julia_version = "1.11.1"\nmanifest_format = "2.0"\n\n[[deps.Dates]]\n'
                  'uuid = "ade2ca70-3891-5945-98fb-dc099432e06a"\n')
PS_MANIFEST = ("@{\n    RootModule = 'Shop.psm1'\n    ModuleVersion = '1.2.0'\n"
               "    FunctionsToExport = @('Get-Order')\n}\n")


@pytest.mark.parametrize(
    ("rel", "content", "kind", "subkind", "language", "policy"),
    [
        ("src/Shop.jl", "module Shop\nend\n", Kind.SOURCE, "julia_source", "julia",
         Policy.PARSE_AND_INDEX),
        ("test/runtests.jl", 'using Test\n@testset "x" begin\nend\n', Kind.TEST, "julia_test",
         "julia", Policy.PARSE_AND_INDEX),
        ("Project.toml", JULIA_PROJECT, Kind.DEPENDENCY_MANIFEST, "julia_project", "toml",
         Policy.INDEX_TEXT),
        ("test/Project.toml", '[deps]\nTest = "8dfed614-e22c-5e08-85e1-65c5234f0b40"\n',
         Kind.DEPENDENCY_MANIFEST, "julia_project", "toml", Policy.INDEX_TEXT),
        ("Manifest.toml", JULIA_MANIFEST, Kind.LOCKFILE, "julia_manifest", "toml",
         Policy.METADATA_ONLY),
        ("Manifest-v1.11.toml", JULIA_MANIFEST, Kind.LOCKFILE, "julia_manifest", "toml",
         Policy.METADATA_ONLY),
        ("Artifacts.toml", '[libfoo]\ngit-tree-sha1 = "83481d62501cf2ef22bed745dbcedc4e75fa6e95"\n',
         Kind.DEPENDENCY_MANIFEST, "julia_artifacts", "toml", Policy.INDEX_TEXT),
        (".JuliaFormatter.toml", 'style = "blue"\n', Kind.CONFIGURATION, "tool_config", "toml",
         Policy.METADATA_ONLY),
        ("Shop/Shop.psm1", "function Get-Order { }\n", Kind.SOURCE, "powershell_source",
         "powershell", Policy.PARSE_AND_INDEX),
        ("Shop/Shop.psd1", PS_MANIFEST, Kind.DEPENDENCY_MANIFEST, "powershell_module_manifest",
         "powershell", Policy.INDEX_TEXT),
        ("Shop/Public/Get-Order.Tests.ps1", 'Describe "Get-Order" {\n}\n', Kind.TEST,
         "powershell_test", "powershell", Policy.PARSE_AND_INDEX),
        ("integration_test/app_test.dart", "void main() {}\n", Kind.TEST, "dart_test", "dart",
         Policy.PARSE_AND_INDEX),
        ("lib/src/cart_test.dart", "void main() {}\n", Kind.TEST, "dart_test", "dart",
         Policy.PARSE_AND_INDEX),
        ("test/api_test.mocks.dart", "class MockShopApi extends Mock {}\n", Kind.GENERATED,
         "generated_code", "dart", Policy.METADATA_ONLY),
        ("lib/generated_plugin_registrant.dart", "void registerPlugins() {}\n", Kind.GENERATED,
         "generated_code", "dart", Policy.METADATA_ONLY),
        # (its text opens a JSON object: JSON, session 31)
        (".flutter-plugins-dependencies", '{"plugins": {}}\n', Kind.GENERATED, "flutter_plugins",
         "json", Policy.METADATA_ONLY),
        ("pubspec.yaml", "name: shop\ndependencies:\n  http: ^1.2.0\n", Kind.DEPENDENCY_MANIFEST,
         "pub_manifest", "yaml", Policy.INDEX_TEXT),
        ("pubspec.lock", "packages:\n  http:\n    version: 1.2.1\n", Kind.LOCKFILE,
         "pub_lockfile", None, Policy.METADATA_ONLY),
    ],
)
def test_julia_powershell_and_dart_projects_files_are_read_as_such(tmp_path, rel, content, kind,
                                                                   subkind, language, policy):
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


def test_dart_tool_state_is_not_walked(tmp_path):
    write(tmp_path, "p/lib/main.dart", "void main() {}\n")
    write(tmp_path, "p/.dart_tool/package_config.json", '{"configVersion": 2, "packages": []}\n')
    write(tmp_path, "p/.dart_tool/build/generated/app/lib/main.g.dart", "// GENERATED\n")
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {"lib/main.dart"}
    assert set(skipped) == {".dart_tool"}

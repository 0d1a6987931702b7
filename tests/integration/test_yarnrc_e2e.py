"""Yarn 2+'s `.yarnrc.yml` indexed for real (ONNX model, Qdrant Edge): its settings are
searchable, its credentials never stored nor shown, raw, base64 or URL-encoded.

Yarn reads a registry's credentials from `npmAuthToken` (a token) and `npmAuthIdent`
(`user:password`, or its base64), at the top, per scope under `npmScopes:` and per registry
under `npmRegistries:`; a proxy's password may stand in `httpsProxy`'s URL; an environment
variable's fallback (`${NPM_TOKEN-X}`) is a value too.
"""

from __future__ import annotations

import base64
import urllib.parse
from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

# FAKE values, assembled at run time
NPM_TOKEN = "".join(("npm_", "Zq7Kx2Lm9Np4Rt6Vw8Yb", "1Cd3Fg5Hj0Ks2Lq"))
GITHUB_TOKEN = "".join(("ghp_", "A1b2C3d4E5f6G7h8I9j0", "K1l2M3n4O5p6Q7r8"))
SCOPE_TOKEN = "".join(("7f3c9a2e-4b1d-4e8a", "-9c6f-2d5b8e1a3f70"))
REGISTRY_TOKEN = "".join(("q8ZtV3nPx7LwR2mK", "c9YbH4sJd6Fa1Ge5"))
PASSWORD = "".join(("Hunter2Plaid", "Gorse7"))
IDENT = "deploy:" + PASSWORD
IDENT_B64 = base64.b64encode(("ci-bot:" + PASSWORD + "x").encode()).decode()
PROXY_PW = "".join(("Pr0xyPass", "Wd4521"))
FALLBACK_TOKEN = "".join(("Fb7Lq2Wx9", "Zr4Mk8Tn3Vp6"))  # `${NAME-fallback}`: Yarn reads it


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "web"
    write(root, "package.json", '{"name": "web", "packageManager": "yarn@4.5.0"}\n')
    write(root, ".yarnrc.yml",
          "nodeLinker: node-modules\n"
          "enableGlobalCache: true\n"
          f"npmAuthToken: {NPM_TOKEN}\n"
          f'npmAuthIdent: "{IDENT}"\n'
          f"httpsProxy: http://proxyuser:{PROXY_PW}@proxy.internal:3128\n"
          "npmScopes:\n"
          "  acme:\n"
          "    npmAlwaysAuth: true\n"
          f"    npmAuthToken: {SCOPE_TOKEN}\n"
          '    npmRegistryServer: "https://npm.pkg.github.com"\n'
          "  tools:\n"
          f"    npmAuthIdent: {IDENT_B64}\n"
          "  legacy:\n"
          f"    npmAuthToken: ${{LEGACY_NPM_TOKEN-{FALLBACK_TOKEN}}}\n"
          "npmRegistries:\n"
          '  "//npm.pkg.github.com":\n'
          f'    npmAuthToken: "{GITHUB_TOKEN}"\n'
          '  "https://artifactory.example.com/api/npm/npm/":\n'
          f"    npmAuthToken: '{REGISTRY_TOKEN}'\n"
          "packageExtensions:\n"
          '  "debug@*":\n'
          "    dependencies:\n"
          '      supports-color: "*"\n'
          "plugins:\n"
          "  - path: .yarn/plugins/@yarnpkg/plugin-interactive-tools.cjs\n"
          '    spec: "@yarnpkg/plugin-interactive-tools"\n'
          "yarnPath: .yarn/releases/yarn-4.5.0.cjs\n")
    return root


def test_yarn_settings_are_searchable_and_their_credentials_never_stored(home, project):
    raw = [NPM_TOKEN, GITHUB_TOKEN, SCOPE_TOKEN, REGISTRY_TOKEN, PASSWORD, IDENT, IDENT_B64,
           PROXY_PW, FALLBACK_TOKEN]
    values = raw + [base64.b64encode(v.encode()).decode() for v in raw] + [
        urllib.parse.quote(v, safe="") for v in raw]
    assert_never_stored(home, project, values, (
        "npmAuthToken", "npmAuthIdent registry credentials", "npmScopes acme",
        "npmRegistries artifactory", "yarn https proxy"), files=2)
    content = answered("yarn nodeLinker packageExtensions plugins", "--path", ".yarnrc.yml")
    assert "nodeLinker: node-modules" in content
    assert 'supports-color: "*"' in content
    assert "npmAuthToken: <REDACTED_SECRET>" in content

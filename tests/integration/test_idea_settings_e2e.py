"""A JetBrains project's `.idea/` indexed for real (decisions43): the run configuration a team
shares answers how the app is started, its secrets redacted; the IDE's per-user state and the
user's database logins are never read. Real model, real Qdrant Edge, the CLI."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from ..conftest import answered, assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

# FAKE values, split so no scanner of this repository takes them for real ones
STRIPE = "".join(("Zk3mQ9wE", "4rT7yU1i"))
JDBC = "".join(("Vb4nM8", "kQ2z"))
AWS = "".join(("wJalrXUtnFEMI7K7MDENG", "bPxRfiCYzXk3pQ9Lm2"))
LOCAL = "".join(("dfa8c3c1c0", "c5c2e9f0"))
RUN = f"""\
<component name="ProjectRunConfigurationManager">
  <configuration default="false" name="api server" type="PythonConfigurationType">
    <envs>
      <env name="STRIPE_SECRET" value="{STRIPE}" />
    </envs>
    <option name="SCRIPT_NAME" value="$PROJECT_DIR$/manage.py" />
    <option name="PARAMETERS" value="runserver 0.0.0.0:8000 --settings=shop.settings.dev" />
  </configuration>
</component>
"""
INFO = ("This is sed.info, produced by makeinfo version 6.8 from sed.texi.\n\n\x1f\n"
        "File: sed.info,  Node: Exit status,  Up: Invoking sed\n\n2.3 Exit status\n"
        "===============\n\nAn exit status of zero indicates success, and a nonzero value "
        "indicates failure.\n\n2\n     One or more of the input files specified on the command "
        "line could not be opened.\n\n\x1f\nFile: sed.info,  Node: Concept Index\n\n"
        "\x00\x08[index\x00\x08]\n* Menu:\n\n* exit status:        Exit status.   (line 6)\n")


def test_a_jetbrains_run_configuration_answers_and_its_secrets_stay_out(
        home: Path, tmp_path: Path) -> None:
    project = tmp_path / "shop"
    write(project, "shop/app.py", "def start():\n    return 'shop'\n")
    write(project, ".idea/runConfigurations/api_server.xml", RUN)
    write(project, ".idea/dataSources.xml",
          f"<project><data-source name='prod'><jdbc-url>jdbc:mysql://admin:{JDBC}"
          "@prod.example.com:3306/shop</jdbc-url></data-source></project>\n")
    write(project, ".idea/workspace.xml",
          f'<project><env name="AWS_SECRET_ACCESS_KEY" value="{AWS}" /></project>\n')
    write(project, ".idea/dataSources.local.xml",
          f"<project><user-password>{LOCAL}</user-password></project>\n")
    write(project, "usr/share/info/sed.info.gz", gzip.compress(INFO.encode()))
    report = json.loads(invoke("index", str(project), "--json"))
    read = {f["path"] for f in report["files"] if f.get("chunks")}
    assert {".idea/runConfigurations/api_server.xml", ".idea/dataSources.xml",
            "usr/share/info/sed.info.gz"} <= read, sorted(read)
    started = answered("how is the api server started, with which settings", "--limit", "2")
    assert "runserver 0.0.0.0:8000" in started
    status = answered("what exit status when an input file could not be opened", "--limit", "2")
    assert "could not be opened" in status
    assert_nowhere(home, [STRIPE, JDBC, AWS, LOCAL], [json.dumps(report), started, status])

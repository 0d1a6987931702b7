"""An sbt project's own files are read as such.

A pass over an sbt multi-module tree (build.sbt, project/build.properties, project/plugins.sbt,
project/Dependencies.scala, core/ and api/ modules, application.conf, reference.conf) found
`build.sbt`, `project/plugins.sbt` and a `.sc` script unknown, so excluded; the build's own
`project/Dependencies.scala` read as application source; Bloop's and the Build Server
Protocol's JSON (`.bloop/core.json`, `.bsp/sbt.json`) indexed as configuration when no
.gitignore names them; a ScalaTest spec outside a test/ folder read as source.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import assert_classified, write
from .test_discover import walk

BUILD_SBT = ('ThisBuild / scalaVersion := "3.3.1"\n\nlazy val core = (project in file("core"))\n'
             '  .settings(libraryDependencies += "org.typelevel" %% "cats-core" % "2.10.0")\n')
HOCON = 'akka.http.server.idle-timeout = 60 s\nshop { max-lines = 200 }\n'


@pytest.mark.parametrize(
    ("rel", "content", "kind", "subkind", "language", "policy"),
    [
        ("build.sbt", BUILD_SBT, Kind.DEPENDENCY_MANIFEST, "sbt_build", "scala",
         Policy.INDEX_TEXT),
        ("project/plugins.sbt", 'addSbtPlugin("org.scalameta" % "sbt-scalafmt" % "2.5.2")\n',
         Kind.DEPENDENCY_MANIFEST, "sbt_build", "scala", Policy.INDEX_TEXT),
        ("modules/api/build.sbt", BUILD_SBT, Kind.DEPENDENCY_MANIFEST, "sbt_build", "scala",
         Policy.INDEX_TEXT),
        ("project/Dependencies.scala", "import sbt._\n\nobject Dependencies { val x = 1 }\n",
         Kind.DEPENDENCY_MANIFEST, "sbt_build", "scala", Policy.INDEX_TEXT),
        ("scripts/migrate.sc", '@main def migrate(url: String): Unit = println(url)\n',
         Kind.SOURCE, "scala_source", "scala", Policy.PARSE_AND_INDEX),
        ("api/src/main/resources/application.conf", HOCON, Kind.CONFIGURATION, "hocon_config",
         "ini", Policy.INDEX_TEXT),
        ("core/src/main/resources/reference.conf", HOCON, Kind.CONFIGURATION, "hocon_config",
         "ini", Policy.INDEX_TEXT),
        # tests by their name wherever they lie (an `it/` folder, a module's root)
        ("it/shop/OrderSpec.scala", "class OrderSpec extends AnyFlatSpec\n", Kind.TEST,
         "scala_test", "scala", Policy.PARSE_AND_INDEX),
        ("core/src/it/scala/shop/PricingSuite.scala", "class PricingSuite extends FunSuite\n",
         Kind.TEST, "scala_test", "scala", Policy.PARSE_AND_INDEX),
        ("core/src/it/scala/shop/RepoTest.scala", "class RepoTest extends AnyFunSuite\n",
         Kind.TEST, "scala_test", "scala", Policy.PARSE_AND_INDEX),
        (".scalafmt.conf", 'version = "3.7.17"\nmaxColumn = 100\n', Kind.CONFIGURATION,
         "tool_config", "ini", Policy.METADATA_ONLY),
        # repository logins sbt and Ivy read: blocked whatever they hold
        ("home/.sbt/.credentials", "realm=Nexus\nhost=nexus.example.com\nuser=ci\npassword=x\n",
         Kind.SECRET_CANDIDATE, "credentials_file", None, Policy.BLOCK),
        ("home/.ivy2/.credentials", "realm=Nexus\nhost=h\nuser=ci\npassword=x\n",
         Kind.SECRET_CANDIDATE, "credentials_file", None, Policy.BLOCK),
        # what stays as it was
        ("core/src/main/scala/shop/core/Order.scala", "package shop.core\n", Kind.SOURCE,
         "scala_source", "scala", Policy.PARSE_AND_INDEX),
        ("core/src/main/scala/shop/project/Plan.scala", "package shop.project\n", Kind.SOURCE,
         "scala_source", "scala", Policy.PARSE_AND_INDEX),
        ("core/src/test/scala/shop/core/Fixtures.scala", "object Fixtures\n", Kind.TEST,
         "scala_test", "scala", Policy.PARSE_AND_INDEX),
        ("project/build.properties", "sbt.version=1.9.7\n", Kind.CONFIGURATION, "ini_config",
         "ini", Policy.INDEX_TEXT),
    ],
)
def test_an_sbt_projects_files_are_scala_build_and_settings(tmp_path, rel, content, kind,
                                                            subkind, language, policy):
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


def test_sbt_output_and_scala_tool_state_are_not_walked(tmp_path):
    write(tmp_path, "p/build.sbt", BUILD_SBT)
    write(tmp_path, "p/core/src/main/scala/Order.scala", "case class Order(id: Long)\n")
    write(tmp_path, "p/core/target/scala-3.3.1/src_managed/main/BuildInfo.scala", "object B\n")
    write(tmp_path, "p/project/target/config-classes/x.scala", "object X\n")
    write(tmp_path, "p/.bsp/sbt.json", '{"name":"sbt","argv":["java","-bsp"]}\n')
    write(tmp_path, "p/.metals/metals.log", "INFO Started: Metals\n")
    write(tmp_path, "p/.bloop/core.json", '{"version":"1.4.0","project":{"name":"core"}}\n')
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {"build.sbt", "core/src/main/scala/Order.scala"}
    assert set(skipped) == {"core/target", "project/target", ".bsp", ".metals", ".bloop"}

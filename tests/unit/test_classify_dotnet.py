""".NET projects: what an ASP.NET Core / Visual Studio tree holds is classified as its role.

A pass over pythonnet 3.2.1's sdist, edge-js 26.1.0 (npm) and an ASP.NET Core-shaped tree found
every XML file .NET writes by hand `unknown` (excluded, 'no rule matched'): web.config,
App.config and NuGet.config, MSBuild's Directory.Build.props / Directory.Packages.props, the
solution (`.sln`, `.slnx`), `.resx` resources, XAML, Razor views and Blazor components
(`.cshtml`, `.razor`), F# and Visual Basic sources and `.fsproj`; pythonnet's strong-name key
`pythonnet.snk` was 'binary' (metadata only) rather than blocked; with no .gitignore, `bin/Debug/`
(a copy of appsettings.json), `obj/` (project.assets.json) and `.vs/` were walked and indexed.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy, Role

from ..conftest import assert_classified, classify_file

XML = '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <appSettings>\n' \
      '    <add key="PageSize" value="25" />\n  </appSettings>\n</configuration>\n'
PROPS = ("<Project>\n  <PropertyGroup>\n    <Nullable>enable</Nullable>\n  </PropertyGroup>\n"
         "</Project>\n")
SLN = ("\nMicrosoft Visual Studio Solution File, Format Version 12.00\n"
       'Project("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "Web", "Web\\Web.csproj", "{1}"\n'
       "EndProject\n")
RESX = ('<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <data name="Welcome" '
        'xml:space="preserve"><value>Welcome</value></data>\n</root>\n')
XAML = ('<Window x:Class="App.MainWindow"\n        xmlns="http://schemas.microsoft.com/winfx/'
        '2006/xaml/presentation">\n    <Grid><Button Content="Sync" /></Grid>\n</Window>\n')
RAZOR = ('@page "/counter"\n<h3>Counter</h3>\n<button @onclick="IncrementCount">Click</button>\n'
         "@code {\n    private int currentCount = 0;\n    private void IncrementCount() => "
         "currentCount++;\n}\n")


@pytest.mark.parametrize(("rel", "content", "kind", "subkind"), [
    ("src/Web/web.config", XML, Kind.CONFIGURATION, "xml_config"),
    ("src/Desktop/App.config", XML, Kind.CONFIGURATION, "xml_config"),
    ("NuGet.config", XML, Kind.CONFIGURATION, "xml_config"),
    ("Directory.Build.props", PROPS, Kind.CONFIGURATION, "xml_config"),
    ("Directory.Packages.props", PROPS, Kind.DEPENDENCY_MANIFEST, "nuget_central_packages"),
    ("build/Common.targets", PROPS, Kind.CONFIGURATION, "xml_config"),
    ("Contoso.sln", SLN, Kind.DEPENDENCY_MANIFEST, "dotnet_solution"),
    ("pythonnet.slnx", "<Solution>\n  <Project Path=\"src/runtime/R.csproj\" />\n</Solution>\n",
     Kind.DEPENDENCY_MANIFEST, "dotnet_solution"),
    ("src/Lib/Lib.fsproj", PROPS, Kind.DEPENDENCY_MANIFEST, "dotnet_project"),
    ("src/Lib/Lib.nuspec", PROPS, Kind.DEPENDENCY_MANIFEST, "nuget_spec"),
    ("src/Web/Resources/Shared.resx", RESX, Kind.CONFIGURATION, "dotnet_resources"),
    ("src/Web/Resources/Shared.fr.resx", RESX, Kind.DATA, "translation_catalog"),
    ("src/Web/Resources/Shared.zh-Hans.resx", RESX, Kind.DATA, "translation_catalog"),
    ("src/Desktop/MainWindow.xaml", XAML, Kind.SOURCE, "xaml_markup"),
    ("src/Web/Components/Counter.razor", RAZOR, Kind.SOURCE, "razor_view"),
    ("src/Web/Pages/Index.cshtml", "@page\n@model IndexModel\n<h1>@Model.Greeting</h1>\n",
     Kind.SOURCE, "razor_view"),
    ("src/Lib/Library.fs", "namespace Lib\n\nmodule Pricing =\n    let total xs = List.sum xs\n",
     Kind.SOURCE, "fsharp_source"),
    ("src/Desktop/OrderSync.vb", "Public Module OrderSync\n    Public Sub Run()\n    End Sub\n"
     "End Module\n", Kind.SOURCE, "vbnet_source"),
    ("build.cake", 'var target = Argument("target", "Default");\nTask("Default");\n',
     Kind.SOURCE, "csharp_source"),
    ("src/Desktop/MainWindow.g.i.cs", "namespace App { partial class MainWindow { } }\n",
     Kind.GENERATED, "generated_code"),
    ("src/Web/Web.csproj.user", PROPS, Kind.BUILD_ARTIFACT, "ide_user_state"),
    ("src/Web/wwwroot/lib/jquery/LICENSE.txt", "Copyright OpenJS Foundation\n",
     Kind.VENDOR, "third_party"),
    # the Amplify CLI's .NET function templates (npm), expanded by EJS: were unknown
    ("resources/lambda/HelloWorld/FunctionHandler.cs.ejs",
     "namespace <%= props.functionName %>;\n\npublic class FunctionHandler\n{\n}\n",
     Kind.SOURCE, "csharp_source"),
    ("resources/lambda/HelloWorld/event.json.ejs", '{\n  "key1": "<%= props.value %>"\n}\n',
     Kind.CONFIGURATION, "json_config"),
])
def test_a_dotnet_file_is_classified_as_its_role(tmp_path, rel, content, kind, subkind):
    assert_classified(tmp_path, rel, content, kind=kind, subkind=subkind)


def test_a_strong_name_key_is_blocked(tmp_path):
    c = classify_file(tmp_path, "src/pythonnet.snk", b"\x07\x02\x00\x00\x00\x24\x00\x00RSA2"
                      + bytes(range(256)) * 2)
    assert (c.kind, c.index_policy, c.knowledge_role) == (
        Kind.SECRET_CANDIDATE, Policy.BLOCK, Role.BLOCKED)


def test_msbuild_output_is_skipped_and_a_bin_of_scripts_is_walked(tmp_path):
    from repokb.models import SourceFile
    from repokb.pipeline.discover import ProjectRoot, discover

    root = tmp_path / "shop"
    for rel, text in {
        "src/Web/Program.cs": "var app = WebApplication.Create();\napp.Run();\n",
        "src/Web/bin/Debug/net8.0/appsettings.json": '{"Logging": {"LogLevel": "Warning"}}\n',
        "src/Web/obj/project.assets.json": '{"version": 3}\n',
        "src/Web/obj/Debug/net8.0/Web.AssemblyInfo.cs": "[assembly: X]\n",
        ".vs/shop/config/applicationhost.config": "<configuration />\n",
        "bin/setup": "#!/bin/sh\necho setting up\n",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    found = {item.path for item in discover(ProjectRoot("shop", root.resolve()))
             if isinstance(item, SourceFile)}
    assert found == {"src/Web/Program.cs", "bin/setup"}


def test_watch_ignores_a_build_writing_to_bin_and_obj(tmp_path):
    from watchfiles import Change

    from repokb.surfaces.watch import _ProjectFilter

    for rel in ("Web/bin/Debug/net8.0/Web.dll", "Web/obj/project.assets.json", "bin/setup"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x\n")
    watched = _ProjectFilter()
    assert not watched(Change.modified, str(tmp_path / "Web/bin/Debug/net8.0/Web.dll"))
    assert not watched(Change.added, str(tmp_path / "Web/obj/Debug/net8.0/Web.g.cs"))
    assert watched(Change.modified, str(tmp_path / "bin/setup"))
    assert watched(Change.modified, str(tmp_path / "Web/Program.cs"))

""".NET's everyday ways of writing a credential are redacted; C# and its configuration stay.

Found by planting 33 credentials in an ASP.NET Core-shaped tree (appsettings*.json,
launchSettings.json, web.config, App.config, NuGet.config, user-secrets' secrets.json, C#
services): a C# auto-property's initializer (`public string Password { get; set; } = "X";`) and
`new NetworkCredential("svc", "X", "DOMAIN")` with a password that opens with a digit (taken for
a version) reached the store as written; NuGet.config's `<apikeys>` value was kept while its key,
the feed's address, was redacted. A probe of 33 more .NET forms found
`Environment.SetEnvironmentVariable("API_KEY", "X")`, C#'s `$"X"`, `ClientSecretCredential`'s
third argument, `<add key="ida:ClientSecret" value="X"/>` (a key with `:`), a Settings.settings
`<setting name="ApiKey"><value>X</value>`, `dotnet user-secrets set "K" "X"`,
`dotnet nuget add source ... -p X` and `nuget setapikey X`.
"""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact

from ..conftest import assert_redacted, cases

PW = "".join(("Dn7qR2", "kX9mLp4vT8"))  # a FAKE password, assembled at run time
DIGIT_PW = "".join(("2oeq3hDav", "JA76rNicH"))  # FAKE, opens with a digit
NUGET = "oy2" + "".join(("epfjbd0kh8oool8dkl", "zdocj2isajihktj0rlglkomxg"))  # FAKE NuGet key

MUST_REDACT = [  # (language, text)
    ("csharp", f'public string Password {{ get; set; }} = "{PW}";\n'),
    ("csharp", f'public string ApiKey {{ get; init; }} = "{PW}";\n'),
    ("csharp", f'public static string Token {{ get; }} = "{PW}";\n'),
    ("csharp", f'internal string ClientSecret {{ get; private set; }} = @"{PW}";\n'),
    ("csharp", f'new NetworkCredential("svc-batch", "{DIGIT_PW}", "CONTOSO");\n'),
    ("csharp", f'new NetworkCredential("svc-batch", "{DIGIT_PW}");\n'),
    ("csharp", f'Environment.SetEnvironmentVariable("API_KEY", "{PW}");\n'),
    ("csharp", f'string password = $"{PW}";\n'),
    ("csharp", f'var cs = $@"{PW}";\nvar apiKey = $@"{PW}";\n'),
    ("csharp", f'var c = new ClientSecretCredential("tenant", "client-id", "{PW}");\n'),
    ("xml", f'<add key="ida:ClientSecret" value="{PW}" />\n'),
    ("xml", f'<setting name="ApiKey" serializeAs="String">\n'
            f'  <value>{PW}</value>\n</setting>\n'),
    ("xml", f'<configuration>\n  <apikeys>\n    <add key="https://api.nuget.org/v3/index.json"'
            f' value="{NUGET}" />\n    <add key="https://pkgs.contoso.example/v3/index.json"'
            f' value="{PW}" />\n  </apikeys>\n</configuration>\n'),
    ("shell", f'dotnet user-secrets set "Movies:ServiceApiKey" "{PW}"\n'),
    ("markdown", f'Run `dotnet user-secrets set "Stripe:SecretKey" "{PW}"` once.\n'),
    ("shell", f'dotnet nuget add source https://x.example/index.json -n x -u me -p {PW} '
              '--store-password-in-clear-text\n'),
    ("shell", f'nuget setapikey {NUGET}\n'),
    ("yaml", f'env:\n  NUGET_KEY: {NUGET}\n'),
    ("python", f'public_key_password = "{PW}"\n'),  # a password, whatever key it opens
]
MUST_KEEP = [  # (language, text)
    ("csharp", 'public string Password { get; set; } = "";\n'),
    ("csharp", 'public string Password { get; set; } = string.Empty;\n'),
    ("csharp", 'public string PasswordHash { get; set; } = "password_hash";\n'),
    ("csharp", 'public string Region { get; init; } = "eu-west-1";\n'),
    ("csharp", 'Environment.SetEnvironmentVariable("API_KEY", apiKey);\n'),
    ("csharp", 'Environment.SetEnvironmentVariable("ASPNETCORE_ENVIRONMENT", "Development");\n'),
    ("csharp", 'var c = new ClientSecretCredential(tenantId, clientId, secret);\n'),
    ("csharp", 'var message = $"Hello {name}";\n'),
    ("xml", '<setting name="PageSize" serializeAs="String">\n  <value>25</value>\n</setting>\n'),
    ("xml", '<add key="ida:ClientId" value="contoso-web" />\n'),
    ("xml", '<apikeys>\n  <add key="https://api.nuget.org/v3/index.json" value="%NUGET_KEY%" />'
            '\n</apikeys>\n'),
    ("shell", 'dotnet user-secrets set "Movies:ServiceApiKey" "$MOVIES_KEY"\n'),
    ("shell", 'dotnet nuget add source https://x.example/index.json -n x -u me -p %PAT%\n'),
    ("markdown", "The 2024-01-01 release adds 2fa-enabled accounts and a 3rd-party login.\n"),
    # a public key and its hash (`PublicKeyToken`) are public: every binding redirect of a
    # web.config, an assembly-qualified type name, InternalsVisibleTo of a signed assembly
    # (pythonnet's AssemblyInfo.cs, edge-js's README were redacted)
    ("xml", '<dependentAssembly>\n  <assemblyIdentity name="Newtonsoft.Json" '
            'publicKeyToken="30ad4fe6b2a6aeed" culture="neutral" />\n</dependentAssembly>\n'),
    ("xml", '<add assembly="System.Web.Mvc, Version=5.2.3.0, Culture=neutral, '
            'PublicKeyToken=31BF3856AD364E35" />\n'),
    ("markdown", "InnerExceptions: 'System.Collections.ObjectModel.ReadOnlyCollection`1"
                 "[[System.Exception, mscorlib, Version=4.0.0.0, Culture=neutral, "
                 "PublicKeyToken=b77a5c561934e089]]'\n"),
    ("csharp", '[assembly: InternalsVisibleTo("Python.Test, PublicKey=0024000004800000940000'
               '0006020000002400005253413100040000110000005ffd8f49fb44ab0641b3fd8d55e749f716e6'
               'dd901032295db641eb98ee46063cbe0d4a1d121ef0bc2af95f8a7438d7a80a3531316e6b75c2da'
               'e92fb05a99f03bf7e0c03980e1c3cfb74ba690aca2f3339ef329313bcc5dccced125a4ffdc4531'
               'dcef914602cd5878dc5fbb4d4c73ddfbc133f840231343e013762884d6143189cfc")]\n'),
]


def _mode(language: str) -> str:
    return "code" if language in ("csharp", "shell") else "config"


@cases(("language", "text"), MUST_REDACT)
def test_a_dotnet_credential_is_redacted(language, text):
    assert_redacted(text, _mode(language), language, PW, DIGIT_PW, NUGET)


@cases(("language", "text"), MUST_KEEP)
def test_what_only_looks_like_a_dotnet_credential_stays(language, text):
    assert redact(text, _mode(language), language).text == text


ACCOUNT_KEY = "".join(("YlSXpfKtHF4vUC", "q7Rw2LmZ9tK4pB8n" * 4, "Jd3Vh6sGaYc0Vpz")) + "=="  # FAKE


@pytest.mark.parametrize("language", ["json", "xml", "csharp", "yaml"])
def test_a_storage_connection_string_keeps_all_but_its_key(language):
    # detect-secrets' keyword plugin read `AccountKey=V;EndpointSuffix=core.windows.net"` in JSON
    # as one value, and its Azure plugin `AccountKey=V`: both names went with the key
    line = ('  "Storage": "DefaultEndpointsProtocol=https;AccountName=contosostore;'
            f'AccountKey={ACCOUNT_KEY};EndpointSuffix=core.windows.net",\n')
    mode = "code" if language == "csharp" else "config"
    assert redact(line, mode, language).text == line.replace(ACCOUNT_KEY, REDACTED)

"""Expect scripts are Tcl programs (Linguist names no Expect language and gives `.exp` to none):
a `#!/usr/bin/expect` script, or a `.exp` whose head drives a program (`spawn`, `expect`,
`send`), is Tcl source, indexed with the password its `send` answers redacted. A `.exp` of
anything else (a test suite's expected output) stays unknown. Each was unknown, excluded before.
"""

from __future__ import annotations

from repokb.models import Kind, Policy
from repokb.secrets import redact

from ..conftest import cases, classify_file

PW = "".join(("Hunter2", "Prod77"))
BARE = f'set timeout 20\nspawn ssh deploy@host\nexpect "*assword:*"\nsend "{PW}\\r"\ninteract\n'
SHEBANG = "#!/usr/bin/expect -f\n" + BARE

EXPECT_SCRIPTS = [  # (path, content)
    ("tools/login.exp", SHEBANG),
    ("tools/login.exp", BARE),
    ("bin/deploy-login", SHEBANG),
]


@cases(("path", "content"), EXPECT_SCRIPTS)
def test_an_expect_script_is_tcl_source(tmp_path, path, content):
    c = classify_file(tmp_path, path, content)
    assert (c.kind, c.language, c.index_policy) == (Kind.SOURCE, "tcl", Policy.PARSE_AND_INDEX)
    assert PW not in redact(content, "code", "tcl").text


def test_an_expected_output_file_stays_unknown(tmp_path):
    c = classify_file(tmp_path, "out/results.exp", "PASS: foo\nFAIL: bar\n")
    assert c.kind == Kind.UNKNOWN


def test_the_reason_names_the_mark(tmp_path):
    c = classify_file(tmp_path, "tools/login.exp", BARE)
    assert any("Expect" in r and "spawn" in r for r in c.reasons), c.reasons
    c = classify_file(tmp_path, "tools/answer.exp", BARE.replace("spawn ssh deploy@host\n", ""))
    assert c.language == "tcl" and not any(PW in r for r in c.reasons), c.reasons

"""Computed facts for the rule table: the few conditions that are small functions, not data.
Here those of a file's size, bytes and content, and of secrets; rules/layout.py has those of
where a file lies (test layout, examples, Android resources), rules/generated.py those of
generated files and copies.

Each returns the evidence recorded as the signal value (never a secret value), or None.
"""

from __future__ import annotations

import re

from repokb.formats import CODE
from repokb.rules import tables as T
from repokb.rules.engine import Fact
from repokb.rules.engine import fact as _fact
from repokb.rules.facts import FileFacts
from repokb.secrets import k8s, stores
from repokb.secrets.scan import scan, summary


@_fact("empty", "size")
def EMPTY(f: FileFacts) -> str | None:
    return "0 bytes" if f.file.size == 0 else None


@_fact("over skip_file_bytes", "size")
def UNREADABLY_LARGE(f: FileFacts) -> str | None:
    n, limit = f.file.size, f.limits.skip_file_bytes
    return f"{n} bytes > skip_file_bytes {limit}" if n > limit else None


@_fact("over max_file_bytes", "size")
def LARGE(f: FileFacts) -> str | None:
    """Over the size read whole: max_file_bytes, or for a notebook max_notebook_bytes (its
    outputs, often most of its bytes, are never indexed; its sources are bounded when read)."""
    n, limit, name = f.file.size, f.limits.max_file_bytes, "max_file_bytes"
    if f.language in T.DECODED_LANGUAGES and f.limits.max_notebook_bytes > limit:
        limit, name = f.limits.max_notebook_bytes, "max_notebook_bytes"
    return f"{n} bytes > {name} {limit}" if n > limit else None


@_fact("over max_tabular_bytes", "size")
def LARGE_TABLE(f: FileFacts) -> str | None:
    n, limit = f.file.size, f.limits.max_tabular_bytes
    return f"{n} bytes > max_tabular_bytes {limit}" if n > limit else None


@_fact("binary content", "binary")
def BINARY(f: FileFacts) -> str | None:
    nul, control = f.control_ratios
    return f"NUL {nul:.1%}, control bytes {control:.1%}" if f.is_binary else None


@_fact("invalid UTF-8", "encoding")
def INVALID_UTF8(f: FileFacts) -> str | None:
    at = f.utf8_error
    return None if at is None or f.is_binary else f"invalid UTF-8 at byte {at}"


def _magic(kind: str) -> Fact:
    mine = tuple((magic, sub) for magic, k, sub in T.MAGIC_BYTES if k == kind)  # table order
    starts = tuple(magic for magic, _ in mine)

    def test(f: FileFacts) -> str | None:
        head = f.head
        if not head.startswith(starts):  # one C call rules out every magic of this kind
            return None
        return next(sub for magic, sub in mine if head.startswith(magic))
    return Fact(f"magic bytes of {kind}", test, "magic")


@_fact("not a template copy", "name")
def NOT_TEMPLATE(f: FileFacts) -> str | None:
    return "" if f.template_base is None else None


@_fact("template copy", "name")
def TEMPLATE(f: FileFacts) -> str | None:
    # a Mako page (`orders.mako`) is the engine's own source, not a copy of a file `orders`;
    # alembic's `script.py.mako` is the template of a Python script
    if f.template_base is None or f.language == "mako":
        return None
    return f"template of {f.template_base}"


@_fact("secret word in a data file name", "name")
def SECRET_WORD_NAME(f: FileFacts) -> str | None:
    if f.template_base or f.language not in T.SECRET_NAME_WORD_LANGUAGES \
            or f.ext in T.SECRET_NAME_NOT_STORE_EXTENSIONS:
        return None
    return next((w for w in T.SECRET_NAME_WORDS if w in f.lower_name), None)


@_fact("named like a secret store, judged by its content", "secret")
def SECRET_NAME_CONTENT(f: FileFacts) -> str | None:
    """A YAML or JSON file named like a secret store (`secrets.yaml`, `secret.yml`,
    `db-credentials.yaml`, `secrets.json`: JSON by `_json_content`)
    whose whole content shows what it is, so its name need not block it: Kubernetes objects,
    Secrets among them or not (the kubernetes-secret rules judge the Secrets, their values
    redacted as in a file named otherwise), an Ansible playbook (code, its values redacted as
    any file's are), a role's task file (named tasks calling modules), or values that are all
    references, ciphertext or empty
    (`secrets.stores.references`: `${NAME}`, `ENC[...]`, `!vault`, CRE's variable names). A
    file too big to read whole, or holding one written value, keeps its block. A `NAME.env`
    file (not `.env` itself, nor `.env.*`), React Native's `ios/.xcode.env`, is judged so too:
    assignments of references and programs' paths only (`stores.env_references`)."""
    env_named = f.language == "dotenv" and f.lower_name.endswith(".env") and f.lower_name != ".env"
    if f.language not in ("yaml", "json") and not env_named or f.template_base \
            or f.file.size == 0:
        return None
    if not env_named and SECRET_WORD_NAME.check(f) is None:
        return None
    whole = f.whole
    if whole is None:
        return None
    try:
        text = whole.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if env_named:
        return stores.env_references(text)
    if f.language == "json":
        return _json_content(f, text)
    census = k8s.census(text, "yaml")
    if census is not None:
        return f"Kubernetes: {census.secrets} Secret(s) among {census.objects} object(s)"
    if f.sniff("kubernetes") is not None:
        return "a Kubernetes manifest, no Secret object in it"
    if _PLAY.search(text) and _PLAY_BODY.search(text):
        return "an Ansible playbook: plays run on hosts, not a store of values"
    if _TASK.search(text) and _TASK_MODULE.search(text):
        return "Ansible tasks: steps run by modules, not a store of values"
    return stores.references(text)


def _json_content(f: FileFacts, text: str) -> str | None:
    """A JSON file named like a secret store (`secrets.json`, `app.secrets.json`): a JSON
    Schema (`$schema` of json-schema.org: a secret's shape, a contract), Kubernetes objects
    (`kubectl get -o json`, read as YAML's are), or values that are all references, empty or
    placeholders (`stores.json_references`). .NET's user-secrets file (`"Db:Password": "X"`)
    and any other value written keep the block."""
    schema = f.sniff("json_schema")
    if schema is not None:
        return f"a JSON Schema ({schema})"
    census = k8s.census(text, "json")
    if census is not None:
        return f"Kubernetes: {census.secrets} Secret(s) among {census.objects} object(s)"
    if _JSON_API.search(text) and _JSON_KIND.search(text):
        return "a Kubernetes manifest, no Secret object in it"
    return stores.json_references(text)


_JSON_API = re.compile(r'"apiVersion"\s*:\s*"[\w.\-]+(?:/[\w.\-]+)?"')
_JSON_KIND = re.compile(r'"kind"\s*:\s*"[A-Z]\w*"')


# an Ansible playbook: a list of plays, each naming its hosts and what runs on them (`hosts:`
# first, or after the play's `- name:` as DebOps writes `playbooks/service/secret.yml`)
_PLAY = re.compile(r"^(?:-[ \t]+|[ \t]{2,4})hosts:[ \t]*\S", re.M)
_PLAY_BODY = re.compile(r"^[ \t]+(?:tasks|roles|pre_tasks|post_tasks|handlers):[ \t]*$", re.M)
# a role's task file (`roles/snmpd/tasks/configure_snmpv3_credentials.yml`): named tasks, each
# calling a module by its collection's name (`ansible.builtin.service:`) or a builtin's own
# (a key no list of credentials holds: not `user:`, `service:` nor `file:`)
_TASK = re.compile(r"^-[ \t]+name:[ \t]*\S", re.M)
_TASK_MODULE = re.compile(
    r"^[ \t]{2,4}(?:(?:ansible\.builtin|ansible\.posix|community\.\w+|debops\.\w+)\.\w+"
    r"|include_tasks|import_tasks|include_role|import_role|block|set_fact|lineinfile"
    r"|template|apt|yum|dnf|systemd|shell|get_url|mysql_user|postgresql_user):", re.M)


@_fact("Helm chart template", "path")
def HELM_CHART_TEMPLATE(f: FileFacts) -> str | None:
    """A YAML file below a chart's `templates/` (`charts/shop/templates/secret.yaml`): what
    `helm template` renders, named after the object it makes, not a store of values; its
    content decides (KUBERNETES_SECRET_VALUES and _REFERENCES): a template (`{{ }}`) or a
    Secret object; a file of neither keeps the block its name gives."""
    if f.language != "yaml" or "templates" not in f.dirs:
        return None
    if "{{" not in f.text and f.kubernetes is None:
        return None
    chart = f.nearest_dir_with(("Chart.yaml",))
    if chart is None:
        return None
    below = f.dirs[len(chart.split("/")) if chart else 0:]
    return f"templates/ of chart {chart or '.'}" if below[:1] == ("templates",) else None


@_fact("Kubernetes Secret with values written", "secret")
def KUBERNETES_SECRET_VALUES(f: FileFacts) -> str | None:
    """A Kubernetes Secret with values written in it, whatever the file is called and
    whatever stands beside it (a Secret alone, a List of them, one among a Deployment's
    objects, a chart's template): its values redacted, the rest indexed (rules:
    kubernetes-secret-values)."""
    k = f.kubernetes
    if k is None or not k.written:
        return None
    where = "in a template" if k.templated else f"among {k.objects} object(s)"
    return f"{k.secrets} Secret(s) {where}, {k.written} value(s) written"


@_fact("Kubernetes Secret of references", "secret")
def KUBERNETES_SECRET_REFERENCES(f: FileFacts) -> str | None:
    k = f.kubernetes
    if k is None or k.written:
        return None
    where = "in a template" if k.templated else f"among {k.objects} object(s)"
    return f"{k.secrets} Secret(s) {where}"


@_fact("secret file by folder and name", "path")
def SECRET_PATH(f: FileFacts) -> str | None:
    """`.bundle/config` at any depth (tables.SECRET_PATHS)."""
    if not f.dirs:
        return None
    path = f"{f.dirs[-1].lower()}/{f.lower_name}"
    return path if path in T.SECRET_PATHS else None


@_fact("private key file", "secret")
def PRIVATE_KEY_FILE(f: FileFacts) -> str | None:
    """A private key that is the file, not a quote in it: never in code (a test key in a string
    is redacted as a whole block); in a document only when little else is written around its
    keys (`_PROSE_AROUND_KEYS`): a how-to that shows a test key in a fence is indexed with the
    key redacted, a page that is a key and its heading is blocked."""
    if f.is_code or not f.text.strip():
        return None
    keys = [x for x in f.secrets if x.detector == "private_key"]
    if not keys:
        return None
    if f.language not in _PROSE_OR_CODE:
        return keys[0].describe()
    inside = sum(len(_NOT_SPACE.findall(f.text, x.start, x.end)) for x in keys)
    if len(_NOT_SPACE.findall(f.text)) - inside < _PROSE_AROUND_KEYS:
        return keys[0].describe()
    return None


_PROSE_OR_CODE = CODE | {"markdown", "rst", "asciidoc", "html", "latex", "pod"}
_NOT_SPACE = re.compile(r"\S")
# Visible characters a document must hold besides its private keys to be a document (about
# two sentences): fewer, and the file is taken for the key it carries.
_PROSE_AROUND_KEYS = 160


_PEM_BEGIN = re.compile(rb"-----BEGIN ([A-Z0-9 .]{1,40})-----")
_PEM_END = re.compile(rb"-----END ([A-Z0-9 .]{1,40})-----")
_PEM_BLOCK = re.compile(rb"-----BEGIN ([A-Z0-9 .]{1,40})-----.*?-----END \1-----", re.S)


def public_pem(f: FileFacts) -> tuple[str, bool] | None:
    """(what it holds, holds a certificate) for a file named like a certificate whose every
    PEM block, in the whole file, is public (certificates, CRLs, public keys, parameters) and
    whose text around them holds no secret; None for anything else, a private key anywhere
    first of all (`cat key.pem cert.pem > cert.pem`, a bundle with a key after 200 KB of
    certificates), and for a file too big to read whole."""
    key = "public_pem"
    if key in f._sniffed:
        found = f._sniffed[key]
        return None if found is None else (found[1:], found[0] == "c")
    f._sniffed[key] = None
    if (f.ext not in T.CERTIFICATE_EXTENSIONS or f.template_base
            or b"-----BEGIN " not in f.head):
        return None
    data = f.whole
    if data is None or b"PRIVATE KEY" in data or b"\x00" in data:
        return None
    begins = [m.decode() for m in _PEM_BEGIN.findall(data)]
    if not begins or sorted(begins) != sorted(m.decode() for m in _PEM_END.findall(data)):
        return None
    if any(label not in T.PUBLIC_PEM_LABELS for label in begins):
        return None
    if scan(_PEM_BLOCK.sub(b"", data).decode("utf-8", errors="replace"), "config"):
        return None
    counts = {label: begins.count(label) for label in dict.fromkeys(begins)}
    found = ", ".join(f"{n} {label} block{'s' if n > 1 else ''}" for label, n in counts.items())
    certificate = any("CERTIFICATE" in label or label in ("X509 CRL", "PKCS7", "CMS")
                      for label in counts)
    f._sniffed[key] = ("c" if certificate else "k") + found
    return found, certificate


_PEM_PRIVATE = re.compile(rb"-----BEGIN ([A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?)-----")


@_fact("private key in a key or certificate file", "secret")
def PEM_PRIVATE_KEY(f: FileFacts) -> str | None:
    """A private key block anywhere in a file named like a certificate or a key (read whole:
    a bundle's key may follow 200 KB of certificates, beyond the head)."""
    if f.ext not in T.PEM_FILE_EXTENSIONS or b"-----BEGIN " not in f.head:
        return None
    data = f.whole
    if data is None:
        return None
    m = _PEM_PRIVATE.search(data)
    if m is None:
        return None
    line = data.count(b"\n", 0, m.start()) + 1
    return f"{m.group(1).decode()} block at line {line}"


@_fact("public key material", "content")
def PUBLIC_KEY_MATERIAL(f: FileFacts) -> str | None:
    found = public_pem(f)
    return found[0] if found else None


@_fact("certificate", "content")
def CERTIFICATE(f: FileFacts) -> str | None:
    found = public_pem(f)
    return found[0] if found and found[1] else None


@_fact("credential store", "secret")
def CREDENTIAL_DUMP(f: FileFacts) -> str | None:
    """Credentials of known formats on most lines of a data file: a store, not a document."""
    if f.language in _PROSE_OR_CODE:
        return None
    strong = [x for x in f.secrets if x.strong]
    if len(strong) < 3:
        return None
    lines = [ln for ln in f.text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if len(strong) >= 3 and len({x.line for x in strong}) * 2 >= len(lines):
        return f"{len(strong)} credentials on {len(lines)} lines"
    return None


@_fact("secret-like value", "secret")
def ANY_SECRET(f: FileFacts) -> str | None:
    """The kinds the head's fast finder saw and the first line, not their count: a count of
    the head's beside the whole text's (`redaction_note`) read as a contradiction."""
    return summary(f.secrets, count=False) if f.secrets else None


@_fact("Smarty template", "content")
def SMARTY_TEMPLATE(f: FileFacts) -> str | None:
    """A `.tpl` holding Smarty's tags (`{include file="header.tpl"}`, `{$title}`, `{/if}`)."""
    return f.sniff("smarty_template") if f.lower_name.endswith(".tpl") else None


@_fact("a table of literals written as Python", "content")
def LITERAL_TABLE(f: FileFacts) -> str | None:
    """A big Python module that is one table of literals: its head's lines mostly lone string
    or number elements (`"\\x0b",`), and no function or class anywhere in it (faker 40.63.0's
    `faker/decode/codes.py`: 770 KB, a transliteration table of 65,536 strings, 1,351 pieces).
    The head's share of such lines, or None."""
    if f.file.size < T.LITERAL_TABLE_MIN_BYTES or f.language != "python":
        return None
    lines = [line for line in f.text.splitlines()[:-1] if line.strip()]
    share = sum(1 for line in lines if T.LITERAL_LINE.fullmatch(line)) / max(len(lines), 1)
    if share < T.LITERAL_TABLE_SHARE:
        return None
    whole = f.whole
    if whole is None or T.PYTHON_DEFINITION.search(whole.decode("utf-8", "replace")):
        return None
    return f"{share:.0%} of its head's lines lone literals, no function or class"


@_fact("OpenCV's persisted data", "content")
def OPENCV_STORAGE(f: FileFacts) -> str | None:
    """What OpenCV's FileStorage writes: a trained model or matrices as YAML under its own
    `%YAML:1.0` header or as XML under `<opencv_storage>` (opencv-doc's
    `examples/quality/brisque_model_live.yml`, an SVM's 774 support vectors: 1,535 pieces of
    numbers; its Haar cascades). A small one is settings written the same way (aruco's
    `detector_params.yml`) and stays configuration."""
    if f.language not in ("yaml", "xml") or f.file.size < T.OPENCV_STORAGE_MIN_BYTES:
        return None
    found = T.OPENCV_STORAGE_HEAD.search(f.text[:T.OPENCV_STORAGE_HEAD_BYTES])
    return found[0] if found else None


@_fact("always", "fallback")
def ALWAYS(f: FileFacts) -> str | None:
    return "no rule matched"

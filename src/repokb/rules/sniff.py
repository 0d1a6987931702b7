"""Content sniffers: each looks at a bounded head of a file and returns evidence or None.

The evidence string is what `repokb explain` shows as the signal value, so it names what was
seen ("openapi 3.0.3 root", "apiVersion apps/v1, kind Deployment") and never quotes a value
that could be secret. Patterns are data at the top; the functions stay one-liners where they can.
"""

from __future__ import annotations

import re

from repokb.rules import provisioning
from repokb.rules import tables as T
from repokb.rules.provisioning import ansible_inventory, cloud_config

OPENAPI_ROOT = re.compile(r"""^["']?(openapi|swagger)["']?\s*:\s*["']?(\d+(?:\.\d+)*)""", re.M)
ASYNCAPI_ROOT = re.compile(r"""^["']?asyncapi["']?\s*:\s*["']?(\d+(?:\.\d+)*)""", re.M)
JSON_OPENAPI = re.compile(r""""(openapi|swagger)"\s*:\s*"(\d+(?:\.\d+)*)""")
JSON_ASYNCAPI = re.compile(r""""asyncapi"\s*:\s*"(\d+(?:\.\d+)*)""")
JSON_SCHEMA = re.compile(r""""?\$schema"?\s*:\s*["']?(https?://json-schema\.org/[^"'\s]*)""")
K8S_API_VERSION = re.compile(r"^apiVersion:\s*([\w./-]+)\s*$", re.M)
K8S_KIND = re.compile(r"^kind:\s*(\w+)\s*$", re.M)
HELM_TEMPLATE = re.compile(r"\{\{-?\s*(?:\.Values|\.Release|\.Chart|include|template)\b")
GITHUB_ACTIONS = (re.compile(r"^on:", re.M), re.compile(r"^jobs:", re.M))
CLOUDFORMATION = "AWSTemplateFormatVersion"
# The whole line: FROM [--platform=...] image [AS name] (Cython's `from cpython cimport *` is not)
DOCKERFILE_FROM = re.compile(r"^\s*FROM\s+(?:--platform=\S+\s+)?\S+(?:\s+AS\s+\S+)?\s*$", re.I)
SPRING_ROOT = re.compile(r"^spring:\s*$|^spring\.[a-z]", re.M)
DJANGO_MIGRATION = "migrations.Migration"

# Linguist's heuristics.yml named pattern `objectivec`, which decides a `.h` is Objective-C.
OBJC_HEADER = re.compile(r"^\s*(?:@(?:interface|class|protocol|property|end|synchronised|"
                         r"selector|implementation)\b|#import\s+.+\.h[\">])", re.M)

API_PAYLOAD_MARKERS: tuple[re.Pattern[str], ...] = (
    re.compile(r"""["']role["']\s*:\s*["'](?:user|assistant|system)["']"""),
    re.compile(r"""["']messages["']\s*:\s*\["""),
    re.compile(r"""["']model["']\s*:\s*["'](?:claude|gpt|o\d|gemini|llama|mistral)"""),
    re.compile(r"""["'](?:max_tokens|temperature|stop_sequences)["']\s*:"""),
    re.compile(r"/v1/(?:messages|chat/completions|completions)\b"),
)
API_PAYLOAD_MARKERS_NEEDED = 3


def openapi(text: str) -> str | None:
    m = OPENAPI_ROOT.search(text) or JSON_OPENAPI.search(text)
    return f"{m.group(1)} {m.group(2)} root" if m else None


def asyncapi(text: str) -> str | None:
    m = ASYNCAPI_ROOT.search(text) or JSON_ASYNCAPI.search(text)
    return f"asyncapi {m.group(1)} root" if m else None


def json_schema(text: str) -> str | None:
    m = JSON_SCHEMA.search(text)
    return f"$schema {m.group(1)}" if m else None


def kubernetes(text: str) -> str | None:
    api, kind = K8S_API_VERSION.search(text), K8S_KIND.search(text)
    return f"apiVersion {api.group(1)}, kind {kind.group(1)}" if api and kind else None


def kubeconfig(text: str) -> str | None:
    """A kubeconfig (kind: Config with users and clusters): a credential store as a whole."""
    if "Config" not in text or "clusters:" not in text:
        return None
    if re.search(r"^kind:\s*Config\s*$", text, re.M) and re.search(r"^users:", text, re.M) \
            and re.search(r"^clusters:", text, re.M):
        return "kind Config with users and clusters"
    return None


def service_account(text: str) -> str | None:
    """A cloud service-account key file (Google's JSON key: type + private_key)."""
    if '"service_account"' in text and '"private_key"' in text:
        return "type service_account with private_key"
    return None


def ethereum_keystore(text: str) -> str | None:
    """An Ethereum keystore (Web3 Secret Storage: geth's `keystore/UTC--...`, Foundry's
    `cast wallet import`, ethers' `wallet.encrypt()`): a private key encrypted under a password,
    so its ciphertext with the password is the key."""
    low = text[:4096].lower()
    if '"ciphertext"' in low and '"kdf"' in low and '"crypto"' in low:
        return "crypto with ciphertext and kdf"
    return None


def terraform_state(text: str) -> str | None:
    """Terraform's state under any name (`terraform state pull > prod.json`, `state.json`): the
    attributes of every resource in clear, a `random_password`'s `result`, a storage account's
    `primary_access_key`, under names no secret pattern knows; and `terraform show -json`'s
    output, which holds the same values (`prior_state`, `values`)."""
    head = text[:4096]
    if '"terraform_version"' not in head:
        return None
    if '"lineage"' in head and '"serial"' in head:  # the state's own header (v3 and v4)
        return "state with serial and lineage"
    if '"format_version"' in head and re.search(r'"(?:values|planned_values|prior_state)"\s*:',
                                                text):
        return "terraform show -json output"
    # a state without its header (`lineage`/`serial` cut, or written by a tool that drops
    # them): its resources' `instances` (v4) or `primary` (v3) attributes are what it holds
    if '"resources"' in text and re.search(r'"(?:instances|primary)"\s*:\s*[\[{]', text):
        return "state with resources"
    return None


def ansible_vault(text: str) -> str | None:
    """A file encrypted by `ansible-vault encrypt` (group_vars/prod/vault.yml, a role's
    `files/id_rsa`): the secrets under a password, which an offline attack on its ciphertext
    (ansible2john) recovers when it is weak."""
    head = text.lstrip("\ufeff \t\r\n")[:80]
    if head.startswith("---"):  # a YAML document marker before it (ansible-lint's examples)
        head = head[3:].lstrip(" \t\r\n")
    if head.startswith("$ANSIBLE_VAULT;"):
        return head.split("\n", 1)[0].strip()
    return None


_GO_TEMPLATE_DEFINE = re.compile(r"\{\{-?\s*define\s+\"[^\"]+\"\s*-?\}\}")


def go_template(text: str) -> str | None:
    """A Go template defining named templates (Helm's `_helpers.tpl`)."""
    m = _GO_TEMPLATE_DEFINE.search(text)
    return f"Go template {m.group(0)!r}" if m else None


def helm_template(text: str) -> str | None:
    m = HELM_TEMPLATE.search(text)
    return f"Helm template expression {m.group(0)!r}" if m else None


def github_actions(text: str) -> str | None:
    return "on: and jobs: roots" if all(p.search(text) for p in GITHUB_ACTIONS) else None


def cloudformation(text: str) -> str | None:
    return CLOUDFORMATION if CLOUDFORMATION in text[:4000] else None


def dockerfile(text: str) -> str | None:
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")), "")
    return "FROM instruction" if DOCKERFILE_FROM.match(first) else None


def spring_boot(text: str) -> str | None:
    return "spring root key" if SPRING_ROOT.search(text) else None


def django_migration(text: str) -> str | None:
    return "class Migration(migrations.Migration)" if DJANGO_MIGRATION in text else None


def generated_marker(text: str) -> str | None:
    """A generator's marker in a comment near the top (not a test that quotes one); in the
    docstring that opens a file (no code above it) only a sentence naming the file itself
    generated by something counts (Pygments' `_vim_builtins.py`: "This file is autogenerated
    by scripts/get_vimkw.py"), not a marker it quotes (a test's docstring citing
    "Automatically generated file. DO NOT MODIFY"); nor does a line of a string code opens
    (sphinx-book-theme 1.4.0's `docs/scripts/update_kitchen_sink.py`, whose `EXTRA_MESSAGE`
    string holds the `.. AUTOGENERATED by` line it writes into the pages)."""
    docstring: str | None = None  # the delimiter of the opening docstring the line is in
    string: str | None = None  # ... of a string that code opened (`MESSAGE = """\`)
    code_above = False
    for line in text.split("\n", T.GENERATED_MARKER_LINES)[: T.GENERATED_MARKER_LINES]:
        stripped = line.strip()
        if string is not None:
            if string in stripped:
                string = None
            continue  # a string's text: the marker a generator script writes, not its own
        if docstring is not None:
            if docstring in stripped:
                docstring, code_above = None, True
            if found := T.DOCSTRING_GENERATED.search(stripped):
                return found.group(0)
            continue
        if stripped[:3] in ('"""', "'''") and code_above:
            continue  # a function's docstring, a string below code: no comment
        if stripped[:3] in ('"""', "'''") and stripped.count(stripped[:3]) == 1:
            docstring = stripped[:3]
        elif not stripped.startswith(T.COMMENT_PREFIXES) and not T.RST_COMMENT.match(line):
            code_above = code_above or bool(stripped)
            string = next((q for q in ('"""', "'''") if stripped.count(q) % 2), None)
            continue
        for marker in T.GENERATED_MARKERS_BY_SUBKIND:
            if marker in stripped:
                return marker
        if sentence := T.GENERATED_SENTENCE.search(stripped.lstrip("/#*;%-<!({'\" \t")):
            return sentence.group(0).strip()
    return None


_GNU_INFO = re.compile(r"\AThis is [^\n,]+, produced by (?:makeinfo|texi2any)\b"
                       r"|^\x1f\nFile: [^\n,]+,[ \t]+Node: ", re.M)


def gnu_info(text: str) -> str | None:
    """A GNU Info file's head (`This is sed.info, produced by makeinfo ...`) or a node's
    (`\\x1f` then `File: sed.info,  Node: Overview`)."""
    found = _GNU_INFO.search(text[:8192])
    return found.group(0).replace("\x1f\n", "") if found else None


# A GNU Info file's markers of an index node and of an image (`^@^H[index^@^H]`,
# `^@^H[image src="x.png"^@^H]`: texinfo's info.c), the only NUL bytes such a file holds
_INFO_MARKER = re.compile(rb"\x00\x08\[(?:index|image\b[^\x00\n]*)\x00\x08\]")
_INFO_HEAD = re.compile(rb"\AThis is [^\n,]+, produced by (?:makeinfo|texi2any)\b")


def info_text(data: bytes) -> bytes:
    """`data` without a GNU Info file's index and image markers when it opens as one (on one
    line each: no line moves), so the manual is read as text, not taken for binary content;
    any other bytes as they are."""
    if b"\x00" in data and _INFO_HEAD.match(data):
        return _INFO_MARKER.sub(b"", data)
    return data


_GENERATOR_META = re.compile(
    r"""<meta\s[^>]*name=["']generator["'][^>]*content=["']\s*([\w.-]+)|"""
    r"""<meta\s[^>]*content=["']\s*([\w.-]+)[^>]*name=["']generator["']""", re.I)
# (the index page itself links its index as `href="#"`: SQLAlchemy 2.1.9's doc/genindex.html,
# 1,981 pieces of links, was read as a guide)
_SPHINX_PAGE = re.compile(r"""rel=["']index["'][^>]*href=["'](?:[^"']*genindex\.html|#["'])|"""
                          r"""_static/documentation_options\.js""")
_JAVADOC = re.compile(r"<!-- Generated by javadoc")


def rendered_docs(text: str) -> str | None:
    """The generator of an HTML page rendered from documentation sources, named in its head:
    a `<meta name="generator">` of a documentation or site generator, Sphinx's own links (its
    index page, its `documentation_options.js`) or javadoc's comment."""
    for found in _GENERATOR_META.finditer(text):
        name = (found[1] or found[2] or "").lower()
        generator = next((g for g in T.RENDERED_DOCS_GENERATORS if name.startswith(g)), None)
        if generator:
            return f"generator {found[1] or found[2]}"
    if _SPHINX_PAGE.search(text):
        return "Sphinx (its index and search links)"
    if _JAVADOC.search(text):
        return "javadoc"
    return None


def objc_header(text: str) -> str | None:
    """`@interface`, `@protocol`, `#import "X.h"` ... in a `.h`: an Objective-C header."""
    m = OBJC_HEADER.search(text)
    return m.group(0).strip()[:40] if m else None


# Linguist's C++ heuristic for `.h` (its named pattern `cpp`), read where no Objective-C mark is;
# `try`/`constexpr` as whole words (Linguist's `^[ \t]*(try|constexpr)` also takes `trylock(`);
# and a scoped enum (`enum class color : uint32_t {`, never C): Linguist reads the whole file,
# this its head, where fmt's color.h has 150 lines of colours before its first template.
_CPP_HEADER = re.compile(
    r"^\s*#\s*include <(?:cstdint|string|vector|map|list|array|bitset|queue|stack|"
    r"forward_list|unordered_map|unordered_set|(?:i|o|io)stream)>"
    r"|^\s*template\s*<|^[ \t]*(?:try|constexpr)\b|^[ \t]*catch\s*\("
    r"|^[ \t]*(?:class|(?:using[ \t]+)?namespace)\s+\w+|^[ \t]*(?:private|public|protected):$"
    r"|std::\w+|^[ \t]*enum[ \t]+(?:class|struct)[ \t]+\w+", re.M)


def cpp_header(text: str) -> str | None:
    """A template, a namespace, a class, `std::` ... in a `.h`: a C++ header."""
    m = _CPP_HEADER.search(text)
    return m.group(0).strip()[:40] if m else None


# Linguist's MATLAB heuristic for `.m` (a `%` comment or a `function` line), read only where no
# Objective-C mark is (objc_header's pattern).
_MATLAB = re.compile(r"^[ \t]*(?:%|function\b)", re.M)


def matlab_code(text: str) -> str | None:
    """A `%` comment or a `function` line in a `.m` with no Objective-C mark: MATLAB."""
    if OBJC_HEADER.search(text):
        return None
    m = _MATLAB.search(text)
    return m.group(0).strip() if m else None


def json_text(text: str) -> str | None:
    """JSON (or JSON with comments) rather than YAML: the text opens with `{`, `[` or a `//`
    or `/*` comment (`.eslintrc` is either, as its tool reads it)."""
    head = text.lstrip()
    return head[:2] if head.startswith(("{", "[", "//", "/*")) else None


# A JSON object's opening: `{`, then a quoted member name and its colon (not a shell or a
# brace-expansion `{a,b}`, not JavaScript's unquoted `{ key:` or a Python dict in prose)
_JSON_OBJECT_OPEN = re.compile(r'\A\s*\{\s*"(?:[^"\\\n]|\\.){0,200}"\s*:\s*[\[{"\-\dtfn]')


def json_object(text: str) -> str | None:
    """A file with no extension that is a JSON object (jsonschema-specifications 2025.9.1's
    meta-schema vocabularies `schemas/draft202012/vocabularies/core`, `applicator` ...): its
    first member, `{"$schema": ...`."""
    m = _JSON_OBJECT_OPEN.match(text)
    return " ".join(m.group(0).split())[:40] if m else None


def shebang(text: str) -> str | None:
    """The language named by a `#!` line (`#!/usr/bin/env python3` -> python)."""
    if not text.startswith("#!"):
        return None
    line = text[2:].split("\n", 1)[0]
    if "{{" in line and "python" in line:  # Ansible's `#!{{ ansible_python['executable'] }}`
        return "python"
    words = line.replace("/", " ").split()
    for word in reversed(words):
        if word in T.SHEBANG_LANGUAGES:
            return T.SHEBANG_LANGUAGES[word]
        base = word.rstrip("0123456789.")
        if base in T.SHEBANG_LANGUAGES:
            return T.SHEBANG_LANGUAGES[base]
    return None


# A shell completion script's own commands at a line's start: bash's `complete -F func cmd`
# (or -C, -W), a `COMPREPLY=` assignment, `compgen -W`; zsh's `#compdef cmd` first line.
_COMPLETION_LINE = re.compile(
    r"^[ \t]*(?:complete\s+(?:-\w+\s+(?:\S+\s+)?)*?-[FCW]\s|COMPREPLY\+?=|.*\$\(\s*compgen\s+-)"
    r"|\A#compdef\s", re.M)


def completion_script(text: str) -> str | None:
    """A file with no extension that is a shell completion script (Django 5.2.8's
    `extras/django_bash_completion`: no shebang, it is sourced): its first completion command."""
    found = _COMPLETION_LINE.search(text)
    return found.group(0).strip()[:40] if found else None


# A JavaScript module's own statements at a line's start: CommonJS' `module.exports =`,
# `const x = require('y')`, ESM's `import x from 'y'`, `export default` (not prose about them)
_JS_MODULE_LINE = re.compile(
    r"""^(?:module\.exports\s*=|exports\.\w+\s*=|(?:const|let|var)\s+[\w${}\s,:]+=\s*"""
    r"""require\(\s*['"]|import\s+(?:[\w${}\s,*]+\s+from\s+)?['"]|export\s+(?:default\b|"""
    r"""(?:async\s+)?function\b|const\b|class\b|\{))""", re.M)


def js_module(text: str) -> str | None:
    """A file with no extension that is a JavaScript module (yargs 17.7.2's `yargs`: `const
    {Yargs} = require('./build/index.cjs')` ... `module.exports = Yargs`): its statements at a
    line's start, no Markdown fence (a document quoting one)."""
    if "```" in text:
        return None
    m = _JS_MODULE_LINE.search(text)
    return f"JavaScript module statement {m.group(0).strip()!r}" if m else None


# Smarty's tags: a single brace (Go's, Helm's, Handlebars' `{{` are not), then a variable
# (`{$title}`), a config variable (`{#title#}`), a comment (`{* ... *}`) or a built-in function,
# opening or closing (`{include file="header.tpl"}`, `{/if}`)
_SMARTY_TAG = re.compile(
    r"(?<!\{)\{(?:\$\w|\*|#\w+#|/?(?:if|foreach|section|include|extends|block|assign|capture|"
    r"config_load|literal|ldelim|rdelim|strip|function|nocache|while)\b)")


def smarty_template(text: str) -> str | None:
    """Smarty's tags in a `.tpl` (Smarty 3.1.47's `demo/templates/index.tpl`: `{config_load
    file="test.conf"}`, `{include file="header.tpl"}`; its `debug.tpl`: `{capture ...}`)."""
    m = _SMARTY_TAG.search(text)
    return f"Smarty tag {m.group(0)!r}" if m else None


# Jinja's and Django's statement tags (a Sphinx theme's `layout.html`: `{%- block site_meta
# -%}`, `{% extends "basic/layout.html" %}`): a template, wherever its folder
_JINJA_TAG = re.compile(r"\{%-?\s*(?:extends|block|include|macro|import|from|if|for|set|load"
                        r"|trans|blocktrans|url|static|with|call|filter|raw)\b")


def jinja_template(text: str) -> str | None:
    """Jinja's or Django's statement tags in an HTML head (furo 2025.12.19's
    `theme/furo/base.html`, a Sphinx theme's templates)."""
    m = _JINJA_TAG.search(text)
    return f"template tag {m.group(0)!r}" if m else None


_HTML_TAG = re.compile(r"</?(?:html|head|body|div|table|p|pre|span|ul|ol|li|form|a|b|br|hr|h[1-6]"
                       r"|script|style|link|meta|title|section|nav|footer|header)\b[^>]*>", re.I)


def html_page_part(text: str) -> str | None:
    """HTML tags and no `{{` (a Go, Helm or Handlebars template's delimiters): a page part, as
    Smarty's `footer.tpl` is (`</BODY>`, `</HTML>`)."""
    if "{{" in text:
        return None
    m = _HTML_TAG.search(text)
    return f"HTML tag {m.group(0)!r}" if m else None


_MINIFIED_LINE = 500  # a line this long is a bundle's, or a table's a person wrote on one line


# One value declared on one line: a table of numbers or one string literal (acorn's
# `var astralIdentifierCodes = [509, 0, 227, ...]`, `var nonASCIIidentifierChars = "\u200c..."`,
# written by its Unicode script at the top of the parser; the last may be cut by the head's
# end): a bundle's line holds statements.
# Also a JSON object of strings a bundler inlined as a module's value (feather-icons 4.29.2's
# `dist/feather.js`, webpack's `module.exports = {"activity":"<polyline ...>", ...}`: 53 KB of
# icon markup on one line of a 159 KB bundle of readable code).
_STRING = r'"(?:[^"\\]|\\.)*'
_VALUE_LINE = re.compile(r"""\s*(?:(?:var|let|const)\s+[\w$]+\s*=\s*|module\.exports\s*=\s*)?"""
                         r"""(?:\[[\d\s,.-]*\]?|"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|"""
                         rf"""\{{(?:{_STRING}"\s*:\s*{_STRING}"\s*,\s*)*(?:{_STRING}"?"""
                         rf"""(?:\s*:\s*(?:{_STRING}"?)?)?)?\}}?)\s*;?\s*""")


# ... or a TypeScript type alias written as one union (openai 6.49.0's `src/internal/types.ts`:
# `type UndiciRequestInit = NotAny<import('../node_modules/undici/...')> | ...`, 932 characters;
# a bundle holds no types)
_TYPE_ALIAS = re.compile(r"(?:export\s+)?(?:declare\s+)?type\s+[\w$]+(?:<[^=]*>)?\s*=\s")


def _literal_line(line: str) -> bool:
    """A long line a person wrote as one value, indented in its code: a keyword regex or a
    word list (prism's `components/prism-abap.js`, `pattern: /(?:ABAP-SOURCE|ABBREVIATED|...)/`;
    highlight.js' `languages/x86asm.js`, `+ 'aaa aad aam ...'`). A bundle's line is code from
    its first column, with statements and blocks in it (`;`, `{`, `}`); an encoded blob
    (meshoptimizer's wasm in a string) has no words to separate (`|`, spaces)."""
    if _VALUE_LINE.fullmatch(line):  # (an encoded blob, base64, has no spaces nor escapes)
        return line.count(" ") + line.count("\\") >= 0.05 * len(line)
    if _TYPE_ALIAS.match(line):
        return line.count(" | ") + line.count(" & ") >= 3 and line.count(";") <= 2
    return (line[:1] in (" ", "\t") and line.count(";") <= 2
            and line.count("{") + line.count("}") <= 4
            and (line.count("|") + line.strip().count(" ")) >= 0.05 * len(line))


def minified(text: str) -> str | None:
    """Very long lines that make most of the text, or little whitespace: a bundle, not code
    written by a person. One long line among short ones is a person's lookup table or import
    list (three's MathUtils.js, whose `_lut` is 1,552 characters of the file's 22 KB); long
    indented value lines (`_literal_line`) are the person's too, and are not weighed."""
    lines = text.splitlines() or [""]
    longest = max(len(line) for line in lines)
    if longest < _MINIFIED_LINE:
        return None
    values = [line for line in lines if len(line) >= _MINIFIED_LINE and _literal_line(line)]
    if values:
        text = "\n".join(line for line in lines
                         if len(line) < _MINIFIED_LINE or not _literal_line(line))
    spaces = sum(1 for c in text if c in " \t\n") / max(len(text), 1)
    share = sum(len(line) for line in lines
                if len(line) >= _MINIFIED_LINE and not _literal_line(line)) / max(len(text), 1)
    if share >= 0.5 or spaces < 0.05:
        return (f"longest line {longest} chars, long lines {share:.0%} of the text, "
                f"whitespace {spaces:.0%}")
    return None


def llm_response(text: str) -> str | None:
    """Seed 000's is_llm_response, on the head: the one definition in contamination.py."""
    from repokb.contamination import llm_transcript

    return llm_transcript(text, docs=True)


def api_payload(text: str) -> str | None:
    """Hard-coded LLM API payloads (a test script that replays requests to a model)."""
    if "role" not in text and "/v1/" not in text:
        return None
    hits = sum(1 for p in API_PAYLOAD_MARKERS if p.search(text))
    return f"{hits} LLM API payload markers" if hits >= API_PAYLOAD_MARKERS_NEEDED else None


# One line of a pip requirements file: an option (-r, -c, -e, --hash ...), a requirement
# (`name[extra] >= 1, < 2 ; marker`, `name @ url`), or a URL or path; a comment may follow.
_PIP_LINE = re.compile(
    r"""^(?:-[A-Za-z]\s*\S.*|--[a-z][a-z-]+(?:[ =]\S.*)?"""
    r"""|[A-Za-z0-9][A-Za-z0-9._-]*(?:\s*\[[A-Za-z0-9._,\s-]*\])?\s*"""
    r"""(?:@\s*\S+|(?:(?:===|==|~=|!=|>=|<=|<|>)\s*[^\s,;#\\]+\s*,?\s*)*)"""
    r"""|(?:git\+|hg\+|svn\+|bzr\+|https?://|file:|\.{1,2}/|\./?$)\S*)"""
    r"""\s*(?:;[^#]*)?(?:\\)?\s*(?:#.*)?$""")


def requirements(text: str) -> str | None:
    """Every line reads as pip requirements (what pip-tools' `.in` files and the `.txt` files
    it compiles hold); comments and blank lines aside, at least one requirement."""
    count = 0
    for line in text.splitlines()[:400]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not _PIP_LINE.match(stripped):
            return None
        count += 1
    return f"{count} requirement line{'s' if count != 1 else ''}" if count else None


def tabular_header(text: str) -> str | None:
    first = text.split("\n", 1)[0]
    for sep, name in ((",", "comma"), ("\t", "tab"), (";", "semicolon")):
        if first.count(sep) >= 1:
            return f"{first.count(sep) + 1} {name}-separated columns"
    return None


# a record of a data table written as text: one to three short fields, no sentence
_RECORD = re.compile(r"\S{1,40}(?:[ \t]+\S{1,40}){0,2}")
_SENTENCE_END = (".", ":", "?", "!", ",")


def text_records(text: str) -> str | None:
    """A `.txt` that is a table, not prose: 40 or more non-blank lines in the head, all but a
    few of them one to three short fields (Mojolicious' `resources/html_entities.txt`, 2,231
    lines of `Aacute; U+000C1`; a word list)."""
    lines = [ln.strip() for ln in text.split("\n")[:400] if ln.strip()]
    if len(lines) < 40:
        return None
    records = sum(1 for ln in lines
                  if _RECORD.fullmatch(ln) and not ln.endswith(_SENTENCE_END))
    if records < 0.95 * len(lines):
        return None
    return f"{records} of {len(lines)} lines are records of one to three short fields"


# nginx: a block (`server {`, `location /api/ {`, `upstream php {`, `http {`) and directives
# ending in `;` (`listen 80;`, `proxy_pass http://app;`, `fastcgi_param QUERY_STRING $x;`)
_NGINX_BLOCK = re.compile(
    r"^[ \t]*(?:http|events|stream|server|types|upstream[ \t]+[\w.:{}$ -]+?"
    r"|location[ \t]+[^{\n;]+?|map[ \t]+\$\S+[ \t]+\$\S+)[ \t]*\{[ \t]*(?:#.*)?$", re.M)
_NGINX_DIRECTIVE = re.compile(
    r"^[ \t]*(?:listen|server_name|root|include|error_log|access_log|log_format|worker_\w+"
    r"|(?:ssl|proxy|fastcgi|uwsgi|scgi|client|gzip|auth_basic|keepalive|limit_req)\w*"
    r"|add_header|return|try_files|index|sendfile|default_type|server_tokens)[ \t]+[^;\n]*;",
    re.M)


def nginx_config(text: str) -> str | None:
    """nginx configuration: a block opened by nginx's own words and a directive of its own, or
    (nginx's `proxy_params`, `fastcgi_params`: directives only) two of its directives; the
    block's line, or the first directive, is the evidence."""
    if text.startswith("#!"):
        return None
    directive = _NGINX_DIRECTIVE.search(text)
    block = _NGINX_BLOCK.search(text)
    if block is not None and directive is not None:
        return block.group().strip()[:60]
    if directive is not None and _NGINX_DIRECTIVE.search(text, directive.end()) is not None:
        return directive.group().strip()[:60]
    return None


SNIFFERS = {
    "openapi": openapi, "asyncapi": asyncapi, "json_schema": json_schema,
    "kubernetes": kubernetes,
    "kubeconfig": kubeconfig, "service_account": service_account,
    "ethereum_keystore": ethereum_keystore, "ansible_vault": ansible_vault,
    "terraform_state": terraform_state,
    "gnu_info": gnu_info,
    "helm_template": helm_template, "go_template": go_template, "github_actions": github_actions,
    "cloudformation": cloudformation, "dockerfile": dockerfile, "spring_boot": spring_boot,
    "django_migration": django_migration, "generated_marker": generated_marker,
    "rendered_docs": rendered_docs,
    "minified": minified, "llm_response": llm_response, "api_payload": api_payload,
    "json_text": json_text, "json_object": json_object,
    "tabular_header": tabular_header, "text_records": text_records, "shebang": shebang,
    "objc_header": objc_header,
    "matlab_code": matlab_code, "cpp_header": cpp_header,
    "requirements": requirements, "js_module": js_module,
    "completion_script": completion_script,
    "smarty_template": smarty_template, "jinja_template": jinja_template,
    "html_page_part": html_page_part, "nginx_config": nginx_config,
    "ansible_inventory": ansible_inventory, "cloud_config": cloud_config,
    "bare_inventory": provisioning.bare_inventory,
    "cloud_init_settings": provisioning.cloud_init_settings,
}

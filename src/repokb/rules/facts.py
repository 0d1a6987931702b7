"""What the rules may look at: the path always; the bounded head of the content only on demand.

Everything is computed lazily and once, so a rule decided by the path never causes a read, and
no rule can read more than `head_bytes` of any file, but one: a file named like a key or a
certificate whose head shows PEM blocks is read whole (`whole`, up to `max_file_bytes`), since
only all of it can tell that no private key follows its certificates.
"""

from __future__ import annotations

import fnmatch
import io
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, BinaryIO, Generic, TypeVar

from repokb.formats import CODE, LINGUIST
from repokb.models import SourceFile
from repokb.rules import heuristics, sniff
from repokb.rules import tables as T
from repokb.rules.paths import news_fragment_match, rooted_folder

if TYPE_CHECKING:
    from repokb.secrets import Finding
    from repokb.secrets.k8s import Census


_T = TypeVar("_T")


class cached_property(Generic[_T]):  # noqa: N801 (named as the functools one it replaces)
    """functools.cached_property without its per-property lock (Python 3.11 takes one on every
    first access: 13 facts x 7,000 files of a dry run). FileFacts lives on one thread."""

    def __init__(self, fn: Callable[[Any], _T]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> _T:
        if obj is None:
            return self  # type: ignore[return-value]
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


@dataclass(frozen=True)
class Limits:
    head_bytes: int = 8192
    max_file_bytes: int = 2_000_000
    skip_file_bytes: int = 50_000_000
    max_tabular_bytes: int = 1_000_000
    max_notebook_bytes: int = 32_000_000  # a notebook read whole (its outputs are not indexed)


@dataclass(frozen=True)
class DirTwins:
    """One folder's files with compiled extensions (rules/twins.py) and the TypeScript source
    of each that has one (name -> project-relative path)."""

    compiled: int
    twins: dict[str, str]

    @property
    def mirrored(self) -> bool:
        found = len(self.twins)
        return found >= T.TWIN_MIRROR_MIN and found * 2 >= self.compiled


@dataclass(frozen=True)
class DirVariants:
    """One folder's modules (distinct stems of its implementation and declaration files), its
    module-format variants (rules/variants.py: name -> the name kept in its place) and how many
    modules have one."""

    modules: int
    variants: dict[str, str]
    varied: int

    @property
    def mirrored(self) -> bool:
        return self.varied >= T.TWIN_MIRROR_MIN and self.varied * 2 >= self.modules


@dataclass(frozen=True)
class Targets:
    """The files a package.json names on one side (project-relative paths; its `*` patterns
    as one regex)."""

    paths: frozenset[str]
    patterns: re.Pattern[str] | None

    def __contains__(self, path: object) -> bool:
        return path in self.paths or (isinstance(path, str) and self.patterns is not None
                                      and self.patterns.fullmatch(path) is not None)


@dataclass(frozen=True)
class DualPackage:
    """What a package.json ships per module system (rules/variants.py): the files it names
    under `import` and under `require`."""

    imports: Targets
    requires: Targets

    def names_pair(self, a: str, b: str) -> bool:
        """One of the two paths is named under `import`, the other under `require`."""
        return (a in self.imports and b in self.requires
                or a in self.requires and b in self.imports)


@dataclass
class ProjectContext:
    """Shared by every file of one project run: a cache of directory listings (and of what
    they tell: the nearest folder holding a marker, each folder's compiled twins and module-format
    variants, each package.json's module systems)."""

    _dir_names: dict[str, frozenset[str]] = field(default_factory=dict)
    _nearest: dict[tuple[str, tuple[str, ...]], str | None] = field(default_factory=dict)
    twins: dict[str, DirTwins] = field(default_factory=dict)
    variants: dict[str, DirVariants] = field(default_factory=dict)
    packages: dict[str, DualPackage | None] = field(default_factory=dict)  # by its folder
    # each package folder's dist-only API (rules/distapi.py `dist_api`), asked once a run
    dist_apis: dict[str, Any] = field(default_factory=dict)
    # each package folder's package.json (or bower.json) `name` (rules/linguist.py)
    package_names: dict[str, str | None] = field(default_factory=dict)
    # each folder's count of JSON files named by a language code (rules/layout.py)
    locale_files: dict[str, int] = field(default_factory=dict)
    # each package folder's rollup outputs: file -> (config, input) (rules/copies.py)
    rollup_outputs: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)

    def names_in(self, root: str, rel_dir: str) -> frozenset[str]:
        if rel_dir not in self._dir_names:
            try:
                self._dir_names[rel_dir] = frozenset(os.listdir(os.path.join(root, rel_dir)))
            except OSError:
                self._dir_names[rel_dir] = frozenset()
        return self._dir_names[rel_dir]


_CODE = CODE
_NGINX_EXTENSIONS = frozenset({"", ".conf", ".vhost", ".nginx", ".nginxconf", ".types"})
_NGINX_SITES = frozenset({"sites-available", "sites-enabled"})
# Every byte but the control bytes seed 003 counts (below TAB, or between CR and space).
_NOT_CONTROL = bytes(b for b in range(256) if not (b < 9 or 13 < b < 32))


@dataclass
class FileFacts:
    file: SourceFile
    limits: Limits
    project: ProjectContext
    content: bytes | None = None  # the file's first bytes when they come from memory (uploads)
    language_given: str | None = None  # the project's word: .gitattributes linguist-language
    _sniffed: dict[str, str | None] = field(default_factory=dict)

    @cached_property
    def name(self) -> str:
        return self.file.path.rsplit("/", 1)[-1]

    @cached_property
    def lower_name(self) -> str:
        return self.name.lower()

    @cached_property
    def dirs(self) -> tuple[str, ...]:
        return tuple(self.file.path.split("/")[:-1])

    @cached_property
    def lower_dirs(self) -> frozenset[str]:
        return frozenset(d.lower() for d in self.dirs)

    @cached_property
    def template_base(self) -> str | None:
        """`config.yaml.example` -> `config.yaml`; None when the name is not a template copy."""
        for suffix in T.TEMPLATE_SUFFIXES:
            if self.lower_name.endswith(suffix) and len(self.name) > len(suffix):
                return self.name[: -len(suffix)]
        return None

    @cached_property
    def ext(self) -> str:
        return os.path.splitext(self.template_base or self.name)[1].lower()

    @cached_property
    def language(self) -> str | None:
        if self.language_given:
            return self.language_given
        base = self.template_base or self.name
        lower = base.lower()
        if self.lower_name.endswith(".mako") and self.ext in T.MAKO_PAGE_BASES:
            return "mako"  # `index.html.mako`: a Mako page, not the HTML it renders
        engine = next((x for x in T.ENGINE_TEMPLATE_SUFFIXES if lower.endswith(x)), None)
        if engine and len(lower) > len(engine):  # `show.html.twig`, `welcome.blade.php`
            inner = os.path.splitext(lower[: -len(engine)])[1]
            return (T.LANGUAGE_BY_EXTENSION.get(inner) or T.EXTRA_LANGUAGE_BY_EXTENSION.get(inner)
                    or "html")
        if self.language_mark is not None:  # a `.cue`, `.spec`, `.ks`, `.mak` by its marks
            return self.language_mark[0]
        if (m := T.TRANSLATED_DOC_NAME.fullmatch(base)) and m.group(1).lower() in \
                T.LANGUAGE_CODES:
            return "text"  # texlive's `README.PL`, `README.RU`, `README.CS`: not Perl, Ruby, C#
        if (m := news_fragment_match(self.dirs, base)) is not None and not m.group(2):
            return "text"  # towncrier's `newsfragments/9657.doc`, `761.bugfix`, `12.feature`
        lang = (T.LANGUAGE_BY_EXACT_NAME.get(self.lower_name)  # a template's own (`map.jinja`)
                or (T.SAMPLE_LANGUAGE_BY_NAME.get(lower) if self.template_base else None)
                or T.LANGUAGE_BY_EXACT_NAME.get(lower) or T.LANGUAGE_BY_EXTENSION.get(self.ext)
                or T.EXTRA_LANGUAGE_BY_EXTENSION.get(self.ext) or T.LANGUAGE_BY_NAME.get(base))
        if lang == T.JSON_OR_YAML:  # `.eslintrc`, `.prettierrc`: as their tool reads them
            lang = "json" if self.sniff("json_text") else "yaml"
        if lang is None and self.ext in T.SOURCE_TEMPLATE_SUFFIXES:  # numpy's `loops.c.src`
            inner = os.path.splitext(os.path.splitext(lower)[0])[1]
            lang = T.LANGUAGE_BY_EXTENSION.get(inner) or T.EXTRA_LANGUAGE_BY_EXTENSION.get(inner)
        if lang is None and self.dirs:  # `.cargo/config`, `bash_completion.d/git`
            lang = (T.LANGUAGE_BY_FOLDER_AND_NAME.get((self.dirs[-1], lower))
                    or T.LANGUAGE_BY_FOLDER.get(self.dirs[-1])
                    or T.LANGUAGE_BY_FOLDER.get(rooted_folder(self.file, 2)))
        if lang == "text" and "_sources" in self.dirs:  # Sphinx's copy `_sources/os.rst.txt`
            lang = T.SPHINX_COPY_LANGUAGES.get(os.path.splitext(lower[:-4])[1], lang)
        if lang in (None, "ini") and self.ext in T.TEX_TREE_EXTENSIONS and "tex" in self.dirs:
            lang = "tex"  # a TeX tree's `tex/latex/base/size10.clo`, `babel/hyphen.cfg`
        if lang is None and T.MAN_PAGE.fullmatch("/".join((*self.dirs[-1:], lower))):
            lang = "roff"  # `man3/size_t.3type`: a section Linguist's Roff does not list
        if lang in (None, "ini") and self.nginx_config:  # `sites-available/default`
            lang = "nginx"
        if (lang == "ini" and self.ext == ".cfg" and not self.template_base and (
                lower in T.CLOUD_INIT_SETTINGS_NAMES or T.CLOUD_INIT_SETTINGS_DIRS & {
                    *self.dirs[-1:]}) and self.sniff("cloud_init_settings")):
            lang = "yaml"  # cloud-init's `/etc/cloud/cloud.cfg`, `cloud.cfg.d/90_dpkg.cfg`
        if (lang is None and lower.endswith(".bash-completion") and self.dirs
                and self.dirs[-1] == "debian"):
            lang = "text"  # debhelper's list of completion files (`source [name]` lines)
        if lang is None and (lower == ".env" or lower.startswith(".env.")):
            lang = "dotenv"
        if lang is None:
            lang = next((v for g, v in T.LANGUAGE_BY_NAME_GLOB.items()
                         if fnmatch.fnmatchcase(lower, g)), None)
        if lang is None and self.template_base and self.ext:  # `request.bru.j2`: what it renders,
            lang = linguist_language(base, self.ext)  # as Linguist names it, before the engine's
        if lang is None and self.template_base:  # Ansible's `apt.fact.j2`: a `#!` script
            lang = self.sniff("shebang")
        if lang is None and self.template_base:  # `layout.jinja`: the template's own format
            own = os.path.splitext(self.name)[1].lower()
            lang = T.LANGUAGE_BY_EXTENSION.get(own) or T.EXTRA_LANGUAGE_BY_EXTENSION.get(own)
            if lang is None and own == ".tpl" and (self.sniff("smarty_template")
                                                   or self.sniff("html_page_part")):
                lang = "html"  # Smarty's page templates: HTML with `{...}` tags, as Twig's are
            elif lang is None and own == ".tpl" and self.sniff("go_template"):
                lang = "gotemplate"  # Helm's `_helpers.tpl`: `{{- define "x.fullname" -}}`
        if lang is None and T.GNU_INFO_NAME.fullmatch(lower) and self.sniff("gnu_info"):
            lang = "text"  # a GNU Info manual: `sed.info`, `emacs.info-3` (makeinfo's output)
        if lang is None:  # no extension, or one no table knows (cffi's demo/py.cleanup)
            lang = self.sniff("shebang")
            if (lang is None and not self.ext and self.template_base is None
                    and self.sniff("js_module")):
                lang = "javascript"  # yargs' extension-less entry file `yargs`
            if lang is None and not self.ext and self.sniff("completion_script"):
                lang = "shell"  # a sourced completion script: `complete -F _f cmd`, `#compdef`
            if (lang is None and not self.ext and self.template_base is None
                    and self.sniff("json_object")):
                lang = "json"  # jsonschema's extension-less vocabularies: `{"$schema": ...`
            if lang is None and not self.ext and self.template_base is None:
                if self.sniff("ansible_inventory") or self.bare_inventory:
                    lang = "ini"  # an Ansible inventory: `inventory/prod`, `hosts`
                elif self.sniff("cloud_config"):
                    lang = "yaml"  # cloud-init's `user-data`: `#cloud-config`
            if lang is None:  # GitHub Linguist's: Bazel's BUILD, `.zig`, `.http` ...
                lang = linguist_language(base, self.ext)
            if lang is None and T.LICENSE_NAME.match(base):
                lang = "text"  # `COPYING.LESSER`, `LICENSE.GPL`: a license, read as COPYING
        elif lang == "c" and self.ext == ".h" and self.sniff("objc_header"):
            lang = "objc"  # Linguist's heuristic: `@interface`, `#import "X.h"` in the head
        elif lang == "c" and self.ext == ".h" and self.sniff("cpp_header"):
            lang = "cpp"  # Linguist's heuristic: `template <`, `namespace x`, `std::` ...
        elif lang == "objc" and self.ext == ".m" and self.sniff("matlab_code"):
            lang = "matlab"  # Linguist's heuristic: MATLAB's `%` or `function`, no ObjC mark
        return lang

    @cached_property
    def bare_inventory(self) -> str | None:
        """Host names under `[group]`s in a file named or placed as Ansible's inventories are."""
        named = self.lower_name in T.INVENTORY_NAMES or self.lower_dirs & T.INVENTORY_DIRS
        ok = named and self.template_base is None and self.ext in ("", ".ini")
        return self.sniff("bare_inventory") if ok else None

    @cached_property
    def nginx_config(self) -> bool:
        """nginx's configuration, read by its blocks rather than as INI or not at all: its
        `nginx.conf`; a file with no extension or a `.conf` under a folder `nginx`,
        `sites-available` or `sites-enabled` (Debian's `sites-available/default`,
        `proxy_params`; DebOps' `templates/etc/nginx/conf.d/upstream_php.conf.j2`) holding its
        blocks or directives; and a `.conf` anywhere holding a block of nginx's own
        (`server {` with `listen 80;`)."""
        base = (self.template_base or self.name).lower()
        if base == "nginx.conf":
            return True
        if self.ext not in _NGINX_EXTENSIONS:
            return False
        evidence = self.sniff("nginx_config")
        if evidence is None:
            return False
        if "nginx" in self.lower_dirs or self.lower_dirs & _NGINX_SITES:
            return True
        return self.ext != "" and evidence.rstrip().endswith("{")

    @cached_property
    def language_mark(self) -> tuple[str, str] | None:
        """(language, evidence) where the extension is shared and the head says which language
        it holds (rules/heuristics.py: a cue sheet's `TRACK 01 AUDIO`, an RPM spec's `Name:`)."""
        if self.ext not in heuristics.EXTENSIONS:
            return None
        return heuristics.decide(self.ext, self.text)

    @property
    def is_code(self) -> bool:
        return self.language in _CODE

    # -- content ---------------------------------------------------------------------------
    @cached_property
    def head(self) -> bytes:
        if self.file.size == 0 or self.file.size > self.limits.skip_file_bytes:
            return b""
        if self.content is not None:  # (a GNU Info manual's index markers left out: sniff)
            return sniff.info_text(self.content[: self.limits.head_bytes])
        try:
            with self.file.open() as fh:
                return sniff.info_text(fh.read(self.limits.head_bytes))
        except OSError:
            return b""

    @cached_property
    def control_ratios(self) -> tuple[float, float]:
        head = self.head
        if not head:
            return 0.0, 0.0
        controls = len(head.translate(None, _NOT_CONTROL))
        return head.count(0) / len(head), controls / len(head)

    @cached_property
    def is_binary(self) -> bool:
        # Any NUL, not seed 003's 1%: a text file with a NUL could not be chunked anyway.
        nul, control = self.control_ratios
        return nul > 0 or control > T.BINARY_CONTROL_RATIO

    @cached_property
    def utf8_error(self) -> int | None:
        """Offset of the first invalid UTF-8 byte in the head (a cut last character is fine)."""
        try:
            self.head.decode("utf-8")
        except UnicodeDecodeError as exc:
            cut = len(self.head) == self.limits.head_bytes and exc.start >= len(self.head) - 3
            return None if cut else exc.start
        return None

    @cached_property
    def text(self) -> str:
        """The head as text ('' for binary heads): what content sniffers and secrets see."""
        if self.is_binary:
            return ""
        return self.head.decode("utf-8", errors="replace")

    @cached_property
    def tail(self) -> str:
        """The text of the file's last TAIL_BYTES ('' for binary heads): where a bundle names its
        source map (`//# sourceMappingURL=mocha.js.map`), past the head of a long file. '' when
        the file's end was not given (an upload of its head only), never the end of its head
        instead."""
        size = self.file.size
        if len(self.head) >= size or self.is_binary:
            return self.text
        if self.content is not None and len(self.content) < size:
            return ""  # only the head was sent (a file an uploading client left out): not seen
        end = size if self.content is None else len(self.content)
        try:
            with (io.BytesIO(self.content) if self.content is not None
                  else self.file.open()) as fh:
                fh.seek(max(0, end - T.TAIL_BYTES))
                data = fh.read(T.TAIL_BYTES)
                if b"\n" not in data.rstrip(b"\r\n"):
                    data = self._last_line_start(fh, size) + data
        except OSError:
            return ""
        return data.decode("utf-8", errors="replace")

    @staticmethod
    def _last_line_start(fh: BinaryIO, size: int) -> bytes:
        """The first LAST_LINE_START_BYTES of a last line longer than the tail, with the line
        break before it: an inline source map's `//# sourceMappingURL=data:...;base64,` line
        (eslint-plugin-import 2.31.0's compiled lib/rules/order.js ends in an 80 KB one). Looked
        for at most LAST_LINE_MAX_BYTES back; b'' when not found."""
        end = max(0, size - T.TAIL_BYTES)
        floor = max(0, size - T.LAST_LINE_MAX_BYTES)
        block = 65536
        while end > floor:
            start = max(floor, end - block)
            fh.seek(start)
            at = fh.read(end - start).rfind(b"\n")
            if at >= 0:
                fh.seek(start + at)
                return fh.read(T.LAST_LINE_START_BYTES) + b" ... "
            end = start
        return b""

    @cached_property
    def whole(self) -> bytes | None:
        """All of the file, if it is at most `max_file_bytes` and can be read; else None."""
        size = self.file.size
        if size > self.limits.max_file_bytes:
            return None
        if self.content is not None:
            return self.content if len(self.content) == size else None
        if len(self.head) == size:
            return self.head
        try:
            with self.file.open() as fh:
                data = fh.read(self.limits.max_file_bytes + 1)
        except OSError:
            return None
        return data if len(data) <= self.limits.max_file_bytes else None

    def sniff(self, name: str) -> str | None:
        if name not in self._sniffed:
            text = self.text
            self._sniffed[name] = sniff.SNIFFERS[name](text) if text else None
        return self._sniffed[name]

    @cached_property
    def secrets(self) -> list[Finding]:
        from repokb.secrets import mode_for, scan, xml_findings

        if not self.text:
            return []
        found = scan(self.text, mode_for(self.language))
        if self.language == "xml" and "<" in self.text:  # `<password>X</password>`, as redaction
            found = xml_findings(self.text, found)
        return found

    @cached_property
    def kubernetes(self) -> Census | None:
        """The Kubernetes objects of a YAML or JSON head holding a Secret (secrets/k8s.py),
        else None."""
        if self.language not in ("yaml", "json") or not self.text:
            return None
        from repokb.secrets import k8s

        return k8s.census(self.text, self.language)

    # -- project layout --------------------------------------------------------------------
    def ancestors(self) -> list[str]:
        """Relative directories holding the file, nearest first ('' is the project root)."""
        parts = self.dirs
        return ["/".join(parts[:i]) for i in range(len(parts), -1, -1)]

    def nearest_dir_with(self, names: tuple[str, ...]) -> str | None:
        """The nearest directory (itself or up) holding one of `names`; cached per directory."""
        cache = self.project._nearest
        key = ("/".join(self.dirs), names)
        if key not in cache:
            root = str(self.file.root)
            cache[key] = next((rel for rel in self.ancestors()
                               if not names_disjoint(self.project.names_in(root, rel), names)),
                              None)
        return cache[key]


def head_of(path: str, size: int) -> str:
    """The first `size` bytes of another file (a twin, a mirror beside the one judged) as
    text, or "" where it cannot be read."""
    return raw_head_of(path, size).decode("utf-8", errors="replace")


def raw_head_of(path: str, size: int) -> bytes:
    """The first `size` bytes of another file, or b"" where it cannot be read."""
    try:
        with open(path, "rb") as fh:
            return fh.read(size)
    except OSError:
        return b""


def names_disjoint(listing: frozenset[str], names: tuple[str, ...]) -> bool:
    return listing.isdisjoint(names)


def linguist_language(name: str, ext: str) -> str | None:
    """The language GitHub Linguist gives a file name (`BUILD.bazel`) or, failing that, an
    extension (`.zig`): data/linguist_languages.json, asked after repokb's own tables."""
    entry = LINGUIST["filenames"].get(name)
    if entry is None and ext and name.count(".") > 1:  # Linguist's `.pc.in`: the longest first
        entry = LINGUIST["extensions"].get(os.path.splitext(name[: -len(ext)])[1].lower() + ext)
    if entry is None and ext:
        entry = LINGUIST["extensions"].get(ext)
    return entry[0] if entry else None


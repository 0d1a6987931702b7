"""Project roots as the user names them: folders made absolute and named, checked once (the
records layer: the CLI's thin client resolves the folders it sends a warm owner without
importing the pipeline, whose package imports every chunker and redaction pattern).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from repokb.errors import InputError

# A name that may hold a credential, which secrets/paths.py then redacts: a credential-shaped
# run of 16+ token characters with 2+ digits and an upper-case letter (names such as migration
# files have digits but no capitals), or a lower-case vendor prefix; and the mark a redacted
# name holds (+ 8 hex digits of the value's sha256 + ">"). Here, in the records layer, so that
# a search asks them without importing the secrets package (its finders: ~0.3 s CPU).
CREDENTIAL_SHAPED = re.compile(
    r"(?<![A-Za-z0-9_\-+=:])(?=[a-z0-9_\-+=:]*[A-Z])(?=(?:[A-Za-z_\-+=:]*\d){2})"
    r"[A-Za-z0-9_\-+=:]{16,}"
    r"|(?<![A-Za-z0-9])(?:xox[a-z]-|sk[_-](?:live|test|proj|ant)|npm_[A-Za-z0-9]{20}"
    r"|pypi-|glpat-|gh[pousr]_)")
REDACTED_NAME = "<REDACTED_SECRET_"


def stored_as_given(names: tuple[str, ...]) -> bool:
    """Whether project names are stored as given: none may hold a credential that
    `secrets.paths.stored_names` would redact (the common case: no import of secrets)."""
    return not any(CREDENTIAL_SHAPED.search(name) for name in names)


@dataclass(frozen=True)
class ProjectRoot:
    name: str
    root: Path
    # a folder under the root (relative, POSIX, as on disk): the run walks only it, and forgets
    # only what left it; "" walks the whole root
    scope: str = ""
    # other projects' roots inside this one, (absolute path, project): not walked, theirs
    others: tuple[tuple[str, str], ...] = ()

    @property
    def folder(self) -> Path:
        """The folder a run of this root walks: the root, or its scope under it."""
        return self.root / self.scope if self.scope else self.root

    @cached_property
    def _owners(self) -> dict[str, str]:
        return dict(self.others)

    def owner(self, path: str) -> str | None:
        """The other project whose root the folder at `path` (absolute, as walked) is."""
        return self._owners.get(path) if self.others else None


def nearby_folder(path: Path) -> str:
    """A hint for a folder that is not there: the closest name beside it (a typo), or what
    the nearest existing parent holds. "" when nothing is near (newuser43: `repokb index
    /missing` said only that it does not exist)."""
    parent = path.parent
    while not present(parent) and parent != parent.parent:
        parent = parent.parent
    try:
        names = sorted(p.name for p in parent.iterdir() if p.is_dir())[:10_000]
    except OSError:
        return ""
    if parent == path.parent:
        close = difflib.get_close_matches(path.name, names, n=1, cutoff=0.75)
        if close:
            return f"Did you mean {parent / close[0]}?"
    if not names:
        return ""
    shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
    return f"{parent} holds: {shown}"


def resolve_roots(paths: list[Path], project: str | None) -> list[ProjectRoot]:
    """Turn folders into named project roots; a name comes from `project` or the folder."""
    if project and len(paths) > 1:
        raise InputError(
            "One project name was given for several folders.",
            hint="Index them one at a time with <<project>>, or give no project name to name "
            "each project after its folder.",
        )
    roots: list[ProjectRoot] = []
    for raw in paths:
        path = user_path(raw)
        if not present(path):
            raise InputError(f"{raw} does not exist.", hint=nearby_folder(path))
        if not path.is_dir():
            raise InputError(f"{raw} is not a directory.", hint="Give the project's folder.")
        root = path.resolve()
        if not utf8(str(root)):
            raise InputError(f"The folder's path is not valid UTF-8: {escaped(str(root))}",
                             hint="Rename the folder (or a parent) to a UTF-8 name.")
        name = folder_name(root)
        if project:
            try:
                name = project_name(project)
            except ValueError as exc:
                raise InputError(f"{project!r} is not a project name: {exc}.",
                                 hint="Name it like a folder, e.g. my-service.") from None
        roots.append(ProjectRoot(name=name, root=root))
    folders = [r.root for r in roots]
    if twice := next((f for i, f in enumerate(folders) if f in folders[:i]), None):
        raise InputError(f"{twice} is given twice (two spellings of one folder).",
                         hint="Give each folder once.")
    names = [r.name for r in roots]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise InputError(
            f"Two paths would both be project {sorted(duplicates)[0]!r}.",
            hint="Index them separately, each with its own name (<<project>>).",
        )
    return roots


def folder_name(root: Path) -> str:
    """The project name a folder gives when none is named: the folder's own, except for the
    folder an npm tarball unpacks to, `package/`, named as `npm pack` names the tarball
    (`package.json`'s `@bitnami/readme-generator-for-helm` 2.7.2:
    `bitnami-readme-generator-for-helm-2.7.2`), so two packages are two projects."""
    name = canonical(root.name) or "root"
    if name != "package":
        return name
    try:
        with open(root / "package.json", encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError):  # none, unreadable or not JSON: the folder's name
        return name
    if not isinstance(manifest, dict) or not isinstance(manifest.get("name"), str):
        return name
    npm = manifest["name"].strip().lstrip("@").replace("/", "-")
    version = manifest.get("version")
    if isinstance(version, str) and version.strip():
        npm = f"{npm}-{version.strip()}"
    try:
        return project_name(npm) if npm else name
    except ValueError:
        return name


def user_path(raw: str | Path) -> Path:
    """A path as a user typed it, `~` expanded; `~nosuchuser` stays literal (and then fails as
    a path that does not exist) instead of raising RuntimeError."""
    try:
        return Path(raw).expanduser()
    except RuntimeError:
        return Path(raw)


def project_name(raw: str) -> str:
    """`raw` as a project name (one folder-like name, as the REST API accepts); ValueError
    saying why not."""
    name = raw.strip()
    if (not name or re.search(r"[\x00-\x1f\x7f]", name) or "/" in name or "\\" in name
            or name in (".", "..")):
        raise ValueError("project names are one folder-like name (no '/', '..' or control "
                         "characters)")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text is not valid Unicode (lone surrogate)") from None
    if len(name) > 128:
        raise ValueError("project names are at most 128 characters")
    return name


def present(path: Path) -> bool:
    """Whether something (a file, a folder, a link, even a broken one) is at `path`; a name the
    system cannot look up (too long, ...) is not there, rather than an OSError."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return False


def canonical(path: str) -> str:
    """One spelling per path: POSIX separators, no './', Unicode NFC (macOS writes NFD)."""
    text = unicodedata.normalize("NFC", path.replace(os.sep, "/"))
    parts = [p for p in text.split("/") if p not in ("", ".")]
    return "/".join(parts)


def utf8(name: str) -> bool:
    """Whether a name from the file system is text (not bytes smuggled in as surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def escaped(name: str) -> str:
    """A printable, storable spelling of a name that is not UTF-8 (`bad\\xffname.md`)."""
    return os.fsencode(name).decode("utf-8", "backslashreplace")


_ESCAPED_BYTE = re.compile(r"\\x([89a-f][0-9a-f])")


def unescaped(text: str) -> str:
    """The name on disk `escaped` spelled as `text`: each `\\xHH` of a byte over 0x7f as the
    file system gives such a byte to Python (a lone surrogate, `os.fsdecode`); `text` itself
    when it holds none."""
    return _ESCAPED_BYTE.sub(lambda m: chr(0xDC00 + int(m.group(1), 16)), text)

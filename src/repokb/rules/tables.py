"""Classification facts kept as data: extensions, names, directory conventions.

The engine in `pipeline/classify.py` reads these tables; extending the classifier to a new format
or convention should mostly be a change here.
"""

from __future__ import annotations

# Directories never walked: their contents are not the project's own knowledge.
# name -> (kind they hold, reason recorded once per directory)
SKIP_DIRS: dict[str, tuple[str, str]] = {
    ".git": ("vendor", "version-control internals"),
    ".hg": ("vendor", "version-control internals"),
    ".svn": ("vendor", "version-control internals"),
    "node_modules": ("vendor", "installed npm dependencies"),
    "bower_components": ("vendor", "installed bower dependencies"),
    "vendor": ("vendor", "vendored third-party code"),
    "third_party": ("vendor", "vendored third-party code"),
    ".venv": ("vendor", "Python virtualenv"),
    "venv": ("vendor", "Python virtualenv"),
    "site-packages": ("vendor", "installed Python packages"),
    "__pycache__": ("build_artifact", "Python bytecode cache"),
    ".mypy_cache": ("build_artifact", "tool cache"),
    ".pytest_cache": ("build_artifact", "tool cache"),
    ".ruff_cache": ("build_artifact", "tool cache"),
    ".tox": ("build_artifact", "tox environments"),
    ".nox": ("build_artifact", "nox environments"),
    ".gradle": ("build_artifact", "Gradle cache"),
    ".next": ("build_artifact", "Next.js build output"),
    ".nuxt": ("build_artifact", "Nuxt build output"),
    ".cache": ("build_artifact", "tool cache"),
    "dist": ("build_artifact", "build output"),
    "build": ("build_artifact", "build output"),
    "target": ("build_artifact", "build output (Cargo/Maven)"),
    "coverage": ("build_artifact", "coverage reports"),
    ".idea": ("build_artifact", "editor settings"),
    ".eggs": ("build_artifact", "setuptools eggs"),
}

# A directory is also a Python virtualenv if it holds this file.
VIRTUALENV_MARKER = "pyvenv.cfg"

# extension (lower case, with dot) -> language/format; chooses the chunker.
LANGUAGE_BY_EXTENSION: dict[str, str] = {
    ".py": "python", ".pyi": "python",
    ".ts": "typescript", ".tsx": "tsx", ".mts": "typescript", ".cts": "typescript",
    ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".go": "go", ".rs": "rust", ".java": "java", ".kt": "kotlin", ".kts": "kotlin",
    ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp",
    ".cs": "csharp", ".rb": "ruby", ".php": "php", ".swift": "swift", ".scala": "scala",
    ".sh": "shell", ".bash": "shell", ".zsh": "shell",
    ".sql": "sql", ".tf": "hcl", ".hcl": "hcl",
    ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown",
    ".rst": "rst", ".txt": "text", ".adoc": "asciidoc",
    ".json": "json", ".yaml": "yaml", ".yml": "yaml", ".toml": "toml",
    ".ini": "ini", ".cfg": "ini", ".conf": "ini", ".properties": "ini",
    ".html": "html", ".htm": "html", ".xml": "xml",
    ".css": "css", ".scss": "scss", ".less": "less", ".sass": "sass",
    ".csv": "csv", ".tsv": "tsv", ".parquet": "parquet", ".ipynb": "jupyter",
}

CODE_LANGUAGES = frozenset({
    "python", "typescript", "tsx", "javascript", "go", "rust", "java", "kotlin", "c", "cpp",
    "csharp", "ruby", "php", "swift", "scala", "shell", "sql", "hcl",
})
DOC_LANGUAGES = frozenset({"markdown", "rst", "text", "asciidoc"})
CONFIG_LANGUAGES = frozenset({"json", "yaml", "toml", "ini"})
MARKUP_LANGUAGES = frozenset({"html", "xml", "css", "scss", "less", "sass"})
DATA_LANGUAGES = frozenset({"csv", "tsv", "parquet"})

# Names whose content is knowledge even without an extension.
LANGUAGE_BY_NAME: dict[str, str] = {
    "Dockerfile": "dockerfile", "Makefile": "make", "Jenkinsfile": "groovy",
    "README": "text", "LICENSE": "text", "CHANGELOG": "text",
}

# Binary by extension: never read beyond the head.
BINARY_EXTENSIONS = frozenset({
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".webp", ".tiff", ".psd",
    ".mp3", ".mp4", ".wav", ".mov", ".avi", ".mkv", ".flac", ".ogg", ".pdf",
    ".zip", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".jar", ".war",
    ".woff", ".woff2", ".ttf", ".otf", ".eot", ".sqlite", ".db", ".bin", ".dat",
})
BUILD_ARTIFACT_EXTENSIONS = frozenset({
    ".o", ".a", ".so", ".dylib", ".dll", ".exe", ".class", ".pyc", ".pyo", ".wasm", ".obj",
})

# Secret files by name or glob (matched against the file name, lower case).
SECRET_NAME_GLOBS: tuple[str, ...] = (
    ".env", ".env.*", "*.pem", "*.key", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
    "*.p12", "*.pfx", "*.jks", "*.keystore", "credentials", "credentials.json", ".netrc",
    ".pgpass", "kubeconfig", "*.kubeconfig", ".npmrc", ".pypirc", "secrets.yml", "secrets.yaml",
)
# Template siblings of secret files that hold placeholders, not secrets.
SECRET_TEMPLATE_SUFFIXES: tuple[str, ...] = (".example", ".sample", ".template", ".dist")

LOCKFILE_NAMES = frozenset({
    "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "Pipfile.lock",
    "Cargo.lock", "go.sum", "composer.lock", "Gemfile.lock", "uv.lock", "bun.lockb",
})
MANIFEST_NAMES = frozenset({
    "package.json", "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile",
    "Cargo.toml", "go.mod", "pom.xml", "build.gradle", "build.gradle.kts", "composer.json",
    "Gemfile",
})

# Path conventions (directory names anywhere in the path).
TEST_DIRS = frozenset({"tests", "test", "__tests__", "spec", "specs", "testing"})
FIXTURE_DIRS = frozenset({"fixtures", "fixture", "testdata", "__fixtures__", "__snapshots__"})
DOC_DIRS = frozenset({"docs", "doc", "documentation"})
EXAMPLE_DIRS = frozenset({"examples", "example", "samples"})
GENERATED_MARKERS = ("Code generated by", "<auto-generated", "DO NOT EDIT", "@generated")

"""Classification facts kept as data: extensions, names, directory conventions.

The engine in `pipeline/classify.py` reads these tables; extending the classifier to a new format
or convention should mostly be a change here.
"""

from __future__ import annotations

import re

from repokb.formats import LINGUIST_GROUPS

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
    # Jupyter's autosaved copies of each notebook (`churn-checkpoint.ipynb`): the same cells
    # again, one save behind; RStudio's per-user state (open documents, their unsaved text)
    ".ipynb_checkpoints": ("build_artifact", "Jupyter's autosaved notebook copies"),
    # JupyterLab's language server's copies of the open notebooks as scripts
    # (`.virtual_documents/churn.ipynb.py`): the cells again, one edit behind or ahead
    ".virtual_documents": ("build_artifact", "JupyterLab's language-server copies of notebooks"),
    ".Rproj.user": ("build_artifact", "RStudio per-user state"),
    # Quarto's frozen results of executed code (`_freeze/**/execute-results/html.json`: the
    # cells' printed output as rendered Markdown) and its render cache
    "_freeze": ("build_artifact", "Quarto's frozen results of executed code (cell outputs)"),
    ".quarto": ("build_artifact", "Quarto's render cache"),
    # dbt's installed packages (`dbt deps`; `dbt_modules` before dbt 1.0)
    "dbt_packages": ("vendor", "installed dbt packages"),
    "dbt_modules": ("vendor", "installed dbt packages"),
    ".mypy_cache": ("build_artifact", "tool cache"),
    ".pytest_cache": ("build_artifact", "tool cache"),
    ".ruff_cache": ("build_artifact", "tool cache"),
    ".tox": ("build_artifact", "tox environments"),
    ".nox": ("build_artifact", "nox environments"),
    ".gradle": ("build_artifact", "Gradle cache"),
    ".cxx": ("build_artifact", "Android NDK CMake build tree"),
    ".externalNativeBuild": ("build_artifact", "Android NDK build tree"),
    ".next": ("build_artifact", "Next.js build output"),
    ".nuxt": ("build_artifact", "Nuxt build output"),
    ".output": ("build_artifact", "Nuxt 3 / Nitro build output"),
    ".svelte-kit": ("build_artifact", "SvelteKit build output and generated types"),
    ".cache": ("build_artifact", "tool cache"),
    "dist": ("build_artifact", "build output"),
    # a bundler's output per module format beside `dist/` (jQuery 4.1.0's `dist-module/`:
    # `jquery.module.js`, 259 KB, its `src/` rolled into one file)
    **{name: ("build_artifact", "build output (one module format's bundle)")
       for name in ("dist-module", "dist-esm", "dist-cjs", "dist-es", "dist-umd", "dist-node",
                    "dist-web", "dist-browser")},
    "build": ("build_artifact", "build output"),
    "target": ("build_artifact", "build output (Cargo/Maven/sbt)"),
    "coverage": ("build_artifact", "coverage reports"),
    # JetBrains IDEs' project folder: per-user state (workspace.xml: window layout, recent files,
    # the user's own run settings; tasks.xml, shelf/, dictionaries/), caches and generated files
    # (dataSources/ schema snapshots, contentModel.xml, caches/), the user's database logins
    # (dataSources.local.xml) and module files the IDE rewrites (*.iml, modules.xml, misc.xml):
    # GitHub's JetBrains.gitignore. What a team shares is handed in (SKIPPED_DIR_FILES)
    ".idea": ("build_artifact", "JetBrains IDE per-user state, caches and module files "
              "(workspace.xml, shelf/, dataSources/; its shared run configurations, code style, "
              "inspection profiles and data sources are read)"),
    ".eggs": ("build_artifact", "setuptools eggs"),
    # Xcode and Swift Package Manager (GitHub's Swift.gitignore): build output and per-user state
    "DerivedData": ("build_artifact", "Xcode build output"),
    ".build": ("build_artifact", "Swift Package Manager build output"),
    ".swiftpm": ("build_artifact", "Swift Package Manager's Xcode workspace state"),
    "xcuserdata": ("build_artifact", "Xcode per-user state (scheme order, breakpoints, layout)"),
    # Visual Studio (GitHub's VisualStudio.gitignore): per-user state (.suo, the IIS Express
    # applicationhost.config, the code index)
    ".vs": ("build_artifact", "Visual Studio per-user state"),
    # Perl: ExtUtils::MakeMaker's and Module::Build's build output (a copy of lib/ and the
    # manuals), Module::Build's state
    "blib": ("build_artifact", "Perl build output (a copy of lib/)"),
    "_build": ("build_artifact",
               "build output (Module::Build's state, Mix's, rebar3's and dune's build)"),
    # Elixir and Erlang (GitHub's Elixir.gitignore and Erlang.gitignore): Mix's and rebar3's
    # build output (compiled .beam, .app, a release with its copy of sys.config), ElixirLS's
    # per-checkout build and Dialyzer tables, rebar3's project cache
    ".elixir_ls": ("build_artifact", "ElixirLS editor build and cache"),
    ".rebar3": ("build_artifact", "rebar3 cache"),
    # Scala (GitHub's Scala.gitignore and sbt.gitignore): the Build Server Protocol's connection
    # files, Metals' and Bloop's per-checkout state (an H2 index, compiled classes, JSON
    # project descriptions with the machine's paths); sbt's own output is `target/`
    ".bsp": ("build_artifact", "Build Server Protocol connection files (sbt, Mill)"),
    ".metals": ("build_artifact", "Metals editor state and index"),
    ".bloop": ("build_artifact", "Bloop build server state and output"),
    # Haskell (GitHub's Haskell.gitignore): cabal's and Stack's build trees (objects, interface
    # files, a generated Paths_<pkg>.hs, the install plan); OCaml's opam switch local to a
    # project (`opam switch create .`: the installed packages' sources)
    "dist-newstyle": ("build_artifact", "cabal build output"),
    ".stack-work": ("build_artifact", "Stack build output"),
    "_opam": ("vendor", "opam switch of the project: installed OCaml packages"),
    # Dart and Flutter (GitHub's Dart.gitignore): pub's and the build runner's per-checkout
    # state (package_config.json with the machine's paths, generated build output)
    ".dart_tool": ("build_artifact", "Dart tool state (pub's package config, build_runner)"),
    # hardhat-deploy's copies of each deployment's compiler input (every source, as JSON
    # strings) beside the deployment records in `deployments/<network>/`
    "solcInputs": ("build_artifact", "hardhat-deploy's copies of the compiler input"),
    # Terraform's working directory (`terraform init`): the providers' binaries, copies of every
    # registry module (terraform-aws-modules/vpc), the backend's settings with its credentials
    # in `.terraform/terraform.tfstate`; Terragrunt's copies of the modules it runs
    ".terraform": ("vendor", "Terraform's working directory (downloaded providers and modules)"),
    ".terragrunt-cache": ("vendor", "Terragrunt's copies of the modules it runs"),
}
# Folders skipped only when a marker inside says they hold installed or built things, not the
# project's own: (folder name or glob, markers (any one marks it; a trailing "/" is a folder,
# else a file; paths relative to the folder), kind they hold, reason recorded once per folder).
# `rules/folders.py` answers from this one table for every surface: the walk, `repokb watch`,
# an upload's explain and refusal, and the dashboard (client-config's marker_dirs).
MARKER_SKIP_DIRS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    # MSBuild's output folders (`bin/`, `obj/`, GitHub's VisualStudio.gitignore) holding what a
    # build writes there: a configuration's folder (`bin/Debug/net8.0/`) or the restore's
    # `project.assets.json`. Not by name alone: a `bin/` of scripts is a project's own (Rails'
    # `bin/rails`, an npm package's `bin/cli.js`).
    ("bin", ("Debug/", "Release/"), "build_artifact",
     "MSBuild build output (bin/Debug, bin/Release)"),
    ("obj", ("Debug/", "Release/", "project.assets.json"), "build_artifact",
     "MSBuild intermediate output (obj/: project.assets.json, generated sources)"),
    # any folder holding the file `python -m venv` writes at a virtualenv's top
    ("*", ("pyvenv.cfg",), "vendor", "Python virtualenv"),
    # Carton's (or cpanm -L's) install of a Perl project's dependencies: `local/lib/perl5`
    # (`local` alone is too common a name to skip)
    ("local", ("lib/perl5/",), "vendor",
     "Perl dependencies installed by Carton or cpanm (it holds lib/perl5)"),
    # another project's crate copied by `cargo vendor` (it writes one into every crate it
    # copies; a project's own crates never have one): orjson's sdist ships its 22 dependencies
    # so in include/cargo/
    ("*", (".cargo-checksum.json",), "vendor",
     "a crate copied by cargo vendor (it holds .cargo-checksum.json)"),
    # Solidity: Hardhat's `artifacts/` and Foundry's `out/` (the compiler's whole input and
    # output in `build-info/`; each contract's ABI and bytecode in a folder named after its
    # source file, `Token.sol/`, which SKIP_DIR_SUFFIXES leaves out wherever it lies), the
    # compile cache both keep in `cache/`, and Foundry's dependencies (`forge install` clones
    # each into `lib/`: forge-std, openzeppelin-contracts)
    ("artifacts", ("build-info/",), "build_artifact",
     "Hardhat's compiled contracts (artifacts/build-info)"),
    ("out", ("build-info/",), "build_artifact", "Foundry's compiled contracts (out/build-info)"),
    ("cache", ("solidity-files-cache.json",), "build_artifact",
     "Hardhat's or Foundry's compile cache (solidity-files-cache.json)"),
    ("lib", ("forge-std/", "ds-test/"), "vendor",
     "Foundry's installed dependencies (lib/forge-std)"),
)

# A `build` folder holding one of these is documentation source, not build output: Sphinx's
# configuration or a documentation index (SQLAlchemy's sdist keeps its 187 reST pages in
# doc/build, beside the HTML rendered from them).
DOC_SOURCE_MARKERS = ("conf.py", "index.rst", "index.md")
# Where a Sphinx site's `_sources/X.rst.txt` may have its source `X.rst` (generated.py
# SPHINX_SOURCE_COPY): the site's folder, a folder above it, or one of these inside them
SPHINX_COPY_SUFFIX = ".txt"
SPHINX_COPY_LANGUAGES = {".rst": "rst", ".md": "markdown"}  # `_sources/os.rst.txt` is reST
SPHINX_SOURCE_DIRS = frozenset({"source", "src", "build", "doc", "docs", "documentation"})
# Where documentation is installed (`usr/share/doc/<package>/html/`, a prefix's `share/doc/`):
# a Sphinx site there with no `_sources/` is the manual itself (generated.installed_sphinx_page)
INSTALLED_DOC_DIRS = frozenset({"doc"})
# What a documentation generator writes at its site's root (layout.SITE_SCRIPT): Doxygen's
# stylesheet, Sphinx's search index, javadoc's list of packages (`element-list` since JDK 11)
RENDERED_SITE_MARKERS = ("doxygen.css", "searchindex.js", "element-list", "package-list")
# Sphinx's listings: an index of every name, the module index, the search page (`genindex-A`)
SPHINX_LISTING_PAGES = frozenset({"genindex.html", "py-modindex.html", "search.html",
                                  "np-modindex.html"})
# ... and one holding these is packaging and CI configuration written by hand: the Go project
# layout's (golang-standards/project-layout) `build/package/` (Dockerfiles, deb/rpm recipes)
# and `build/ci/`, Kubernetes' `build/*.sh` release scripts, a `build/Dockerfile`. Output
# has none at its top (setuptools' build/lib/, Gradle's build/libs/, node-gyp's build/Release/,
# CMake's CMakeFiles/); GitHub Linguist does not leave `build/` out at all.
BUILD_CONFIG_MARKERS = ("package/", "ci/", "Dockerfile", "*.sh")
# A folder named like build output (build, dist, target, coverage ...) holding this file is a
# Python package, walked: coverage.py's source is `coverage/`, pypa/build's `src/build/`,
# hatch's `hatch build` command `src/hatch/cli/build/`, Sphinx's autodoc test package
# `tests/roots/test-ext-autodoc/target/`. Output never has one at its top (setuptools' copy is
# build/lib/<pkg>/).
PYTHON_PACKAGE_MARKER = "__init__.py"
# The same for a Rust module folder: maturin's target-triple code is `src/target/mod.rs` and its
# siblings. Cargo's `target/` holds `debug/`, `release/`, `doc/` and a CACHEDIR.TAG at its top.
RUST_MODULE_MARKER = "mod.rs"
# The same for a Go package folder, by any `.go` file directly in it: Go's own `src/go/build/`
# (package build) and `src/cmd/dist/` (package main, so not the package clause: any `.go`
# file). Go writes no `.go` files into output (`go build` writes binaries, goreleaser's
# `dist/` archives); golang-1.19-src and x/tools 0.5.0 hold no other folder named like output.
GO_PACKAGE_MARKER = "*.go"

# Directories skipped by the end of their name: packaging metadata written by builds.
SKIP_DIR_SUFFIXES: dict[str, str] = {
    ".egg-info": "Python packaging metadata (a build's copy of the README and manifests)",
    ".dist-info": "Python packaging metadata",
    # Hardhat's `artifacts/contracts/Token.sol/Token.json`, Foundry's `out/Token.sol/` and its
    # script runs' logs `broadcast/Deploy.s.sol/1/run-latest.json`
    ".sol": "output for a Solidity source (Hardhat's artifacts, Foundry's out and broadcast "
            "logs: ABI, bytecode, transactions)",
}

# extension (lower case, with dot) -> language/format; chooses the chunker.
LANGUAGE_BY_EXTENSION: dict[str, str] = {
    ".py": "python", ".pyi": "python",
    ".ts": "typescript", ".tsx": "tsx", ".mts": "typescript", ".cts": "typescript",
    ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".go": "go", ".rs": "rust", ".java": "java", ".kt": "kotlin", ".kts": "kotlin",
    ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp",
    # Linguist's other C++: `.c++`/`.h++`/`.hxx`, templates and inline definitions included
    # by a header (`.inl`, `.ipp`, `.tpp`, `.tcc`, `.txx`), modules (`.cppm`, `.ixx`) and
    # Arduino sketches (`.ino`)
    ".c++": "cpp", ".h++": "cpp", ".hxx": "cpp", ".inl": "cpp", ".ipp": "cpp", ".tpp": "cpp",
    ".tcc": "cpp", ".txx": "cpp", ".cppm": "cpp", ".ixx": "cpp", ".ino": "cpp",
    ".cs": "csharp", ".rb": "ruby", ".php": "php", ".swift": "swift", ".scala": "scala",
    ".sc": "scala", ".sbt": "scala",  # Scala scripts and worksheets; sbt's build definitions
    ".csx": "csharp", ".cake": "csharp",  # Linguist's C#: C# scripts, Cake build scripts
    # Linguist's other Ruby extensions: rake tasks, rackup files (config.ru), Thor scripts,
    # Jbuilder/Builder/RABL views, Sorbet's .rbi (a generated one has its marker)
    ".rake": "ruby", ".ru": "ruby", ".thor": "ruby", ".rbw": "ruby", ".rbx": "ruby",
    ".ruby": "ruby", ".jbuilder": "ruby", ".builder": "ruby", ".rabl": "ruby", ".rbi": "ruby",
    ".sh": "shell", ".bash": "shell", ".zsh": "shell",
    ".sql": "sql", ".tf": "hcl", ".hcl": "hcl",
    # Grafana Alloy's configuration (`config.alloy`) and Grafana Agent flow mode's (`.river`,
    # Alloy's former name): HCL's blocks and attributes with dotted block names
    # (`prometheus.scrape "default" { ... }`); were unknown and excluded
    ".alloy": "hcl", ".river": "hcl",
    ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown",
    # Leafdoc's documentation files (Leaflet 1.9.4's `src/core/Class.leafdoc`: Markdown prose and
    # examples under `@class` / `@section` lines), found unknown
    ".leafdoc": "markdown",
    # R Markdown and Quarto: Markdown whose fenced code chunks (```{r}, ```{python}) run
    ".rmd": "markdown", ".rmarkdown": "markdown", ".qmd": "markdown",
    ".rst": "rst", ".txt": "text", ".adoc": "asciidoc",
    ".tex": "latex", ".ltx": "latex",  # LaTeX documents: prose cut at \section{} (chunkers/latex)
    ".json": "json", ".yaml": "yaml", ".yml": "yaml", ".toml": "toml",
    ".ini": "ini", ".cfg": "ini", ".conf": "ini", ".properties": "ini",
    ".html": "html", ".htm": "html", ".xml": "xml",
    ".css": "css", ".scss": "scss", ".less": "less", ".sass": "sass",
    # Textual's CSS (textual 8.2.8: 146 `.tcss` style sheets of its apps and docs), found unknown
    ".tcss": "css",
    ".csv": "csv", ".tsv": "tsv", ".parquet": "parquet", ".ipynb": "jupyter",
    # Astropy's Enhanced CSV: a YAML header of column types in `#` lines, then CSV rows
    # (photutils 3.0.0's datasets/data/4gaussians_params.ecsv), found unknown
    ".ecsv": "csv",
}

CONFIG_LANGUAGES = frozenset({"json", "yaml", "toml", "ini"})
MARKUP_LANGUAGES = frozenset({"html", "xml", "css", "scss", "less", "sass"})
# View templates written in a template language of their own, which render a page (Linguist's
# markup languages that are templates): a Rails view `show.html.haml` or `_form.html.slim`, an
# Express view `index.pug`, Ember's and Handlebars' `.hbs`, Mustache, Jekyll's and Shopify's
# Liquid, Nunjucks, Nette's Latte, AdonisJS' Edge, Statamic's Antlers, Velocity, Closure
# templates (`.soy`). They are a page's text and logic, as an ERB, Twig or Blade view is.
VIEW_TEMPLATE_LANGUAGES = frozenset({
    "haml", "slim", "pug", "handlebars", "mustache", "liquid", "nunjucks", "latte", "edge",
    "antlers", "scaml", "velocity_template_language", "closure_templates", "vento"})

# Names whose content is knowledge even without an extension.
LANGUAGE_BY_NAME: dict[str, str] = {
    "Dockerfile": "dockerfile", "Makefile": "make", "Jenkinsfile": "groovy",
    "README": "text", "LICENSE": "text", "CHANGELOG": "text",
    "license": "text",  # sindresorhus' npm packages' (chalk, execa, ky): read as LICENSE is
    # a Rails (Thor) generator's or command's help beside its code (railties 6.1.7's
    # `generators/rails/controller/USAGE`: "Description: Stubs out a new controller ...", what
    # `rails generate controller --help` prints; 19 in railties, one in every app's own
    # `lib/generators/x/`)
    "USAGE": "text",
}
# A license under a name with an extension no table knows: GNU's `COPYING.LESSER` (psycopg2
# 2.9.13's doc/COPYING.LESSER), `COPYING.LIB`, `LICENSE.GPL`, `LICENCE.BSD`: text, as `COPYING`;
# also after `_` or `-` (tzdata 2026.6's `licenses/LICENSE_APACHE`, `COPYING-GPL`)
# ... and before it: the licences of code a package bundles, named by the project
# (xarray 2026.9.0's `licenses/DASK_LICENSE`, `NUMPY_LICENSE`, `ICOMOON_LICENSE`: 8, unknown)
LICENSE_NAME = re.compile(
    r"(?:licen[cs]e|copying)[._-][a-z0-9_-]+$|[a-z0-9][a-z0-9_.-]*[_-](?:licen[cs]e|copying)$",
    re.I)

# Binary by extension: never read beyond the head.
BINARY_EXTENSIONS = frozenset({
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".webp", ".tiff", ".psd",
    ".mp3", ".mp4", ".wav", ".mov", ".avi", ".mkv", ".flac", ".ogg", ".pdf",
    ".zip", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".jar", ".war",
    ".woff", ".woff2", ".ttf", ".otf", ".eot", ".sqlite", ".db", ".bin", ".dat",
    ".mobileprovision", ".provisionprofile",  # Apple's signed provisioning profiles (CMS)
})
# What a LaTeX run writes beside its sources (latexmk, BibTeX, makeindex): excluded as output.
LATEX_BUILD_EXTENSIONS = frozenset({".aux", ".bbl", ".blg", ".fls", ".fdb_latexmk", ".lof",
                                    ".lot", ".synctex"})
BUILD_ARTIFACT_EXTENSIONS = frozenset({
    ".o", ".a", ".so", ".dylib", ".dll", ".exe", ".class", ".pyc", ".pyo", ".wasm", ".obj",
    ".mo",
    ".elc", ".eln",  # Emacs Lisp byte code and native code, compiled from the `.el` beside them
    ".zwc",  # zsh's compiled scripts (`zcompile ~/.zshrc`)
})

# Path conventions (directory names anywhere in the path).
TEST_DIRS = frozenset({"tests", "test", "__tests__", "spec", "specs", "testing"})
# `__snapshot__`: the expected outputs a test compares with (maturin's generated CI workflows,
# `src/ci/github/__snapshot__/github_*.yml`, were indexed as the project's own CI); Swift's
# SnapshotTesting writes `__Snapshots__` (names match in any case)
FIXTURE_DIRS = frozenset({"fixtures", "fixture", "testdata", "__fixtures__", "__snapshots__",
                          "__snapshot__"})
DOC_DIRS = frozenset({"docs", "doc", "documentation"})
EXAMPLE_DIRS = frozenset({"examples", "example", "samples"})
# A Maven/Gradle source set's language folder (`src/main/java`, `src/androidTest/kotlin`): the
# folders below it are a package name, not a layout. `com/example/app` is Android Studio's
# default package, and `org/springframework/test` the testing library spring-test ships.
JVM_SOURCE_ROOTS = frozenset({"java", "kotlin", "scala", "groovy", "resources"})
# Android resources (a folder `<type>[-qualifiers]` below a `res/` folder, rules/checks.py):
# the types that are pictures, shapes and motion (vector paths, selectors, animations), not
# text a question is answered from; and the `values-<language>[-r<REGION>]` folders (or
# `values-b+sr+Latn`) that translate `values/strings.xml`, as a gettext catalog does.
ANDROID_PICTURE_TYPES = frozenset({"drawable", "mipmap", "anim", "animator", "color", "font",
                                   "interpolator", "transition"})
ANDROID_TRANSLATION = re.compile(r"values-(?:(?!car-|car$)[a-z]{2,3}(?:-r[A-Z]{2})?|b\+[\w+]+)"
                                 r"(?:-.*)?")

# ------------------------------------------------------------------------------------------
# Facts used by the rule engine (rules/ruleset.py). Names above are kept for discovery.
# ------------------------------------------------------------------------------------------

# Secret files by name glob (lower-case file name) -> subkind. Blocked, whatever any config says.
SECRET_FILES: dict[str, str] = {
    ".env": "env_file", ".env.*": "env_file", "*.env": "env_file",
    "*.pem": "private_key", "*.key": "private_key", "id_rsa": "private_key",
    "id_dsa": "private_key", "id_ecdsa": "private_key", "id_ed25519": "private_key",
    "*.ppk": "private_key", "*.p12": "keystore", "*.pfx": "keystore", "*.jks": "keystore",
    # Apple's PKCS#8 keys as App Store Connect downloads them (`AuthKey_<KEYID>.p8`: the App
    # Store Connect API's, APNs' and Sign in with Apple's; `SubscriptionKey_<KEYID>.p8` for
    # in-app purchases); a `.p8` is PICO-8's cartridge elsewhere (read as Lua)
    "authkey_*.p8": "private_key", "subscriptionkey_*.p8": "private_key",
    # a .NET strong-name key pair (`sn -k`): its private key signs the assembly
    "*.snk": "private_key",
    "*.keystore": "keystore", "*.gpg": "keystore", "credentials": "credentials_file",
    "credentials.json": "credentials_file", "credentials.yml": "credentials_file",
    "credentials.yaml": "credentials_file", "client_secret*.json": "credentials_file",
    "service-account*.json": "credentials_file", ".netrc": "credentials_file",
    ".pgpass": "credentials_file", ".git-credentials": "credentials_file",
    ".htpasswd": "credentials_file", ".npmrc": "credentials_file", ".pypirc": "credentials_file",
    # Yarn 1's settings hold a registry's token as `.npmrc` does, in its own syntax
    # (`"//registry.npmjs.org/:_authToken" "X"`). Yarn 2+'s `.yarnrc.yml` is YAML: the project's
    # settings (`nodeLinker`, `packageExtensions`, plugins), indexed as configuration with its
    # `npmAuthToken` / `npmAuthIdent` values redacted (under `npmScopes:`, `npmRegistries:` too)
    ".yarnrc": "credentials_file",
    # CPAN uploads: cpan-upload's and Dist::Zilla's PAUSE login (`user X` / `password Y`)
    ".pause": "credentials_file",
    # `_netrc`: the name curl, git and Python's netrc read on Windows (a `.netrc` by another
    # name); JetBrains' HTTP Client keeps an `.http` file's secrets in its private environment
    # file, meant to stay out of version control (`{"dev": {"password": "X"}}`), as the
    # VS Code REST Client's `.env` does; its `http-client.env.json` holds the shared values
    "_netrc": "credentials_file", "http-client.private.env.json": "credentials_file",
    ".dockercfg": "credentials_file", "kubeconfig": "kubeconfig", "*.kubeconfig": "kubeconfig",
    # Emacs auth-source's plaintext logins (`machine h login u password X`, the `.netrc`
    # format), and a dotfiles repository's credential files without their dot, linked to
    # ~/.netrc, ~/.authinfo, ~/.git-credentials (were unknown: excluded, not blocked)
    ".authinfo": "credentials_file", "authinfo": "credentials_file", "netrc": "credentials_file",
    "git-credentials": "credentials_file",
    "secrets.yml": "secrets_file", "secrets.yaml": "secrets_file", "secrets.json": "secrets_file",
    "*.tfstate": "terraform_state", "*.tfstate.backup": "terraform_state",
    "application-prod.yml": "production_config", "application-prod.yaml": "production_config",
    "application-prod.properties": "production_config",
    "application-production.yml": "production_config",
    "application-production.yaml": "production_config",
    "application-production.properties": "production_config",
    "appsettings.production.json": "production_config",
    # Android: Android Studio's machine-local `local.properties` ("must NOT be checked into
    # Version Control Systems"; sdk.dir, and where guides put signing passwords and API keys)
    # and the signing-credentials file Android's docs name `keystore.properties`
    "local.properties": "local_config", "keystore.properties": "credentials_file",
    "signing.properties": "credentials_file",
    # Erlang's distribution cookie: whoever has it can run any code on the node
    # (`~/.erlang.cookie`, or one a Docker image copies in); a Phoenix `config/prod.secret.exs`
    # (`mix phx.new` until 1.5 wrote the production secret_key_base and database password in it
    # and git-ignored it), and the other `*.secret.exs` made on its model (`dev.secret.exs`)
    ".erlang.cookie": "credentials_file", "*.secret.exs": "secrets_file",
    # data-science tools' credential files: Kaggle's API key (`~/.kaggle/kaggle.json`), the
    # Databricks CLI's profiles (`host` and `token = dapi...`), gcloud's application-default
    # credentials (a refresh token or a service account's key), boto's and s3cmd's AWS keys,
    # MySQL's client options file (`password=`)
    "kaggle.json": "credentials_file", ".databrickscfg": "credentials_file",
    "application_default_credentials.json": "credentials_file", ".boto": "credentials_file",
    ".s3cfg": "credentials_file", ".my.cnf": "credentials_file",
    # session 40: cqlsh's options file (`~/.cassandra/cqlshrc`: `[authentication] password =`),
    # as `.my.cnf` is MySQL's (was unknown: excluded, `explain` saying "no rule matched"); a
    # pre-shared key file (Zabbix's `zabbix_agentd.psk`, stunnel's: the key in hex)
    "cqlshrc": "credentials_file", ".cqlshrc": "credentials_file", "*.psk": "private_key",
    # Jupyter's runtime files: a kernel's connection file (`kernel-<id>.json`: its `key` signs
    # every message, so whoever has it runs code in the kernel) and a server's info file
    # (`jpserver-<pid>.json`, `nbserver-<pid>.json`: its login `token`); ports and a key, no
    # knowledge (were indexed as JSON configuration, the key redacted)
    "kernel-[0-9a-f]*.json": "credentials_file", "jpserver-[0-9]*.json": "credentials_file",
    "nbserver-[0-9]*.json": "credentials_file",
    # R's environment file, read at every start (`GITHUB_PAT=`, `DATABASE_PASSWORD=`): its .env
    ".renviron": "env_file",
    # a dotfiles repository's copies without their dot (linked to ~/.s3cfg, ~/.boto, ~/.pgpass,
    # ~/.pypirc, ~/.npmrc: were unknown, excluded, `explain` saying "no rule matched");
    # Terraform's CLI configuration (`credentials "app.terraform.io" { token = "X" }`:
    # ~/.terraformrc, `terraform.rc` on Windows) and Vault's saved login (~/.vault-token)
    "s3cfg": "credentials_file", "boto": "credentials_file", "pgpass": "credentials_file",
    "pypirc": "credentials_file", "npmrc": "credentials_file", ".terraformrc": "credentials_file",
    "terraformrc": "credentials_file", "terraform.rc": "credentials_file",
    ".vault-token": "credentials_file", "vault-token": "credentials_file",
    # mail tools' logins in plain text (were unknown: excluded, `explain` saying "no rule
    # matched"): Postfix's relay map (`[smtp.host]:587 user:X`), fetchmail's `poll .. password
    # 'X'`, mutt's `set imap_pass=` / `smtp_url=smtps://u:X@`, msmtp's, isync's and
    # OfflineIMAP's `password X` / `Pass X` / `remotepass = X`; sentry-cli's `[auth] token=`;
    # Ansible's vault password file (`--vault-password-file ~/.vault_pass.txt`: the one line
    # that opens every vault of the project)
    "sasl_passwd": "credentials_file", ".fetchmailrc": "credentials_file",
    "fetchmailrc": "credentials_file", ".muttrc": "credentials_file", "muttrc": "credentials_file",
    ".neomuttrc": "credentials_file", "neomuttrc": "credentials_file",
    ".msmtprc": "credentials_file", "msmtprc": "credentials_file",
    ".mbsyncrc": "credentials_file", "mbsyncrc": "credentials_file",
    ".offlineimaprc": "credentials_file", "offlineimaprc": "credentials_file",
    ".sentryclirc": "credentials_file", ".vault_pass": "credentials_file",
    ".vault_pass.txt": "credentials_file", "vault_pass.txt": "credentials_file",
    ".vault_password": "credentials_file", ".vault-password": "credentials_file",
    # session 42: restic's password file (`--password-file`, `RESTIC_PASSWORD_FILE`: the one
    # line that opens every snapshot) and a file named for the password it holds
    "restic-password.txt": "credentials_file", ".restic-password": "credentials_file",
    "restic_password.txt": "credentials_file", "password.txt": "credentials_file",
    # Symfony's secrets vault: `config/secrets/<env>/<env>.decrypt.private.php` returns the key
    # that decrypts every secret of the vault (Symfony's docs: never commit the prod one)
    "*.decrypt.private.php": "private_key",
    # session 41: desktop tools' saved logins, each a store of every site's password or token
    # (were indexed as configuration, the values redacted): rclone's remotes (`rclone.conf`:
    # cloud keys and OAuth refresh tokens), FileZilla's `sitemanager.xml` / `recentservers.xml`
    # (`<Pass encoding="base64">`), WinSCP's `WinSCP.ini`, mRemoteNG's `confCons.xml`,
    # MobaXterm's `MobaXterm.ini` (`[Passwords]`), a Bitwarden vault export
    "rclone.conf": "credentials_file", "sitemanager.xml": "credentials_file",
    "recentservers.xml": "credentials_file", "winscp.ini": "credentials_file",
    "confcons.xml": "credentials_file", "mobaxterm.ini": "credentials_file",
    "bitwarden_export*.json": "credentials_file",
}
# Secret files by their last folder and name (lower case), at any depth -> subkind: a name too
# common to block alone (`config`). Bundler's per-project settings hold private gem servers'
# credentials (`BUNDLE_GEMS__EXAMPLE__COM: "user:token"`), as `.npmrc` and `.pypirc` do.
# Hex's API key for publishing packages: Mix's `~/.hex/hex.config`, rebar3's
# `~/.config/rebar3/hex.config` (`{api_key, <<"...">>}`).
SECRET_PATHS: dict[str, str] = {".bundle/config": "credentials_file",
                                # Leiningen's repository logins in plain text (`{#"clojars"
                                # {:username "u" :password "X"}}`; the `.gpg` one is a keystore)
                                ".lein/credentials.clj": "credentials_file",
                                # sbt's and Ivy's repository logins (`realm=`, `host=`,
                                # `user=`, `password=`), read by `Credentials(Path...)`
                                ".sbt/.credentials": "credentials_file",
                                ".ivy2/.credentials": "credentials_file",
                                ".hex/hex.config": "credentials_file",
                                # session 41b: Dovecot's passwd-files (`/etc/dovecot/users`,
                                # `passwd`, `master-users`: `user:{PLAIN}X:uid:gid::home`) and
                                # Deluge's daemon logins (`~/.config/deluge/auth`: `user:X:10`),
                                # every account's password (were unknown: "no rule matched")
                                "dovecot/users": "credentials_file",
                                "dovecot/passwd": "credentials_file",
                                "dovecot/master-users": "credentials_file",
                                "deluge/auth": "credentials_file",
                                "rebar3/hex.config": "credentials_file",
                                # Hugging Face's saved token (`huggingface-cli login`)
                                "huggingface/token": "credentials_file",
                                ".huggingface/token": "credentials_file",
                                # cabal's user config (`~/.cabal/config`, XDG's
                                # `~/.config/cabal/config`): Hackage's `username`/`password`
                                ".cabal/config": "credentials_file",
                                "cabal/config": "credentials_file",
                                # GitHub CLI's logins (`oauth_token:` per host, `gh auth
                                # login`) and hub's, as a dotfiles repository holds them
                                "gh/hosts.yml": "credentials_file",
                                ".config/hub": "credentials_file",
                                # the AWS CLI's settings as a dotfiles repository keeps them
                                # (~/.aws/config: profiles may hold `aws_secret_access_key`;
                                # `.aws/` is a secrets directory already), and Composer's
                                # logins (`~/.composer/auth.json`, XDG's
                                # `~/.config/composer/auth.json`: `http-basic`, `github-oauth`;
                                # a lone `auth.json` is often a locale's strings, judged by
                                # its content)
                                "aws/config": "credentials_file",
                                "composer/auth.json": "credentials_file",
                                ".composer/auth.json": "credentials_file",
                                # Gradle's user home (~/.gradle/gradle.properties:
                                # `signing.password`, `ossrhPassword`, `mavenCentralPassword`;
                                # a project's own gradle.properties is indexed, redacted)
                                ".gradle/gradle.properties": "credentials_file",
                                # davfs2's logins (`/etc/davfs2/secrets`, `~/.davfs2/secrets`:
                                # `URL user password` a line; were unknown, excluded)
                                "davfs2/secrets": "credentials_file",
                                ".davfs2/secrets": "credentials_file",
                                # fastlane's defaults, loaded with `.env` before every lane
                                # (`FASTLANE_PASSWORD`, `MATCH_PASSWORD`): no template, though
                                # `.default` names one elsewhere (rule secret-path: no
                                # NOT_TEMPLATE, as no other name here ends in a template's suffix)
                                "fastlane/.env.default": "env_file"}
# Files of a folder the walk leaves out by its name (SKIP_DIRS) that it still hands to the
# classifier, one stat each (a `sub/*.xml` glob: that sub-folder's files so named), so a
# credential file there is recorded blocked with its reason, not lost in its folder's: a Gradle
# user home is a `.gradle` folder of caches that holds the user's gradle.properties
# (SECRET_PATHS blocks it); or so what a team shares there is read: a JetBrains project's run
# configurations (how the app is run and tested: its script, arguments, environment), code
# style, inspection profiles and data sources (which database, driver and URL; passwords are
# kept in the IDE's password safe, a URL's own redacted) that GitHub's JetBrains.gitignore
# lets a project commit (JETBRAINS_SETTINGS_GLOBS)
SKIPPED_DIR_FILES: dict[str, tuple[str, ...]] = {
    ".gradle": ("gradle.properties",),
    ".idea": ("runConfigurations/*.xml", "codeStyles/*.xml", "inspectionProfiles/*.xml",
              "dataSources.xml"),
}
# Names of files a certificate may be; such a file holding only public PEM blocks (and at
# least one) is public key material, not a secret (rules/checks.py PUBLIC_KEY_MATERIAL). A
# `.key` is not here: that name means a private key.
CERTIFICATE_EXTENSIONS = frozenset({".pem", ".crt", ".cer", ".cert"})
# ... and where a private key block is looked for in the whole file (a `.key` too).
PEM_FILE_EXTENSIONS = CERTIFICATE_EXTENSIONS | {".key", ".p8"}  # `.p8`: a PKCS#8 key, any name
PUBLIC_PEM_LABELS = frozenset({
    "CERTIFICATE", "TRUSTED CERTIFICATE", "X509 CERTIFICATE", "X509 CRL", "CERTIFICATE REQUEST",
    "NEW CERTIFICATE REQUEST", "PUBLIC KEY", "RSA PUBLIC KEY", "PKCS7", "CMS",
    "DH PARAMETERS", "X9.42 DH PARAMETERS", "EC PARAMETERS",
})
# Directories whose every file is a secret (home-directory style credential stores).
SECRET_DIRS = frozenset({".ssh", ".aws", ".gnupg", ".docker", "secrets", ".secrets"})
# A file name containing one of these words in a data/config format is a secret store too;
# code files with such names (secrets.py) are judged by their content instead.
SECRET_NAME_WORDS: tuple[str, ...] = ("secret", "credential")
SECRET_NAME_WORD_LANGUAGES = frozenset({"yaml", "json", "toml", "ini", "dotenv", "xml", None})
# an image's XML and a build's source map hold no secret store's values (Font Awesome's
# `user-secret.svg`, typeorm's `PostgresConnectionCredentialsOptions.js.map`: 20 were blocked)
SECRET_NAME_NOT_STORE_EXTENSIONS = frozenset({".svg", ".map"})


# A folder named after a platform a library supports, which Linguist's library-name rules take
# for a copy of that platform's files (`(^|/)cordova([^.]*)\.js$` crosses into typeorm 1.1.4's
# `driver/cordova/`): a module there reaching out of it is the library's (rules/misnamed.py).
PLATFORM_SUPPORT_DIRS = frozenset({"cordova"})
# Vendored or installed third-party code (any directory component).
VENDOR_DIRS = frozenset({
    "node_modules", "bower_components", "jspm_packages", "vendor", "vendors", "third_party",
    "third-party", "thirdparty", "external", "externals", "extern", ".venv", "venv",
    "site-packages", "dist-packages", "Pods", "pods", "Carthage", "carthage", "deps",
    # a library copied in whole under the past participle (datasette 0.65.5's
    # `datasette/vendored/pint/`: 74 files, 1,003 of its 2,616 pieces, read as its code)
    "vendored",
    # Astropy's convention for C libraries a Python package builds against (healpy 1.20.1's
    # `cextern/cfitsio/`, `cextern/healpix/`: 1,200 files, 27,900 of its 28,718 pieces)
    "cextern",
    # libraries copied in with the copier's patches (pipenv 2026.10.3's `pipenv/patched/pip/`,
    # pip's own code, 2,274 pieces, beside `pipenv/vendor/`)
    "patched",
})
# A folder of one Python release's standard library tests, copied in (layout.STDLIB_TEST_COPY)
PYTHON_VERSION_DIR = re.compile(r"[23]\.\d{1,2}")
STDLIB_TEST_VERSION_FILE = "version"
# Single files projects copy in from elsewhere, by name: python/pythoncapi-compat's header
# (asyncpg 0.32.0's `protocol/record/pythoncapi_compat.h`, mypyc's `lib-rt/`: 123 pieces of
# another project's C API shims in each)
VENDORED_FILE_NAMES = ("pythoncapi_compat.h",)

LOCKFILES: dict[str, str] = {
    "package-lock.json": "npm_lockfile", "npm-shrinkwrap.json": "npm_lockfile",
    "yarn.lock": "yarn_lockfile", "pnpm-lock.yaml": "pnpm_lockfile", "bun.lockb": "bun_lockfile",
    "bun.lock": "bun_lockfile", "poetry.lock": "poetry_lockfile", "Pipfile.lock": "pipenv_lockfile",
    "uv.lock": "uv_lockfile", "pdm.lock": "pdm_lockfile", "Cargo.lock": "cargo_lockfile",
    "go.sum": "go_checksums", "go.work.sum": "go_checksums",
    # a copied crate's sums of its files (crates.io's and Debian's copies hold one at the
    # crate's root; a folder below the project's root holding one is skipped as vendored)
    ".cargo-checksum.json": "cargo_checksums",
    "composer.lock": "composer_lockfile", "Gemfile.lock": "bundler_lockfile",
    "mix.lock": "mix_lockfile", "Podfile.lock": "cocoapods_lockfile",
    "packages.lock.json": "nuget_lockfile", "gradle.lockfile": "gradle_lockfile",
    "flake.lock": "nix_lockfile", "pubspec.lock": "pub_lockfile",
    "conda-lock.yml": "conda_lockfile",
    "Package.resolved": "swiftpm_lockfile", "Cartfile.resolved": "carthage_lockfile",
    "cpanfile.snapshot": "carton_lockfile",
    "rebar.lock": "rebar_lockfile",
    # Haskell: `cabal freeze`'s pinned versions, Stack's lock of its snapshot; opam's
    # `opam lock` (`<pkg>.opam.locked`)
    "cabal.project.freeze": "cabal_freeze", "stack.yaml.lock": "stack_lockfile",
    "*.opam.locked": "opam_lockfile",
    # Julia: Pkg's resolved environment (`Manifest.toml`, `JuliaManifest.toml`, and a
    # version-specific `Manifest-v1.11.toml`)
    "Manifest.toml": "julia_manifest", "JuliaManifest.toml": "julia_manifest",
    "Manifest-v*.toml": "julia_manifest",
    # R: renv's and packrat's snapshot of the project's library (versions, sources, hashes)
    "renv.lock": "renv_lockfile", "packrat.lock": "packrat_lockfile",
}
MANIFESTS: dict[str, str] = {
    "package.json": "npm_manifest", "pyproject.toml": "python_project", "setup.py": "python_setup",
    "setup.cfg": "python_setup", "requirements.txt": "pip_requirements",
    "Pipfile": "pipenv_manifest",
    "environment.yml": "conda_environment", "Cargo.toml": "cargo_manifest", "go.mod": "go_module",
    "go.work": "go_workspace", "pom.xml": "maven_pom", "build.gradle": "gradle_build",
    "build.gradle.kts": "gradle_build", "settings.gradle": "gradle_settings",
    "settings.gradle.kts": "gradle_settings", "composer.json": "composer_manifest",
    "Gemfile": "bundler_manifest", "mix.exs": "mix_manifest", "pubspec.yaml": "pub_manifest",
    "Podfile": "cocoapods_manifest",
    # Homebrew's bundle (`brew "git"`, `cask "iterm2"`): what a dotfiles repository installs;
    # Cask and Eask: an Emacs package's development dependencies
    "Brewfile": "homebrew_bundle", "Cask": "cask_manifest", "Eask": "eask_manifest",
    "deno.json": "deno_manifest",
    "lerna.json": "lerna_workspace", "pnpm-workspace.yaml": "pnpm_workspace",
    "nx.json": "nx_workspace", "turbo.json": "turbo_workspace",
    "MANIFEST.in": "python_sdist_manifest",
    "Package.swift": "swiftpm_manifest", "Cartfile": "carthage_manifest",
    # CPAN distributions: the build scripts (Perl), cpanfile (Perl), Dist::Zilla's dist.ini,
    # the distribution's metadata (its file list, MANIFEST, is a tool's: TOOL_CONFIG_NAMES)
    "Makefile.PL": "perl_makemaker", "Build.PL": "perl_module_build", "cpanfile": "cpanfile",
    "dist.ini": "dist_zilla", "META.json": "cpan_meta", "META.yml": "cpan_meta",
    "rebar.config": "rebar_config",
    "build.sbt": "sbt_build",
    # Haskell: cabal's project (and its per-checkout `.local` settings), Stack's project, hpack's
    # package description (`package.yaml`, from which the .cabal file is made); OCaml: dune's
    # project, workspace and per-directory build files (libraries, executables, tests and what
    # they depend on), findlib's META
    "cabal.project": "cabal_project", "cabal.project.local": "cabal_project_local",
    "stack.yaml": "stack_project", "package.yaml": "package_yaml",
    "dune-project": "dune_project", "dune-workspace": "dune_workspace", "dune": "dune_build",
    "META": "findlib_meta",
    # Julia: a package's or environment's project (name, uuid, [deps], [compat]), the
    # binary artifacts it downloads (`Artifacts.toml`: their hashes and URLs)
    "Project.toml": "julia_project", "JuliaProject.toml": "julia_project",
    "Artifacts.toml": "julia_artifacts",
    # R: a package's DESCRIPTION (Package, Version, Imports, Suggests: its dependencies)
    "DESCRIPTION": "r_package_description",
    # Clojure: Leiningen's project (`(defproject app "1.0" :dependencies [...])`), the Clojure
    # CLI's deps.edn, shadow-cljs' builds and npm/Maven dependencies, Babashka's tasks and deps
    "project.clj": "leiningen_project", "deps.edn": "clojure_deps",
    "shadow-cljs.edn": "shadow_cljs_config", "bb.edn": "babashka_config",
}
# requirements-dev.txt, dev-requirements.txt; pip-tools' sources of them (requirements.in,
# constraints.in). Not constraints*.txt: Django's docs/ref/models/constraints.txt is prose.
# requirements/base.txt and a base.in compiled to base.txt are known by place and content
# (ruleset: pip-requirements-folder, pip-compile-source).
MANIFEST_NAME_GLOBS: dict[str, str] = {
    "requirements*.txt": "pip_requirements", "*-requirements.txt": "pip_requirements",
    "*_requirements.txt": "pip_requirements", "requirements*.in": "pip_requirements",
    "*-requirements.in": "pip_requirements", "*_requirements.in": "pip_requirements",
    "constraints*.in": "pip_constraints",
    "*.csproj": "dotnet_project", "*.fsproj": "dotnet_project", "*.vbproj": "dotnet_project",
    "*.vcxproj": "dotnet_project", "*.sln": "dotnet_solution", "*.slnx": "dotnet_solution",
    "*.nuspec": "nuget_spec", "packages.config": "nuget_packages",
    "Directory.Packages.props": "nuget_central_packages", "*.gemspec": "gem_spec",
    "*.versions.toml": "gradle_version_catalog",  # Gradle's `gradle/libs.versions.toml`
    # CocoaPods' spec of a pod (Ruby, or its JSON form as a spec repository holds it)
    "*.podspec": "cocoapods_spec", "*.podspec.json": "cocoapods_spec",
    "*.rockspec": "luarocks_rockspec",  # LuaRocks' package spec (`penlight-1.13.1-1.rockspec`)
    "*.app.src": "otp_application",  # an OTP application's resource file (name, deps, env)
    # sbt: a module's or plug-ins' build definition (`project/plugins.sbt`), its settings
    "*.sbt": "sbt_build",
    "*.cabal": "cabal_package", "*.opam": "opam_package",  # a Haskell / OCaml package
    # a PowerShell module's manifest (`Pester.psd1`: its version, RootModule, RequiredModules,
    # the functions it exports)
    "*.psd1": "powershell_module_manifest",
    # an Emacs package's description (`(define-package "magit" "3.3.0" ... '((dash "2.19.1")))`:
    # its name, version and dependencies), as package.el writes and reads it
    "*-pkg.el": "elpa_package"}
# A folder of pip requirements files (requirements/dev.in, requirements/dev.txt ...).
# A package.json that is only a build's entry-point stub (generated.PACKAGE_ENTRY_STUB): small,
# with none of the keys a manifest's knowledge lies in, its entry points outside its folder
ENTRY_STUB_MAX_BYTES = 2048
MANIFEST_KNOWLEDGE_KEYS = frozenset({"dependencies", "devDependencies", "peerDependencies",
                                     "optionalDependencies", "scripts", "version", "bin",
                                     "workspaces"})
ENTRY_POINT_KEYS = ("main", "module", "types", "typings", "browser")
# ... or whose entry points are beside it, the same stub with only its folder's name changed in
# this many sibling folders (javascript-time-ago's `locale/<code>/package.json`, one per
# locale), looked for among the first ENTRY_STUB_SIBLINGS_ASKED siblings holding a package.json
ENTRY_STUB_SIBLINGS_MIN = 5
ENTRY_STUB_SIBLINGS_ASKED = 12
# ... and the entry script such a stub points at, when it only imports from outside its folder
# and is written again, but for the folder's name, in as many sibling folders
# (javascript-time-ago's `locale/de/index.js`: `import localeData from "../de.json.js"`,
# `TimeAgo.addLocale(localeData)`; 335 of them, one piece each; their `index.cjs` are module
# format variants of it already)
ENTRY_STUB_SCRIPT_NAMES = frozenset({"index.js", "index.mjs"})
ENTRY_STUB_SCRIPT_IMPORT = re.compile(r"""(?:\bfrom|\brequire\(|^import)[ \t]*["']\.\./""", re.M)
PIP_REQUIREMENTS_DIRS = frozenset({"requirements", "reqs"})
# A directory holding one of these is a package of a monorepo (its own boundary).
PACKAGE_MARKERS = ("package.json", "pyproject.toml", "setup.py", "Cargo.toml", "go.mod",
                   "pom.xml", "build.gradle", "build.gradle.kts", "composer.json", "mix.exs")

# Generated code: directories, names and header markers.
GENERATED_DIRS = frozenset({"generated", "generated-sources", "generated-src", "__generated__",
                            ".openapi-generator", "gen-src", "autogen", "auto-generated",
                            # TypeChain's contract bindings (Hardhat's default, and older)
                            "typechain-types", "typechain"})
# Google's API discovery documents as google-api-python-client caches them (2.202.0's
# `googleapiclient/discovery_cache/documents/drive.v3.json`: 611 files, 223,687 pieces of JSON,
# 97% of the package's): descriptions of Google's APIs that Google's discovery service writes
# and a bot refreshes, not the package's own; recorded by name, not embedded.
API_DISCOVERY_CACHE_GLOBS = ("**/discovery_cache/documents/*.json",)
# ... and AWS's service models as botocore ships them (awscli 1.46.3's vendored
# `awscli/botocore/data/s3/2006-03-01/service-2.json`, `endpoint-rule-set-1.json`,
# `paginators-1.json`, `waiters-2.json`, `endpoints.json`: 1,900 files, 304,000 of its 330,674
# pieces): written from AWS's own API definitions and synced by a release bot, not the
# package's code; the CLI's `examples/` and its customizations stay
AWS_SERVICE_MODEL_GLOBS = ("**/botocore/data/**/*.json", "botocore/data/**/*.json")
# A C++ library's headers joined into one by its build (nlohmann/json's and Catch2 v2's
# `single_include/`, written by their amalgamate scripts from `include/`): each definition
# again, in one file of up to 1 MB.
AMALGAMATION_DIRS = frozenset({"single_include"})
AMALGAMATION_EXTENSIONS = frozenset({".h", ".hpp", ".hh", ".hxx", ".h++"})
GENERATED_NAME_GLOBS: dict[str, str] = {
    # yt-dlp's (and youtube-dl's) every extractor's URL patterns and class attributes again, as
    # `devscripts/make_lazy_extractors.py` writes them for a faster start (1,372 pieces)
    "lazy_extractors.py": "generated_code",
    "*.pb.go": "protobuf_generated", "*_pb2.py": "protobuf_generated",
    "*_pb2_grpc.py": "protobuf_generated", "*_pb2.pyi": "protobuf_generated",
    "*.pb.cc": "protobuf_generated", "*.pb.h": "protobuf_generated",
    "*_grpc.pb.go": "protobuf_generated", "*.g.dart": "generated_code",
    "*.freezed.dart": "generated_code", "*.designer.cs": "generated_code",
    # what a .NET build writes from XAML and source generators (`MainWindow.g.cs`, `.g.i.cs`),
    # and Visual Basic's designer files
    "*.g.cs": "generated_code", "*.g.i.cs": "generated_code", "*.designer.vb": "generated_code",
    "*.generated.*": "generated_code", "*_generated.go": "generated_code",
    "*.gen.go": "generated_code", "*.gen.ts": "generated_code",
    # Android lint's baseline: the issues a `lint --baseline` run wrote down, to be ignored
    "lint-baseline.xml": "lint_baseline",
    # `perl Makefile.PL` / `perl Build.PL` write the metadata as configured on this machine
    "MYMETA.json": "cpan_build_meta", "MYMETA.yml": "cpan_build_meta",
    "dune-package": "dune_package",  # what `dune install` writes beside an installed library
    # Dart and Flutter: mockito's `@GenerateMocks` output, auto_route's router; what
    # `flutter pub get` writes for each platform (the plugins' registrant, the plugin list
    # with this machine's paths)
    "*.mocks.dart": "generated_code", "*.gr.dart": "generated_code",
    "generated_plugin_registrant.dart": "generated_code",
    "GeneratedPluginRegistrant.*": "generated_code",
    ".flutter-plugins": "flutter_plugins", ".flutter-plugins-dependencies": "flutter_plugins",
    # the license notices a bundler writes beside a bundle (webpack's terser plugin:
    # `[file].LICENSE.txt`, `[file].LICENSE` before v4; playwright's driver/package/lib/
    # utilsBundle.js.LICENSE): the inlined packages' notices, not the project's
    "*.js.LICENSE.txt": "extracted_licenses", "*.js.LICENSE": "extracted_licenses",
    "*.mjs.LICENSE.txt": "extracted_licenses", "*.cjs.LICENSE.txt": "extracted_licenses",
    # the autoload definitions package.el and `make` write from an Emacs package's
    # `;;;###autoload` cookies ("automatically extracted autoloads": magit-autoloads.el, 225
    # pieces each repeating a definition of the package's own files)
    "*-autoloads.el": "emacs_autoloads", "*-loaddefs.el": "emacs_autoloads",
    "loaddefs.el": "emacs_autoloads",
    # the index of tags ctags writes, and Vim's `:helptags` in a plugin's `doc/` (one line per
    # `*tag*` of the help files, which are indexed)
    "tags": "tags_index",
    # tsc's incremental build state (`tsc --incremental`, `composite`): every file's hash and
    # signature (jupyter_server 2.21.1's examples/simple/simple_ext1/static/tsconfig.tsbuildinfo)
    "*.tsbuildinfo": "tsc_build_info",
}
# Header markers (in a comment line near the top, see sniff.generated_marker) -> subkind.
GENERATED_MARKERS_BY_SUBKIND: dict[str, str] = {
    "Generated by OpenAPI Generator": "openapi_generated",
    "Generated by: https://openapi-generator.tech": "openapi_generated",
    # ... and its predecessor swagger-codegen's header, in every file of each client it writes
    # (grpc-gateway 1.x's `examples/clients/abe/*.go`: " * Generated by:
    # https://github.com/swagger-api/swagger-codegen.git"; its Java, PHP, C#, TS clients alike)
    "Generated by: https://github.com/swagger-api/swagger-codegen": "openapi_generated",
    # Stainless's SDKs from an OpenAPI spec (openai 6.49.0's `src/resources/*.ts`), Castiron's
    # (openai 3.63.0's `resources/`, `types/`, `tests/api_resources/`: 1,896 files, ~24,600
    # pieces; "Never hand-edit generated output"): as OpenAPI Generator's, one policy for both
    # (decide40b); the SDK's use is in its README, `api.md`, `helpers.md` and `examples/`
    "File generated from our OpenAPI spec by": "openapi_generated",
    "Generated by the protocol buffer compiler": "protobuf_generated",
    "Generated by the gRPC": "protobuf_generated",
    "Code generated by": "generated_code",
    "<auto-generated": "generated_code",
    "@generated": "generated_code",
    "DO NOT EDIT": "generated_code",
    "This file was automatically generated": "generated_code",
    "This file is automatically generated": "generated_code",
    "Autogenerated by": "generated_code",
    "AUTO-GENERATED FILE": "generated_code",
    # cbindgen's header on the C header it writes from a crate ("/* Generated with
    # cbindgen:0.26.0 */"); rust-bindgen's is a sentence (GENERATED_SENTENCE)
    "Generated with cbindgen": "generated_code",
    # SQLite's sqlite3.c: "This file is an amalgamation of many separate C source files"
    "This file is an amalgamation of": "amalgamation",
    "generated automatically by MakeMaker": "makemaker_generated",  # `perl Makefile.PL`'s
    # lodash-cli's banner: "Lodash (Custom Build)" then "Build: `lodash core -o ./core.js`"
    # (lodash 4.18.1's `core.js`; `lodash modularize` wrote the `lodash.debounce` packages)
    "Build: `lodash ": "lodash_custom_build",
    # man pages a tool wrote from the project's own documentation (Django's
    # docs/man/django-admin.1 and tqdm's tqdm.1: docutils' and Sphinx's rst2man; Perl's
    # pod2man, help2man, Pandoc, Asciidoctor, ronn), whose sources are indexed
    "Man page generated from reStructuredText": "generated_man_page",
    "Automatically generated by Pod::Man": "generated_man_page",
    "generated by help2man": "generated_man_page",
    "Automatically generated by Pandoc": "generated_man_page",
    "Generator: Asciidoctor": "generated_man_page",
    "generated with Ronn": "generated_man_page",
    # the version module setuptools-scm (vcs-versioning since 9.0) writes at build time from the
    # git tag ("# file generated by vcs-versioning / # don't change, don't track in version
    # control": cyclopts 5.4.0's, tablib 3.10.0's, petl 1.7.30's); the version is in PKG-INFO
    "file generated by setuptools_scm": "version_file",
    "file generated by setuptools-scm": "version_file",
    "file generated by vcs-versioning": "version_file",
    # autoconf's autoheader: "/* config.h.in.  Generated from configure.ac by autoheader.  */"
    "Generated from configure.ac by autoheader": "generated_code",
    "Generated from configure.in by autoheader": "generated_code",
    # the Snowball compiler's stemmers ("// Generated from serbian.sbl by Snowball 3.0.1 -
    # https://snowballstem.org/": Sphinx 9.0.4's 32 `search/non-minified-js/*-stemmer.js`,
    # 230 pieces for one; snowballstemmer's Python stemmers), written from `.sbl` programs
    "- https://snowballstem.org/": "generated_code",
}
# The same said in a sentence, in any case: "this file is auto-generated by X" (pydantic-core's
# self_schema.py), "This module was automatically generated", a comment opening "auto-generated
# by: jiff-cli" or "Autogenerated from X". Not "the docs are auto-generated from this module"
# (the file itself must be the subject), nor Sphinx's template "... in this\n# autogenerated file."
# A class only auto-generated: "this class is generated" may describe one made at run time.
GENERATED_SENTENCE = re.compile(
    r"\b(?:this|the)\s+(?:file|module|code|source|header)\s+(?:is|was|has\s+been)\s+"
    r"(?:auto-?generated|automatically\s+generated|machine[- ]generated|generated)\b"
    # a class said to be generated by a tool, not at run time: Symfony's compiled container
    # ("This class has been auto-generated by the Symfony Dependency Injection Component")
    r"|\b(?:this|the)\s+class\s+(?:is|was|has\s+been)\s+"
    r"(?:auto-?generated|automatically\s+generated|machine[- ]generated)\b"
    # a comment opening "auto-generated by: jiff-cli", "Autogenerated from X", rust-bindgen's
    # "/* automatically generated by rust-bindgen 0.69.4 */" (a committed `src/bindings.rs`)
    r"|^[\W_]*(?:auto-?|automatically\s+)generated(?:\s+(?:by|from|with|using)\b|\s*:)"
    # a header naming itself a generated file and forbidding edits: Android's BuildConfig.java
    # ("Automatically generated file. DO NOT MODIFY"), Capacitor's native-bridge.js
    r"|^[\W_]*(?:auto(?:matically)?[- ]?)?generated\s+file\W+do\s+not\s+(?:edit|modify)\b"
    # the same the other way round: fastjsonschema's compiled validators (setuptools 75.6.0's
    # `fastjsonschema_validations.py`: "PLEASE DO NOT MODIFY DIRECTLY: Automatically generated
    # code")
    r"|\bdo\s+not\s+(?:edit|modify)(?:\s+directly)?\W+auto(?:matically|-)?\s*generated\b",
    re.I)
# ... or the file's own name in quotes said generated, near the top (generated.SELF_NAMED_
# GENERATED): pyerfa 2.0.1.5's `erfa/core.py`, `erfa/ufunc.c` ('"core.py" is auto-generated by
# erfa_generator.py from the template "core.py.templ"', 2,089 pieces); the template saying so
# of its output is no generated file
SELF_NAMED_GENERATED = (r'"{name}"\s+(?:is|was)\s+(?:auto-?generated|automatically\s+'
                        r"generated|generated)\s+(?:by|from)\b")
# The one sentence a module's opening docstring counts for (sniff.generated_marker): the file
# itself said generated by or from something (Pygments' "This file is autogenerated by
# scripts/get_vimkw.py"); a docstring quoting another file's marker is prose.
# ... or OpenAPI Generator's signature, which its Python templates write in that docstring
# (kubernetes 37.0.3's `client/api/*.py`, `client/models/*.py` and their `aio/` copies: 1,890
# files, 106,000 pieces: "Generated by OpenAPI Generator (https://openapi-generator.tech)",
# "Do not edit the class manually.")
DOCSTRING_GENERATED = re.compile(
    r"\bthis\s+(?:file|module)\s+(?:is|was|has\s+been)\s+"
    r"(?:auto-?generated|automatically\s+generated|generated)\s+(?:by|from|with)\b|"
    r"^Generated by OpenAPI Generator(?= \(https://openapi-generator\.tech\))|"
    r"^Generated by: https://openapi-generator\.tech", re.I)
# HTML a documentation or site generator rendered (sniff.rendered_docs): its sources (reST,
# Markdown, docstrings) are the knowledge; the pages repeat them inside navigation, ~4x the
# bytes (SQLAlchemy's sdist ships both: 16 M of its 21 M tokens were rendered pages). Linguist's
# generated_html knows pkgdown, Doxygen and a few TeX converters; these go beyond it.
RENDERED_DOCS_GENERATORS = ("sphinx", "docutils", "mkdocs", "docusaurus", "hugo", "jekyll",
                            "vuepress", "vitepress", "rustdoc", "pdoc", "hexo", "gatsby",
                            "astro", "starlight", "typedoc", "doxygen", "javadoc", "jsdoc",
                            "mdbook", "gitbook", "zola", "eleventy", "pelican", "nikola")
GENERATED_MARKER_LINES = 15  # markers count only in comment lines this near the top
COMMENT_PREFIXES = ("//", "#", "/*", "*", "<!--", "--", ";", '"""', "'''", "(*", "{-", "%",
                    '.\\"', "'\\\"", '\\"')  # roff's: a man page's `.\" ...` lines
# A reST comment: `..` then text that is no directive (`.. note::`), target (`.. _name:`),
# footnote or citation (`.. [1]`) nor substitution (`.. |name|`): pytest 8.3.4's
# `doc/en/reference/plugin_list.rst` (970 KB) opens ".. Note this file is autogenerated by
# scripts/update-plugin-list.py".
RST_COMMENT = re.compile(r"^\.\.[ \t]+(?![\w:.+-]+::|_|\[|\|)")
# A bundler's output, known by the helpers it writes at the top (checks.BUNDLER_OUTPUT): every
# one of a bundler's marks in the first BUNDLE_HEAD_LINES lines. Beyond Linguist, which knows a
# bundle only minified or naming its source map: prettier 3.4.2's `index.mjs` (737 KB, esbuild,
# 1,295 pieces of prettier's and its dependencies' code, not minified, no source map). Only from
# BUNDLE_MIN_BYTES: a small bundle is mostly one module as written (prettier's 2 KB
# `bin/prettier.cjs`).
BUNDLER_HEAD_MARKS: dict[str, tuple[re.Pattern[str], ...]] = {
    # esbuild's module runtime: `var __defProp = Object.defineProperty;` then `var __commonJS =`,
    # `__toESM`, `__export` or `__esm` (indented inside an IIFE or UMD wrapper)
    "esbuild's module helpers __defProp and __commonJS/__toESM/__export": (
        re.compile(r"^[ \t]*var __defProp = Object\.defineProperty;", re.M),
        re.compile(r"^[ \t]*var __(?:commonJS|toESM|export|esm) = ", re.M)),
    # webpack's runtime: `/******/ (() => { // webpackBootstrap` (webpack 4: `(function(modules)
    # { // webpackBootstrap`); a library's UMD build returns it from its factory (highcharts
    # 13.1.1's `highcharts.src.js`, `modules/*.src.js`: `return /******/ (() => {`)
    "webpack's bootstrap /******/ webpackBootstrap": (
        re.compile(r"^(?:return )?/\*{6}/.*// webpackBootstrap", re.M),),
    # webpack's note above each module it concatenated into an ES module build, or each
    # external it imports (highcharts' `esm/highcharts.src.js`: `;// ./code/es-modules/Core/
    # Globals.js`, `esm/modules/*.src.js`: `;// external ["../highcharts.src.js","default"]`,
    # 21,934 pieces repeating es-modules/); no person opens a line with `;// ./x.js`
    "webpack's ;// note of a concatenated module": (
        re.compile(r"^;// (?:CONCATENATED MODULE: \S+|external [\[\"]\S*|"
                   r"\.{1,2}/[\w@./-]+\.[cm]?[jt]sx?)[ \t]*$", re.M),),
    # browserify's prelude (browser-pack): the `require` of its module table, then module 1
    # (mkdocs-material 9.8.2's lunr/wordcut.js, wordcut and underscore: 1,189 pieces)
    "browserify's prelude and module table": (
        re.compile(r"function \w\(\w,\w,\w\)\{function \w\(\w,\w\)\{if\(!\w\[\w\]\)\{"
                   r"if\(!\w\[\w\]\)\{"),
        re.compile(r"MODULE_NOT_FOUND")),
}
BUNDLE_HEAD_LINES = 60
# A notebook's text copies beside it (generated.NOTEBOOK_COPY: `churn.md` beside `churn.ipynb`),
# told by what wrote them: nbconvert's exports (Markdown, reST, LaTeX, AsciiDoc) carry the
# cells' outputs (a printed token, a data frame, a traceback) that the notebook chunker never
# indexes; jupytext's paired copies (`formats: ipynb,py:percent`) repeat the cells the notebook
# beside them holds. Extension -> its marks, searched in the head.
NOTEBOOK_COPY_MARKS: dict[str, re.Pattern[str]] = {
    # nbconvert: a code cell's fence (outputs follow it, indented), an output image
    # `![png](churn_files/churn_12_0.png)`; jupytext: its header
    ".md": re.compile(r"^```(?:python|ipython3?|r|julia|bash)$|^!\[(?:png|svg|jpeg)\]\("
                      r"|^ *jupytext:$", re.M),
    ".rst": re.compile(r"^\.\. code:: ipython\d?$|^\.\. parsed-literal::$", re.M),
    ".tex": re.compile(r"\\prompt\{In\}\{incolor\}|\\begin\{Verbatim\}\[commandchars"),
    ".asciidoc": re.compile(r"^\[source, ?ipython\d?\]$", re.M),
    ".py": re.compile(r"^# +jupytext:$|^# +format_name: (?:percent|light)$", re.M),
    ".rmd": re.compile(r"^ *jupytext:$", re.M),
}
# jupytext's header in a copy of any format (`jupytext:` in its YAML, commented in a script)
JUPYTEXT_HEADER = re.compile(r"^(?:#|//|--|;;)? *jupytext:$", re.M)
# nbconvert's Markdown export of a cell's text output: the cell's closing fence, blank lines,
# the output indented by four spaces or its HTML (a data frame's table). Two of them, with a
# Python fence, tell an export moved away from its notebook: hand-written Markdown rarely
# follows fenced code with an indented block.
NBCONVERT_TEXT_OUTPUT = re.compile(r"^```\n\n+(?: {4}\S|<(?:div|table|pre)\b)", re.M)
# nbconvert's name for a cell's output image in a Markdown export (`{stem}_{cell}_{n}.png` in
# `{stem}_files/`): an export even when it no longer lies beside its notebook
NBCONVERT_OUTPUT_IMAGE = re.compile(r"^!\[(?:png|svg|jpeg)\]\((?:[^)\n/]*/)*([^)\n/]+)_files/"
                                    r"\1_\d+_\d+\.(?:png|svg|jpe?g)\)$", re.M)
# ... or a build that opens (after its banner) with Babel's injected helpers, in a folder below
# a package that ships its src/ (sortablejs 1.15.7's `modular/sortable.esm.js`, three rollup
# builds of `src/`: 630 pieces; a person writes no `function _arrayLikeToArray(r, a) {`)
BABEL_HELPERS_AT_TOP = re.compile(
    r"\s*(?:/\*.*?\*/\s*)?(?:[\"']use strict[\"'];?\s*)?function _(?:arrayLikeToArray\(r, a\)|"
    r"defineProperty\(e, r, t\)|classCallCheck\(a, n\)|typeof\(o\)|objectSpread2\(e\)|"
    r"slicedToArray\(r, e\)|toPrimitive\(t, r\)) \{", re.S)
# A golden test's expected output beside its input (checks.GOLDEN_INPUT: `X` beside `X.output`)
GOLDEN_OUTPUT_SUFFIXES = (".output", ".out", ".expected", ".golden")
# A distribution build shipped beside its minified twin (`cdn.js` and `cdn.min.js`,
# `min/locales.js` and `min/locales.min.js`) that a tool wrote from the package's modules
# (checks.TWINNED_DISTRIBUTION_BUILD): date-fns 4.4.0's 96 locale `cdn.js` (4,697 pieces),
# moment 2.31.0's `min/moment-with-locales.js`, `min/locales.js` (1,971) and bluebird 3.7.2's
# `js/browser/bluebird.js`, `bluebird.core.js` (539) repeat modules the package ships as
# source. One of these marks in the first DISTRIBUTION_HEAD_LINES lines; a hand-written `app.js`
# beside its `app.min.js` carries none.
DISTRIBUTION_BUILD_MARKS: dict[str, re.Pattern[str]] = {
    # rolldown's and rollup's `//#region <module path>` around each module it inlined (a
    # person's VS Code region is named by words, not by a module's path)
    "a bundler's //#region naming an inlined module": re.compile(
        r"^//#region [\w@./-]+\.[cm]?[jt]sx?[ \t]*$", re.M),
    # Babel's injected helpers (`function _typeof(o) {"@babel/helpers - typeof"; ...`)
    "Babel's injected helpers": re.compile(r'"@babel/helpers - \w+"'),
    # ... and the helpers themselves, as Babel 7.24+ writes them, one-letter parameters
    # (Font Awesome 7.3.1's js/all.js, solid.js, brands.js: 5,800 pieces of icon data beside
    # their .min.js); a person names no function `_arrayLikeToArray(r, a)`
    "Babel's injected helper functions": re.compile(
        r"^[ \t]*function _(?:arrayLikeToArray\(r, a\)|defineProperty\(e, r, t\)|"
        r"classCallCheck\(a, n\)|toPropertyKey\(t\)|toPrimitive\(t, r\)|"
        r"objectSpread2\(e\)|slicedToArray\(r, e\)) \{", re.M),
    # rollup's UMD wrapper: the factory chosen by one ternary chain
    "rollup's UMD wrapper": re.compile(
        r"^;?\(function \(global, factory\) \{\s*typeof exports === 'object' && "
        r"typeof module !== 'undefined'", re.M),
    # browserify's standalone prelude (the `umd` package's, minified even in the readable
    # build: bluebird 3.7.2's `js/browser/bluebird.js`, 322 pieces beside `js/release/`)
    "browserify's standalone UMD prelude": re.compile(
        r'^!function\(e\)\{if\("object"==typeof exports&&"undefined"!=typeof module\)'
        r"module\.exports=e\(\)", re.M),
}
DISTRIBUTION_HEAD_LINES = 80
# ... or whose first bytes are those of a module at most this many folders above, named as its
# name begins (generated._module_it_starts_as)
DISTRIBUTION_SAME_HEAD = 4096
DISTRIBUTION_MODULE_UP = 2
# ... or which holds the first bytes of a module in a folder right below (a build joining them)
DISTRIBUTION_JOINED_HEAD = 512
# A rollup IIFE build `X.js` beside its ES module entry `X.mjs` (swiper 14.4.0's
# `swiper-bundle.js`: the `.mjs` imports `modules/*.mjs`, the `.js` inlines them, 2,356 pieces
# again): both open with the same banner comment of this many bytes or more, the date stamped
# (generated.TWINNED_DISTRIBUTION_BUILD)
DISTRIBUTION_SAME_BANNER = 128
ES_ENTRY_IMPORT = re.compile(r"""^(?:import|export)\b[^;\n]*\bfrom ["']\.\.?/""", re.M)
BUNDLE_MIN_BYTES = 32 * 1024
MINIFIED_NAME_GLOBS = ("*.min.js", "*.min.css", "*.min.mjs", "*-min.js", "*.bundle.js",
                       "*.chunk.js")
# A script directly in a libs/ folder below the root, named like a library's distribution
# build (or with its own licence banner), is a vendored copy (checks.VENDORED_LIBRARY).
VENDORED_LIBS_DIRS = frozenset({"libs"})
TYPESCRIPT_NO_DEFAULT_LIB = '/// <reference no-default-lib="true"/>'
# a licence file of a library copied below a web app's static/ folder (generated._static_copy)
LICENCE_FILE = re.compile(r"(?:licen[cs]e|copying)(?:[._-][\w.-]*)?$", re.I)
# or whose opening comment names its licence and its own release (generated._static_copy):
# django-extensions 4.1's `static/django_extensions/js/jquery.autocomplete.js` ("@version
# 2.4.4 ... @license MIT | GPL | Apache 2.0"), jquery.bgiframe.js ("Licensed under the MIT
# License ... Version 2.1.2"). An Apache header on a project's every file names the
# licence's version ("License, Version 2.0"), not a release of the file.
BANNER_LICENCE = re.compile(r"@license\b|\b(?:licen[cs]ed|released) under\b|"
                            r"\bdual licensed\b|SPDX-License-Identifier", re.I)
BANNER_MAX_CHARS = 2000
# or a release number ending a line of it ("lunr - http://lunrjs.com - ... - 2.3.9")
BANNER_RELEASE = re.compile(r"@version\s+v?\d+(?:\.\d+)+|^[\s*/!#]*version:?\s+v?\d+(?:\.\d+)+|"
                            r"(?<![\w.])v\d+\.\d+\.\d+\b|(?<=\s)\d+\.\d+\.\d+[ \t]*$",
                            re.I | re.M)
# the folders a web app or a site theme serves scripts from as they are (generated._static_copy)
SERVED_ASSET_DIRS = frozenset({"static", "templates"})
# The holder an opening copyright names as a project's authors (`Copyright (c) The mldsa-native
# project authors`, `Copyright 2019 The zstd Authors`): group 1 the project's name
COPYRIGHT_HOLDER = re.compile(
    r"copyright\b[^\n]*?\b(?:the[ \t]+)?(\w[\w.+-]*)[ \t]+(?:project[ \t]+)?"
    r"(?:authors|contributors|developers)\b", re.I)
LIBRARY_BUILD_NAME_GLOBS = ("*.module.js", "*.esm.js", "*.umd.js", "*.module.mjs", "*.esm.mjs")
# HTML is not here: inline SVG and data URIs make long lines in hand-written pages too.
MINIFIABLE_LANGUAGES = frozenset({"javascript", "css", "typescript", "scss", "less"})
# A text file at least this big whose head holds no line break is one enormous line, whatever
# its language (a 1.9 MB one-line .py cost 9,672 chunks and 2.2 M tokens to embed).
ONE_LINE_BLOB_BYTES = 256_000
# JSON on one line is machine-written sooner: a person's JSON has line breaks; 32 KB of it on
# one line is data (three.js's typeface fonts, 64 KB of glyph outlines; a model, an API dump)
ONE_LINE_DATA_BYTES = 32_000
ONE_LINE_DATA_LANGUAGES = frozenset({"json"})
SOURCE_MAP_EXTENSIONS = frozenset({".map"})
# An icon set's shapes as data (generated.SVG_PATH_DATA): SVG path strings (`"d": "M12 2c..."`,
# `d=\"M...\"` in markup kept as a string) making this share of a big JSON file's head
SVG_PATH_STRING = re.compile(
    r"""(?<=["=])\\?"?[Mm][-+\d.,\s]*[\d.][-+\d.,\seMmLlHhVvCcSsQqTtAaZz]{30,}""")
SVG_PATH_DATA_SHARE = 0.5
SVG_PATH_DATA_LANGUAGES = frozenset({"json"})
# Declarations rewritten for an older TypeScript (`typesVersions`: `"<4.0": {"*":
# ["dist-types/ts3.4/*"]}`) beside the current ones (@aws-sdk/client-s3 3.1178.0's
# `dist-types/ts3.4/`: 140 files, every declaration of `dist-types/` again, downlevel-dts's
# output; copies.DOWNLEVEL_DECLARATIONS)
TS_VERSION_DIR = re.compile(r"ts\d+\.\d+")
# Playwright's JSON reporter output (@carbon/react 1.117.0 ships its accessibility run's as
# `.playwright/INTERNAL_AVT_REPORT_DO_NOT_USE.json`, 1,493 pieces of results read as settings):
# a test run's report, opening with the config it ran with
PLAYWRIGHT_REPORT = re.compile(
    r'\A\s*\{\s*"config"\s*:\s*\{\s*"configFile"\s*:\s*"[^"\n]*playwright\.config\.[cm]?[jt]s"')
# An icon set as JavaScript modules, one small component per icon drawing its SVG path
# (@heroicons/react 2.2.0's `24/solid/AcademicCapIcon.js`: `React.createElement("path", {d:
# "M7.702 1.368a.75.75 ..."})`, 1,288 of them; lucide's `icons/a-arrow-down.mjs`), and each
# one's declarations (`AcademicCapIcon.d.ts`): asset, metadata only, found by name
# (layout.ICON_MODULE): a module this small holding SVG path data, in a folder of this many
# modules of its extension
ICON_MODULE_MAX_BYTES = 8192
ICON_MODULE_SIBLINGS_MIN = 50
ICON_MODULE_EXTENSIONS = (".js", ".mjs", ".cjs", ".jsx", ".tsx", ".ts")
# ... drawing an `svg` element or a list of SVG nodes (lucide's `[["path", { d: ... }]]`); a
# module that only holds path strings (highcharts' `modules/pattern-fill.js`) is none
ICON_SVG_ELEMENT = re.compile(
    r"""createElement\(\s*["']svg["']|<svg\b|\[\s*["']path["']\s*,\s*\{""")
# A document's plain-text rendering beside its source (yt-dlp's `README.txt`, pandoc's output of
# `README.md`: 395 pieces again; copies.TEXT_RENDERING): `X.txt` beside `X.md` or `X.rst`, this
# share of its words in the source's head
TEXT_RENDERING_SOURCES = (".md", ".rst")
TEXT_RENDERING_SHARE = 0.85
# A JSON or YAML file of 4 KB+ whose head is mostly hex digests (sha1 .. sha512): a build's list
# of the files it wrote and their hashes (openai 3.63.0's `scripts/castiron/generated-files.json`:
# `"src/openai/_client.py": {"mode": "100644", "sha256": "4ed7..."}`, 1,005 pieces), data
# (generated.DIGEST_LIST)
HEX_DIGEST = re.compile(r"\b[0-9a-f]{40,128}\b")
DIGEST_LIST_SHARE = 0.3
DIGEST_LIST_MIN_BYTES = 4096
DIGEST_LIST_LANGUAGES = frozenset({"json", "yaml"})
# How much of the end of a file longer than its head is read for Linguist's rules on its last
# lines (a bundle's `//# sourceMappingURL=` comment).
TAIL_BYTES = 1024
# A last line longer than that (an inline source map, `//# sourceMappingURL=data:...;base64,`
# and 80 KB of base64) is looked for its start this far back, and its first bytes read.
LAST_LINE_MAX_BYTES = 1024 * 1024
LAST_LINE_START_BYTES = 128

# Compiled twins (rules/twins.py): what a TypeScript build writes beside or mirrored from a
# `.ts` the project holds too. Declarations first: `api.d.cts` is a declaration, not a `.cts`.
COMPILED_EXTENSIONS = (".d.ts", ".d.cts", ".d.mts", ".js", ".cjs", ".mjs", ".jsx")
TYPESCRIPT_SOURCE_EXTENSIONS = (".ts", ".tsx", ".mts", ".cts")
# What f.ext is for a compiled name (`api.d.ts` -> .ts): the rule's screen by extension.
COMPILED_LAST_EXTENSIONS = frozenset({".js", ".cjs", ".mjs", ".jsx", ".ts", ".cts", ".mts"})
TWIN_SOURCE_DIR = "src"  # the compiled file A/D/T.js mirrors A/src/T.ts
# Declaration files: signatures without bodies (Python stubs, TypeScript declarations, Sorbet
# RBI). For a question about how code works the implementation answers; rank.py steps these back.
DECLARATION_SUFFIXES = (".pyi", ".d.ts", ".d.cts", ".d.mts", ".rbi")
TWIN_OUTPUT_DEPTH = 2  # D: at most this many folders (lib, esm, cjs, types, dist/esm ...)
# Folders D never is: JavaScript there is written by hand (test/api.js tests src/api.ts).
NOT_BUILD_OUTPUT_DIRS = frozenset({"test", "tests", "__tests__", "spec", "specs", "e2e",
                                   "examples", "example", "samples", "docs", "doc", "scripts",
                                   "script", "tools", "config", "fixtures", "__mocks__",
                                   "mocks", "benchmark", "benchmarks", "bench"})
# A folder is a build's mirror when at least half of its compiled files have a TypeScript
# source, and at least this many do (one coincidence, scripts/build.js, is not a mirror).
TWIN_MIRROR_MIN = 2
# Output of tsc, Babel or esbuild in a file's head: then one twin is enough.
COMPILER_OUTPUT_MARKERS = (
    'Object.defineProperty(exports, "__esModule"', "exports.__esModule = true",
    "(this && this.__", "//# sourceMappingURL=", "_interopRequireDefault(",
    "var __defProp = Object.defineProperty",
)

# Module-format variants (rules/variants.py): one module shipped once per module system, no
# TypeScript source. Of each kind the first present is kept; a later one beside it is a variant.
IMPLEMENTATION_FORMATS = (".js", ".mjs", ".cjs")
DECLARATION_FORMATS = (".d.ts", ".d.mts", ".d.cts")
# What f.ext is for a name that can be a variant (`api.d.cts` -> .cts): the rule's screen.
VARIANT_LAST_EXTENSIONS = frozenset({".mjs", ".cjs", ".mts", ".cts"})
# A package's modules copied whole into one folder per module format by its build (underscore
# 1.13.8's `amd/after.js` and `cjs/after.js` beside its source `modules/after.js`: 161 modules
# three times; ramda 0.32.0's `es/add.js` beside `src/add.js`: 369 twice): a file in one of
# these folders whose module lies at the same path in a source folder beside it
# (checks.MODULE_FORMAT_COPY). A format folder with no source beside it is the package's code.
MODULE_FORMAT_DIRS = frozenset({"amd", "cjs", "commonjs", "es", "esm", "es6", "es2015", "umd"})
MODULE_SOURCE_DIRS = ("src", "modules", "source")
MODULE_COPY_EXTENSIONS = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx")
# A dual build's mirror folders: a module in the key's folder is a copy of the one at the
# same path in a folder named after it ("": the folder above, as typeorm's browser/ build
# mirrors the package; rules/generated.py `_mirrored`): the `.js`/`.mjs` kept before a `.cjs`
# (variants.kept_in_place), a declaration only when its bytes are the same.
MODULE_MIRROR_DIRS: dict[str, tuple[str, ...]] = {
    # (and the package's folder above: @mdi/js 7.4.47's `commonjs/mdi.d.ts`, 624 pieces again)
    "cjs": ("lib", "esm", "es", "es6", ""), "commonjs": ("lib", "esm", "es", "es6", ""),
    # apollo-client 4.3.8's CommonJS build of the whole package (`__cjs/core/x.cjs`, `.d.cts`:
    # 640 modules) and the React Compiler's build of its hooks (`react/hooks-compiled/`)
    "__cjs": ("",), "hooks-compiled": ("hooks",),
    # recharts 3.11.3's `lib/` beside `es6/` (Babel's CommonJS of it: 602 modules twice)
    "lib": ("es", "esm", "es6"),
    "browser": ("",), "esm": ("",),
    # Ace's build without the global `define`/`require` (`ace.define(`): ace-builds 1.45.2's
    # `src-noconflict/` beside `src/`, 294 modules, 20,683 pieces again
    "src-noconflict": ("src",),
}
# Mirror folders whose copy of a module shares its name and counts only when the code is the
# same once module syntax is set aside (variants.same_code at VARIANT_SAME_CODE): @babel/runtime
# 8.1.4's `helpers/esm/x.js` (`import`/`export`) beside `helpers/x.js` (`require`/
# `module.exports`), 101 helpers twice; a package's own `esm/` folder of other code differs
MIRROR_SAME_CODE_DIRS = frozenset({"esm", "src-noconflict"})
# A package's modules compiled down to ES5 beside their sources in `src/` (gsap 3.15.0's root
# `Flip.js`, `gsap-core.js` ... of `src/Flip.js`: 33 modules, about 1,900 pieces twice;
# generated.DOWNLEVEL_COPY): Babel names each arrow function it rewrites
# (`_round = function _round(value) {`), where the source has `let`, `const`, `=>` and no such
# name. The copy is about as big as its source or bigger (a shim re-exporting it is small).
BABEL_NAMED_FUNCTION = re.compile(r"\b([A-Za-z_$][\w$]*) = function \1\(")
MODERN_SYNTAX = re.compile(r"=>|\b(?:let|const) [\w${\[]")
DOWNLEVEL_SOURCE_DIR = "src"
# Or the copy holds the source's words, comments and the rewritten keywords set aside
# (generated._same_words): gsap's `all.js`, `index.js`, lists of re-exports Babel laid out anew
JS_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
JS_WORD = re.compile(r"[\w$]+")
DOWNLEVEL_REWRITTEN_WORDS = frozenset({"var", "let", "const"})
DOWNLEVEL_SIZE_RATIO = 0.9
MIRROR_COMPARE_BYTES = 1024 * 1024
# What Babel and tsc write at the top of a module compiled to CommonJS, which no person writes:
# in a mirror folder beside the same name in the ESM build it marks the copy (generated._mirrored)
# (and rolldown's, `require("../../_virtual/_rolldown/runtime.js")`, `//#region src/x.ts`:
# @carbon/react 1.117.0's `lib/` beside `es/`, 385 modules; and the React Compiler's memo cache,
# `import { c as _c } from ".../compiler-runtime"`: apollo-client's `react/hooks-compiled/`)
COMMONJS_BUILD_MARK = re.compile(
    r"""Object\.defineProperty\(exports, ["']__esModule["'], \{\s*value: true\s*\}\)|"""
    r"""^exports\.__esModule = true;|"""
    r"""\brequire\(["'](?:\.\.?/)+_virtual/_rolldown/runtime\.js["']\)|"""
    r"""^//#region [\w./@-]+\.[cm]?[jt]sx?$|"""
    r"""^import \{ c as _c \} from ["'][^"'\n]*compiler-runtime["']""", re.M)
# A CommonJS declaration (`x.d.cts`) in a mirror folder, written from `x.d.ts` with the `.cjs`
# it imports for `.js` (copies.declaration_twin)
COMMONJS_DECLARATION_SUFFIXES = (".d.cts",)
COMMONJS_SPECIFIER = re.compile(r"""(["'][^"'\n]*)\.cjs(["'])""")
# A library's declarations of its readable build beside those of its minified one, importing
# `../x.src` where the other imports `../x` (generated._readable_build_declaration)
READABLE_BUILD_DECLARATION = ".src.d.ts"
READABLE_BUILD_SPECIFIER = ".src\""
# A bundler's chunk: `name-<hash>.js`, the hash 8 characters of base64url holding a digit or a
# capital (`DVW5a_ez`, `BvwSPmJN`; a word such as `-polyfill` holds neither), in a folder of
# HASHED_CHUNKS_MIN scripts or more, at least half so named (copies.HASHED_CHUNK)
HASHED_CHUNK_NAME = re.compile(r".+-([A-Za-z0-9_-]{8})\.(?:m?js|cjs)")
HASH_TOKEN = re.compile(r"[0-9A-Z]")
HASHED_CHUNK_EXTENSIONS = (".js", ".mjs", ".cjs")
HASHED_CHUNKS_MIN = 5
# A package's rollup config, read for its `input:` and output `file:` paths (copies.ROLLUP_OUTPUT)
ROLLUP_CONFIG_NAMES = ("rollup.config.js", "rollup.config.mjs", "rollup.config.cjs",
                       "rollup.config.ts")
ROLLUP_CONFIG_MAX_BYTES = 64 * 1024
ROLLUP_INPUT_OR_FILE = re.compile(
    r"""\b(input|file)\s*:\s*\[?\s*["'](?:\./)?([\w@./-]+\.[cm]?js)["']""")
# `X.es.js` beside `X.js`, the same code in ES module syntax (copies.ES_BUILD_TWIN)
ES_BUILD_SUFFIXES = (".es.js",)
# A UMD bundle's names (copies.UMD_BUNDLE: zod's `lib/index.umd.js` beside `lib/index.js`)
UMD_BUNDLE_SUFFIXES = (".umd.js", ".umd.cjs")
# How much of a module's head a framework wrapper must hold word for word (copies.WRAPPED_MODULE:
# mustache's `jquery.mustache.js` holds mustache.js whole)
WRAPPED_MODULE_BYTES = 2048
# `X.json.js` beside `X.json`, exporting it (copies.JSON_MODULE_COPY)
JSON_MODULE_SUFFIXES = (".json.js", ".json.mjs", ".json.cjs")
JSON_MODULE_EXPORT = re.compile(r"\s*(?:export default|module\.exports\s*=)\s*[\[{]")
# A package's build for older browsers in a folder below its manifest (pdfjs-dist's `legacy/`):
# a module there as big as or bigger than the one at the same path without it is a copy
# (generated._legacy_copy)
LEGACY_BUILD_DIR = "legacy"
# A kept file much smaller than its variant (kept * RATIO + SLACK < variant) is read to see
# whether it is an ESM wrapper naming the variant (the slack: a CommonJS build's helpers).
VARIANT_SIZE_RATIO = 2
VARIANT_SIZE_SLACK = 2048
# With no other evidence, the two heads' lines once module syntax is set aside must match so.
VARIANT_SAME_CODE = 0.9
PACKAGE_JSON_MAX_BYTES = 1_000_000

# Binary by magic bytes (prefix of the head) -> (kind, subkind).
MAGIC_BYTES: tuple[tuple[bytes, str, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "asset", "png_image"), (b"\xff\xd8\xff", "asset", "jpeg_image"),
    (b"GIF87a", "asset", "gif_image"), (b"GIF89a", "asset", "gif_image"),
    (b"RIFF", "asset", "riff_media"), (b"%PDF-", "binary", "pdf_document"),
    (b"PK\x03\x04", "binary", "zip_archive"), (b"\x1f\x8b", "binary", "gzip_archive"),
    (b"BZh", "binary", "bzip2_archive"), (b"\xfd7zXZ\x00", "binary", "xz_archive"),
    (b"7z\xbc\xaf\x27\x1c", "binary", "7z_archive"), (b"\x7fELF", "build_artifact", "elf_binary"),
    (b"MZ", "build_artifact", "windows_executable"),
    (b"\xcf\xfa\xed\xfe", "build_artifact", "macho_binary"),
    (b"\xca\xfe\xba\xbe", "build_artifact", "java_class_or_macho"),
    (b"\x00asm", "build_artifact", "wasm_module"), (b"SQLite format 3\x00", "binary", "sqlite_db"),
    (b"PAR1", "data", "parquet"), (b"wOFF", "asset", "font"), (b"wOF2", "asset", "font"),
)
IMAGE_AND_FONT_EXTENSIONS = frozenset({
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".webp", ".tiff", ".psd", ".svg",
    ".woff", ".woff2", ".ttf", ".otf", ".eot",
})
# Seed 003 §9.3: binary when more than 30% control bytes (or any NUL byte, see facts.py).
BINARY_CONTROL_RATIO = 0.30

# More formats than the chunkers know: they pick a language, the chunker falls back to windows.
EXTRA_LANGUAGE_BY_EXTENSION: dict[str, str] = {
    # fontTools' TTX: a font dumped as XML (`<ttFont sfntVersion=...>`; fonttools 4.69.1 ships
    # 1,163), a font's tables rather than text to read: recorded as a font (ruleset "font-xml")
    ".ttx": "xml",
    ".proto": "protobuf", ".graphql": "graphql", ".gql": "graphql", ".avsc": "json",
    ".prisma": "prisma", ".tfvars": "hcl", ".jsonl": "json", ".ndjson": "json",
    ".pl": "perl", ".pm": "perl", ".lua": "lua", ".r": "r", ".dart": "dart", ".ex": "elixir",
    ".exs": "elixir", ".erl": "erlang",
    # a Mako page (`orders.mako`; `script.py.mako` is the Python it renders: TEMPLATE_SUFFIXES,
    # but `index.html.mako` is a page: MAKO_PAGE_BASES)
    ".mako": "mako",
    # LDAP's interchange format (RFC 2849): a directory's entries, schema or OpenLDAP's
    # cn=config as `attr: value` lines (a `userPassword:` redacted; was unknown, excluded)
    ".ldif": "ldif",
    # OpenVPN's profile (`client`, `remote host 1194`, `<ca>` ... inline blocks: `client.conf` by
    # another name, read as `.conf` is) and NetworkManager's keyfile connections (INI: `[wifi]`,
    # `[wifi-security] psk=`): configuration, their secrets redacted (a static key's hex lines,
    # `psk=`, `password=`, `wep-key0=`) as wg0.conf's `PrivateKey`; an inline `<key>` private
    # key blocks the profile (private-key-file). Were unknown: excluded, "no rule matched"
    ".ovpn": "ini", ".nmconnection": "ini",
    # METAFONT, Knuth's font language (texlive's `fonts/source/public/cm/cmr10.mf`, `misc/
    # mode2dpixy.mf`: `mode_setup;`, `beginchar(...)`, `def ... enddef;`); Linguist names none
    # (Java's `META-INF/MANIFEST.MF` is Linguist's JAR Manifest by its name, decided first)
    ".mf": "metafont",
    ".hrl": "erlang", ".app": "erlang", ".escript": "erlang", ".xrl": "erlang", ".yrl": "erlang",
    ".appup": "erlang",  # a release upgrade's instructions (Erlang terms; `.appup.src`)
    ".hs": "haskell", ".ml": "ocaml", ".clj": "clojure",
    ".vue": "vue", ".svelte": "svelte", ".m": "objc", ".mm": "objc", ".groovy": "groovy",
    ".gradle": "groovy", ".jenkinsfile": "groovy", ".ps1": "powershell", ".bat": "batch",
    ".cmd": "batch", ".fish": "shell",
    ".cu": "cuda", ".cuh": "cuda",  # Linguist's Cuda: C++ with kernels, read by its grammar
    ".env": "dotenv", ".svg": "xml", ".xsd": "xml", ".rng": "xml", ".wsdl": "xml", ".jinja": "html",
    ".dtd": "xml",  # an XML DTD (docutils' docs/ref/docutils.dtd): `<!ELEMENT ...>` declarations
    ".jinja2": "html", ".j2": "html", ".tmpl": "text", ".log": "log", ".out": "log",
    ".po": "gettext", ".pot": "gettext", ".kml": "xml", ".pyx": "cython", ".pxd": "cython",
    ".pxi": "cython", ".cff": "yaml",
    ".cmake": "cmake",  # Linguist's CMake: modules included by a CMakeLists.txt
    # Linguist's TeX beyond the documents (.tex, .ltx above): packages, classes, docstrip
    # sources and biblatex styles are macro code. Its .aux and .toc are not here: .aux is a
    # build's output (LATEX_BUILD_EXTENSIONS), .toc is also World of Warcraft addon data.
    ".sty": "tex", ".cls": "tex", ".dtx": "tex", ".ins": "tex", ".bbx": "tex", ".cbx": "tex",
    ".lbx": "tex",
    ".rockspec": "lua",  # Linguist's Lua: a LuaRocks spec is Lua assignments
    # Linguist's Perl (tests `t/basic.t`, PSGI apps `app.psgi`) and Pod (Perl's manuals)
    ".t": "perl", ".psgi": "perl", ".plx": "perl", ".pod": "pod",
    # a Neovim plugin's other files: Vim script (`plugin/x.vim`, `after/ftplugin/lua.vim`) and
    # JSON with comments (lua-language-server's `.luarc.jsonc`, VS Code's settings)
    ".vim": "vim", ".jsonc": "json",
    ".bib": "bibtex", ".bibtex": "bibtex",  # Linguist's BibTeX: a bibliography, data
    # Linguist's Assembly (.asm .a51 .nasm .nas) and Unix Assembly (.s; .S, GAS run through
    # the C preprocessor, is the same once lower-cased). Not .inc and .i (also PHP, C++,
    # Pascal, SWIG: Linguist needs heuristics to tell) nor .ms (also roff's ms macros).
    ".asm": "assembly", ".a51": "assembly", ".nasm": "assembly", ".nas": "assembly",
    ".s": "assembly",
    # Linguist's Fortran (fixed form .f .for .f77 .fpp) and Fortran Free Form (.f90 .f95 .f03
    # .f08): numpy's f2py tests and docs, SciPy's solvers
    ".f": "fortran", ".for": "fortran", ".f77": "fortran", ".fpp": "fortran", ".f90": "fortran",
    ".f95": "fortran", ".f03": "fortran", ".f08": "fortran", ".f18": "fortran", ".ftn": "fortran",
    # f2py's signature files: Fortran interfaces in a `python module` (SciPy's fitpack.pyf)
    ".pyf": "fortran",
    ".sol": "solidity",  # Linguist's Solidity: smart contracts (Hardhat, Foundry, Truffle)
    # Apple platforms: Linguist's Ruby .podspec; its XML Property List (.plist), which
    # privacy manifests (.xcprivacy) and entitlements are too; Xcode's build settings
    # (`KEY = value` lines, `//` comments) read as INI; Linguist's Module Map (Clang modules).
    ".podspec": "ruby", ".gemspec": "ruby", ".plist": "xml", ".xcprivacy": "xml",
    ".entitlements": "xml",
    ".xcconfig": "ini", ".modulemap": "modulemap",
    # .NET: Linguist's XML holds MSBuild's project and property files, app/web.config, NuGet's
    # .nuspec, publish profiles, .resx resources, Settings.settings; XAML is XML too; Linguist's
    # F# and Visual Basic .NET (a `.sln` is a manifest with no language, as a `.csproj` was)
    ".config": "xml", ".props": "xml", ".targets": "xml", ".csproj": "xml", ".fsproj": "xml",
    ".vbproj": "xml", ".vcxproj": "xml", ".proj": "xml", ".projitems": "xml", ".shproj": "xml",
    ".nuspec": "xml", ".pubxml": "xml", ".resx": "xml", ".settings": "xml", ".ruleset": "xml",
    ".runsettings": "xml", ".slnx": "xml", ".xaml": "xml",
    ".fs": "fsharp", ".fsi": "fsharp", ".fsx": "fsharp", ".vb": "vbnet",
    # Linguist's Haskell (.hs-boot, hsc2hs' .hsc), Literate Haskell, OCaml (an interface .mli
    # has a grammar of its own; ocamllex's .mll and Menhir/ocamlyacc's .mly are OCaml inside
    # their own syntax), Cabal Config, opam files
    ".hs-boot": "haskell", ".hsc": "haskell", ".lhs": "literate_haskell",
    ".mli": "ocaml_interface", ".mll": "ocamllex", ".mly": "ocamlyacc",
    ".cabal": "cabal", ".opam": "opam",
    ".jl": "julia",  # Julia: a package's src/, test/runtests.jl, docs/make.jl
    # Linguist's Nix (lodash 4.17.21's `flake.nix`), AppleScript (vite 6.0.7's
    # `bin/openChrome.applescript`) and Lark (poetry-core 1.9.1's PEP 508 grammar `pep508.lark`)
    ".nix": "nix", ".applescript": "applescript", ".lark": "lark",
    # systemd's units, `[Section]` groups of `Key=value` lines (celery 5.4.0's
    # `extra/systemd/celery.service`, `celerybeat.service`): how the service is run
    ".service": "ini", ".socket": "ini", ".timer": "ini",
    # systemd-networkd's links and networks, the same syntax (a WireGuard `.netdev`'s
    # `PrivateKey=` and `PresharedKey=` redacted; were unknown, excluded)
    ".netdev": "ini", ".network": "ini",
    # Linguist's PowerShell: a script module (.psm1) and a data file (.psd1: a module
    # manifest's, a settings' or a localization's hashtable)
    ".psm1": "powershell", ".psd1": "powershell",
    # Linguist's HTML+Razor: ASP.NET's Razor views and Blazor components (HTML with C#)
    ".cshtml": "html", ".razor": "html",
}
# Files known by their whole (lower-case) name, before any extension: build files
# (CMakeLists.txt and meson_options.txt are no text documents: Linguist's CMake and Meson file
# names) and tools' settings under a dot-name with no extension (below).
JSON_OR_YAML = "json_or_yaml"  # a name whose text tells JSON from YAML (sniff.json_text)
LANGUAGE_BY_EXACT_NAME: dict[str, str] = {
    # a Salt formula's settings map: `{% set x = salt['grains.filter_by']({...}) %}` per OS,
    # merged with pillar (read as HTML by `.jinja`; the `salt-map` rule)
    "map.jinja": "jinja",
    # logrotate's main settings (`/etc/logrotate.conf`: `weekly`, `rotate 4`, `include
    # /etc/logrotate.d`, `/var/log/wtmp { ... }`), as its `logrotate.d/*` are (was INI)
    "logrotate.conf": "logrotate",
    # PAM's single-file form (`/etc/pam.conf`: a service name before each pam.d line)
    "pam.conf": "pam",
    # Mosquitto's access control list (`acl_file`; its `aclfile.example`: `user roger`, `topic
    # read $SYS/#`, `pattern write ...`): which client may read or write which topics
    "aclfile": "mosquitto_acl",
    "manifest.mf": "jar_manifest",  # Linguist's JAR Manifest, before `.mf` (METAFONT)
    "cmakelists.txt": "cmake", "meson.build": "meson", "meson_options.txt": "meson",
    "meson.options": "meson",
    # Erlang terms under a `.config` name, which .NET's app/web.config made XML (Linguist's
    # Erlang file names; a release's `sys.config` and its `.src` template)
    "rebar.config": "erlang", "sys.config": "erlang", "sys.config.src": "erlang",
    "hex.config": "erlang",  # Hex's and rebar3's credentials: blocked, but Erlang terms
    # RabbitMQ's Erlang-term files (`advanced.config`, the classic `rabbitmq.config`: `{rabbit,
    # [{default_pass, <<"X">>}]}`), read as XML before (their secrets unread)
    "advanced.config": "erlang", "rabbitmq.config": "erlang",
    # cqlsh's sample options file (Cassandra's `conf/cqlshrc.sample`: INI, was unknown)
    "cqlshrc.sample": "ini",
    # session 41b: VyOS' and EdgeOS' saved configuration (`/config/config.boot`: curly
    # `interfaces { .. }` blocks, Juniper's kin), read as Clojure by Boot's `.boot` before (a
    # Boot project's files are `build.boot` and `profile.boot`), so its device statements
    # (`encrypted-password "$6$.."`, `pre-shared-secret X`) were read as code and kept
    "config.boot": "ini",
    # cabal's project files; dune's build files (S-expressions)
    "cabal.project": "cabal", "cabal.project.local": "cabal", "cabal.project.freeze": "cabal",
    "dune": "dune", "dune-project": "dune", "dune-workspace": "dune",
    # Foundry's and Hardhat's import remappings (`@openzeppelin/=lib/openzeppelin-contracts/`),
    # `prefix=path` lines
    "remappings.txt": "ini",
    # a dotfiles repository's shell pieces the rc files source (mathiasbynens/dotfiles'
    # `.aliases`, `.functions`, `.exports`, `.bash_prompt`), git's settings without the dot
    # (`gitconfig`, linked to ~/.gitconfig), ideavim's and Vim's `init.vim`: found unknown
    ".aliases": "shell", ".functions": "shell", ".exports": "shell", ".bash_prompt": "shell",
    "gitconfig": "git_config", ".ideavimrc": "vim", "init.vim": "vim",
    # the file systems a machine mounts (`/etc/fstab`: an etckeeper or Ansible repository's),
    # one mount a line; a CIFS share's `password=X` option redacted, `credentials=/path` kept;
    # the encrypted volumes it opens (`/etc/crypttab`: name, device, key file, options: a key
    # file's path kept, an inline passphrase redacted, secrets/mounts.py) and the folders NFS
    # shares (`/etc/exports`: `/srv/share 10.0.0.0/24(rw,sync)`)
    "fstab": "ini", "crypttab": "ini", "exports": "ini",
    # tmux's configuration, its own command language (Linguist: Shell), was read as INI by
    # `.conf`: `.tmux.conf`, `tmux.conf`, oh-my-tmux's `.tmux.conf.local` (chunkers/blocks.py)
    ".tmux.conf": "tmux", "tmux.conf": "tmux", ".tmux.conf.local": "tmux",
    # Tools' settings under a dot-name with no extension, by their format (GitHub Linguist's
    # file names of JSON, JSON with Comments, YAML and INI; `.eslintrc`, `.prettierrc`... are
    # read by their tool as JSON or YAML, whichever the text is: JSON_OR_YAML picks by the first
    # character). Found unknown, so excluded, in qs 6.13.1, minimist 1.2.8, side-channel 1.1.0
    # (`.eslintrc`, `.nycrc`) and pytest 8.3.4 (`.coveragerc`). Not `.yarnrc` nor `.npmrc`
    # (credentials files: SECRET_FILES).
    # Linguist's JSON and JSON with Comments
    ".nycrc": "json", ".c8rc": "json", ".all-contributorsrc": "json", ".htmlhintrc": "json",
    ".watchmanconfig": "json", ".tern-project": "json", ".tern-config": "json",
    ".arcconfig": "json", ".auto-changelog": "json", ".imgbotconfig": "json",
    ".babelrc": "json", ".jshintrc": "json", ".jscsrc": "json", ".jslintrc": "json",
    ".swcrc": "json", ".csslintrc": "json",
    # Linguist's YAML: clang-format's, clang-tidy's, clangd's, RubyGems', yamllint's settings
    ".clang-format": "yaml", ".clang-tidy": "yaml", ".clangd": "yaml", ".gemrc": "yaml",
    ".yamllint": "yaml",
    # Linguist's INI: coverage.py's, flake8's, pylint's settings
    ".coveragerc": "ini", ".flake8": "ini", ".pylintrc": "ini", "pylintrc": "ini",
    # credential files in INI's form, for their template copies (`.pypirc.template`: were
    # unknown, excluded), indexed with their values redacted; the files stay blocked by name
    ".pypirc": "ini", "pypirc": "ini", ".s3cfg": "ini", "s3cfg": "ini", ".boto": "ini",
    "boto": "ini", ".databrickscfg": "ini", ".sentryclirc": "ini",
    # Browserslist's queries (`[production]` sections of lines, as INI's)
    ".browserslistrc": "ini",
    # Spring's META-INF/spring.factories: auto-configuration and listeners, a properties file
    "spring.factories": "ini",
    # rc files their tool (cosmiconfig, rc) reads as JSON or YAML
    ".eslintrc": JSON_OR_YAML, ".prettierrc": JSON_OR_YAML, ".stylelintrc": JSON_OR_YAML,
    ".mocharc": JSON_OR_YAML, ".graphqlrc": JSON_OR_YAML, ".lintstagedrc": JSON_OR_YAML,
    ".releaserc": JSON_OR_YAML, ".postcssrc": JSON_OR_YAML, ".remarkrc": JSON_OR_YAML,
    ".markdownlintrc": JSON_OR_YAML, ".huskyrc": JSON_OR_YAML, ".commitlintrc": JSON_OR_YAML,
    ".textlintrc": JSON_OR_YAML,
}
# A credential file's template copy read in the form it is written in where the file itself keeps
# Linguist's language (`.npmrc`: NPM Config, blocked): `.npmrc.sample`, `npmrc.example` are
# `key=value` lines (`registry=`, `//host/:_authToken=${NPM_TOKEN}`), INI sample configuration,
# redacted (was npm_config data, metadata only: its registry settings never read)
SAMPLE_LANGUAGE_BY_NAME: dict[str, str] = {".npmrc": "ini", "npmrc": "ini"}
# Names whose format their folder tells: Cargo's configuration under its older name (no `.toml`).
# `.cargo/config`; the Transifex client's `.tx/config` (INI sections per resource: its docs'
# "configuration file", Sphinx 8.1.3's sphinx/locale/.tx/config; credentials live apart, in
# ~/.transifexrc)
LANGUAGE_BY_FOLDER_AND_NAME: dict[tuple[str, str], str] = {
    (".cargo", "config"): "toml", (".tx", "config"): "ini",
    # Debian packaging (pyzmq 27.3.0's packaging/debian/): the build recipe is a Makefile
    # (`#!/usr/bin/make -f`); the package's fields, its changelog and its copyright are text
    ("debian", "rules"): "make", ("debian", "control"): "text", ("debian", "changelog"): "text",
    ("debian", "copyright"): "text",
    # OpenSSH's client settings as a dotfiles repository keeps them (`ssh/config`,
    # `.ssh/config`): Host blocks, ports, users, jump hosts; the keys beside them stay blocked
    (".ssh", "config"): "ssh_config", ("ssh", "config"): "ssh_config",
    ("git", "config"): "git_config",  # git's XDG settings, `~/.config/git/config`
    # Salt's own settings as /etc keeps them (`/etc/salt/master`, `minion`: YAML, mostly its
    # commented defaults, `#worker_threads: 5`); an etckeeper repository's were unknown
    ("salt", "master"): "yaml", ("salt", "minion"): "yaml", ("salt", "proxy"): "yaml",
    ("salt", "roster"): "yaml", ("salt", "cloud"): "yaml",
    # nginx's own maps, in its syntax: `mime.types` (`types { text/html html htm; ... }`: which
    # type a file is served as) and its charset maps `koi-utf`, `koi-win`, `win-utf`
    # (`charset_map koi8-r utf-8 { C0 D0B0; ... }`: byte tables, data: NGINX_CHARSET_MAPS)
    ("nginx", "mime.types"): "nginx", ("nginx", "koi-utf"): "nginx", ("nginx", "koi-win"): "nginx",
    ("nginx", "win-utf"): "nginx",
}
NGINX_CHARSET_MAPS = ("koi-utf", "koi-win", "win-utf")
# The time zone database's tables (tzdata 2026.6's `zoneinfo/zone.tab`, `zone1970.tab`, pytz's,
# Debian's /usr/share/zoneinfo/): a zone per country with its coordinates, tab-separated under
# `#` comments; Linguist's `.tab` is an Oracle SQL table script, which these are not
# protobufjs' JSON schema (`pbjs -t json`, copies.PROTOBUF_JSON_SCHEMA): the namespaces'
# `nested` tree, after the file's `options` when it has some
PROTOBUF_JSON_HEAD = re.compile(
    r'\A\s*\{\s*(?:"options"\s*:\s*\{[^{}]*\}\s*,\s*)?"nested"\s*:\s*\{')
TIMEZONE_TABLES = ("zone.tab", "zone1970.tab", "zonenow.tab", "iso3166.tab")
# cloud-init's own settings (`/etc/cloud/cloud.cfg`, `/etc/cloud/cloud.cfg.d/90_dpkg.cfg`): YAML
# under INI's `.cfg`, read as YAML when no INI line is in them (facts.language; the `cloud-init`
# rule: infrastructure, as user data is)
CLOUD_INIT_SETTINGS_NAMES = frozenset({"cloud.cfg"})
CLOUD_INIT_SETTINGS_DIRS = frozenset({"cloud.cfg.d"})
CLOUD_INIT_SETTINGS_GLOBS = ("cloud.cfg", "**/cloud.cfg", "**/cloud.cfg.d/*.cfg")
# Ansible's inventories by name or folder (its docs' `production`, `staging`; `/etc/ansible/hosts`;
# `inventory/prod`, `inventories/dev/hosts`): one of host names only under `[group]` headers has
# no other mark (facts.bare_inventory); an inventory with connection variables or nested groups
# is known by its content wherever it lies (provisioning.ansible_inventory)
INVENTORY_NAMES = frozenset({"hosts", "inventory", "hosts.ini", "inventory.ini", "production",
                             "staging"})
INVENTORY_DIRS = frozenset({"inventory", "inventories"})
# Debian's package fields (`Source:`, `Build-Depends:`, `Depends:`): what the package needs
DEBIAN_CONTROL_GLOBS = ("debian/control", "**/debian/control")
# Folders whose every file is in one language: bash-completion's `bash_completion.d/` (scripts
# bash sources, no extension, no shebang). An extension-less file elsewhere (`completions/`)
# is told by its content (sniff.completion_script).
LANGUAGE_BY_FOLDER: dict[str, str] = {
    "bash_completion.d": "shell",
    # release notes and credits written as plain text under names no table knows
    # (jackson-databind's `release-notes/VERSION-2.x`, `release-notes/CREDITS-2.x`)
    "release-notes": "text", "release_notes": "text", "releasenotes": "text",
    # Java's ServiceLoader registrations, one file per interface, named after it
    # (`META-INF/services/com.fasterxml.jackson.databind.Module`): the implementations listed
    "META-INF/services": "text",
    # Debian's and Red Hat's service settings, sourced by their init scripts and units
    # (`/etc/default/nginx`, `/etc/sysconfig/haproxy`: `DAEMON_OPTS="..."` shell assignments)
    "etc/default": "shell", "etc/sysconfig": "shell",
    # logrotate's per-service settings (`/etc/logrotate.d/nginx`: `/var/log/nginx/*.log { daily
    # rotate 14 ... }`) and ufw's application profiles (`[Nginx Full]` / `ports=80,443/tcp`, INI)
    "logrotate.d": "logrotate", "ufw/applications.d": "ini",
    # PAM's per-service stacks (`/etc/pam.d/sshd`: `auth required pam_unix.so`, `@include
    # common-auth`): which modules authenticate a service's users (were unknown)
    "pam.d": "pam",
}
# A service's settings its init script and systemd unit read (`/etc/default/nginx`,
# `/etc/sysconfig/haproxy`): shell assignments, configuration rather than a program
# A TeX tree's (`texmf-dist/tex/<format>/<package>/`) other macro files, which docstrip writes
# beside the `.sty` and `.cls` (texlive-latex-base: 145 `.fd` font definitions, 144 `.def`
# drivers, `size10.clo` class options, babel's `.ldf` languages, KOMA's `.lco` letter options,
# `hyphen.cfg`; were unknown or INI): TeX, read as the packages are
TEX_TREE_EXTENSIONS = frozenset({".fd", ".def", ".clo", ".ldf", ".lco", ".dfu", ".sto", ".cfg"})
# OpenCV's FileStorage (checks.OPENCV_STORAGE): its YAML header, its XML root
OPENCV_STORAGE_HEAD = re.compile(r"\A%YAML:1\.\d|<opencv_storage>")
OPENCV_STORAGE_HEAD_BYTES = 256
OPENCV_STORAGE_MIN_BYTES = 4096
# Data files named by a release (layout.RELEASE_SNAPSHOT): the tz database's (`2019a`) or a
# version (`v1.2`, `1.2.3`)
RELEASE_NAME = re.compile(r"(?:19|20)\d\d[a-z]|v?\d+\.\d+(?:\.\d+)?")
RELEASE_SNAPSHOT_MIN = 5
RELEASE_SNAPSHOT_MIN_BYTES = 16_384
# (also `/etc` itself indexed as a project: its own folder name counts, facts.rooted_dirs)
SERVICE_DEFAULTS_DIRS = frozenset({"etc/default", "etc/sysconfig"})
# A package manager's copies of a configuration file beside the live one (an upgraded Debian
# host's `/etc/nginx/nginx.conf.dpkg-dist`: the package's new default left unmerged;
# `.dpkg-old`: the admin's file it replaced; ucf's `sshd_config.ucf-dist`; rpm's `.rpmnew`,
# `.rpmsave`): the same settings again, one version apart; the live file is read
CONFFILE_COPY_GLOBS = ("*.dpkg-dist", "*.dpkg-new", "*.dpkg-old", "*.dpkg-bak", "*.dpkg-tmp",
                       "*.ucf-dist", "*.ucf-new", "*.ucf-old", "*.rpmnew", "*.rpmsave",
                       "*.rpmorig")
# Editors' component metadata a UI library's build writes (JetBrains Web Types, Vetur's tags and
# attributes; package.json's `web-types` and `vetur` keys name them)
EDITOR_COMPONENT_METADATA = ("web-types.json", "*.web-types.json", "vetur-tags.json",
                             "vetur-attributes.json")
# Where an installed package's man pages lie (ruleset "installed-man-page")
INSTALLED_MAN_GLOBS = ("**/share/man/man*/*", "share/man/man*/*")
# A GNU Info manual (makeinfo's or texi2any's output of a Texinfo source: `sed.info`, a long one
# split as `emacs.info-3`), read as text (facts.language, sniff.gnu_info: its head says what
# produced it, its nodes open with `^_` and `File: x.info,  Node: ...`); installed below
# `share/info/` (Debian keeps them gzipped) with no source beside it, it is the manual
GNU_INFO_NAME = re.compile(r".+\.info(?:-\d+)?")
INSTALLED_INFO_GLOBS = ("**/share/info/*", "share/info/*")
# A project document translated, named by the language in capitals (texlive-base's
# `readme-txt.dir/README.PL`, `README.RU`, `README.CS`, `README.FR`): text, whatever language an
# extension `.pl`, `.ru` or `.cs` would name
TRANSLATED_DOC_NAME = re.compile(r"(?:README|INSTALL|NEWS|CHANGES|FAQ|TODO)\.([A-Z]{2})")
# Man pages in sections Linguist's Roff does not list (man-pages 6's `man3/size_t.3type`,
# `EOF.3const`, `printf.h.3head`, `open_how.2type`): a `manN/` folder's `X.N<letters>`
MAN_PAGE = re.compile(r"man([1-9n])/[^/]+\.\1[a-z]{1,6}")
# Folders of release notes: their text files are the changelog (jackson's release-notes/)
RELEASE_NOTES_DIRS = frozenset({"release-notes", "release_notes", "releasenotes"})
# towncrier's news fragments (rules/misnamed.py): `newsfragments/9657.doc`, `123.feature.rst`
NEWS_FRAGMENT_DIRS = frozenset({"newsfragments", "changelog.d", "news", "changes", "changelog"})
NEWS_FRAGMENT_TYPES = frozenset({"feature", "bugfix", "doc", "removal", "misc", "deprecation",
                                 "breaking", "trivial", "significant", "change", "fix", "docs"})
NEWS_FRAGMENT_NAME = re.compile(r"[+\w-]+\.(\w+)(?:\.\d+)?(\.(?:rst|md|txt))?")
# Java's ServiceLoader registrations (see LANGUAGE_BY_FOLDER)
SERVICE_REGISTRATION_GLOBS = ("META-INF/services/*", "**/META-INF/services/*")
# Suffixes of source templates a build expands into the language of the name before them:
# numpy's conv_template (`loops.c.src`, `npy_sort.h.src` are its core C); ERB, Ruby's templates
# (a Rails view `show.html.erb`, a generator's `model.rb.erb`); EJS, a JavaScript generator's
# (the Amplify CLI's .NET templates `FunctionHandler.cs.ejs`, `Function.csproj.ejs`). Not `.in`
# (autoconf's Makefile.in, config.h.in; pip-tools' requirements.in): see the pip-compile rules.
# A code generator's `.stub` (Laravel's `model.stub`, knex's `ts.stub`): its language by its
# content (rules/heuristics.py), or by the name before it (`controller.php.stub`).
SOURCE_TEMPLATE_SUFFIXES: tuple[str, ...] = (".src", ".erb", ".ejs", ".stub")
# Template engines' suffixes after the format they render (Linguist's Twig and Blade): the
# format before the suffix is the file's language, HTML when none is written (Symfony's
# `templates/user/show.html.twig`, `macros.twig`; Laravel's `resources/views/welcome.blade.php`,
# which is HTML with directives, not PHP).
# Perl's too: Mojolicious' Embedded Perl (`templates/index.html.ep`), Template Toolkit's `.tt`.
# Elixir's EEx and Phoenix's HEEx (Linguist's HTML+EEX: `home.html.heex`, `index.html.eex`,
# a generator's `schema.ex.eex` is Elixir), LiveView's older `.leex`, Surface's `.sface`.
# A `.mako` over these renders a page: the page is Mako source (its `<%def>`s, `<%block>`s, cut
# by chunkers/mako.py), as a `.mako` page is (Pyramid's, Pylons' `templates/index.html.mako`);
# over anything else (alembic's `script.py.mako`) it is the template of that file
MAKO_PAGE_BASES = frozenset({".html", ".htm", ".xhtml", ".xml"})
ENGINE_TEMPLATE_SUFFIXES: tuple[str, ...] = (".twig", ".blade.php", ".ep", ".tt", ".tt2",
                                             ".heex", ".eex", ".leex", ".sface")
LANGUAGE_BY_NAME_GLOB: dict[str, str] = {
    "dockerfile.*": "dockerfile", "*.dockerfile": "dockerfile", "containerfile": "dockerfile",
    "jenkinsfile.*": "groovy",  # `Jenkinsfile.release` (`deploy.jenkinsfile` by its extension)
    ".env.*": "dotenv", "vagrantfile": "ruby", "rakefile": "ruby", "gemfile": "ruby",
    "podfile": "ruby", "brewfile": "ruby", "justfile": "make",
    # Linguist's other Ruby file names (Guard, Capistrano, Thor, Danger, fastlane, Berkshelf...)
    "guardfile": "ruby", "capfile": "ruby", "thorfile": "ruby", "dangerfile": "ruby",
    "fastfile": "ruby", "appfile": "ruby", "matchfile": "ruby", "gymfile": "ruby",
    "scanfile": "ruby", "pluginfile": "ruby", "appraisals": "ruby", "berksfile": "ruby",
    "puppetfile": "ruby",
    # bash completion scripts by name (Django's `extras/django_bash_completion`, a project's
    # `tool.bash-completion`): an extension a table knows (`completion.py`) is asked first
    "*bash_completion*": "shell", "*bash-completion*": "shell",
    "steepfile": "ruby", "snapfile": "ruby", "deliverfile": "ruby", "jarfile": "ruby",
    "mavenfile": "ruby", ".irbrc": "ruby", ".pryrc": "ruby", ".simplecov": "ruby",
    "gnumakefile": "make",
    # Lua written as settings: luacheck's (Linguist's Lua file name), busted's, LuaCov's, LDoc's
    ".luacheckrc": "lua", ".busted": "lua", ".luacov": "lua", "config.ld": "lua",
    "cpanfile": "perl",  # Linguist's Perl file name: `requires 'Moose', '2.0';`
    # Linguist's Erlang file names (`rebar.config`, `sys.config`: LANGUAGE_BY_EXACT_NAME)
    "rebar.config.script": "erlang", "emakefile": "erlang",
    ".ocamlinit": "ocaml",  # the OCaml toplevel's start-up script
    # GDB's start-up scripts (Linguist's GDB by the extension `.gdbinit` only): a project's
    # `.gdbinit`, CPython's `Misc/gdbinit`
    ".gdbinit": "gdb", "gdbinit": "gdb",
    # a project's documents without an extension, or with one no table knows: cftime 1.6.6.1's
    # `Changelog`, pipenv's `NOTICES`, pymongo's `THIRD-PARTY-NOTICES`, pycryptodome's
    # `Doc/Changelog.pycrypto` (unknown, excluded); as `CHANGELOG` and `LICENSE` are read
    # pylint's settings under another name (pylint 4.1.5's `examples/pylintrc_camelcase`,
    # `pylint/testutils/testing_pylintrc`: unknown), read as `pylintrc` is
    "pylintrc_*": "ini", "*_pylintrc": "ini",
    "changelog": "text", "changelog.*": "text", "notices": "text", "*-notices": "text",
    "*_notices": "text", "credits": "text", "copyright.*": "text",
    "makefile.*": "make", "*.mk": "make", "procfile": "yaml",
    # BIND's split configuration (`named.conf.local`, `.options`, `.default-zones`), read as
    # `named.conf` is by `.conf`: zones and `key "x" { secret "X"; }` (the TSIG secret redacted)
    "named.conf.*": "ini",
    # Flow's typed source beside a compiled `.js` (metro's `src/Server.js.flow`), or the types
    # of a hand-written one: JavaScript, cut with Flow's types (chunkers/flowtypes.py)
    "*.js.flow": "javascript",
    "readme.*": "text", "license.*": "text", "copying": "text", "notice": "text",
    "readme_*": "text", "readme-*": "text",  # IPython's core/profile/README_STARTUP
    "license-*": "text", "licence": "text", "licence.*": "text", "licence-*": "text",
    "authors": "text", "contributors": "text", "changes": "text", "history": "text",
    "install": "text", "thanks": "text", "todo": "text",  # celery 5.4.0's docs/THANKS, TODO
    "news.debian": "text", "bugs": "text",  # Debian's news for admins; GNU's known bugs
    "todo.*": "text",  # Debian's notes beside README.Debian (`usr/share/doc/manpages/TODO.Debian`)
    "faq": "text",  # kombu 5.7.0's FAQ (reST under its plain name)
    # a package's copyright as Debian installs it (`usr/share/doc/ruby-rack/copyright`, DEP-5:
    # `Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/`): a licence
    "copyright": "text",
    # Linguist's Perl file names: latexmk's settings (Sphinx 8.1.3's `latexmkrc.jinja`)
    "latexmkrc": "perl", ".latexmkrc": "perl",
}
# Interpreter named by a shebang -> language.
SHEBANG_LANGUAGES: dict[str, str] = {
    "python": "python", "python3": "python", "sh": "shell", "bash": "shell", "zsh": "shell",
    "dash": "shell", "ksh": "shell", "node": "javascript", "deno": "typescript",
    "ruby": "ruby", "perl": "perl", "php": "php", "lua": "lua", "Rscript": "r",
    "elixir": "elixir", "escript": "erlang",  # Mix's own `mix` script, escripts
    "tclsh": "tcl", "wish": "tcl", "expect": "tcl",  # Expect scripts are Tcl programs
}
# Suffixes of template copies: the language comes from the name before the suffix, else from
# the suffix itself (`layout.jinja` is HTML). Template engines' too: alembic's script.py.mako,
# Sphinx's Makefile.jinja, Ansible's nginx.conf.j2.
TEMPLATE_SUFFIXES: tuple[str, ...] = (".example", ".sample", ".template", ".dist", ".tpl",
                                      "-tpl", ".tmpl", ".default", ".orig", ".mako", ".jinja",
                                      ".jinja2", ".j2")

# Test layouts per ecosystem (file name globs, case-sensitive).
TEST_NAME_GLOBS: tuple[str, ...] = (
    "test_*.py", "*_test.py", "conftest.py", "*.test.js", "*.test.jsx", "*.test.ts",
    "*.test.tsx", "*.spec.js", "*.spec.jsx", "*.spec.ts", "*.spec.tsx", "*.test.mjs",
    "*_test.go", "*Test.java", "*Tests.java", "*IT.java", "*TestCase.java", "*Test.kt",
    "*Tests.kt", "*_test.rs", "*_spec.rb", "*_test.rb", "*Tests.cs", "*Test.cs", "*Test.php",
    "*_test.exs", "*.test.sh", "*_test.sh",
    "*_spec.lua",  # busted's default pattern, wherever the spec lies
    "*.t",  # Perl's tests (`t/basic.t`, `xt/author/pod.t`), run by prove
    # ScalaTest's, munit's and specs2's suites wherever they lie (sbt finds them by type)
    "*Spec.scala", "*Test.scala", "*Tests.scala", "*Suite.scala",
    "*Spec.hs",  # hspec-discover's modules (`test/Data/MapSpec.hs`)
    "*.Tests.ps1",  # Pester's tests wherever they lie (`Get-Thing.Tests.ps1` beside the script)
    "*_test.dart",  # package:test's and flutter_test's (`dart test` runs `*_test.dart`)
    "*.t.sol",  # Foundry's tests wherever they lie (`forge test` runs `*.t.sol`)
)
# Directory components that mean "test code" (test/ for Java's src/test/java and Rust's tests/).
TEST_DIR_NAMES = TEST_DIRS | frozenset({"__tests__", "androidTest", "integration_tests", "e2e",
                                        "benches",
                                        "integration_test",  # Flutter's on-device tests
                                        # GNU's DejaGnu suites (gcc/, binutils/, gdb/testsuite/)
                                        "testsuite"})
# Inside a Python package these are a subpackage it ships (django.test, numpy.testing).
PACKAGE_TESTING_DIRS = frozenset({"test", "testing"})
FIXTURE_DIR_NAMES = FIXTURE_DIRS | frozenset({"mocks", "__mocks__", "golden", "snapshots",
                                              "test-data", "test_data", "testdata"})
MOCK_NAME_GLOBS: tuple[str, ...] = ("mock_*", "mock-*")
FIXTURE_NAME_GLOBS: tuple[str, ...] = (*MOCK_NAME_GLOBS, "*.snap", "*.fixture.*",
                                       "*_fixture.*", "fixture*.json", "*.golden")
# Data formats that, inside test directories, are fixtures rather than tests.
# Page templates: in a test folder, the pages a test renders (Mako 1.3.10's test/templates/
# gettext.mako), test data as an HTML page there is, not test code
PAGE_TEMPLATE_LANGUAGES = frozenset({"mako"})
FIXTURE_LANGUAGES = (frozenset({"json", "yaml", "csv", "tsv", "xml", "text", "toml", "html",
                                "sql", "jupyter", "ini", "parquet", "latex", "bibtex"})
                     | PAGE_TEMPLATE_LANGUAGES
                     # GitHub Linguist's data, configuration and markup (formats.LINGUIST): in
                     # a test folder, what a test reads, as a file of no known language is
                     | LINGUIST_GROUPS["data"] | LINGUIST_GROUPS["config"]
                     | LINGUIST_GROUPS["markup"])

MIGRATION_DIRS = frozenset({"migrations", "migration", "migrate", "flyway",
                            "liquibase", "changelogs", "db_migrations"})
MIGRATION_NAME_GLOBS: tuple[str, ...] = ("V[0-9]*__*.sql", "[0-9][0-9][0-9]*_*.sql",
                                         "*.up.sql", "*.down.sql", "*_migration.*")
RAILS_SCHEMA_GLOBS = ("db/schema.rb", "**/db/schema.rb", "db/*_schema.rb", "**/db/*_schema.rb")
SCHEMA_NAME_GLOBS: tuple[str, ...] = ("schema.sql", "*.schema.sql", "structure.sql",
                                      "schema.rb", "schema.prisma", "*.prisma")
ADR_DIRS = frozenset({"adr", "adrs", "decisions", "architecture-decisions", "decision-records"})
DOC_NAME_SUBKINDS: dict[str, str] = {
    "readme*": "readme", "changelog*": "changelog", "changes*": "changelog",
    "history*": "changelog", "contributing*": "contributing", "code_of_conduct*": "policy",
    "security*": "policy", "license*": "license", "copying*": "license", "notice*": "license",
    "*_license": "license", "*-license": "license",  # xarray's licenses/DASK_LICENSE
    "*-notices": "license", "*_notices": "license",  # pymongo's THIRD-PARTY-NOTICES
    "authors*": "authors", "credits*": "authors", "runbook*": "runbook",
    "copyright": "license",  # Debian's machine-readable debian/copyright, a root COPYRIGHT
    "install*": "install_guide",
}
CONTRACT_EXTENSIONS: dict[str, str] = {".proto": "protobuf", ".graphql": "graphql",
                                       ".gql": "graphql", ".avsc": "avro_schema",
                                       ".wsdl": "wsdl", ".xsd": "xml_schema",
                                       # RELAX NG's XML syntax (lxml 6.1.3's iso-schematron.rng)
                                       ".rng": "relax_ng_schema",
                                       # an XML DTD: the elements and attributes a document
                                       # type allows (docutils 0.23.1's docs/ref/docutils.dtd)
                                       ".dtd": "dtd_schema"}
CI_FILES: dict[str, str] = {
    ".gitlab-ci.yml": "gitlab_ci", "jenkinsfile": "jenkins", ".travis.yml": "travis_ci",
    # a project's other pipelines: `Jenkinsfile.release`, `deploy.jenkinsfile`
    "jenkinsfile.*": "jenkins", "*.jenkinsfile": "jenkins",
    "azure-pipelines.yml": "azure_pipelines", "bitbucket-pipelines.yml": "bitbucket_pipelines",
    ".drone.yml": "drone_ci", "cloudbuild.yaml": "cloud_build", "cloudbuild.yml": "cloud_build",
    "appveyor.yml": "appveyor", ".pre-commit-config.yaml": "pre_commit",
    "tox.ini": "tox", "codecov.yml": "codecov", ".codecov.yml": "codecov",
}
CI_DIRS = frozenset({".circleci", ".buildkite", ".woodpecker"})
DOCKER_FILES: dict[str, str] = {
    "dockerfile": "dockerfile", "containerfile": "dockerfile", "dockerfile.*": "dockerfile",
    "*.dockerfile": "dockerfile", "docker-compose*.yml": "docker_compose",
    "docker-compose*.yaml": "docker_compose", "compose.yml": "docker_compose",
    "compose.yaml": "docker_compose", ".dockerignore": "dockerignore",
}
INFRA_DIRS = frozenset({"k8s", "kubernetes", "manifests", "deploy", "deployment", "helm",
                        "charts", "terraform", "infra", "infrastructure", "ansible", "kustomize"})
LOG_NAME_GLOBS: tuple[str, ...] = ("*.log", "*.log.[0-9]*", "*.out", "debug.txt", "nohup.out",
                                   "erl_crash.dump",  # the Erlang VM's dump of a crashed node
                                   "npm-debug.log*", "yarn-error.log*")
LOG_DIRS = frozenset({"logs", "log"})
TABULAR_LANGUAGES = frozenset({"csv", "tsv", "parquet"})
# Formats whose chunker decodes what it indexes from a container (a notebook's cells from its
# JSON): read whole up to max_notebook_bytes; max_file_bytes bounds what is decoded.
DECODED_LANGUAGES = frozenset({"jupyter"})
# Tool settings with little knowledge in them: recorded, not embedded.
TOOL_CONFIG_NAMES = (".gitignore", ".gitattributes", ".gitmodules", ".editorconfig",
                     ".npmignore", ".eslintignore", ".prettierignore", ".nvmrc",
                     ".python-version", ".tool-versions", ".mailmap", ".styluaignore",
                     ".perlcriticrc", ".perltidyrc", ".proverc",
                     # a CPAN distribution's file list and what `make manifest` leaves out
                     "MANIFEST", "MANIFEST.SKIP",
                     # scalafmt's and Scalafix's rules, the JVM's and sbt's flags
                     ".scalafmt.conf", ".scalafix.conf", ".jvmopts", ".sbtopts",
                     # GHCi's start-up commands; ocamlformat's, ocp-indent's and Merlin's settings
                     ".ghci", ".ocamlformat", ".ocamlformat-ignore", ".ocp-indent", ".merlin",
                     ".JuliaFormatter.toml",  # JuliaFormatter's style settings
                     # PEP 561's marker that a package ships type hints (empty or `partial`);
                     # the commits `git blame` skips (Linguist's Git Revision List)
                     "py.typed", ".git-blame-ignore-revs")
# ProGuard's and R8's rules for an Android build (`proguard-rules.pro` beside the app's
# build.gradle, a library's `consumer-rules.pro` shipped to the apps that use it): which classes
# survive shrinking and obfuscation (`-keep class expo.modules.location.taskConsumers.** { *; }`).
# Linguist vendors `proguard-rules.pro` (Android Studio's copy holds only comments); a `.pro` is
# QMake's or Prolog's elsewhere.
PROGUARD_NAMES = ("proguard-rules.pro", "proguard.pro", "consumer-rules.pro", "proguard-*.pro",
                  "*-proguard-rules.pro", "proguard-*.cfg", "proguard-project.txt")
# Tools' settings written in a programming language (Lua tables): configuration, not source.
CODE_CONFIG_NAMES = (".luacheckrc", ".busted", ".luacov", "config.ld",
                     # Elixir's formatter, Credo's and IEx's settings
                     ".formatter.exs", ".credo.exs", ".iex.exs",
                     ".ocamlinit",  # the OCaml toplevel's start-up script
                     # Leiningen's profiles (a project's `profiles.clj`, the user's
                     # `~/.lein/profiles.clj`): a map of settings merged into project.clj
                     "profiles.clj")
# Settings of an Elixir or Erlang application and its release: Mix's `config/*.exs`
# (config.exs, dev.exs, prod.exs, runtime.exs), a release's `sys.config` and the Erlang VM's
# flags `vm.args` (the node's name and cookie), and their `.src` templates.
BEAM_CONFIG_GLOBS = ("config/*.exs", "**/config/*.exs", "sys.config", "sys.config.src",
                     "vm.args", "vm.args.src")
# VS Code's committed project settings (Linguist vendors `.vscode`, for its statistics only):
# launch.json (how the debugger starts the app), tasks.json (build and test commands),
# settings.json, extensions.json; a multi-root workspace file
VSCODE_SETTINGS_GLOBS = (".vscode/*.json", "**/.vscode/*.json", "*.code-workspace")
# ... and a JetBrains IDE's shared ones (SKIPPED_DIR_FILES hands them in from `.idea/`)
JETBRAINS_SETTINGS_GLOBS = tuple(f"{top}.idea/{name}" for top in ("", "**/")
                                 for name in SKIPPED_DIR_FILES[".idea"])
# The Scala build's own code: sbt compiles `project/*.scala` (Dependencies.scala, a plug-in's
# settings) into the build, not the application
SBT_BUILD_GLOBS = ("project/*.scala",)
# Typesafe Config's settings in HOCON (Akka, Play, Slick, Spark read them): an application's
# `application.conf`, a library's defaults `reference.conf`
HOCON_NAMES = ("application.conf", "application.*.conf", "reference.conf")
# `.dist` files the tool reads itself when the local copy (git-ignored, per developer) is absent:
# the project's committed configuration, not a sample of it (PHPUnit, PHP_CodeSniffer, PHPStan,
# Psalm, Behat, Infection, PHPBench).
DIST_CONFIG_NAMES = ("phpunit.xml.dist", "phpcs.xml.dist", ".phpcs.xml.dist", "phpstan.neon.dist",
                     "phpstan.dist.neon", "psalm.xml.dist", "behat.yml.dist",
                     "infection.json.dist", "infection.json5.dist", "phpbench.json.dist")
# Files Xcode writes and rewrites itself (its project, workspace and scheme XML, Interface
# Builder's documents; Linguist's generated.rb xcode_file? names .nib, .xcworkspacedata and
# .xcuserstate): recorded, not embedded. -> subkind
XCODE_GENERATED_EXTENSIONS: dict[str, str] = {
    ".pbxproj": "xcode_project", ".xcworkspacedata": "xcode_workspace",
    ".xcuserstate": "xcode_user_state", ".xcscheme": "xcode_scheme",
    ".storyboard": "interface_builder", ".xib": "interface_builder", ".nib": "interface_builder",
}
# Visual Studio's per-user files (GitHub's VisualStudio.gitignore): a project's `.csproj.user`,
# the solution's `.suo`, a publish profile's `.pubxml.user` (its encrypted password): excluded
VISUAL_STUDIO_USER_GLOBS = ("*.user", "*.suo", "*.userosscache", "*.sln.docstates")
# .NET resources in another culture (`Strings.fr.resx`, `Strings.zh-Hans.resx`): translations of
# the neutral `Strings.resx`, which holds the text they translate
RESX_TRANSLATION_GLOBS = ("*.??.resx", "*.??-*.resx")
# One language's strings among a folder of them, as JSON named by a language code (`de.json`,
# `pt-BR.json`, `zh_Hans.json`; layout.LOCALE_TRANSLATION): javascript-time-ago 2.6.4's 335
# `locale/*.json` (4,407 pieces, 47% of the package), mathjax 4.1.3's `sre/mathmaps/*.json`
# (speech rules per language, 11,518 pieces, 99%), i18n-iso-countries 7.14.0's `langs/*.json`
# (country names in 79 languages, 1,615). English's (`en.json`, `en-US.json`) holds the text
# the others translate and stays; a folder of fewer is no translation set.
# ... or as a script of JavaScript or TypeScript (or its declarations) one per language
# (handsontable 18.1.1's `languages/de-DE.js`, a UMD build of `i18n/languages/de-DE.js`, and its
# `.d.ts`: 64 files, 1,000 pieces; moment's and dayjs' `locale/*.js`), English's kept as well
LOCALE_FILE = re.compile(r"([a-z]{2,3})(?:[-_](?:[a-z]{2,4}|\d{3}|[a-z\d]{5,8}))*"
                         r"(\.json|(?:\.d)?\.[mc]?[jt]s)")
# ... the code alone or with a region or a script (`de.js`, `pt-br.js`, `zh-hant.json`, `es-419`):
# the form counted among a folder's translations (a file of any LOCALE_FILE form in such a
# folder is one: moment's `locale/ku-kmr.js`, `oc-lnc.js`). A script is one CLDR's locale names
# use (ISO 15924): `de-dupe.js` is no German in a script "dupe"
LOCALE_SCRIPTS = ("latn|cyrl|hans|hant|arab|deva|guru|beng|mong|tfng|adlm|vaii|olck|mtei|geor"
                  "|armn|grek|hebr|thaa|ethi|khmr|laoo|mymr|sinh|taml|telu|knda|mlym|orya|gujr")
LOCALE_FILE_PLAIN = re.compile(r"([a-z]{2,3})(?:[-_](?:" + LOCALE_SCRIPTS + r"|[a-z]{2}|\d{3}))?"
                               r"(\.json|(?:\.d)?\.[mc]?[jt]s)")
LOCALE_SIBLINGS_MIN = 5
# ... or a folder of as many files named by a language and a region in capitals (`en-GB.json`,
# `fr_CA.json`, `es-419.json`) in at least LOCALE_REGIONAL_LANGUAGES_MIN languages: an app's
# translations kept per market (en-US, en-GB, fr-FR, fr-CA, de-DE, de-AT: 3 languages, 6 files);
# the capitals tell a region from a word (`no-op.js`, `to-do.js` are no Norwegian or Tongan)
LOCALE_FILE_REGIONAL = re.compile(r"([a-z]{2,3})[-_](?:[A-Z]{2}|\d{3})"
                                  r"(\.json|(?:\.d)?\.[mc]?[jt]s)")
LOCALE_REGIONAL_LANGUAGES_MIN = 2
LOCALE_SOURCE_LANGUAGE = "en"
# ... or as Python, a folder per language holding its word lists (layout.LOCALE_WORD_LIST:
# faker's `providers/person/de_DE/__init__.py`): a module with this many words, its functions
# under this share of its lines (faker's `address/it_IT/`: 34 of 17,659; `ssn/it_IT/`: 162 of
# 8,192 in 13 methods, checksums and codes: code)
LOCALE_WORD_LIST_CODE_SHARE = 0.05
LOCALE_FOLDER = re.compile(r"([a-z]{2,3})(?:[-_](?:[a-z]{4}|[a-z]{2}|\d{3}))*")
LOCALE_WORD_LIST_MIN_STRINGS = 100
# (a word: a string of letters, spaces, dots, dashes, no digit, `%` or brace: `"Abbas"`, `"Straße"`;
# Django's `conf/locale/nl/formats.py` holds 139 strings, but formats: `"%d-%m-%Y"`)
WORD_STRING = re.compile(r"""["'][^\W\d_][^"'\\\n%{}\d]*["']""")
PYTHON_FUNCTION = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]", re.M)
PYTHON_DEFINITION = re.compile(r"^[ \t]*(?:(?:async[ \t]+)?def|class)[ \t]", re.M)
# A big Python module that is one table of literals (checks.LITERAL_TABLE: faker's
# `decode/codes.py`): this big, its head's lines mostly lone literal elements
LITERAL_TABLE_MIN_BYTES = 32 * 1024
LITERAL_TABLE_SHARE = 0.9
LITERAL_LINE = re.compile(
    r"""[ \t]*(?:[rbuRBU]?(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|-?(?:0x)?[\d.]+[\w.]*"""
    r"""|\((?:[^()\n])*\))[ \t]*,?[ \t]*(?:#.*)?""")
_LANGUAGE_CODES = (
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu "
    "cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho "
    "hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv "
    "kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr "
    "nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq "
    "sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh "
    "yi yo za zh zu "  # ISO 639-1, then CLDR's three-letter locales
    "ast ceb chr ckb fil fur gsw haw kab kea kok mai mni nds nso sah sat scn smn yue zgh")
LANGUAGE_CODES = frozenset(_LANGUAGE_CODES.split())
# Apple's translation catalogs (`"key" = "text";` lines, a plist of plural rules, Xcode 15's
# JSON string catalog): like gettext's, recorded, not embedded.
APPLE_STRINGS_EXTENSIONS = frozenset({".strings", ".stringsdict", ".xcstrings"})
# An asset catalog's Contents.json files list its images for Xcode: asset metadata.
ASSET_CATALOG_GLOBS = ("**/*.xcassets/**/Contents.json",)
TEMPLATE_DIRS = frozenset({"templates", "template", "layouts", "partials", "views"})
# HTML templates wherever they lie: Phoenix 1.7 keeps a controller's in `page_html/` beside it
# (`lib/shop_web/controllers/page_html/home.html.heex`)
HTML_TEMPLATE_NAMES = ("*.heex", "*.leex", "*.sface", "*.html.eex")

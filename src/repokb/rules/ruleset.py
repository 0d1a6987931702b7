"""The built-in classification rules, as data, in SPEC §2 precedence (see engine.Tier).

Read top to bottom: the first terminal rule that holds decides. Facts (names, extensions,
directories, markers) live in tables.py; the few computed facts are small functions below.
Changing what a rule decides changes `CLASSIFIER_VERSION`, so catalogs re-classify (and so
does a change of what redaction finds: `secret_patterns.REDACTION_VERSION`).
"""

from __future__ import annotations

from repokb import formats
from repokb.models import Kind, Policy, Role
from repokb.rules import secret_patterns
from repokb.rules import tables as T
from repokb.rules.checks import (
    ALWAYS,
    ANY_SECRET,
    BINARY,
    CERTIFICATE,
    CREDENTIAL_DUMP,
    EMPTY,
    HELM_CHART_TEMPLATE,
    INVALID_UTF8,
    KUBERNETES_SECRET_REFERENCES,
    KUBERNETES_SECRET_VALUES,
    LARGE,
    LARGE_TABLE,
    LITERAL_TABLE,
    NOT_TEMPLATE,
    OPENCV_STORAGE,
    PEM_PRIVATE_KEY,
    PRIVATE_KEY_FILE,
    PUBLIC_KEY_MATERIAL,
    SECRET_NAME_CONTENT,
    SECRET_PATH,
    SECRET_WORD_NAME,
    SMARTY_TEMPLATE,
    TEMPLATE,
    UNREADABLY_LARGE,
    _magic,
)
from repokb.rules.copies import (
    DOWNLEVEL_DECLARATIONS,
    ES_BUILD_TWIN,
    HASHED_CHUNK,
    JSON_MODULE_COPY,
    PACKAGE_ENTRY_STUB,
    PATCHED_COPY,
    PROTOBUF_JSON_SCHEMA,
    READABLE_BUILD_DECLARATION,
    ROLLUP_OUTPUT,
    SCRIPT_ENTRY_STUB,
    SPHINX_SOURCE_COPY,
    TEXT_RENDERING,
    UMD_BUNDLE,
    WRAPPED_MODULE,
)
from repokb.rules.distapi import DIST_BUNDLE, DIST_DECLARATIONS, DIST_LEFT, SOLE_TRANSPILED
from repokb.rules.engine import (
    AnyOf,
    CaseName,
    Condition,
    Constraint,
    Dir,
    Ext,
    Fact,
    Glob,
    Lang,
    Name,
    Not,
    Rule,
    Sniff,
    Then,
    Tier,
)
from repokb.rules.flowtwins import FLOW_TWIN
from repokb.rules.generated import (
    BUNDLER_OUTPUT,
    DIGEST_LIST,
    DOWNLEVEL_COPY,
    GOLDEN_INPUT,
    INSTALLED_MANUAL_PAGE,
    MODULE_FORMAT_COPY,
    NOTEBOOK_COPY,
    ONE_LINE_BLOB,
    PIP_COMPILE_SOURCE,
    RENDERED_DOCS,
    SELF_NAMED_GENERATED,
    SVG_PATH_DATA,
    TWINNED_DISTRIBUTION_BUILD,
    TYPESCRIPT_LIB,
    VENDORED_LIBRARY,
)
from repokb.rules.jsdeclarations import EXPANDED_TWIN, GENERATED_TWIN, JS_DECLARED
from repokb.rules.layout import (
    ANDROID_PICTURE,
    ANDROID_TRANSLATION,
    COPIED_PROJECT,
    EXAMPLE_DIR,
    ICON_MODULE,
    IN_HELM_CHART,
    LOCALE_DATA_FOLDER,
    LOCALE_TRANSLATION,
    LOCALE_WORD_LIST,
    OWN_REQUIREMENTS,
    RELEASE_SNAPSHOT,
    SERVICE_DEFAULTS_DIR,
    SITE_SCRIPT,
    STDLIB_TEST_COPY,
    TEST_DATA,
    TEST_LAYOUT,
)
from repokb.rules.linguist import LinguistGenerated, LinguistPath, LinguistVendoredTwin
from repokb.rules.misnamed import MIGRATION_FOLDER, NEWS_FRAGMENT, OWN_EXTERNALS
from repokb.rules.twins import BUILD_EVIDENCE, COMPILED_TWIN
from repokb.rules.variants import KEPT_BESIDE, VARIANT_EVIDENCE, VARIANT_KEPT

# the rules' own version, then the redactor's (a file indexed under an older one is re-read)
# (0.3.5: notebooks are indexed, their cells read by the notebook chunker; LaTeX, assembly,
# pip-tools requirements and certificates are known; module-format variants are skipped)
# (0.3.6: a notebook is read whole up to max_notebook_bytes, not max_file_bytes)
# (0.3.7: C templates (`.c.src`), Meson build files and Fortran are known; CMakeLists.txt is
# CMake, not text;
# one long line is minified code only when long lines make half of the head; a
# library copied into a libs/ folder is vendored; JSON on one line is data from 32 KB)
# (0.3.8: the root .gitattributes' linguist-vendored / -generated / -documentation lines and
# their negations decide as on GitHub: rules/gitattributes.py)
# (0.3.10: a licence file per licence, `LICENSE-MIT`, `LICENSE-APACHE`, is documentation; a
# file named as a test runner collects tests, `test_fixture.py`, is a test, not a fixture;
# `.cargo/config` is TOML; "this file is auto-generated" in any case marks generated code)
# (0.3.11: Bundler's `.bundle/config` is a credentials file, blocked as `.npmrc` is)
# (0.3.12: Twig and Blade templates, `show.html.twig`, `welcome.blade.php`, are the format
# before the engine's suffix, HTML by default; "this class has been auto-generated" (Symfony's
# compiled container) marks generated code; PHP tools' committed `.dist` configuration,
# `phpunit.xml.dist`, is configuration, not a sample)
# (0.3.13: a JVM package below `src/main/java` is no layout: `com/example/app/` is neither
# example code nor, `org/x/test/`, a test; `.cmake` is CMake; Android lint's baseline and
# "Generated file. Do not edit" headers are generated; Gradle's version catalog is a manifest;
# NDK build trees `.cxx/` and `.externalNativeBuild/` are skipped; Android's machine-local
# `local.properties` and its signing `keystore.properties` are secret files, blocked; Android
# drawables are assets, `values-fr/` translations data, `AndroidManifest.xml` a manifest)
# (0.3.13, also: Lua's tool settings, `.luacheckrc`, `.busted`, `.luacov`, LDoc's `config.ld`, are
# Lua configuration; a LuaRocks `.rockspec` is a Lua dependency manifest; busted's `*_spec.lua`
# is a test wherever it lies; a Neovim plugin's `.vim` is Vim script, `.luarc.jsonc` JSON)
# (0.3.13, also: a `.m` with no Objective-C mark and MATLAB's `%` comment or `function` line is
# MATLAB, and a `.h` with C++'s marks (`template <`, `namespace x`, `std::` ...) C++: Linguist's
# heuristics)
# (0.3.14: .NET: `.vs/` and MSBuild's `bin/Debug`, `obj/` output skipped; `.sln`, `.fsproj`,
# `.nuspec`, `packages.config`, `Directory.Packages.props` manifests; app/web/NuGet `.config`,
# MSBuild `.props`/`.targets`, publish profiles XML configuration; `.resx` resources (another
# culture's: translations); `.xaml` and Razor `.cshtml`/`.razor` source markup; F# and VB.NET
# code, `.csx`/`.cake` C#; `*.g.cs`, `*.g.i.cs` generated; Visual Studio's `*.user`/`.suo`
# per-user state; a strong-name `.snk` is a private key, blocked)
# (0.3.14, also: a CPAN distribution's files: `*.t` Perl tests, `.pod` Pod documentation, `.psgi`
# Perl; Makefile.PL, Build.PL, cpanfile, dist.ini and META.json/yml dependency manifests,
# cpanfile.snapshot Carton's lockfile; MYMETA.* and MakeMaker's Makefile generated; `.pause` a
# secret file; MANIFEST, MANIFEST.SKIP, .perltidyrc, .perlcriticrc, .proverc tool settings;
# Mojolicious' `.ep` and Template Toolkit's `.tt` templates)
# (0.3.14, also: Elixir and Erlang: Mix's `config/*.exs`, a release's `sys.config` and `vm.args` are
# configuration; `rebar.config`, `*.app.src` manifests, `rebar.lock` a lockfile; `.hrl` Erlang;
# `_build/`, `.elixir_ls/`, `.rebar3/` skipped; `.formatter.exs`/`.credo.exs` tool settings;
# `.erlang.cookie`, `*.secret.exs` (Phoenix's prod.secret.exs) and Hex's `hex.config` blocked;
# EEx/HEEx templates, `home.html.heex`, are HTML templates wherever they lie)
# (0.3.15: Scala and sbt: `.sc` and `.sbt` are Scala; `build.sbt`, `*.sbt` and `project/*.scala`
# are the build's definition (dependency manifests); `*Spec.scala`, `*Test.scala`,
# `*Suite.scala` tests wherever they lie; `application.conf`/`reference.conf` HOCON settings;
# `.bsp/`, `.metals/`, `.bloop/` skipped; `.sbt/.credentials`, `.ivy2/.credentials` blocked as
# credentials files; `.scalafmt.conf`, `.scalafix.conf`, `.jvmopts`, `.sbtopts` tool settings)
# (0.3.15, also: the folders skipped for a marker they hold are one table (tables.MARKER_SKIP_DIRS):
# an upload under one (`bin/Debug/...`, a virtualenv's, Carton's local/, a vendored crate) is
# recorded as the walk records its folder; MSBuild's `Debug`/`Release` markers are folders)
# (0.3.15, also: data-science credential files blocked: `kaggle.json`, `.databrickscfg`, gcloud's
# `application_default_credentials.json`, `.boto`, `.s3cfg`, `.my.cnf`, Hugging Face's
# `huggingface/token`)
# (0.3.16: Haskell and OCaml projects: `*.cabal`, `cabal.project(.local)`, `stack.yaml`, hpack's
# `package.yaml`, `dune-project`, `dune-workspace`, `dune` files, `*.opam` and findlib's `META`
# are dependency manifests; `cabal.project.freeze`, `stack.yaml.lock`, `*.opam.locked`
# lockfiles; `dist-newstyle/`, `.stack-work/` skipped as build output and a project's opam
# switch `_opam/` as installed packages; `.mli` OCaml interfaces, `.lhs` literate Haskell,
# `.hs-boot`/`.hsc` Haskell, `.mll`/`.mly` ocamllex/ocamlyacc; `*Spec.hs` tests; `.ghci`,
# `.ocamlformat`, `.merlin`, `.ocp-indent` tool settings, `.ocamlinit` OCaml configuration;
# `dune-package` generated; cabal's `~/.cabal/config` (Hackage's password) blocked)
# (0.3.17: Julia packages: `.jl` is Julia (it was unknown, excluded; test/*.jl test fixtures);
# `Project.toml`/`JuliaProject.toml` and `Artifacts.toml` dependency manifests, Pkg's
# `Manifest.toml` (`JuliaManifest.toml`, `Manifest-v1.11.toml`) a lockfile, `.JuliaFormatter.toml`
# a tool setting; Dart's `.dart_tool/` skipped; PowerShell's `.psm1` script modules and `.psd1`
# data files are PowerShell (they were unknown), a `.psd1` a module manifest, `*.Tests.ps1`
# Pester tests wherever they lie; Dart's `*_test.dart` and Flutter's `integration_test/` tests,
# mockito's `*.mocks.dart`, auto_route's `*.gr.dart`, the plugins' registrants and
# `.flutter-plugins(-dependencies)` generated)
# (0.3.18: `Jenkinsfile.*` and `*.jenkinsfile` are Jenkins pipelines, CI configuration in
# Groovy, as `Jenkinsfile` is; they were unknown, excluded; Gradle's
# `gradle/wrapper/gradle-wrapper.properties` is configuration, the Gradle the build runs: Linguist's
# vendored gradle/wrapper/ keeps its jar)
# (0.3.19: f2py signature files (.pyf), .f18 and .ftn are Fortran)
# (0.3.20: SvelteKit's `.svelte-kit/` and Nuxt 3's `.output/` are build output, skipped: a
# server bundle in `.output/server/chunks/` was indexed as source)
# 0.3.21: Solidity (.sol) is a language, Foundry's `*.t.sol` tests; Hardhat's artifacts/ and
# Foundry's out/ (build-info/, a `Token.sol/` folder of ABI and bytecode), their cache/
# (solidity-files-cache.json) skipped as build output, Foundry's lib/ (forge-std) as vendored,
# TypeChain's typechain-types/ generated; remappings.txt is configuration (`prefix=path` lines);
# an Ethereum keystore (encrypted key JSON: geth's UTC--..., `cast wallet import`) blocked
# (0.3.22: a key opening with `existing` (Helm's `existingSecret: redis-creds`) names where a
# secret is kept, no secret-like value: such a file's reasons no longer say redaction)
# (0.3.23: tools' settings under an extension-less dot-name are JSON, YAML or INI configuration
# (`.eslintrc`, `.prettierrc`, `.stylelintrc`, `.graphqlrc` by their text; `.nycrc`, `.babelrc`,
# `.jshintrc`, `.swcrc` JSON; `.clang-format` YAML; `.coveragerc`, `.flake8`, `.pylintrc`,
# `.browserslistrc` INI): they were unknown, excluded; `.nix`, `.applescript`, `.lark` are
# source; `py.typed`, `.git-blame-ignore-revs` tool settings; a JS/CSS file longer than the
# head whose last lines name a source map (mocha's 670 KB `mocha.js`) is generated, as
# Linguist's has_source_map says; "DO NOT MODIFY ... Automatically generated" marks generated code;
# systemd's `.service`/`.socket`/`.timer` units INI configuration, `TODO` and `THANKS` text,
# `latexmkrc` Perl)
# (0.3.24: a JavaScript file from 32 KB opening with esbuild's module helpers or webpack's
# bootstrap is a bundle, generated (prettier's 737 KB `index.mjs`); a reST comment
# (`.. this file is autogenerated by X`) marks a generated document as a code comment does;
# Yarn's `.yarnrc` and `.yarnrc.yml` are credentials files, blocked as `.npmrc` is;
# `noxfile.py` and a root `fabfile.py` are Python source, chunked as Python (nox's sessions
# were CI text, Fabric's tasks vendored); the Transifex client's `.tx/config` is INI; a last
# line longer than the tail is read from its start for has_source_map: an inline source map)
# (0.3.25: a pip requirements list below a `requirements/` folder is a dependency manifest, not
# vendored by a `deps/` folder below it (celery's `requirements/deps/mock.txt`); Linguist's React
# rule leaves a `react.js` below a `config/` or `rules/` folder alone (eslint-plugin-import's
# `config/react.js`, a linter's shareable config); Yarn 2+'s `.yarnrc.yml` is YAML configuration,
# indexed with `npmAuthToken` and `npmAuthIdent` redacted, no longer blocked as a credentials file;
# lodash-cli's banner (``Build: `lodash core ...` ``) marks a custom build generated (lodash's
# `core.js`); a file with no extension opening a line with a JavaScript module's statement is
# JavaScript (yargs' entry file `yargs`, unknown before); a Smarty `.tpl` (its `{include ...}`,
# `{$x}`, `{/if}` tags, or HTML with no `{{`) is an HTML template: Smarty 3.1.47's were unknown;
# an upload of a file's head only (left out by its client) has no tail: the rules on
# last lines no longer read the head's end as the file's; a signal says its end was not seen)
# (0.3.26: a file encrypted by `ansible-vault encrypt` (`$ANSIBLE_VAULT;1.1;AES256`) is blocked,
# whatever its name: its hex ciphertext was indexed as deployment configuration; Terraform's
# `.terraform/` and Terragrunt's `.terragrunt-cache/` are skipped as vendored: registry modules'
# copies were indexed as the project's own Terraform; Terraform state under another name
# (`terraform state pull > prod.json`, `prod.tfstate.json`) and `terraform show -json` output are
# blocked by their content: a `random_password`'s `result` was stored)
# (0.3.26 also, cpp27: Linguist's other C++ extensions (.inl, .ipp, .tpp, .tcc, .txx, .hxx, .h++,
# .c++, .cppm, .ixx, .ino) are C++, CUDA's .cu/.cuh are cuda; a .h with a scoped enum is C++;
# an amalgamation (SQLite's banner, a C++ library's single_include/) is generated)
# (0.3.26 also, datasci27: R Markdown `.Rmd`/`.Rmarkdown` and Quarto `.qmd` are Markdown, unknown
# before; R's
# `.Renviron` is an env file, blocked; Jupyter's `.ipynb_checkpoints/` and RStudio's
# `.Rproj.user/`, Quarto's `_freeze/` and `.quarto/` are skipped, `dbt_packages/` vendored,
# renv's `renv.lock` is a lockfile, an R package's DESCRIPTION its manifest; SQL under dbt's
# `snapshots/` is source, not a test fixture)
# (0.3.27, k8s28: a Kubernetes file is blocked for its Secrets only when every object in it is
# a Secret with values written in it; a Secret among other objects (a Deployment, its Service),
# in a Helm template or a List is indexed with its values redacted, and says so; a Helm chart's
# `templates/secret(s).yaml` is judged by its content, not its name; JSON Secrets read too)
# (0.3.28, linguist29: a file no table of repokb's names is read as GitHub Linguist's
# languages.yml reads it (formats.LINGUIST): Bazel's BUILD files, Zig, Gherkin, HTTP request
# files, man pages ... were excluded as "unknown format"; an extension Linguist gives to
# languages repokb would read differently stays unknown)
# (0.3.28 also, secrets29: a YAML file named like a secret store outside a chart's `templates/`
# (`secrets.yaml`, `secret.yml`, `mysql_secret.yml`) is judged by its content: Kubernetes objects
# as any manifest (a Secret of written values only still blocked), values all references,
# ciphertext or empty (`${NAME}`, SOPS' `ENC[...]`, `!vault`, CRE's variable names) indexed;
# Kapitan's `?{gpg:...}` is a reference in a Secret)
# (0.3.28 also, newfmt29: `_netrc` and JetBrains' `http-client.private.env.json` are credential
# files, blocked; Hurl is a request file as `.http` is: configuration, not code)
# (0.3.29, session 30: a .gitattributes line `* linguist-vendored` or `** ...` (a vendored
# folder's own) marks every file below it, as git check-attr says; it marked none;
# `linguist-language=NAME` gives the files that language: `*.inc linguist-language=PHP`)
# (0.3.29 also, secrets30: a JSON file named like a secret store (`secrets.json`,
# `*.secrets.json`) is judged by its content as YAML's is (a JSON Schema, Kubernetes objects,
# values all references, empty or placeholders indexed; .NET's user-secrets and any written
# value keep the block))
# (0.3.29 also, newfmt30: a `.cue` (CUE or a cue sheet), `.spec` (RPM, PyInstaller or a
# gem's), `.ks` (Kickstart) and a `.mak` of Mako are told by their content
# (rules/heuristics.py); `.gdbinit` is GDB; Bruno's `.bru` requests are configuration as `.http`
# files are, a template of one (`request.bru.j2`) too; a Gherkin `.feature` is a test wherever
# it lies but in an examples folder)
# (0.3.29 also, newuser30: a folder named like build output that holds `mod.rs` is a Rust module,
# walked (maturin's `src/target/`); rust-bindgen's and cbindgen's headers mark generated code)
# (0.3.29 also, flow31: a `.js.flow` file, the Flow-typed source an npm package ships beside its
# compiled `.js` (metro 0.59: 134 of them), is JavaScript; it was unknown and excluded)
# (0.3.29 also, misc31: a folder named like build output that holds a `.go` file is a Go
# package, walked (Go's `src/go/build/`, `src/cmd/dist/`), Linguist's `(^|/)dist/` leaves its
# `.go` files; bash completion scripts are shell (`django_bash_completion`,
# `bash_completion.d/`, `complete -F`); a `.mako` page is Mako source, not a template copy)
# (0.3.30, decisions31: an extension-less file whose text opens a JSON object is JSON
# (jsonschema-specifications' vocabularies `core`, `applicator` ...: they were unknown, lost)
# (0.3.30 also: `index.html.mako`, `feed.xml.mako` are Mako pages, cut by their `<%def>`s; they
# were read as the HTML they render)
# (0.3.30 also: pkg-config's `libfoo.pc` (by its `Name:`/`Libs:` keywords: Pro*C shares `.pc`)
# and `.pc.in` are build configuration, and Linguist's two-part extensions (`.pc.in`, `.h.in`,
# `.cmake.in`) are asked before the last one; they were unknown, left out)
# (0.3.30 also: webpack's extracted license comments `*.js.LICENSE.txt` are generated, metadata
# only; they were indexed as the project's documentation)
# (0.3.30 also: a `.js` Babel compiled from the `.js.flow` beside it (metro's 144 modules) is a
# build artifact, its Flow source indexed; React Native's `.js.flow` declarations keep their `.js`)
# (0.3.30 also: a `build/` holding `package/`, `ci/`, a Dockerfile or a shell script is the Go
# layout's packaging and CI configuration, walked; it was skipped as build output)
# (0.3.30 also: debhelper's `debian/*.bash-completion` is a list of files (text, configuration
# recorded only), not shell; a nested debian/'s was indexed as shell source)
# (0.3.30 also: an extension-less list in a requirements/ folder is pip requirements (falcon's
# requirements/tests); Linguist's `.indent.pro` is GNU indent's file only, not jsx-indent-props.js)
# (0.3.30 also: an unpacked sdist honours no .gitignore (cyclopts' README.md); npm's lowercase
# `license` is a license; a RELAX NG `.rng` is a contract, as an `.xsd` is)
# (0.3.30 also: setuptools-scm's / vcs-versioning's version module is generated; a license
# under an extension no table knows (`COPYING.LESSER`) is text, the project's license)
# (0.3.30 also (newuser32): Spring's META-INF/spring.factories is properties configuration;
# `.mvn/wrapper/maven-wrapper.properties` configuration, as Gradle's wrapper properties are)
# (0.3.30 also: an Expect script (`#!/usr/bin/expect`, a `.exp` whose head holds `spawn`,
# `expect "..."`, `send "..."`) is Tcl source; a `.exp` without those marks stays unknown)
# 0.3.31 (newuser33): a crate's own `.cargo-checksum.json` (crates.io's and Debian's copies) is a
# lockfile (`cargo_checksums`, metadata only), as go.sum is, not JSON configuration
# 0.3.31 also (decisions33): VS Code's `.vscode/*.json` and `*.code-workspace` are configuration
# (`vscode_settings`; Linguist's `.vscode` vendor rule kept out); DejaGnu's Tcl `.exp` (a
# `proc`, `load_lib`, `dg-runtest`, `set_board_info` ...) is Tcl; `release-notes/` text is the
# changelog, `CREDITS*` authors; `META-INF/services/*` configuration (ServiceLoader); a
# secret in an XML element is said in the decision (flags `redact`); a file whose invalid
# UTF-8 lies past the head is recorded as one whose head shows it (skipped, metadata only);
# a `.d.ts` whose tsc map names the `.js` beside it is left out (javascript_declarations);
# a Windows assembly `.manifest` (`urn:schemas-microsoft-com:asm.v1`) is XML configuration;
# `LICENSE_APACHE`, `COPYING-GPL` are licenses; a nested `debian/`'s control is a dependency
# manifest, its rules a Makefile, its changelog and copyright documents; a long indented
# keyword line (prism's, highlight.js' language definitions) does not make a file minified;
# an XML DTD (`.dtd`) is a contract (`dtd_schema`), as an `.xsd` is;
# HTML whose head holds Jinja/Django statement tags (`{% extends`, `{%- block`) is a template;
# a GNU `testsuite/` folder holds tests; a `dist-module`, `dist-esm` ... folder is build output
# 0.3.32 (newuser34): `*-autoloads.el`/`loaddefs.el` generated, `*-pkg.el`, `Cask`, `Eask`,
# `Brewfile` dependency manifests, `.elc`/`.eln`/`.zwc` build artifacts, a `tags` index
# generated, `ssh/config` and `.ssh/config` OpenSSH configuration (not unknown, not blocked);
# `.authinfo`, `authinfo`, `netrc`, `git-credentials`, `gh/hosts.yml`, `.config/hub` blocked;
# `.aliases`/`.functions`/`.exports` shell, `gitconfig`/`git/config` git config; a Vim
# plugin's `t/*.vim` tests
# 0.3.32 also (decisions34): an npm package whose only code is in dist/ (package.json's types, main,
# module or exports point there, no source outside) keeps what the manifest points at: its
# declarations (`package_declarations`) and one bundle per entry point if not minified
# (`package_bundle`), the rest of dist/ build output; they were skipped with the folder. A
# head of one-line value tables (acorn's Unicode tables) is not minified; a `.stub` (knex's
# migration templates, Laravel's make: stubs) is a source template of the language its content
# shows (PHP, TypeScript, JavaScript), it was unknown; a code file below lib/ in a migrations
# folder named without an order (knex's lib/migrations/migrate/Migrator.js; below src/ too:
# svelte's src/compiler/migrate/) is source, not a database migration; a module below lib/ or
# src/ in an `externals/` folder importing from the folder above (webpack's lib/externals/) is
# the library's; Linguist's prototype.js, effects.js, controls.js, dragdrop.js vendor rules
# spare src/ and lib/ (moment's src/lib/moment/prototype.js, svelte's effects.js); a
# package's `build/` is read as its `dist/` (idb); a module transpiled one to one from a
# source the package does not ship (sequelize's lib/, `//# sourceMappingURL` to a map of one
# `../src/x.js`) is its code, not Linguist's has_source_map generated; a Sphinx index page
# linking itself (`rel="index" href="#"`, SQLAlchemy's doc/genindex.html) is rendered docs;
# `README_STARTUP` is a readme; tsc's `*.tsbuildinfo` is generated; towncrier's news fragments
# (`newsfragments/9657.doc`, `761.bugfix`) are changelog text; a `.rpy` with a Python
# statement at a line's start is Python (Linguist's heuristic: Twisted's resource scripts);
# Linguist's `extern(al)?/` vendors only a folder so named (botocore's `backup-external/`)
# 0.3.32 also (review): a NUL byte past the head is recorded with the binary-content rule's flag
# `binary` and confidence 0.95, as a head showing it is
# 0.3.33 (decisions35): a package whose manifest names only shims of its `build/` or `dist/`
# (yargs' `index.mjs` loading `./build/lib/yargs-factory.js`) keeps what they load, tsc's module
# tree whole; distapi's cache is keyed on every folder and file it read; a `.js` beside its
# `.min.js` twin with a build tool's mark in its head (rolldown's `//#region <module>.js`,
# Babel's helpers, rollup's UMD wrapper) is generated `distribution_build` (date-fns' cdn.js,
# moment's min/; browserify's standalone build too: bluebird's js/browser/); Linguist's
# `Chart.js` vendors no file below src/ or lib/ (echarts' lib/view/Chart.js); `.leafdoc` is
# Markdown documentation (Leaflet's); `.tmux.conf` is tmux's own language, configuration; a
# file in a test folder beside its expected output `X.output` is a golden test's input (test
# fixture: Pygments' examplefiles); a `_sources/` copy beside Sphinx's searchindex.js is build
# output (alembic's rendered docs/); `FAQ` and `copyright` (as Debian installs it) are text; a
# module in an `amd/`, `cjs/`, `es/`, `esm/` ... folder whose module lies at the same path in a
# `src/` or `modules/` folder beside it is build output `module_format_copy` (underscore, ramda);
# "this file is generated by X" in the docstring that opens a Python module is a generated
# marker (Pygments' `_vim_builtins.py`; other markers a docstring quotes are not), a
# triple-quoted line below code is no comment; the Snowball compiler's header
# (`- https://snowballstem.org/`) marks generated code
# 0.3.33 also (secrets35): the head scan (`secrets.scan`) reads Twitter's, Dropbox's, an Azure SAS's
# and a Functions key's formats and `BINDPW`/`authtok` names (a file holding one is flagged redact),
# and no longer reads Vim's `'key=' . expr . '...'` as an assignment
# 0.3.33 also (newuser35): `project.clj`, `deps.edn`, `shadow-cljs.edn`, `bb.edn` dependency
# manifests (were source / configuration); Leiningen's `profiles.clj` configuration (was source);
# `.lein/credentials.clj` blocked (was indexed); a `.bib` indexed per entry (was metadata only)
# 0.3.34 (newuser36): view templates in Haml, Slim, Pug, Handlebars, Mustache, Liquid, Nunjucks,
# Latte, Edge ... are indexed HTML templates (were metadata-only assets); Rails' `db/schema.rb`
# (and `db/*_schema.rb`) a database schema, flagged generated (was generated, metadata only)
# 0.3.34 also (secrets36): a Kubernetes Secret manifest is indexed with its values redacted whatever
# its name (`secret.yaml`, `secrets.yaml`, `db.yaml`, a chart's template) and whether or not
# other objects stand beside it (a file of Secrets only was blocked whole; the same Secret beside
# a Deployment indexed); dotless credential files (`s3cfg`, `boto`, `pgpass`, `pypirc`, `npmrc`),
# Terraform's `.terraformrc` / `terraform.rc`, `.vault-token`, `aws/config`, Composer's
# `composer/auth.json` blocked (were unknown, or indexed)
# 0.3.35 (decisions37): in a library's own package (package.json's name, linguist.yml `own:`) or a
# module importing that library, Linguist's library-name rules vendor nothing (foundation-sites'
# js/foundation.*.js, select2's src/js/select2/, pydata-sphinx-theme's bootstrap.js); Babel's
# helper functions mark a distribution build beside its .min.js (Font Awesome's js/all.js);
# browserify's prelude marks a bundle (mkdocs-material's lunr/wordcut.js); a dual build's mirror
# copies (`cjs/x.cjs` of `lib/x.js`; a declaration in lib/ or browser/ with the same bytes as
# es/'s or the package's) are module_format_copy (css-tree, element-plus, typeorm); a
# declaration of a module with a generator's marker is generated (@angular/common's
# locales/*.d.ts); an SVG or a source map named after a secret is no secret store
# (`user-secret.svg`, `*CredentialsOptions.js.map`); a script below static/ in a folder with
# its own licence is a library copy, vendored (django-ckeditor's CKEditor 4); TypeScript's
# `lib.*.d.ts` copied into a project are vendored (bokeh); a manifest or lockfile in a
# fixtures/ folder is a test fixture (poetry-core); a Python module in `external/` importing
# the package above is the package's (SymPy's sympy/external/)
# 0.3.35 also (secrets37): an LDIF (`.ldif`) is configuration, indexed with its passwords redacted
#   (was unknown, excluded); a Gradle user home's `.gradle/gradle.properties` is handed to the
#   classifier though its folder is skipped, and blocked as a credentials file (was lost in the
#   folder's "Gradle cache" reason)
# 0.3.35 also (newuser37): a code file named `dockerfile.*` (Mojolicious'
#   `generate/dockerfile.pm`) is its language's source, not a Dockerfile; a `.txt` whose head is 40+
#   lines of one to three short fields (Mojolicious' html_entities.txt, a word list) is data, not
#   documentation
# 0.3.35 also (mine37): a file named as a test runner collects tests (`test_*.py`) in a
#   migrations folder is a test, not a migration (Django's 14 tests/migrations/test_*.py)
# 0.3.36 (decisions38): a JavaScript module in a `cordova/` folder reaching out of it is the
#   library's (typeorm's driver/cordova/, was vendored by Linguist's `cordova([^.]*)\.js`); cached
#   Google API discovery documents (`discovery_cache/documents/*.json`) generated, metadata only
#   (were JSON configuration); a `.js` beside its `.min.js` starting as a module above it
#   (moment-timezone's builds/) a distribution build; a package's `legacy/` build of its modules a
#   module_format_copy (pdfjs-dist); `.tcss` CSS, `.ttx` a font asset (were unknown); a module in
#   lib/ or cjs/ with a compiler's CommonJS mark (`exports.__esModule`) beside the same path in es/
#   or esm/ a module_format_copy (antd's lib/); bootstrap-icons' own CSS not Linguist-vendored in
#   its package; a JSON object of strings on one line (webpack's inlined JSON) is a value, not
#   minified code (feather-icons' dist/feather.js, its only code, was excluded); a subfolder's
#   package.json with no dependency, script or version whose entry points lie outside it is a
#   build's entry-point stub, generated (react-bootstrap's 146 were dependency manifests) a `.js`
#   beside its `.min.js` holding the head of a module in a folder below it is a distribution build
#   joining them (semantic-ui-css' semantic.js, 1,294 pieces) a JSON file of 32 KB+ whose head is
#   mostly SVG path strings is icon data, metadata only (tabler-icons' tabler-nodes-filled.json,
#   1,572 pieces, was configuration) a declaration of 64 KB+ ten times its module beside it, typed
#   with a compiler's inline `import("...")` types, is a compiler's expansion, generated (vuetify's
#   33 `lib/components/*/X.d.ts`, 9.5 MB of expanded props types, were source) `X.c.pysam.c` beside
#   `X.c` (a tool's patched copy, its tag in the name) generated (pysam's 110, 6,787 pieces);
#   Linguist's React and AngularJS names no longer cross folders (django- allauth's
#   examples/react-spa/frontend/src/, 58 files, was vendored) a licence named before `_LICENSE`
#   (xarray's licenses/DASK_LICENSE) a licence, Astropy's `.ecsv` a table (were unknown) a
#   `vendored/` folder is vendored (datasette's vendored/pint/, 1,003 pieces, was its source) a
#   generator marker in a string that code opens is no comment (sphinx-book-theme's
#   docs/scripts/update_kitchen_sink.py was generated by the marker it writes)
# 0.3.36 also (secrets38): blocked as credential files: Postfix's `sasl_passwd`, fetchmail's,
#   mutt's, msmtp's, isync's and OfflineIMAP's rc files, `.sentryclirc`, Ansible's `.vault_pass`,
#   Symfony's `*.decrypt.private.php`; a Terraform state without `lineage`/`serial` sniffed by its
#   resources' `instances` / `primary`
# 0.3.36 also (newuser38): nginx's files are language nginx (`sites-available/default`,
#   `proxy_params` were unknown and excluded; `nginx.conf` and nginx `.conf`s INI); `.sls` is YAML
#   (Salt) or Scheme by its content (was "salt/scheme"); a template with a `#!` line is its script's
#   language (DebOps' `*.fact.j2`: HTML -> Python); an Ansible play whose `- name:` comes before
#   `hosts:` and a role's task file, named like a secret, are indexed (were blocked) (also)
#   `/etc/salt/master`, `minion` are YAML and `/etc/default/*` shell (were unknown)
# 0.3.36 also (formats38): OpenVPN's `*.ovpn`, NetworkManager's `*.nmconnection` and BIND's
#   `named.conf.*` are INI configuration, their secrets redacted (were unknown, excluded: "no rule
#   matched"); an `.ovpn` with an inline `<key>` private key stays blocked (private-key-file);
#   `fstab` is INI configuration too (was unknown)
# 0.3.36 also (copies38): Babel's ES5 build of a package's module beside its source at the same path
#   in src/ a build artifact `downlevel_copy` (gsap's root Flip.js ...: 30, 3,675 -> 1,992 pieces);
#   a `.js` beside its `.min.js` and an `.mjs` entry opening with the same banner and importing its
#   modules a distribution build (swiper's 4 IIFE bundles, 3,752 -> 1,396); `esm/x.js` beside `x.js`
#   with the same code once module syntax is set aside a module_format_copy (@babel/runtime's
#   helpers/esm/, 94; `export { x as default };` set aside too)
# 0.3.36 also (mine38): the secret-content reason says the count is its head's ("secret-like
#   values in its head (3 value(s) ...)"), beside the whole text's "4 ... in the whole file"
# 0.3.37 (infra39): `/etc/default/*`, `/etc/sysconfig/*` configuration `service_defaults` (were
#   shell source); `logrotate.d/*` logrotate configuration, `ufw/applications.d/*` INI, nginx's
#   `mime.types` nginx configuration (were unknown, excluded), its charset maps `koi-utf`,
#   `koi-win`, `win-utf` data (metadata only); Salt's `map.jinja` configuration `salt_map` (HTML)
# 0.3.37 also (newuser39): a notebook's text copy beside it (`churn.md` / `.rst` / `.tex` / `.py`
#   beside `churn.ipynb`, by nbconvert's or jupytext's marks; jupytext's `churn.pct.py`, `.myst.md`,
#   `.Rmd` ... by its header) is generated `notebook_copy`, metadata only: nbconvert's Markdown
#   export held the cells' outputs (a printed token, a result's HTML table: 2 planted values
#   stored), a jupytext twin answered every question twice; Jupyter's runtime files (`kernel-*.json`
#   connection files with their HMAC `key`, `jpserver-*.json` / `nbserver-*.json` with their token)
#   are blocked as credential files (were JSON configuration); JupyterLab's `.virtual_documents/`
#   (its language server's copies of open notebooks) is skipped as `.ipynb_checkpoints/` is
# 0.3.37 also (decisions39): copies decided: gsap's root all.js/index.js (the same words as src/),
#   @babel/runtime's six helpers reassigning module.exports (set aside by same_code), recharts'
#   lib/ beside es6/, Ace's src-noconflict/ beside src/, video.js' X.es.js beside X.js, highcharts'
#   X.src.d.ts beside X.d.ts, javascript-time-ago's X.json.js beside X.json; bundles: webpack's UMD
#   library build (`return /******/`) and ES build (`;// ./x.js` notes), a build opening with
#   Babel's helpers beside the package's src/ (sortablejs' modular/), a folder of content-hashed
#   chunks (monaco's dev/vs/), an output `file:` of the package's rollup config built from an
#   `input:` it ships (codemirror 5's lib/codemirror.js); vendored: a script below static/ whose
#   opening comment names a release and a licence (django-extensions' jQuery plugins), cextern/ and
#   patched/ folders, pythoncapi_compat.h, a Python release's copied stdlib tests (gevent's
#   greentest/3.12/ with its version file); data: JSON named by a language code among 5+ such
#   files, but en.json (javascript-time-ago's locale/, mathjax's sre/mathmaps/); generated: a
#   comment opening with the file's quoted name "is auto-generated by" (pyerfa's core.py);
#   documents: `Changelog`, `NOTICES`, `THIRD-PARTY-NOTICES`, `Changelog.pycrypto` (were unknown);
#   `pylintrc_*` INI
# 0.3.37 also (secrets39): `crypttab`, `exports` and systemd-networkd's `*.netdev` / `*.network` are
#   INI configuration (were unknown); davfs2's `secrets` (`davfs2/secrets`, `.davfs2/secrets`)
#   is a blocked credentials file (was unknown); the secret-content reason names the head's
#   kinds and first line, not a count ("secret-like values in its head (password from line
#   7)"): the whole text's note gives the one count
# 0.3.37 also (decide39b): a package.json stub whose entry points are beside it, the same but for
#   its folder's name in 5+ sibling folders, is generated (javascript-time-ago's 335
#   `locale/<code>/package.json`; one alone, ionicons' `components/`, stays a manifest); scripts
#   named by a language code among 5+ of their extension are translations, as JSON's (handsontable's
#   `languages/*.js`, `i18n/languages/*.d.ts`); code whose opening copyright names a folder on its
#   path ("The mldsa-native project authors") beside that folder's own licence is vendored
#   (pycryptodome's `src/mldsa-native/`, `src/mlkem-native/`); an extension-less Ansible inventory
#   is INI, cloud-init's `user-data` YAML (were unknown), both infrastructure as `hosts.ini`
#   inventories now are; credential files' template copies (`.pypirc.template`) are sample
#   configuration, redacted (were unknown)
# 0.3.38 (mobile40): ProGuard/R8 rules (`proguard-rules.pro`, `consumer-rules.pro`,
#   `proguard-*.pro`) are configuration, indexed: Linguist vendors `proguard-rules.pro` at any
#   depth, so an Android library's `-keep class ...` rules were excluded as vendored; Apple's
#   PKCS#8 keys (`AuthKey_<KEYID>.p8`, `SubscriptionKey_*.p8`, any `.p8` holding a private key
#   block) are blocked (were PICO-8's Lua source, indexed with the key block redacted); a
#   compiled `.js` whose source map lies beside it (`index.js.map`) is build output when its
#   TypeScript twin is there (react-native-builder-bob's `lib/module/index.js` was the
#   package's own code by its map naming a missing `lib/module/index.ts`)
# 0.3.38 also (decisions40): data: a locale's word lists as Python (a module with 100+ words, its
#   functions under 5% of its lines, in a folder named by a language code among 5+: faker's
#   providers/person/de_DE/), a big module that is one table of literals (faker's decode/codes.py,
#   Pygments' _lasso_builtins.py), JSON/YAML mostly hex digests (openai's generated-files.json);
#   asset: an icon set's modules, 50+ small modules drawing an SVG path in a folder, and their
#   declarations (@heroicons/react); kept: the hashed chunks a dist-only package's kept bundle
#   imports (xstate's dist/raise-*.esm.js, its interpreter); generated: an `index.js`
#   importing from outside its folder, the same in 5+ sibling folders but for the name
#   (javascript-time-ago's locale/de/index.js), OpenAPI Generator's signature in an opening
#   docstring (kubernetes' client/), botocore's data/**/*.json (AWS service models),
#   `lazy_extractors.py`, `X.txt` rendering `X.md` beside it (yt-dlp's README.txt); build copies:
#   rolldown's and the React Compiler's marks in a mirror folder, `__cjs/` and `hooks-compiled/`
#   mirrors, `x.d.cts` against `x.d.ts`, `cjs/`/`commonjs/` beside the package, esm/ declarations
#   of the same bytes, `ts3.4/` declarations, a Playwright JSON report; read: cloud-init's
#   cloud.cfg and cloud.cfg.d/*.cfg as YAML infrastructure (were INI), an inventory of host
#   names only by its name or folder (was unknown / INI), `.npmrc.sample` INI sample config (was
#   npm_config data), a `.inc` with C preprocessor lines C++ or with `<?php` PHP (were unknown),
#   a TypeScript union on one long line is no minified code
# 0.3.38 also (secrets40): RabbitMQ's `advanced.config` and `rabbitmq.config` are Erlang (were XML),
#   Cassandra's `cqlshrc.sample` INI (was unknown); cqlsh's `cqlshrc` and a `*.psk` pre-shared key
#   file are blocked credential files (were unknown, excluded)
# 0.3.38 also (decide40b): generated: "File generated from our OpenAPI spec by" (Stainless's and
#   Castiron's SDKs: openai's resources/, types/, tests/api_resources/), as OpenAPI
#   Generator's, both subkind openapi_generated; a README with a generator's marker stays
#   documentation (@aws-sdk's); `.alloy` and `.river` (Grafana Alloy, Agent flow) are HCL
#   (were unknown, excluded)
# 0.3.38 also (secrets40b): a `NAME.env` of references and programs' paths only (React Native's
#   `ios/.xcode.env`: `export NODE_BINARY=$(command -v node)`) is indexed (was blocked); fastlane's
#   `fastlane/.env.default` is a blocked env file (was an indexed template: fastlane loads it)
# 0.3.39 (decisions41): an installed Sphinx manual is read (`share/doc/.../_sources/*.rst.txt` whose
#   source is not in the project: reST documentation, were build artifacts; a site's pages with no
#   `_sources/`: documentation `installed_manual`, were rendered docs); `/etc` indexed as a project
#   keeps `default/*` as service settings; dpkg/ucf/rpm conffile copies (`.dpkg-dist`, `.ucf-dist`,
#   `.rpmnew` ...) generated `conffile_copy` (were unknown); `logrotate.conf` logrotate (was INI);
#   man-pages' `.3type`/`.3const`/`.3head` roff (were unknown); JSON/YAML named by releases, 5+ in
#   a folder, data `release_snapshot`; OpenCV's FileStorage data `opencv_storage`; a `.mjs`/`.cjs`
#   beside a Linguist-vendored `.js` vendored; a TeX tree's `.fd .def .clo .ldf .lco .dfu .sto
#   .cfg` TeX (were unknown or INI); babel's `locale/<code>/babel-<code>.ini` data
#   `translation_catalog` (was INI); `TODO.Debian` text documentation (was unknown); a script in
#   a rendered docs site (`doxygen.css`, `searchindex.js`, `element-list` at its root) generated
# 0.3.39 also (secrets41): desktop tools' saved logins are blocked credential files (`rclone.conf`,
#   FileZilla's `sitemanager.xml` / `recentservers.xml`, `WinSCP.ini`, mRemoteNG's `confCons.xml`,
#   `MobaXterm.ini`, `bitwarden_export*.json`; were indexed, their values redacted)
# 0.3.39 also (eval41b): a script below a theme's `templates/` (as below `static/`) whose opening
#   comment names a licence and a release is vendored; a release number ending a banner line counts
#   ("lunr - http://lunrjs.com - ... - 2.3.9": mkdocs 1.6.1's search/lunr.js, was its source)
# 0.3.39 also (secrets41b): VyOS'/EdgeOS' `config.boot` is INI-like configuration (was Clojure by
#   Boot's `.boot`: code, its device secrets kept); Dovecot's passwd-files (`dovecot/users`,
#   `passwd`, `master-users`) and Deluge's `deluge/auth` are blocked credential files (were unknown,
#   excluded: "no rule matched")
# 0.3.40 (rank42): a folder of translations is counted in languages, not files (5+ languages):
#   eslint's 96 rules `lib/rules/no-*.js` (Norwegian `no` with subtags) and 3 `id-*.js` are
#   source again (were data, translation_catalog, metadata only: "holds 99 translations")
# 0.3.40 also (decisions42): a compressed text file (`man1/ls.1.gz`, `changelog.Debian.gz`,
#   `README.md.gz`, `.bz2`, `.xz`) is decided as the file it holds when that one is read or blocked
#   (was binary, metadata only; manpages-dev's `memfd_secret.2.gz`, `key_setsecret.3.gz` were
#   blocked as named like a secret store); past max_file_bytes or 100:1 it is refused with the
#   reason; METAFONT `.mf` code, BibTeX styles `.bst` by their commands (BuildStream's `.bst` YAML),
#   `pam.d/*` and `pam.conf` PAM configuration, Mosquitto's `aclfile` configuration (were unknown);
#   a UMD bundle `X.umd.js` beside `X.js` (zod's `lib/index.umd.js`) and `P.X.js` holding `X.js`
#   inside a framework's wrapper (mustache's `jquery.mustache.js`) build artifacts; a build that is
#   a module of its own folder with more appended distribution_build (Debian's
#   `moment-timezone-with-data*.js`; was of a folder above only); English variants (`en-gb.js`, 2+
#   of them, none `en` or `en-US`) and 3-letter subtags (`ku-kmr.js`) translations; a folder of
#   translations is counted by codes alone or with a region or script (moment's
#   `src/lib/utils/is-array.js`, `map.js`, `mod.js`: source, were data); a man page a tool wrote
#   below `share/man/man*/` documentation `installed_manual` (coreutils' help2man pages; were
#   generated); `README.PL`/`.RU`/`.CS` text (were Perl, Ruby, C#); `web-types.json`,
#   `vetur-tags.json`, `vetur-attributes.json` generated `editor_metadata` (were JSON
#   configuration); `NEWS.Debian`, `BUGS` text (were unknown)
# 0.3.40 also (secrets42): restic's password file (`restic-password.txt`, `.restic-password`) and a
#   `password.txt` are blocked credential files (were indexed as text, the line stored)
# 0.3.41 (lead): the secret-content reason says "redacted before any of its text is stored"
#   (was "indexed only after redaction", shown for metadata-only fixtures too: newuser43)
# 0.3.41 also (decisions43): `.idea/runConfigurations/*.xml`, `codeStyles/*.xml`,
#   `inspectionProfiles/*.xml`, `dataSources.xml` configuration `jetbrains_settings` (the rest of
#   `.idea/` stays a skipped folder: workspace.xml, dataSources.local.xml, caches); GNU Info
#   manuals (`share/info/*.info[-N].gz`) documentation `installed_manual`, language text (were
#   binary, left compressed); 5+ regional translations (`fr-CA.json`) in 2+ languages a
#   translation set (were source/JSON); a 4-letter subtag counts as a script only if it is one
#   (`de-dupe.js` with `no-op.js`, `to-do.js` ... was a translation); tz's `zone.tab`,
#   `zone1970.tab`, `zonenow.tab`, `iso3166.tab` data `timezone_table` (were SQL source);
#   protobufjs' `X.json` beside `X.proto` generated `protobuf_json` (was JSON configuration);
#   swagger-codegen's clients ("Generated by: https://github.com/swagger-api/swagger-codegen")
#   generated `openapi_generated` (were source, example code); Rails/Thor `USAGE` text (was
#   unknown)
CLASSIFIER_VERSION = f"0.3.41+redaction.{secret_patterns.REDACTION_VERSION}"

# Policy by kind (seed 003 §6.2); a rule may override either.
KIND_DEFAULTS: dict[Kind, tuple[Role, Policy]] = {
    Kind.SOURCE: (Role.PRIMARY, Policy.PARSE_AND_INDEX),
    Kind.TEST: (Role.SUPPORTING, Policy.PARSE_AND_INDEX),
    Kind.TEST_FIXTURE: (Role.METADATA_ONLY, Policy.METADATA_ONLY),
    Kind.DOCUMENTATION: (Role.PRIMARY, Policy.PARSE_AND_INDEX),
    Kind.CONFIGURATION: (Role.SUPPORTING, Policy.INDEX_TEXT),
    Kind.CONTRACT: (Role.CONTRACT, Policy.INDEX_TEXT),
    Kind.SCHEMA: (Role.CONTRACT, Policy.PARSE_AND_INDEX),
    Kind.INFRASTRUCTURE: (Role.OPERATIONAL, Policy.INDEX_TEXT),
    Kind.CI_CD: (Role.OPERATIONAL, Policy.INDEX_TEXT),
    Kind.DEPENDENCY_MANIFEST: (Role.SUPPORTING, Policy.INDEX_TEXT),
    Kind.LOCKFILE: (Role.METADATA_ONLY, Policy.METADATA_ONLY),
    Kind.GENERATED: (Role.METADATA_ONLY, Policy.METADATA_ONLY),
    Kind.VENDOR: (Role.EXCLUDED, Policy.EXCLUDE),
    Kind.BUILD_ARTIFACT: (Role.EXCLUDED, Policy.EXCLUDE),
    Kind.ASSET: (Role.METADATA_ONLY, Policy.METADATA_ONLY),
    Kind.DATA: (Role.METADATA_ONLY, Policy.METADATA_ONLY),
    Kind.LOG: (Role.EXCLUDED, Policy.EXCLUDE),
    Kind.BINARY: (Role.METADATA_ONLY, Policy.METADATA_ONLY),
    Kind.SECRET_CANDIDATE: (Role.BLOCKED, Policy.BLOCK),
    Kind.UNKNOWN: (Role.EXCLUDED, Policy.EXCLUDE),
}

# the reason of a file that is not UTF-8, wherever its first bad byte lies (in the head the
# classifier reads, or past it, found when the file is read whole: pipeline/chunk.NotUtf8)
NOT_UTF8 = "not valid UTF-8: recorded, not read"
CONSTRAINTS = (
    Constraint("large", Policy.METADATA_ONLY, Role.METADATA_ONLY, ""),  # its rule says which limit
    Constraint("invalid_utf8", Policy.METADATA_ONLY, Role.METADATA_ONLY, NOT_UTF8),
    Constraint("config_excluded", Policy.EXCLUDE, Role.EXCLUDED, ""),  # its rule gave the reason
    Constraint("empty", Policy.EXCLUDE, Role.EXCLUDED, ""),
)

CODE = formats.CODE
DOCS = (frozenset({"markdown", "rst", "asciidoc", "text", "latex", "pod"})
        | formats.LINGUIST_GROUPS["docs"])  # Org, Textile, man pages, diagrams as text ...
STRUCTURED = frozenset({"yaml", "json", "toml", "ini", "xml", "dotenv"})
BUILD_SCRIPTS = frozenset({"dockerfile", "make", "cmake", "meson", "groovy", "modulemap"})
NOTEBOOKS = frozenset({"jupyter"})


# -- the table -----------------------------------------------------------------------------
def _r(id: str, tier: Tier, when: tuple[Condition, ...], then: Then, **kw: float) -> Rule:
    weights = {Tier.BLOCK: 1.0, Tier.SECURITY: 0.95, Tier.VENDOR: 0.9, Tier.GENERATED: 0.9,
               Tier.FORMAT: 0.9, Tier.CONFIG: 1.0, Tier.PATH: 0.8, Tier.LANGUAGE: 0.6,
               Tier.CONTENT: 0.7, Tier.FALLBACK: 0.1}
    return Rule(id, tier, when, then, weight=float(kw.get("weight", weights[tier])))


_SECRET = dict(flags=("sensitive",), confidence=0.99)
# Linguist's documentation file names, which often carry no extension (CHANGES, COPYING ...)
_DOC_NAMES_WITHOUT_EXTENSION = ("change", "changes", "changelog", "contributing", "copying",
                                "install", "licence", "license", "readme", "citation")
_TEXTISH = frozenset({"markdown", "text", "rst", None, "json", "yaml", "html"})

BUILTIN_RULES: tuple[Rule, ...] = (
    # explicit block rules: secret files by path; no config can unblock them. A private key
    # block anywhere in a key or certificate file first, to say so (cert.pem holding a key)
    _r("private-key-in-pem", Tier.BLOCK, (PEM_PRIVATE_KEY,),
       Then(Kind.SECRET_CANDIDATE, "private key ({evidence})", subkind="private_key",
            **_SECRET)),  # type: ignore[arg-type]
    # a Helm chart's `templates/secret(s).yaml` is the template of a Secret object, judged by
    # its content below (kubernetes-secret-values, -references): references to `.Values`
    # kept, written values redacted
    # ... and a YAML file named like a secret store (`secrets.yaml` outside a chart, `secret.yml`)
    # by its content too (SECRET_NAME_CONTENT): Kubernetes objects, or nothing but references,
    # ciphertext and empty values; a file with one value written in it stays blocked
    _r("secret-file", Tier.BLOCK, (Name(tuple(T.SECRET_FILES)), NOT_TEMPLATE,
                                   Not(PUBLIC_KEY_MATERIAL), Not(HELM_CHART_TEMPLATE),
                                   Not(SECRET_NAME_CONTENT)),
       Then(Kind.SECRET_CANDIDATE, "secret file: name matches {evidence}",
            subkinds=T.SECRET_FILES, **_SECRET)),  # type: ignore[arg-type]
    # (a template copy's name is a whole name here: fastlane's `.env.default` is loaded as written)
    _r("secret-path", Tier.BLOCK, (SECRET_PATH,),
       Then(Kind.SECRET_CANDIDATE, "secret file: path matches {evidence}",
            subkinds=T.SECRET_PATHS, **_SECRET)),  # type: ignore[arg-type]
    # (not OpenSSH's client settings, `.ssh/config`: Host blocks a dotfiles repository shares)
    _r("secret-directory", Tier.BLOCK, (Dir(T.SECRET_DIRS), Not(Lang(CODE)),
                                        Not(Lang(frozenset({"ssh_config"})))),
       Then(Kind.SECRET_CANDIDATE, "inside a secrets directory ({evidence})",
            subkind="secret_store", **_SECRET)),  # type: ignore[arg-type]
    # ... nor a JSON Schema of a secret's shape (kubernetes-validate's `secret-v1.json`,
    # `secretkeyselector-v1.json`: `$schema` json-schema.org): a contract, no value
    _r("secret-word-name", Tier.BLOCK, (SECRET_WORD_NAME, Not(HELM_CHART_TEMPLATE),
                                        Not(Sniff("json_schema")), Not(SECRET_NAME_CONTENT)),
       Then(Kind.SECRET_CANDIDATE, "data file named like a secret store ({evidence!r})",
            subkind="secrets_file", flags=("sensitive",), confidence=0.9)),
    # a certificate or public key (every PEM block of the whole file public, no private key
    # anywhere): not a secret, and not knowledge a search needs either
    _r("certificate", Tier.BLOCK, (CERTIFICATE,),
       Then(Kind.DATA, "certificate ({evidence}): public key material, not knowledge",
            subkind="certificate", confidence=0.95)),
    _r("public-key", Tier.BLOCK, (PUBLIC_KEY_MATERIAL,),
       Then(Kind.DATA, "public key ({evidence}): public key material, not knowledge",
            subkind="public_key", confidence=0.95)),
    # security: secret-like content in the head
    # Kubernetes Secrets (secrets/k8s.py): one rule whatever the file is called (`secret.yaml`,
    # `db.yaml`, a chart's `templates/secret.yaml`) and whatever stands beside the Secret (alone,
    # a List of them, a Deployment in the same stream): its values redacted, its names, labels
    # and keys indexed. Until secrets36 a file of Secrets only was blocked whole and the same
    # Secret beside a Deployment indexed: a Secret's name and keys are what a Deployment's
    # `secretKeyRef` and a reader ask about; its values (every one but `apiVersion`, `kind`,
    # `type`, metadata's `name`, `namespace`, `labels`) never reach the store
    _r("kubernetes-secret-values", Tier.SECURITY, (KUBERNETES_SECRET_VALUES,),
       Then(reason="Kubernetes Secret ({evidence}): its values redacted, its names, labels and "
            "keys indexed, as for a Secret in any file", flags=("sensitive", "redact"))),
    _r("kubernetes-secret-references", Tier.SECURITY, (KUBERNETES_SECRET_REFERENCES,),
       Then(reason="Kubernetes Secret ({evidence}): its values are template references or "
            "placeholders, kept as written; a value written in it would be redacted")),
    _r("secret-name-content", Tier.SECURITY, (SECRET_NAME_CONTENT,),
       Then(reason="named like a secret store, judged by its content ({evidence}): indexed, "
            "ciphertext and any value written redacted")),
    _r("kubeconfig-content", Tier.SECURITY, (Not(Lang(CODE)), Sniff("kubeconfig")),
       Then(Kind.SECRET_CANDIDATE, "kubeconfig with credentials ({evidence})",
            subkind="kubeconfig", **_SECRET)),  # type: ignore[arg-type]
    _r("service-account-content", Tier.SECURITY, (Lang(frozenset({"json", None})),
                                                  Sniff("service_account")),
       Then(Kind.SECRET_CANDIDATE, "cloud service-account key ({evidence})",
            subkind="credentials_file", **_SECRET)),  # type: ignore[arg-type]
    _r("ethereum-keystore", Tier.SECURITY, (Lang(frozenset({"json", None})),
                                            Sniff("ethereum_keystore")),
       Then(Kind.SECRET_CANDIDATE, "Ethereum keystore: a private key encrypted under a "
            "password ({evidence})", subkind="credentials_file",
            **_SECRET)),  # type: ignore[arg-type]
    _r("terraform-state-content", Tier.SECURITY, (Lang(frozenset({"json", None})),
                                                  Sniff("terraform_state")),
       Then(Kind.SECRET_CANDIDATE, "Terraform state ({evidence}): every resource's attributes "
            "in clear", subkind="terraform_state", **_SECRET)),  # type: ignore[arg-type]
    _r("ansible-vault", Tier.SECURITY, (Sniff("ansible_vault"),),
       Then(Kind.SECRET_CANDIDATE, "Ansible Vault file: secrets encrypted under a password "
            "({evidence})", subkind="ansible_vault", **_SECRET)),  # type: ignore[arg-type]
    _r("private-key-file", Tier.SECURITY, (PRIVATE_KEY_FILE,),
       Then(Kind.SECRET_CANDIDATE, "private key file ({evidence})",
            subkind="private_key_content", **_SECRET)),  # type: ignore[arg-type]
    _r("credential-dump", Tier.SECURITY, (CREDENTIAL_DUMP,),
       Then(Kind.SECRET_CANDIDATE, "credential store: live credentials on most lines "
            "({evidence}), not safely redactable", subkind="secret_content",
            flags=("sensitive",), confidence=0.9)),
    # everything else holding a secret is indexed with the secret redacted, and says so
    _r("secret-content", Tier.SECURITY, (ANY_SECRET,),
       Then(reason="secret-like values in its head ({evidence}): redacted before any of its "
            "text is stored",
            flags=("sensitive", "redact"))),
    # vendor and dependencies
    # a vendor-named folder below requirements/ (celery's `requirements/deps/`) groups the
    # project's own requirement lists: they are left to pip-requirements-folder below
    _r("vendor-directory", Tier.VENDOR, (Dir(T.VENDOR_DIRS), Not(OWN_REQUIREMENTS),
                                         Not(OWN_EXTERNALS)),
       Then(Kind.VENDOR, "vendored or installed third-party code ({evidence})",
            subkind="third_party", flags=("vendor",), confidence=0.95)),
    # a package whose only code is in dist/ (rules/distapi.py): what its package.json points
    # at is its API (the declarations; one bundle, if not minified), the rest build output
    _r("dist-package-declarations", Tier.VENDOR, (DIST_DECLARATIONS,),
       Then(Kind.SOURCE, "the package's API kept from its build output: {evidence}",
            subkind="package_declarations", confidence=0.9)),
    _r("dist-package-bundle", Tier.VENDOR, (DIST_BUNDLE, Not(Name(T.MINIFIED_NAME_GLOBS)),
                                            Not(Sniff("minified"))),
       Then(Kind.SOURCE, "the package's code kept from its build output: {evidence}, not "
            "minified", subkind="package_bundle", confidence=0.85)),
    _r("dist-package-output", Tier.VENDOR, (DIST_LEFT,),
       Then(Kind.BUILD_ARTIFACT, "build output of a package with no other source, in "
            "{evidence}", subkind="build_output", confidence=0.9)),
    # (Linguist's `extern(al)?/` too: SymPy's own sympy/external/ imports the package above)
    _r("linguist-vendor", Tier.VENDOR, (LinguistPath("vendor"), Not(OWN_EXTERNALS)),
       Then(Kind.VENDOR, "vendored, as GitHub Linguist decides ({evidence})",
            subkind="linguist_vendored", flags=("vendor",), confidence=0.9)),
    _r("linguist-vendor-twin", Tier.VENDOR, (LinguistVendoredTwin(), Not(OWN_EXTERNALS)),
       Then(Kind.VENDOR, "another module format of a library Linguist calls vendored: "
            "{evidence}", subkind="linguist_vendored", flags=("vendor",), confidence=0.85)),
    # LibMan's (and the ASP.NET templates') client libraries: `wwwroot/lib/jquery/dist/...`
    _r("libman-library", Tier.VENDOR, (Glob(("**/wwwroot/lib/**",)),),
       Then(Kind.VENDOR, "client library installed by LibMan ({evidence})",
            subkind="third_party", flags=("vendor",), confidence=0.9)),
    _r("typescript-lib", Tier.VENDOR, (TYPESCRIPT_LIB,),
       Then(Kind.VENDOR, "TypeScript's standard library declarations ({evidence}), "
            "the compiler's own", subkind="vendored_library", flags=("vendor",),
            confidence=0.9)),
    _r("stdlib-test-copy", Tier.VENDOR, (STDLIB_TEST_COPY,),
       Then(Kind.VENDOR, "the standard library's tests for one Python release, copied in "
            "({evidence} holds its version file)", subkind="third_party", flags=("vendor",),
            confidence=0.9)),
    _r("vendored-file-name", Tier.VENDOR, (Name(T.VENDORED_FILE_NAMES),),
       Then(Kind.VENDOR, "another project's file copied in ({evidence})",
            subkind="vendored_file", flags=("vendor",), confidence=0.9)),
    _r("copied-project", Tier.VENDOR, (COPIED_PROJECT,),
       Then(Kind.VENDOR, "another project copied in whole ({evidence})",
            subkind="vendored_library", flags=("vendor",), confidence=0.85)),
    _r("vendored-library", Tier.VENDOR, (VENDORED_LIBRARY,),
       Then(Kind.VENDOR, "third-party library copied into the project ({evidence})",
            subkind="vendored_library", flags=("vendor",), confidence=0.85)),
    # a test's sample projects are fixtures, not the project's manifests (poetry-core 2.5.0's
    # 87 tests/fixtures/*/pyproject.toml answered which dependencies poetry-core has)
    _r("lockfile", Tier.VENDOR, (Name(tuple(T.LOCKFILES)), Not(Dir(T.FIXTURE_DIRS))),
       Then(Kind.LOCKFILE, "dependency lockfile: metadata only", subkinds=T.LOCKFILES,
            confidence=0.99)),
    _r("package-entry-stub", Tier.VENDOR, (PACKAGE_ENTRY_STUB,),
       Then(Kind.GENERATED, "a build's entry-point stub, no manifest of dependencies (it "
            "points at {evidence})", subkind="entry_point_stub", flags=("generated",),
            confidence=0.9)),
    _r("script-entry-stub", Tier.VENDOR, (SCRIPT_ENTRY_STUB,),
       Then(Kind.GENERATED, "a build's entry-point script, importing from outside its folder "
            "and written again in each sibling folder but for its name ({evidence})",
            subkind="entry_point_stub", flags=("generated",), confidence=0.85)),
    _r("dependency-manifest", Tier.VENDOR,
       (Name(tuple(T.MANIFESTS) + tuple(T.MANIFEST_NAME_GLOBS)), Not(Dir(T.FIXTURE_DIRS))),
       Then(Kind.DEPENDENCY_MANIFEST, "dependency manifest ({evidence})",
            subkinds={**T.MANIFESTS, **T.MANIFEST_NAME_GLOBS}, confidence=0.95)),
    _r("sbt-build-code", Tier.VENDOR, (Glob(T.SBT_BUILD_GLOBS), Lang(frozenset({"scala"}))),
       Then(Kind.DEPENDENCY_MANIFEST, "sbt build definition ({evidence}): compiled into the "
            "build, not the application", subkind="sbt_build", confidence=0.9)),
    # pip-tools' layouts, known by place and content (autoconf's `Makefile.in` is no list of
    # requirements): `X.in` compiled to `X.txt` beside it, files in a requirements/ folder
    _r("pip-compile-source", Tier.VENDOR, (PIP_COMPILE_SOURCE, Ext(frozenset({".in"})),
                                           Sniff("requirements")),
       Then(Kind.DEPENDENCY_MANIFEST, "pip-tools requirements source ({evidence}, compiled "
            "from it by pip-compile)", subkind="pip_requirements", confidence=0.9)),
    _r("pip-requirements-folder", Tier.VENDOR,
       (Dir(T.PIP_REQUIREMENTS_DIRS), Ext(frozenset({".in", ".txt", ""})),
        Sniff("requirements")),
       Then(Kind.DEPENDENCY_MANIFEST, "pip requirements in a {evidence} folder",
            subkind="pip_requirements", confidence=0.9)),
    # generated, minified, machine-written
    # Rails' schema dump (`db/schema.rb`, a second database's `db/cache_schema.rb`) says it is
    # auto-generated, yet Rails calls it the authoritative source of the schema, to be checked
    # in: the tables and columns a developer asks about, as a `db/structure.sql` is
    _r("rails-schema-dump", Tier.GENERATED, (Glob(T.RAILS_SCHEMA_GLOBS),),
       Then(Kind.SCHEMA, "database schema dumped by Rails ({evidence}): the authoritative "
            "source of the schema", subkind="database_schema", flags=("generated",),
            confidence=0.95)),
    _r("self-named-generated", Tier.GENERATED, (SELF_NAMED_GENERATED,),
       Then(Kind.GENERATED, "generated code (marker {evidence!r})", subkind="generated_code",
            flags=("generated",), confidence=0.9)),
    # a component library's metadata for editors (primevue 5.0.6's `web-types.json`: 1,738
    # pieces, `vetur-attributes.json`, `vetur-tags.json`): each component's props again, written
    # by a build from the declarations that are read
    _r("editor-component-metadata", Tier.GENERATED, (Name(T.EDITOR_COMPONENT_METADATA),),
       Then(Kind.GENERATED, "component metadata for editors ({evidence}): the components' "
            "props again, generated from their declarations", subkind="editor_metadata",
            flags=("generated",), confidence=0.9)),
    # an installed package's man page a tool wrote (coreutils' help2man `man1/ls.1.gz`, 103 of
    # them): its source (the program's --help, a .pod) is not here, the page is the manual
    _r("installed-man-page", Tier.GENERATED,
       (Glob(T.INSTALLED_MAN_GLOBS), Lang(frozenset({"roff", "roff/roff_manpage"})),
        Sniff("generated_marker")),
       Then(Kind.DOCUMENTATION, "an installed man page a tool wrote (marker {evidence!r}): its "
            "source is not here, the page is the manual", subkind="installed_manual",
            confidence=0.85)),
    # an installed GNU Info manual (`share/info/sed.info.gz`; texi2any's "produced by" head):
    # its Texinfo source is not here, the manual is
    _r("installed-info-manual", Tier.GENERATED,
       (Glob(T.INSTALLED_INFO_GLOBS), Lang(frozenset({"text"})), Sniff("gnu_info")),
       Then(Kind.DOCUMENTATION, "an installed GNU Info manual ({evidence!r}): its Texinfo "
            "source is not here, the manual is", subkind="installed_manual", confidence=0.85)),
    # a package's README stays its documentation though a generator wrote it (@aws-sdk's
    # "<!-- generated file, do not edit directly -->": each client's only document)
    _r("generated-marker", Tier.GENERATED, (Sniff("generated_marker"),
                                            Not(Name(("readme", "readme.*")))),
       Then(Kind.GENERATED, "generated code (marker {evidence!r})",
            subkinds=T.GENERATED_MARKERS_BY_SUBKIND, subkind="generated_code",
            flags=("generated",), confidence=0.95)),
    _r("installed-manual", Tier.GENERATED, (INSTALLED_MANUAL_PAGE,),
       Then(Kind.DOCUMENTATION, "a page of an installed manual ({evidence}): no source of it "
            "is here, the pages are the manual", subkind="installed_manual", confidence=0.85)),
    _r("rendered-docs", Tier.GENERATED, (RENDERED_DOCS,),
       Then(Kind.GENERATED, "documentation rendered by a generator ({evidence}): its sources "
            "are the knowledge", subkind="rendered_docs", flags=("generated",),
            confidence=0.95)),
    _r("site-script", Tier.GENERATED, (SITE_SCRIPT,),
       Then(Kind.GENERATED, "a script of a documentation site a generator wrote ({evidence} "
            "at its root): the generator's search index and page code", subkind="rendered_docs",
            flags=("generated",), confidence=0.9)),
    _r("python-package-metadata", Tier.GENERATED,
       (AnyOf((Name(("PKG-INFO",)), Glob(("*.egg-info/", "*.dist-info/")))),),
       Then(Kind.GENERATED, "Python packaging metadata written by a build ({evidence})",
            subkind="python_package_metadata", flags=("generated",), confidence=0.95)),
    _r("generated-directory", Tier.GENERATED, (Dir(T.GENERATED_DIRS),),
       Then(Kind.GENERATED, "inside a generated-code directory ({evidence})",
            subkind="generated_code", flags=("generated",))),
    _r("api-discovery-cache", Tier.GENERATED, (Glob(T.API_DISCOVERY_CACHE_GLOBS),),
       Then(Kind.GENERATED, "a cached Google API discovery document ({evidence}): written by "
            "Google's discovery service, recorded by name, not embedded",
            subkind="api_discovery_cache", flags=("generated",), confidence=0.95)),
    _r("aws-service-model", Tier.GENERATED, (Glob(T.AWS_SERVICE_MODEL_GLOBS),),
       Then(Kind.GENERATED, "an AWS service model as botocore ships it ({evidence}): written "
            "from AWS's API definitions, synced by a release bot; recorded by name, not embedded",
            subkind="aws_service_model", flags=("generated",), confidence=0.9)),
    _r("amalgamated-header", Tier.GENERATED,
       (Dir(T.AMALGAMATION_DIRS), Ext(T.AMALGAMATION_EXTENSIONS)),
       Then(Kind.GENERATED, "a single header amalgamated from the library's headers "
            "({evidence}): each definition is in its own header", subkind="amalgamation",
            flags=("generated",), confidence=0.9)),
    _r("generated-name", Tier.GENERATED, (Name(tuple(T.GENERATED_NAME_GLOBS)),),
       Then(Kind.GENERATED, "generated file name ({evidence})",
            subkinds=T.GENERATED_NAME_GLOBS, flags=("generated",))),
    _r("xcode-generated", Tier.GENERATED, (Ext(frozenset(T.XCODE_GENERATED_EXTENSIONS)),),
       Then(Kind.GENERATED, "written and rewritten by Xcode ({evidence}): recorded, not "
            "embedded", subkinds=T.XCODE_GENERATED_EXTENSIONS, flags=("generated",),
            confidence=0.9)),
    _r("visual-studio-user-state", Tier.GENERATED, (Name(T.VISUAL_STUDIO_USER_GLOBS),),
       Then(Kind.BUILD_ARTIFACT, "Visual Studio per-user state ({evidence}): not the project's",
            subkind="ide_user_state", confidence=0.95)),
    _r("asset-catalog", Tier.GENERATED, (Glob(T.ASSET_CATALOG_GLOBS),),
       Then(Kind.ASSET, "asset catalog metadata Xcode keeps beside the images ({evidence})",
            subkind="asset_catalog", confidence=0.95)),
    # beyond Linguist, which needs a source map to see tsc output: see rules/twins.py
    _r("compiled-typescript", Tier.GENERATED,
       (COMPILED_TWIN, BUILD_EVIDENCE, Ext(T.COMPILED_LAST_EXTENSIONS)),
       Then(Kind.BUILD_ARTIFACT, "compiled from {evidence} (its TypeScript source is indexed)",
            subkind="compiled_typescript", flags=("generated",), confidence=0.95)),
    # Babel's output beside its Flow source (metro's `src/Server.js` and `Server.js.flow`)
    _r("compiled-flow", Tier.GENERATED, (FLOW_TWIN,),
       Then(Kind.BUILD_ARTIFACT, "compiled from {evidence} (its Flow source is indexed)",
            subkind="compiled_flow", flags=("generated",), confidence=0.9)),
    # tsc's declarations of the JavaScript beside them (eslint-plugin-react's lib/rules/*.d.ts)
    _r("declared-javascript", Tier.GENERATED, (JS_DECLARED,),
       Then(Kind.BUILD_ARTIFACT, "declarations tsc wrote from {evidence} (that JavaScript "
            "source is indexed)", subkind="javascript_declarations", flags=("generated",),
            confidence=0.9)),
    # @angular/common's `locales/fr.d.ts` beside `fr.js` ("THIS CODE IS GENERATED")
    _r("generated-declarations", Tier.GENERATED, (GENERATED_TWIN,),
       Then(Kind.GENERATED, "declarations of generated code ({evidence})",
            subkind="generated_declarations", flags=("generated",), confidence=0.9)),
    _r("expanded-declarations", Tier.GENERATED, (EXPANDED_TWIN,),
       Then(Kind.GENERATED, "declarations a compiler expanded ({evidence}): recorded, not "
            "embedded", subkind="expanded_declarations", flags=("generated",),
            confidence=0.85)),
    # no TypeScript source: `addDays.cjs` beside `addDays.js`, `.d.cts` beside `.d.ts`
    _r("module-format-variant", Tier.GENERATED,
       (KEPT_BESIDE, VARIANT_KEPT, VARIANT_EVIDENCE, Ext(T.VARIANT_LAST_EXTENSIONS)),
       Then(Kind.BUILD_ARTIFACT, "the same module as {evidence} in another module format "
            "(that one is kept in its place)", subkind="module_format_variant",
            flags=("generated",), confidence=0.9)),
    # a module-format folder's copy of a module its source folder holds (underscore's amd/, cjs/)
    _r("module-format-copy", Tier.GENERATED, (MODULE_FORMAT_COPY,),
       Then(Kind.BUILD_ARTIFACT, "the same module as {evidence} in another module format's "
            "folder (that one is kept)", subkind="module_format_copy", flags=("generated",),
            confidence=0.9)),
    # Babel's ES5 build of a module beside its source in src/ (gsap's root Flip.js)
    _r("downlevel-copy", Tier.GENERATED, (DOWNLEVEL_COPY,),
       Then(Kind.BUILD_ARTIFACT, "the same module as {evidence} compiled down to ES5 (that "
            "source is kept)", subkind="downlevel_copy", flags=("generated",),
            confidence=0.85)),
    # highcharts' `options/x.src.d.ts` beside `options/x.d.ts`, importing `../highcharts.src`
    _r("readable-build-declaration", Tier.GENERATED, (READABLE_BUILD_DECLARATION,),
       Then(Kind.BUILD_ARTIFACT, "the declarations of {evidence} again, for the library's "
            "readable build (those are kept)", subkind="module_format_copy",
            flags=("generated",), confidence=0.85)),
    # codemirror 5's `lib/codemirror.js`, rollup's build of `src/codemirror.js`
    _r("rollup-output", Tier.GENERATED, (ROLLUP_OUTPUT, Not(Name(T.MINIFIED_NAME_GLOBS))),
       Then(Kind.GENERATED, "a bundler's output ({evidence}): its modules are read where "
            "they are written", subkind="bundle", flags=("generated",), confidence=0.9)),
    # monaco-editor's `dev/vs/html.worker-DVW5a_ez.js`
    _r("hashed-chunk", Tier.GENERATED, (HASHED_CHUNK, Not(Sniff("minified"))),
       Then(Kind.GENERATED, "a bundler's chunk ({evidence}): its modules' sources are "
            "elsewhere", subkind="bundle", flags=("generated",), confidence=0.85)),
    # video.js' root `core.es.js` beside `core.js`
    _r("es-build-twin", Tier.GENERATED, (ES_BUILD_TWIN,),
       Then(Kind.BUILD_ARTIFACT, "the same module as {evidence} in ES module syntax (that one "
            "is kept)", subkind="module_format_variant", flags=("generated",),
            confidence=0.85)),
    # zod's `lib/index.umd.js` beside `lib/index.js`
    _r("umd-bundle", Tier.GENERATED, (UMD_BUNDLE,),
       Then(Kind.BUILD_ARTIFACT, "the package's modules bundled again as UMD for a script tag "
            "(its entry {evidence} and the modules beside it are kept)",
            subkind="module_format_variant", flags=("generated",), confidence=0.85)),
    # mustache's `jquery.mustache.js` beside `mustache.js`
    _r("wrapped-module", Tier.GENERATED, (WRAPPED_MODULE,),
       Then(Kind.BUILD_ARTIFACT, "{evidence} again inside a framework's wrapper (that module "
            "is kept)", subkind="module_format_copy", flags=("generated",), confidence=0.85)),
    # javascript-time-ago's `locale/de.json.js` beside `locale/de.json`
    _r("json-module-copy", Tier.GENERATED, (JSON_MODULE_COPY,),
       Then(Kind.BUILD_ARTIFACT, "{evidence} again as a JavaScript module (the JSON file is kept)",
            subkind="module_format_copy", flags=("generated",), confidence=0.9)),
    _r("minified-name", Tier.GENERATED, (Name(T.MINIFIED_NAME_GLOBS),),
       Then(Kind.GENERATED, "minified or bundled file ({evidence})", subkind="minified",
            flags=("generated", "minified"), confidence=0.95)),
    _r("minified-shape", Tier.GENERATED,  # the shape first: it is the reason's evidence
       (Sniff("minified"), Lang(T.MINIFIABLE_LANGUAGES)),
       Then(Kind.GENERATED, "minified code ({evidence})", subkind="minified",
            flags=("generated", "minified"))),
    _r("bundler-output", Tier.GENERATED, (BUNDLER_OUTPUT,),
       Then(Kind.GENERATED, "bundled by a bundler ({evidence}): its modules' sources are "
            "elsewhere", subkind="bundle", flags=("generated",), confidence=0.9)),
    _r("sphinx-source-copy", Tier.GENERATED, (SPHINX_SOURCE_COPY,),
       Then(Kind.BUILD_ARTIFACT, "Sphinx's copy of a page's source in its HTML output "
            "({evidence}): the source is read where it is written", subkind="sphinx_source_copy",
            confidence=0.9)),
    _r("notebook-copy", Tier.GENERATED, (NOTEBOOK_COPY,),
       Then(Kind.GENERATED, "{evidence}: a notebook's cells again (an export's with their "
            "outputs), read in the notebook, whose outputs are never indexed",
            subkind="notebook_copy",
            flags=("generated",), confidence=0.9)),
    _r("distribution-build", Tier.GENERATED, (TWINNED_DISTRIBUTION_BUILD,),
       Then(Kind.GENERATED, "a distribution build ({evidence}): a tool's copy of "
            "modules written elsewhere, as its minified twin is",
            subkind="distribution_build", flags=("generated",), confidence=0.85)),
    _r("patched-copy", Tier.GENERATED, (PATCHED_COPY,),
       Then(Kind.GENERATED, "a copy of {evidence} beside it that a tool patched and tagged in "
            "its name: the original is read", subkind="patched_copy", flags=("generated",),
            confidence=0.9)),
    _r("one-line-blob", Tier.GENERATED, (ONE_LINE_BLOB,),
       Then(Kind.GENERATED, "one enormous line ({evidence}): generated or data, not text "
            "written to be read", subkind="one_line_blob", flags=("generated",))),
    _r("downlevel-declarations", Tier.GENERATED, (DOWNLEVEL_DECLARATIONS,),
       Then(Kind.BUILD_ARTIFACT, "declarations rewritten for an older TypeScript ({evidence} "
            "is indexed)", subkind="downlevel_declarations", flags=("generated",),
            confidence=0.9)),
    _r("protobuf-json-schema", Tier.GENERATED, (PROTOBUF_JSON_SCHEMA,),
       Then(Kind.GENERATED, "protobufjs' JSON form of {evidence} (pbjs): its messages and "
            "fields again; the .proto is indexed", subkind="protobuf_json",
            flags=("generated",), confidence=0.9)),
    _r("text-rendering", Tier.GENERATED, (TEXT_RENDERING,),
       Then(Kind.GENERATED, "a document's plain-text rendering beside its source ({evidence}, "
            "which is indexed)", subkind="text_rendering", flags=("generated",),
            confidence=0.85)),
    _r("playwright-report", Tier.GENERATED,
       (Lang(frozenset({"json"})), Fact("a Playwright report", lambda f: "configFile" if
                                        T.PLAYWRIGHT_REPORT.match(f.text) else None)),
       Then(Kind.BUILD_ARTIFACT, "a Playwright test run's JSON report ({evidence} of "
            "playwright.config): results, not settings", subkind="test_report",
            confidence=0.9)),
    _r("opencv-storage", Tier.GENERATED, (OPENCV_STORAGE,),
       Then(Kind.DATA, "data OpenCV's FileStorage wrote ({evidence}): a trained model or "
            "matrices, recorded, not embedded", subkind="opencv_storage", confidence=0.9)),
    _r("release-snapshot", Tier.GENERATED, (RELEASE_SNAPSHOT,),
       Then(Kind.DATA, "one data set again per release ({evidence}): recorded, not embedded",
            subkind="release_snapshot", confidence=0.85)),
    _r("digest-list", Tier.GENERATED, (DIGEST_LIST,),
       Then(Kind.DATA, "a list of files and their hashes ({evidence}): recorded, not embedded",
            subkind="digest_list", confidence=0.85)),
    _r("svg-path-data", Tier.GENERATED, (SVG_PATH_DATA,),
       Then(Kind.DATA, "icon data: SVG path strings make {evidence}: recorded, not embedded",
            subkind="svg_path_data", confidence=0.9)),
    _r("literal-table", Tier.GENERATED, (LITERAL_TABLE,),
       Then(Kind.DATA, "a table of literals written as Python ({evidence}): recorded, not "
            "embedded", subkind="literal_table", confidence=0.85)),
    _r("source-map", Tier.GENERATED, (Ext(T.SOURCE_MAP_EXTENSIONS),),
       Then(Kind.BUILD_ARTIFACT, "source map of a bundle", subkind="source_map")),
    _r("linguist-generated-name", Tier.GENERATED, (LinguistPath("generated"),),
       Then(Kind.GENERATED, "generated, as GitHub Linguist decides ({evidence})",
            subkind="linguist_generated", flags=("generated",))),
    # the package's only code, transpiled one to one from sources it does not ship
    # (sequelize's lib/, rules/distapi.py): Linguist's has_source_map would leave it out
    _r("transpiled-sole-source", Tier.GENERATED, (SOLE_TRANSPILED,),
       Then(reason="transpiled one to one from {evidence}, which is not shipped: the "
            "package's own code, read as such")),
    _r("linguist-generated-content", Tier.GENERATED, (LinguistGenerated(),
                                                      Not(SOLE_TRANSPILED)),
       Then(Kind.GENERATED, "generated, as GitHub Linguist decides ({evidence})",
            subkind="linguist_generated", flags=("generated",))),
    _r("llm-transcript", Tier.GENERATED, (Lang(_TEXTISH), Sniff("llm_response")),
       Then(Kind.GENERATED, "LLM response contamination ({evidence})", subkind="llm_transcript",
            policy=Policy.EXCLUDE, role=Role.EXCLUDED, flags=("llm_response",))),
    _r("llm-api-payload", Tier.GENERATED,
       (AnyOf((Lang(frozenset({"shell", "json", "text", None})), TEST_LAYOUT)),
        Sniff("api_payload")),
       Then(Kind.GENERATED, "hard-coded LLM API payloads ({evidence})",
            subkind="llm_api_payload", policy=Policy.EXCLUDE, role=Role.EXCLUDED,
            flags=("llm_response",))),
    # format: what cannot be read as text is decided before any path convention
    _r("empty", Tier.FORMAT, (EMPTY,), Then(reason="empty file", flags=("empty",))),
    # an extension several languages share, told apart by the head (rules/heuristics.py): the
    # mark that decided is a reason of its own, whatever rule decides the kind
    _r("language-by-content", Tier.FORMAT,
       (Fact("language mark", lambda f: f.language_mark[1] if f.language_mark else None),),
       Then(reason="{language} by its content ({evidence})")),
    _r("unreadably-large", Tier.FORMAT, (UNREADABLY_LARGE,),
       Then(Kind.UNKNOWN, "file over skip_file_bytes: not read at all", subkind="oversize",
            flags=("large",), confidence=1.0)),
    _r("build-artifact-extension", Tier.FORMAT, (Ext(T.BUILD_ARTIFACT_EXTENSIONS),),
       Then(Kind.BUILD_ARTIFACT, "compiled artifact ({evidence})", subkind="compiled",
            flags=("binary",), confidence=0.99)),
    _r("latex-build-output", Tier.FORMAT, (Ext(T.LATEX_BUILD_EXTENSIONS),),
       Then(Kind.BUILD_ARTIFACT, "LaTeX build output ({evidence}): written by a run from the "
            ".tex sources", subkind="latex_output", confidence=0.95)),
    _r("svg-image", Tier.FORMAT, (Ext(frozenset({".svg"})),),
       Then(Kind.ASSET, "SVG image: metadata only", subkind="svg_image", confidence=0.95)),
    _r("font-xml", Tier.FORMAT, (Ext(frozenset({".ttx"})),),
       Then(Kind.ASSET, "a font dumped as XML by fontTools ({evidence}): metadata only",
            subkind="font_xml", confidence=0.95)),
    _r("image-or-font", Tier.FORMAT, (Ext(T.IMAGE_AND_FONT_EXTENSIONS),),
       Then(Kind.ASSET, "binary image or font ({evidence}): metadata only", subkind="image_or_font",
            flags=("binary",), confidence=0.99)),
    _r("binary-extension", Tier.FORMAT, (Ext(T.BINARY_EXTENSIONS),),
       Then(Kind.BINARY, "binary format ({evidence}): metadata only", subkind="binary_file",
            flags=("binary",), confidence=0.95)),
    _r("magic-asset", Tier.FORMAT, (_magic("asset"),),
       Then(Kind.ASSET, "image or font by magic bytes ({evidence})", subkind="{evidence}",
            flags=("binary",), confidence=0.99)),
    _r("magic-artifact", Tier.FORMAT, (_magic("build_artifact"),),
       Then(Kind.BUILD_ARTIFACT, "executable or compiled code by magic bytes ({evidence})",
            subkind="{evidence}", flags=("binary",), confidence=0.99)),
    _r("magic-data", Tier.FORMAT, (_magic("data"),),
       Then(Kind.DATA, "data file by magic bytes ({evidence}): metadata only",
            subkind="{evidence}", flags=("binary",), confidence=0.99)),
    _r("magic-binary", Tier.FORMAT, (_magic("binary"),),
       Then(Kind.BINARY, "binary by magic bytes ({evidence}): metadata only",
            subkind="{evidence}", flags=("binary",), confidence=0.99)),
    _r("binary-content", Tier.FORMAT, (BINARY,),
       Then(Kind.BINARY, "binary content ({evidence})", subkind="binary_data",
            flags=("binary",), confidence=0.95)),
    _r("invalid-utf8", Tier.FORMAT, (INVALID_UTF8,), Then(flags=("invalid_utf8",))),
    _r("large-table", Tier.FORMAT, (Lang(T.TABULAR_LANGUAGES), LARGE_TABLE),
       Then(Kind.DATA, "tabular data over max_tabular_bytes: excluded", subkind="{language}",
            policy=Policy.EXCLUDE, role=Role.EXCLUDED, flags=("large",), confidence=0.99)),
    _r("large", Tier.FORMAT, (LARGE,),
       Then(reason="too large to read whole ({evidence}): recorded, not read",
            flags=("large",))),
    # (repository config rules are inserted here, tier CONFIG: see repo_config.py)
    # path conventions
    # debhelper's `debian/<package>.bash-completion`: `source [name]` lines of the completion
    # files dh_bash_completion installs, not a script (the name glob called it shell)
    _r("debhelper-completion-list", Tier.PATH,
       (Name(("*.bash-completion",)), Dir(frozenset({"debian"}))),
       Then(Kind.CONFIGURATION, "debhelper's list of completion files to install ({evidence}), "
            "not a script: recorded, not indexed", subkind="debhelper_list",
            role=Role.METADATA_ONLY, policy=Policy.METADATA_ONLY, confidence=0.9)),
    _r("github-actions", Tier.PATH,
       (Glob((".github/workflows/*.yml", ".github/workflows/*.yaml",
              ".github/actions/**/action.yml", ".github/actions/**/action.yaml")),),
       Then(Kind.CI_CD, "GitHub Actions ({evidence})", subkind="github_actions",
            confidence=0.99)),
    _r("ci-file", Tier.PATH, (Name(tuple(T.CI_FILES)),),
       Then(Kind.CI_CD, "CI configuration ({evidence})", subkinds=T.CI_FILES,
            confidence=0.95)),
    _r("ci-directory", Tier.PATH, (Dir(T.CI_DIRS),),
       Then(Kind.CI_CD, "CI configuration directory ({evidence})", subkind="ci_config")),
    # a program named after what it writes is that program (Mojolicious' `generate/
    # dockerfile.pm`, the command that writes a Dockerfile): `Dockerfile.prod` has no language
    # of code, `dockerfile.pm` is Perl's
    _r("docker", Tier.PATH, (Name(tuple(T.DOCKER_FILES)), Not(Lang(CODE))),
       Then(Kind.INFRASTRUCTURE, "Docker ({evidence})", subkinds=T.DOCKER_FILES,
            confidence=0.95)),
    _r("helm-chart", Tier.PATH, (Name(("Chart.yaml",)),),
       Then(Kind.INFRASTRUCTURE, "Helm chart definition", subkind="helm_chart")),
    _r("helm-file", Tier.PATH, (IN_HELM_CHART, AnyOf((Name(("values*.yaml", "values*.yml")),
                                                      Dir(frozenset({"templates"}))))),
       Then(Kind.INFRASTRUCTURE, "part of a Helm chart ({evidence})", subkind="helm")),
    _r("terraform", Tier.PATH, (Ext(frozenset({".tf", ".tfvars", ".hcl"})),),
       Then(Kind.INFRASTRUCTURE, "Terraform/HCL ({evidence})", subkind="terraform",
            policy=Policy.PARSE_AND_INDEX)),
    # a file named as a test runner collects tests is a test, wherever it lies (Django's
    # tests/migrations/test_autodetector.py tests the migration machinery: it is no migration)
    _r("migration", Tier.PATH,
       (AnyOf((MIGRATION_FOLDER, Glob(("**/alembic/versions/*.py",)),
               CaseName(T.MIGRATION_NAME_GLOBS))), Lang(CODE), Not(CaseName(T.TEST_NAME_GLOBS))),
       Then(Kind.SCHEMA, "database migration ({evidence})", subkind="migration")),
    _r("database-schema", Tier.PATH, (Name(T.SCHEMA_NAME_GLOBS),),
       Then(Kind.SCHEMA, "database schema ({evidence})", subkind="database_schema")),
    _r("adr", Tier.PATH, (Dir(T.ADR_DIRS), Lang(DOCS)),
       Then(Kind.DOCUMENTATION, "architecture decision record ({evidence})", subkind="adr",
            confidence=0.95)),
    # SQL in a `snapshots/` folder is dbt's snapshots (`{% snapshot orders_snapshot %}`, the
    # snapshot materialization's macros), not a test's saved output: only another fixture
    # folder makes it one
    _r("fixture", Tier.PATH, (Dir(T.FIXTURE_DIR_NAMES),
                              AnyOf((Not(Lang(frozenset({"sql"}))),
                                     Dir(T.FIXTURE_DIR_NAMES - {"snapshots"})))),
       Then(Kind.TEST_FIXTURE, "test fixture ({evidence}): metadata only", subkind="fixture")),
    # named like a fixture, unless named as a test runner collects tests (`test_fixture.py`);
    # a mock written in code is a test's helper, read as code (maturin's hand-written
    # `src/module_writer/mock_writer.rs`: a `MockWriter` its tests write wheels into)
    _r("fixture-name", Tier.PATH, (Name(T.FIXTURE_NAME_GLOBS), Not(CaseName(T.TEST_NAME_GLOBS)),
                                   AnyOf((Not(Name(T.MOCK_NAME_GLOBS)), Not(Lang(CODE))))),
       Then(Kind.TEST_FIXTURE, "test fixture ({evidence}): metadata only", subkind="fixture")),
    # (data a test reads anyway stays test_data below)
    _r("golden-input", Tier.PATH, (GOLDEN_INPUT, Not(TEST_DATA)),
       Then(Kind.TEST_FIXTURE, "a golden test's input ({evidence}): metadata only",
            subkind="golden_input")),
    _r("test-code", Tier.PATH, (TEST_LAYOUT,),
       Then(Kind.TEST, "test code ({evidence})", subkind="{language}_test")),
    _r("test-data", Tier.PATH, (TEST_DATA,),
       Then(Kind.TEST_FIXTURE, "test data ({evidence}): metadata only", subkind="test_data")),
    _r("json-schema-name", Tier.PATH, (Name(("*.schema.json",)),),
       Then(Kind.CONTRACT, "JSON Schema ({evidence})", subkind="json_schema")),
    _r("project-doc", Tier.PATH, (Name(tuple(T.DOC_NAME_SUBKINDS)), Lang(DOCS)),
       Then(Kind.DOCUMENTATION, "project document ({evidence})",
            subkinds=T.DOC_NAME_SUBKINDS, confidence=0.95)),
    _r("news-fragment", Tier.PATH, (NEWS_FRAGMENT,),
       Then(Kind.DOCUMENTATION, "news fragment ({evidence}): one entry of the changelog",
            subkind="changelog")),
    _r("release-notes", Tier.PATH, (Dir(T.RELEASE_NOTES_DIRS), Lang(DOCS)),
       Then(Kind.DOCUMENTATION, "release notes ({evidence})", subkind="changelog")),
    _r("docs-directory", Tier.PATH, (Dir(T.DOC_DIRS), Lang(DOCS)),
       Then(Kind.DOCUMENTATION, "documentation ({evidence})", subkind="guide")),
    _r("linguist-documentation", Tier.PATH,
       (LinguistPath("documentation"),
        AnyOf((Lang(DOCS | frozenset({"html"})), Name(_DOC_NAMES_WITHOUT_EXTENSION)))),
       Then(Kind.DOCUMENTATION, "documentation, as GitHub Linguist decides ({evidence})",
            subkind="guide", flags=("documentation",))),
    _r("linguist-documentation-flag", Tier.PATH, (LinguistPath("documentation"),),
       Then(reason="documentation by GitHub Linguist's rules ({evidence})",
            flags=("documentation",))),
    _r("example-code", Tier.PATH, (EXAMPLE_DIR, Lang(CODE)),
       Then(Kind.SOURCE, "example code ({evidence})", subkind="example",
            role=Role.SUPPORTING)),
    # a Gherkin feature is the specification a test runner runs (Cucumber, behave, pytest-bdd's
    # `scenarios("x.feature")`) wherever it lies (behave's `features/`, beside the code) but in
    # an examples folder, where it is an example project's, shown as an example (behave's
    # `examples/async_step/`)
    _r("gherkin-feature", Tier.PATH, (Lang(frozenset({"gherkin"})),),
       Then(Kind.TEST, "Gherkin feature: a test specification (Cucumber, behave and pytest-bdd "
            "run its scenarios)", subkind="gherkin_test")),
    _r("example-env", Tier.PATH, (TEMPLATE, Lang(frozenset({"dotenv"}))),
       Then(Kind.CONFIGURATION, "example env file: indexed with secret-like values redacted",
            subkind="example_env", flags=("sample",), confidence=0.95)),
    _r("dist-config", Tier.PATH, (Name(T.DIST_CONFIG_NAMES),),
       Then(Kind.CONFIGURATION, "the tool's committed configuration ({evidence}), read as it "
            "is when no local copy overrides it: not a sample", subkind="{language}_config")),
    _r("sample-config", Tier.PATH, (TEMPLATE, Lang(STRUCTURED | CODE | DOCS
                                                   | {"gettext", "nginx"})),
       Then(Kind.CONFIGURATION, "sample/template ({evidence}): indexed as an example, "
            "secret-like values redacted", subkind="sample_config", flags=("sample",))),
    _r("service-defaults", Tier.PATH, (SERVICE_DEFAULTS_DIR,
                                     Lang(frozenset({"shell"}))),
       Then(Kind.CONFIGURATION, "a service's settings ({evidence}): shell assignments its init "
            "script and unit read", subkind="service_defaults")),
    _r("conffile-copy", Tier.PATH, (Name(T.CONFFILE_COPY_GLOBS),),
       Then(Kind.GENERATED, "a package manager's copy of a configuration file ({evidence}): "
            "the same settings one version apart; the live file beside it is read",
            subkind="conffile_copy", flags=("generated",), confidence=0.9)),
    _r("salt-map", Tier.PATH, (Name(("map.jinja",)), Lang(frozenset({"jinja"}))),
       Then(Kind.CONFIGURATION, "a Salt formula's map of settings ({evidence}): defaults per "
            "OS, merged with pillar", subkind="salt_map")),
    _r("nginx-charset-map", Tier.PATH, (Name(T.NGINX_CHARSET_MAPS), Lang(frozenset({"nginx"}))),
       Then(Kind.DATA, "nginx's charset map ({evidence}): byte-to-character code tables, "
            "metadata only", subkind="charset_map")),
    _r("timezone-table", Tier.PATH, (Name(T.TIMEZONE_TABLES),),
       Then(Kind.DATA, "the time zone database's table ({evidence}): countries, zones and "
            "coordinates, metadata only", subkind="timezone_table")),
    _r("beam-config", Tier.PATH, (Glob(T.BEAM_CONFIG_GLOBS),),
       Then(Kind.CONFIGURATION, "Elixir/Erlang application or release settings ({evidence})",
            subkind="beam_config")),
    _r("vscode-settings", Tier.PATH, (Glob(T.VSCODE_SETTINGS_GLOBS),
                                    Lang(frozenset({"json", "json_with_comments"}))),
       Then(Kind.CONFIGURATION, "VS Code project settings ({evidence}): how the project is "
            "run, debugged and built in the editor", subkind="vscode_settings")),
    _r("jetbrains-settings", Tier.PATH, (Glob(T.JETBRAINS_SETTINGS_GLOBS),
                                       Lang(frozenset({"xml"}))),
       Then(Kind.CONFIGURATION, "JetBrains IDE shared project settings ({evidence}): run "
            "configurations, code style, inspections or data sources",
            subkind="jetbrains_settings")),
    _r("service-registration", Tier.PATH, (Glob(T.SERVICE_REGISTRATION_GLOBS),
                                         Lang(frozenset({"text"}))),
       Then(Kind.CONFIGURATION, "Java ServiceLoader registration ({evidence}): the "
            "implementations the named interface loads", subkind="service_registration")),
    _r("debian-control", Tier.PATH, (Glob(T.DEBIAN_CONTROL_GLOBS), Lang(frozenset({"text"}))),
       Then(Kind.DEPENDENCY_MANIFEST, "Debian package control file ({evidence}): the "
            "packages it builds and what they depend on", subkind="debian_control")),
    _r("hocon-config", Tier.PATH, (Name(T.HOCON_NAMES),),
       Then(Kind.CONFIGURATION, "Typesafe Config (HOCON) settings ({evidence}): read by Akka, "
            "Play, Slick", subkind="hocon_config")),
    _r("proguard-rules", Tier.PATH, (Name(T.PROGUARD_NAMES),),
       Then(Kind.CONFIGURATION, "ProGuard/R8 rules of an Android build ({evidence}): the "
            "classes kept through shrinking and obfuscation", subkind="proguard_rules")),
    _r("code-config", Tier.PATH, (Name(T.CODE_CONFIG_NAMES),),
       Then(Kind.CONFIGURATION, "the tool's settings, written in {language} ({evidence})",
            subkind="{language}_config")),
    _r("tool-config", Tier.PATH, (Name(T.TOOL_CONFIG_NAMES),),
       Then(Kind.CONFIGURATION, "tool settings ({evidence}): metadata only",
            subkind="tool_config", role=Role.METADATA_ONLY, policy=Policy.METADATA_ONLY)),
    _r("log", Tier.PATH, (AnyOf((Name(T.LOG_NAME_GLOBS), Lang(frozenset({"log"})))),),
       Then(Kind.LOG, "log output ({evidence}): volatile noise", subkind="log",
            confidence=0.95)),
    _r("log-directory", Tier.PATH, (Dir(T.LOG_DIRS), Lang(frozenset({"text", None}))),
       Then(Kind.LOG, "inside a log directory ({evidence})", subkind="log")),
    # gettext's .po/.pot; Apple's Localizable.strings, .stringsdict and Xcode's .xcstrings
    _r("translation-catalog", Tier.PATH, (AnyOf((Lang(frozenset({"gettext"})),
                                                 Ext(T.APPLE_STRINGS_EXTENSIONS))),),
       Then(Kind.DATA, "translation catalog ({evidence}): metadata only",
            subkind="translation_catalog", confidence=0.95)),
    # JSON named by a language code among a folder of them (javascript-time-ago's locale/,
    # mathjax's sre/mathmaps/, i18n-iso-countries' langs/), or scripts (handsontable's
    # languages/*.js and their declarations)
    _r("json-translation", Tier.PATH, (AnyOf((LOCALE_TRANSLATION, LOCALE_DATA_FOLDER)),),
       Then(Kind.DATA, "translation ({evidence}): metadata only; the English one holds the "
            "text they translate", subkind="translation_catalog", confidence=0.85)),
    # an icon set written as modules, one per icon (@heroicons/react's 24/solid/XIcon.js)
    _r("icon-module", Tier.PATH, (ICON_MODULE,),
       Then(Kind.ASSET, "one icon of an icon set written as a module ({evidence}): SVG path "
            "data, recorded by name, not embedded", subkind="icon_module", confidence=0.85)),
    # ... or a locale's word lists as Python (faker's providers/person/de_DE/__init__.py)
    _r("locale-word-list", Tier.PATH, (LOCALE_WORD_LIST,),
       Then(Kind.DATA, "one locale's word lists written as Python ({evidence}): metadata "
            "only; the provider's methods are in the module above", subkind="locale_word_list",
            confidence=0.8)),
    _r("resx-translation", Tier.PATH, (Name(T.RESX_TRANSLATION_GLOBS),),
       Then(Kind.DATA, ".NET resources in another culture ({evidence}): metadata only; the "
            "neutral .resx holds the text it translates", subkind="translation_catalog",
            confidence=0.9)),
    _r("dotnet-resources", Tier.PATH, (Ext(frozenset({".resx"})),),
       Then(Kind.CONFIGURATION, ".NET resources (.resx): the strings and settings the app "
            "reads", subkind="dotnet_resources", confidence=0.9)),
    _r("xaml", Tier.PATH, (Ext(frozenset({".xaml"})),),
       Then(Kind.SOURCE, "XAML user interface markup (WPF, WinUI, .NET MAUI, Avalonia)",
            subkind="xaml_markup", policy=Policy.INDEX_TEXT, confidence=0.95)),
    _r("razor", Tier.PATH, (Ext(frozenset({".cshtml", ".razor"})),),
       Then(Kind.SOURCE, "Razor view or Blazor component ({evidence}): HTML with C#",
            subkind="razor_view", policy=Policy.INDEX_TEXT, confidence=0.95)),
    _r("android-translation", Tier.PATH, (ANDROID_TRANSLATION,),
       Then(Kind.DATA, "Android translation ({evidence}): metadata only; values/ holds the "
            "text it translates", subkind="translation_catalog", confidence=0.9)),
    _r("android-picture", Tier.PATH, (ANDROID_PICTURE,),
       Then(Kind.ASSET, "Android drawable, animation or colour resource ({evidence}): "
            "metadata only", subkind="android_drawable", confidence=0.9)),
    _r("android-manifest", Tier.PATH, (Name(("AndroidManifest.xml",)),),
       Then(Kind.CONFIGURATION, "Android app manifest: its components, permissions and "
            "settings", subkind="android_manifest", confidence=0.95)),
    _r("bibliography", Tier.PATH, (Lang(frozenset({"bibtex"})),),
       Then(Kind.DATA, "BibTeX bibliography: one piece per reference entry, named by its "
            "cite key", subkind="bibliography", role=Role.SUPPORTING,
            policy=Policy.INDEX_TEXT, confidence=0.95)),
    # Smarty's `.tpl` by its tags wherever it lies (Helm's `templates/_helpers.tpl` is Go's
    # `{{ }}`: decided above by its chart, or by its content)
    _r("smarty-template", Tier.PATH, (SMARTY_TEMPLATE,),
       Then(Kind.SOURCE, "Smarty template ({evidence})", subkind="smarty_template",
            role=Role.SUPPORTING, policy=Policy.INDEX_TEXT)),
    _r("html-template", Tier.PATH, (AnyOf((Dir(T.TEMPLATE_DIRS), Name(T.HTML_TEMPLATE_NAMES),
                                           Sniff("jinja_template"))),
                                    Lang(frozenset({"html"}))),
       Then(Kind.SOURCE, "HTML template ({evidence})", subkind="html_template",
            role=Role.SUPPORTING, policy=Policy.INDEX_TEXT)),
    # Notebooks: their cells' sources are indexed, their outputs and attachments never (the
    # notebook chunker). The kind follows where a notebook lives, not its share of markdown:
    # that share is a property of the whole file, which the classifier does not read (the
    # head may be one cell's output), and it moves with every edit, so the kind would flip
    # between runs; while a tutorial under docs/ is documentation whatever its mix. Each chunk
    # still says whether it is a markdown or a code cell (its symbol type and prefix).
    _r("notebook-docs", Tier.PATH, (Dir(T.DOC_DIRS), Lang(NOTEBOOKS)),
       Then(Kind.DOCUMENTATION, "Jupyter notebook in a documentation directory ({evidence}): "
            "its markdown and code cells are indexed, outputs and attachments never are",
            subkind="jupyter_notebook")),
    _r("notebook-example", Tier.PATH, (EXAMPLE_DIR, Lang(NOTEBOOKS)),
       Then(Kind.SOURCE, "example Jupyter notebook ({evidence}): its markdown and code cells "
            "are indexed, outputs and attachments never are", subkind="jupyter_notebook",
            role=Role.SUPPORTING)),
    _r("notebook", Tier.PATH, (Lang(NOTEBOOKS),),
       Then(Kind.SOURCE, "Jupyter notebook: its markdown and code cells are indexed (code as "
            "its kernel's language), outputs and attachments never are",
            subkind="jupyter_notebook")),
    # extension / language
    _r("contract-format", Tier.LANGUAGE, (Ext(frozenset(T.CONTRACT_EXTENSIONS)),),
       Then(Kind.CONTRACT, "interface definition ({evidence})",
            subkinds=T.CONTRACT_EXTENSIONS, confidence=0.95)),
    _r("source-template", Tier.LANGUAGE,
       (Ext(frozenset(T.SOURCE_TEMPLATE_SUFFIXES)), Lang(CODE)),
       Then(Kind.SOURCE, "{language} source template ({evidence}): expanded into {language} "
            "by the build or a template engine", subkind="{language}_source")),
    _r("source-code", Tier.LANGUAGE, (Lang(CODE),),
       Then(Kind.SOURCE, "{language} source", subkind="{language}_source")),
    # a `.txt` of records, not sentences: a data table (Mojolicious' html_entities.txt was
    # documentation, 93 pieces of `Aacute; U+000C1` in the answers)
    _r("text-records", Tier.LANGUAGE, (Lang(frozenset({"text"})), Sniff("text_records")),
       Then(Kind.DATA, "a table written as text, records of one to three short fields: "
            "metadata only",
            subkind="text_records")),
    _r("documentation", Tier.LANGUAGE, (Lang(DOCS),),
       Then(Kind.DOCUMENTATION, "{language} documentation", subkind="{language}_doc")),
    _r("build-script", Tier.LANGUAGE, (Lang(BUILD_SCRIPTS),),
       Then(Kind.INFRASTRUCTURE, "{language} build/infrastructure file",
            subkind="{language}")),
    _r("table-columns", Tier.LANGUAGE, (Lang(T.TABULAR_LANGUAGES), Sniff("tabular_header")),
       Then()),
    _r("tabular-data", Tier.LANGUAGE, (Lang(T.TABULAR_LANGUAGES),),
       Then(Kind.DATA, "{language} data: metadata only", subkind="{language}")),
    _r("view-template", Tier.LANGUAGE, (Lang(T.VIEW_TEMPLATE_LANGUAGES),),
       Then(Kind.SOURCE, "{language} view template: a page's text and logic",
            subkind="html_template", role=Role.SUPPORTING, policy=Policy.INDEX_TEXT)),
    _r("markup-or-style", Tier.LANGUAGE,
       (Lang(T.MARKUP_LANGUAGES - {"xml"} | formats.LINGUIST_GROUPS["markup"]),),
       Then(Kind.ASSET, "{language} markup/style: metadata only by default",
            subkind="{language}")),
    # GitHub Linguist's languages repokb's tables do not name (formats.LINGUIST): the
    # configuration, schema and request formats written by hand, and the other data
    _r("tmux-config", Tier.LANGUAGE, (Lang(frozenset({"tmux"})),),
       Then(Kind.CONFIGURATION, "tmux configuration (tmux's command language)",
            subkind="tmux_config")),
    _r("logrotate-config", Tier.LANGUAGE, (Lang(frozenset({"logrotate"})),),
       Then(Kind.CONFIGURATION, "logrotate configuration: how long a service's logs are kept, "
            "how often rotated and compressed", subkind="logrotate_config")),
    _r("pam-config", Tier.LANGUAGE, (Lang(frozenset({"pam"})),),
       Then(Kind.CONFIGURATION, "PAM configuration: the modules that authenticate a service's "
            "users, check their accounts and open their sessions", subkind="pam_config")),
    _r("mosquitto-acl", Tier.LANGUAGE, (Lang(frozenset({"mosquitto_acl"})),),
       Then(Kind.CONFIGURATION, "Mosquitto access control list: which clients may read or "
            "write which MQTT topics", subkind="mosquitto_acl")),
    _r("ldif", Tier.LANGUAGE, (Lang(frozenset({"ldif"})),),
       Then(Kind.CONFIGURATION, "LDIF: an LDAP directory's entries, schema or configuration "
            "(its passwords redacted)", subkind="ldif")),
    _r("linguist-config", Tier.LANGUAGE, (Lang(formats.LINGUIST_GROUPS["config"]),),
       Then(Kind.CONFIGURATION, "{language} configuration (a GitHub Linguist language)",
            subkind="{language}_config")),
    _r("linguist-data", Tier.LANGUAGE, (Lang(formats.LINGUIST_GROUPS["data"]),),
       Then(Kind.DATA, "{language} data (a GitHub Linguist language): metadata only",
            subkind="{language}")),
    # content sniffing for formats whose extension says little (.yaml, .json, .xml ...)
    _r("openapi", Tier.CONTENT, (Lang(STRUCTURED), Sniff("openapi")),
       Then(Kind.CONTRACT, "OpenAPI document ({evidence})", subkind="openapi",
            confidence=0.97)),
    _r("asyncapi", Tier.CONTENT, (Lang(STRUCTURED), Sniff("asyncapi")),
       Then(Kind.CONTRACT, "AsyncAPI document ({evidence})", subkind="asyncapi",
            confidence=0.97)),
    _r("json-schema", Tier.CONTENT, (Lang(STRUCTURED), Sniff("json_schema")),
       Then(Kind.CONTRACT, "JSON Schema ({evidence})", subkind="json_schema")),
    _r("kubernetes", Tier.CONTENT, (Lang(STRUCTURED), Sniff("kubernetes")),
       Then(Kind.INFRASTRUCTURE, "Kubernetes manifest ({evidence})",
            subkind="kubernetes_manifest", confidence=0.95)),
    _r("github-actions-content", Tier.CONTENT, (Lang(STRUCTURED), Sniff("github_actions")),
       Then(Kind.CI_CD, "workflow definition ({evidence})", subkind="workflow")),
    _r("cloudformation", Tier.CONTENT, (Lang(STRUCTURED), Sniff("cloudformation")),
       Then(Kind.INFRASTRUCTURE, "CloudFormation template", subkind="cloudformation")),
    _r("helm-template-content", Tier.CONTENT, (Sniff("helm_template"),),
       Then(Kind.INFRASTRUCTURE, "Helm template ({evidence})", subkind="helm_template")),
    _r("spring-boot", Tier.CONTENT,
       (Lang(STRUCTURED), AnyOf((Name(("application*.yml", "application*.yaml",
                                       "application*.properties", "bootstrap*.yml")),
                                 Sniff("spring_boot")))),
       Then(Kind.CONFIGURATION, "Spring Boot configuration ({evidence})",
            subkind="spring_boot_config")),
    _r("dockerfile-content", Tier.CONTENT, (Lang(frozenset({None})), Sniff("dockerfile")),
       Then(Kind.INFRASTRUCTURE, "Dockerfile (its first instruction is FROM)",
            subkind="dockerfile")),
    _r("ansible-inventory", Tier.CONTENT,
       (AnyOf((Sniff("ansible_inventory"),
               Fact("an inventory of host names", lambda f: f.bare_inventory))),
        Lang(frozenset({"ini"}))),
       Then(Kind.INFRASTRUCTURE, "Ansible inventory ({evidence}): the hosts playbooks run on, "
            "their groups and connection variables", subkind="ansible_inventory")),
    _r("cloud-init", Tier.CONTENT, (Sniff("cloud_config"), Lang(frozenset({"yaml"}))),
       Then(Kind.INFRASTRUCTURE, "cloud-init user data ({evidence}): what a machine is set up "
            "with at its first boot", subkind="cloud_init")),
    _r("cloud-init-settings", Tier.CONTENT, (Glob(T.CLOUD_INIT_SETTINGS_GLOBS),
                                             Lang(frozenset({"yaml"}))),
       Then(Kind.INFRASTRUCTURE, "cloud-init's settings ({evidence}): the modules it runs and "
            "the defaults every machine boots with", subkind="cloud_init")),
    _r("infrastructure-directory", Tier.CONTENT, (Dir(T.INFRA_DIRS), Lang(STRUCTURED)),
       Then(Kind.INFRASTRUCTURE, "deployment configuration ({evidence})",
            subkind="deployment_config")),
    _r("structured-config", Tier.CONTENT, (Lang(STRUCTURED),),
       Then(Kind.CONFIGURATION, "{language} configuration", subkind="{language}_config")),
    _r("unknown", Tier.FALLBACK, (ALWAYS,),
       Then(Kind.UNKNOWN, "unknown format: no rule matched", confidence=0.3)),
)

"""Secret-like content, as data: token formats, key words, placeholders.

Each token format has cheap literal anchors: the regex runs only on text that contains one, so
scanning a file that holds no secret costs a few substring tests. `strong` findings block a file
that is not worth indexing after redaction; `weak` ones (short or low-entropy values, example
JWTs) are redacted wherever they are. The regexes avoid spelling a complete key header so that
this file does not look like a secret itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REDACTED = "<REDACTED_SECRET>"
# Bumped whenever redaction (these patterns or repokb.secrets) finds more: it is part of the
# classifier version, so the next run re-reads files indexed before (their size and mtime
# unchanged) instead of keeping a secret an older redactor missed in the store.
# 4: a name's overlapping findings joined (a long Stripe key's tail); 5: a password in a
# sentence without "is" ("use the password X on ..."), and base64 runs decoding to a secret;
# 6: an assignment inside another key's value ("environment: DB_PASSWORD=...")
# 7: a password in a sentence in a docstring or string literal of code, not only a comment;
# a base64 text blob read past its first 64 KB (in overlapping windows); 8: `KEY=value` in a
# comment of code, the value one token ("# export DB_PASSWORD=...")
# 9: credentials given by position (secrets/credentials.py: command lines, call arguments,
# scheme-less DSNs, environment lists, `ENV KEY value`, prose pairs, a table's password
# column); `pw` names a password; "..." strings over lines in Rust, Ruby, PHP, shell...
# 10: a dotted value with a random part is a token, not a reference (`hvs.CAES...`, `ya29.`)
# 11: a value found in one cell of a notebook is redacted in its other cells too
# 12: the password inside a URL's userinfo or a Basic header is redacted wherever else it
# stands in the file (secrets/parts.py); .pgpass and .netrc lines written out in a file
# 13: a prose password keeps its last `.`, `:`, `!` or `?` in the redaction ("the password is
# X!" left `<REDACTED_SECRET>!`), spread with and without it; the password of a URL inside a
# base64 blob is redacted wherever else it stands (encoded.passwords)
# 14: a JavaScript template literal is a string: `Bearer X` and a URL's `?api_key=X` inside
# backticks are redacted as inside quotes; a token a plugin yields in part (GitHub's `ghp`)
# is widened to its whole token but no longer over the `=` into its variable's name
# 15: Ruby's basic auth without parentheses (`req.basic_auth "u", "X"`, Faraday's `request
# :authorization, :basic, "u", "X"`) and `ENV.fetch("KEY") { "X" }`'s block default
# 16: Go's struct tag and flag defaults, viper's `SetDefault`, Ruby's `set :password, "X"` and
# `%q(X)` (secrets/defaults.py)
# 17: Rust's literal forms: a typed `const`/`static`/`let` of any type (`&str`, `&[u8] = b"v"`,
# `Lazy<String>`), raw strings (`r#"v"#`), `env::var(..).unwrap_or(..)` fallbacks; and a
# `"Bearer v"` string literal whatever receives it; a value rustfmt put below its `=`, a struct
# field's `api_key: String::from(..)`, a builder's `.api_key(..)`, `map.insert("password", ..)`,
# `.basic_auth(user, Some(..))`, crates.io tokens and `cargo login TOKEN`; `pass` before `by`
# is the verb (clippy's
# `needless_pass_by_value = "allow"` was redacted)
# 18: the name of an environment variable under a key that says it is a name is kept
# (`api_key_env_vars = ("ANTHROPIC_AWS_API_KEY",)`, `secret_name = "AWS_SECRET_ACCESS_KEY"`;
# secrets/envnames.py)
# 19: PHP's forms: `getenv('X') ?: 'v'`, `$_SERVER['X'] ?? 'v'` (and Python's `os.getenv("X")
# or "v"`), Guzzle's `'auth' => ['user', 'v']`, curl's `CURLOPT_USERPWD`, `base64_encode('u:v')`,
# `ldap_bind(.., 'v')`, `$redis->auth('v')`, a signing key by position (`JWT::encode($p, 'v')`,
# `hash_hmac(a, d, 'v')`, `jwt.sign(p, 'v')`, `hmac.new(b'v', ..)`); no longer redacted: a
# table or column name (`'password_reset_table' => 'password_resets'`) and Laravel's
# `'passwords' => 'users'`; a
# scope `Token::NAME_TYPE` in a comment (Twig's `/* Token::NAME_TYPE */ 5`) is no assignment
# 20: Gradle's and Android's forms (secrets/gradle.py): `buildConfigField "String", "API_KEY",
# "\"v\""` and `resValue`, a Groovy DSL's `storePassword "v"` (no `=`), a string resource
# `<string name="api_key">v</string>`; OkHttp's `Credentials.basic("u", "v")`
# 20 (also): Objective-C's `@"..."` strings as values (`@{@"api_key": @"v"}`, a message's keyword
# `[client setApiKey:@"v"]`), and a property list's `<key>APIKey</key>` with the `<string>`
# after it, on its line or the next (Info.plist); a triple-quoted text block holding only the
# value of a secret-named key (Swift, Kotlin, Python); `-DAPI_KEY=\"v\"`, `KEY=@\"v\"` with
# escaped quotes (Xcode build settings, compiler flags); secrets/literals.py
# 20 (also): Lua's and OpenResty's forms: `red:auth("v")` (a `:` method call),
# `local k <const> = "v"`,
# a long string `k = [[v]]`, a tuple assignment `local user, pass = "admin", "v"` (which
# redacted `admin` and kept `v`, in Python too), `"Basic " .. "v"`, nginx's `proxy_set_header
# X-Api-Key v;`, `fastcgi_param DB_PASSWORD v;` and `set $api_secret v;` (secrets/openresty.py);
# lua-resty-jwt's `jwt:sign("v", ..)`, lua-resty-hmac's `hmac:new("v", ..)`,
# `ngx.encode_base64("u:v")`, a quoted index `headers["X-Api-Key"] = "v"` and a URL with no user
# (`redis://:v@host`); a string a formatter put below its `=` (StyLua's, Prettier's
# `webhook_signing_secret =\n    "v"`)
# 21: forms left readable before: Lua's `auth = "v"` in a table, `redis.call("AUTH", "v")`
# (and `execute_command`), `os.getenv("X") or [[v]]`; a text block under a variable named only
# `key` holding a random token or a key's base64 body; a secret-named field's value in the
# comment after its declaration (`@property NSString *apiKey; // v`); in code, a plain word
# where only a secret can stand (`jwt.decode(t, "v", ..)`, `auth=("admin", "v")`,
# `HTTPBasicAuth`, `login`); PHP's `'a' . 'b'` glued literals
# 22: .NET's forms (secrets/dotnet.py): a C# auto-property's initializer `ApiKey { get; init; }
# = "v"`, `Environment.SetEnvironmentVariable("API_KEY", "v")`, `dotnet user-secrets set "K"
# "v"`, a Settings.settings `<setting name="ApiKey"><value>v</value>`, NuGet.config's `<apikeys>`
# values, `nuget setapikey v`, `dotnet nuget add source ... -p v` and NuGet API keys (`oy2...`);
# C#'s `$"v"` and `$@"v"` literals as values, `<add key="ida:ClientSecret" value="v"/>` (a key
# with `:`), Azure.Identity's `new ClientSecretCredential(tenant, client, "v")`; a password
# that opens with a digit (`2oeq3h...`) is no version; a key naming a public key or its hash
# (`publicKeyToken="30ad4fe6b2a6aeed"`, `PublicKey=0024...`) holds public material
# 23: Perl's forms (secrets/perl.py): DBI->connect's password, a hash element
# `$self->{password} = 'v'`, `q{v}`, heredocs, `$ENV{KEY} || 'v'`, Mojolicious' secrets, LWP's
# credentials, `$pass eq 'v'`, `my ($u, $p) = ('admin', 'v')`, hmac keys; `.pod` read as code
# 24: Erlang's and Elixir's forms (secrets/beam.py): the distribution cookie (`-setcookie v` in
# vm.args, `--cookie v`, `RELEASE_COOKIE=v`, `Node.set_cookie(:v)`), a secret-named tuple in
# Erlang terms (`{password, "v"}`, `{api_token, <<"v">>}` in sys.config, an .app.src's env),
# `System.get_env("X") || "v"` (also over lines), `Bcrypt.hash_pwd_salt("v")`,
# `epgsql:connect(H, U, "v", O)`, Joken's `default_signer: "v"` and `key_octet: "v"`; Elixir's
# `@api_token "v"`, `defp api_key, do: "v"`, `Application.put_env(:a, :api_key, "v")`, Req's
# `auth: {:basic, "u:v"}`
# 25: token formats gitleaks knows and we lacked: Stripe's webhook secret `whsec_`, Mailgun's
# `key-`, Shopify's `shpat_`, Doppler's `dp.pt.`, Hugging Face's `hf_`, DigitalOcean's `dop_v1_`,
# Linear's `lin_api_`, Postman's `PMAK-`, Databricks' `dapi`, Grafana's `glsa_`/`glc_`, Sentry's
# `sntrys_`/`sntryu_`, New Relic's `NRAK-`, Pulumi's `pul-`, Terraform Cloud's `.atlasv1.`,
# Atlassian's `ATATT3`, age's `AGE-SECRET-KEY-1`; Node's `auth: 'user:v'` and
# `Buffer.from('user:v')` for a Basic header, mysql's `-pv` in an argument list
# (`subprocess.run(["mysql", "-pv"])`), C#'s `foreach (char c in "v") ss.AppendChar(c)`; no
# longer redacted: an HTML input's `type=password name=password`, a label naming its field
# (`label_for pass => 'Password (optional, 7-500 characters)'`)
# 26: Gradle's and Java's forms (secrets/jvm.py) in a file holding a letter that lowers to two
# characters (`İ`): their lines were missed, the lower-cased text's offsets shifted
# 27: sbt's `Credentials("realm", "host", "user", "X")` (the fourth argument) and Flyway's or
# Spring's `dataSource(url, "user", "X")`, once `build.sbt` and Scala scripts are indexed
# 27 (also): token formats gitleaks knows and we lacked: Square's `sq0atp-`/`sq0csp-`/`EAAA`,
# 1Password's `ops_eyJ` and Secret Key `A3-`, Fly.io's `fo1_`/`fm1a_`/`fm2_`, Discord's bot
# tokens and webhook URLs, Teams' webhook URLs, AWS's `A3T`/`ABIA`/`ACCA` key ids and about 35
# more vendor prefixes (`rubygems_`, `pplx-`, `ntn_`, `hvs.`, `sqp_`, Azure AD's `Q~`...); Perl's
# auth checks `'v' eq $pass`, `$c->param('password') eq 'v'`, `$_[0] eq 'u' && $_[1] eq 'v'`;
# an HTML password field's `value="v"`; a password of words under a secret's name (`password
# = "my secret pass 42!"`, YAML's unquoted `db_password: correct horse battery 9`:
# scan.passphrase), labels and prompts kept; `password_hint` names no password; IPython's
# `%env KEY=v`, `%env KEY v`, `%set_env`, a cell's `!export KEY=v`, `wandb login v` and
# `kaggle config set -n key -v v` (secrets/credentials.py); a glued one-word name is a secret's
# by its last word (`'PGPASSWORD': 'v'` in a printed `os.environ`, `REDISPASSWORD`, `apitoken`)
# 28: Haskell's and OCaml's forms (secrets/mlforms.py): a secret-named pair in an association
# list (`[("password", "v")]`, http-client's `urlEncodedBody`), a Basic-auth password by
# position (`applyBasicAuth "user" "v"`, wreq's `basicAuth`, servant's `BasicAuthData`, cohttp's
# `` `Basic ("user", "v") ``)
# 28 (also): scan's assignments in a text holding many `İ` (a Turkish comment): the anchor walk
# read text.lower(), whose offsets drift one place per `İ`, and missed the line below them;
# a Discord bot token (format) is tried in a text naming Discord, as gitleaks' rule is
# 29: a secret-named string and the value string after it, by position, in every language
# (secrets/pairs.py, the association pairs of 28 generalised): Python's `[("password", "v")]`,
# configparser's `config.set("db", "password", "v")`, `setattr(settings, "SECRET_KEY", "v")`,
# Elixir's `[{"password", "v"}]`, Go's `form.Set("password", "v")`, `req.Header.Set(..)` and
# `url.Values{"password": {"v"}}`, Java's `Map.of(..)`/`Map.entry(..)`, Kotlin's `"password"
# to "v"`; JavaScript's and Ruby's `||=`/`??=` (`process.env.DB_PASSWORD ||= 'v'`); a string
# literal that is a whole `KEY=v` (`env=["DB_PASSWORD=v"]`, `putenv('DB_PASSWORD=v')`) with a
# v that is no random token (those were found before)
# 30: PowerShell's `ConvertTo-SecureString "v" -AsPlainText` (any order, `-String`, inside a
# PSCredential) and `net user NAME v` (secrets/powershell.py); Julia's typed assignment
# `key::String = "v"` (a typed global, an `@kwdef` struct field's default), as `key: str = "v"`
# was
# 30 (also): a hex hash under a key ending in a digest's name and its size, `sha256 = "..."`,
# Julia's `git-tree-sha1 = "..."` (Artifacts.toml, Manifest.toml), is read as a hash, not
# redacted as a high-entropy string
# 31: an attacker's matrix of 39 forms (session 24): a Pascal-case password of letters by
# position (`("password", "HunterTwoProd")`), an f-string's literal part (`f"DB_PASSWORD=v-{e}"`),
# a format filled at once (`"password=%s" % "v"`, `.format("v")`, `"KEY=" + "v"`), Erlang's and
# Elixir's binaries (`{<<"password">>, <<"v">>}`, `#{<<"api_key">> => <<"v">>}`),
# huggingface_hub's `login("v")`, a command line's or a credential call's words-and-digits
# password (`curl -u u:v`, `auth=("u", "v")`), `keyring.set_password(s, u, "v")`, a secret-named
# option's default (`add_argument("--password", default="v")`), `SecretStr("v")`, a `"Basic
# <base64>"` literal under any name, `password = b64decode("v")`, `PASSWORDS = {"u": "v"}`
# 32: a Jenkins pipeline's build parameter default under a secret name or of a `password`
# parameter (`string(name: 'API_TOKEN', defaultValue: 'v')`, `password(name: 'DB', defaultValue:
# 'v')`, secrets/shapes.py): it reached the store and the search answers
# 33: words with a capital and digits in a password's own place (secrets9's matrix): a
# secret-named option's default (`add_argument("--password", default="ArgparseDef5512")`),
# "the staging password is `StagingPw9931`", a Markdown table's Password, Token, Secret or API
# key column (`values.placed_password`); a lookup's default opening with `getenv`
# (`os.getenv("API_KEY", "GetenvDef4471")`) is no placeholder
# 34: CMake's `set(API_KEY "v")`, `set(TOKEN v CACHE STRING "doc")`, `set(ENV{PASSWORD} "v")`
# and a password piped to a login (`echo "v" | docker login --password-stdin`) in a Makefile,
# a Dockerfile, CI YAML (secrets/buildforms.py), a package tool's command storing one (`npm
# config set //registry.npmjs.org/:_authToken v`, `poetry config http-basic.R u v`, `composer
# config -g github-oauth.github.com v`, `bundle config HOST u:v`, `aws configure set
# aws_secret_access_key v`, `twine upload -p v`, `gh auth login --with-token <<< v`), CMake's
# `USERPWD "u:v"` and `HTTP_PASSWORD v`: they reached the store and the answers
# 34 also: a GraphQL argument's default (`password: String! = "v"`) and a proto2 field's
# (`[default = "v"]`, secrets/idl.py); GraphQL and protobuf read as code (IDL_LANGUAGES)
# 34 also: a bundler's define of a secret-named key (`define: { API_KEY: JSON.stringify("X") }` in
# vite.config.ts, nuxt.config.ts, svelte.config.js, webpack) and Vite's
# `import.meta.env.VITE_API_KEY || "X"` fallback (in a config or a component's `<script>`)
# 35: Ethereum projects' secrets (secrets/ethereum.py): a `0x` private key in Hardhat's
# `accounts`, given to a signer (`new Wallet(..)`, `vm.startBroadcast(..)`) or under a key's
# name or an account's role (`uint256 deployerKey = 0x..;`, `deployer: 0x..`), a BIP-39
# mnemonic, Infura's, Alchemy's and other node providers' keys in RPC URLs
# 36: secrets10's matrix: a header given as a name and a value (Jenkins' `customHeaders:
# [[name: 'X-Api-Key', value: 'v']]`, Postman's `"key": "Authorization", "value": "Bearer v"`),
# Gradle's `useInMemoryPgpKeys(id, "key", "v")`, a bare `login(user, "v")` and `connect(host,
# user, "v")`, a random token after "token" with no verb ("Auth token v"), GitLab CI's
# `API_TOKEN: {value: "v"}`; Helm's
# `existingSecret: name` is kept
# 37: Yarn 2+'s `npmAuthIdent` (`user:password` or its base64, at the top, under `npmScopes:`
# or `npmRegistries:`) is a credential: `.yarnrc.yml` is indexed as YAML configuration now; an
# environment variable's fallback (`${NPM_TOKEN-v}`, `${DB_PASSWORD:-v}`, or any variable's
# under a secret-named key: `password: ${DB_SETTING-v}`) is a value, unless it is a placeholder
# (`${DB_PASSWORD:-changeme}`), quoted or not; only v is redacted, the variable's name stays;
# secrets11: a random literal quoted in a comment or docstring after a secret word
# (`# the client_secret default was "v"`), every token of a list in prose ("Tokens v and w"),
# `ALCHEMY_ID=v` / `INFURA_ID` / `INFURA_PROJECT_ID`, Oracle's `connect(user, "v", dsn)` and
# `user/v@host:1521/svc`; kept: GitLab's `{value: "$CI_JOB_TOKEN"}` (its `{value:` was
# redacted), an Ansible one-liner's arguments after `password=v` (`priv=*.*:ALL state=present`);
# a shell default `${DB_PASSWORD:-v}`; kept whole: `${X_PASSWORD:?err}`, `$${X}`, `%(X_PASS)s`
# 37 also (secrets12): every password of a list in prose ("Passwords v and w"), the random values
# of a Markdown list under a heading or lead-in naming secrets (`## API keys` / `- staging:
# v`), a literal in an escaped quote inside a string (a JSON note's `was \"v\"`)
# 38 (surfaces27): a prose value ending a question judged without its `?` ("a bearer token
# with httpx?" lost `httpx?`); `token=v` keeps its `=`
# 38 also (infra27): every value of a Kubernetes Secret document in a YAML stream
# (secrets/k8s.py): one past the
# classifier's 8 KB head was indexed, its `stringData: license: v` and base64 `data:` values
# under keys no pattern knows stored as written; CloudFormation's `- Name: DB_PASSWORD` /
# `Value: v` (an ECS container's Environment) and an SSM parameter's `Name: /orders/api-key` /
# `Value: v`, read as Kubernetes' lower-case pair is
# 38 also (datasci27): SQL's `CREATE USER u IDENTIFIED BY 'v'` (and bare `IDENTIFIED BY v`), an
# options list's
# `password 'v'` (postgres_fdw's user mapping), DuckDB's `CREATE SECRET (..., SECRET 'v')`; R's
# `<-` and `<<-` assignments (`db_password <- "v"`)
# 39 (rmd28): R's `<-` takes a quoted literal only (an R Markdown chunk, read as prose, lost
# `rstudioapi::askForPassword()` under `password <-`, `tokens[` under `token <-`); a
# namespaced call `keyring::key_get(..)` is a reference; a Bearer built by R's `paste("Bearer",
# "v")`, `paste0("Bearer ", "v")`, glue's `'Bearer {"v"}'`; `GITHUB_PAT` (`GH_PAT`, `GITLAB_PAT`)
# 39 also (k8s28): a Secret item of a `kind: List` (`kubectl get secrets -o yaml`, `data:` before
# `kind:`) and Secrets written as JSON (`-o json`, a List of them) are redacted (their base64
# `data:` was stored); a Secret's Helm template references (`{{ .Values.x | b64enc }}`) and
# whole `${NAME}` placeholders are kept, string literals inside actions redacted
# 39 also (session 28): kustomize's `secretGenerator:` entries' `literals:` values (`- KEY=X`),
# a generated Secret's data under keys no pattern knows (`license=X`), were stored as written
# 40 (secrets29): R's right assignment, `"v" -> password` and `'v' ->> api_key` in an `.R` file
# or an R chunk of Markdown (secrets/rforms.py), was stored as written; a SOPS value `ENC[...]`
# is redacted whole (its `data:`, `iv:`, `tag:` were left), and a SOPS file's encrypted data
# keys; Kapitan's `?{gpg:path}` is a reference (its `?{gpg:path` was redacted, `}` left)
# 40 also (newfmt29): the directive forms of the server, tool and request files Linguist names
# (secrets/directives.py: curl's `user = "u:X"`, Apache's `SetEnv`, HAProxy's `stats auth` and
# password hashes, Tor, Kickstart's `rootpw`, Hurl's `[BasicAuth]`, Robot's `${PASSWORD}  X`,
# fish's `set -gx`), git's upper-case `AUTHORIZATION: basic X` and `smtppass` were stored
# 41 (secrets30): API-client collections' name/value entries (`{"key": "password", "value": "X"}`,
# an entry typed secret, Postman's apikey auth) and a JSON body inside a JSON string were stored
# (secrets/clients.py); a YAML `- key: db/password` then `value: X` too; names of secrets in a
# store are kept (ESO's `secretKey: password`, the CSI driver's `objectName`, Vault Agent's
# `agent-inject-secret-X: path`: secrets/storenames.py), and a YAML tag (`token: !vault |`,
# `!secret name`) is no value (the tag was redacted, the word lost)
# 41 also (newuser30): Rust's keys given by position (jsonwebtoken's `from_secret(b"X")`,
# RustCrypto's `new_from_slice`, ring's `hmac::Key::new`, cookie's `Key::from`), a secret
# header's value wrapped in `HeaderValue::from_static("X")`, `const KEY: &str = "<random>"`,
# clap's `default_value = "X"` above a secret-named field, a secret-named `fn` returning a
# literal, lettre's `Credentials::new("u".to_owned(), "X".to_owned())`
# 41 also (misc31): a CSS selector line (`.special-token:empty::before{`) is no `key: value`
# 42 (secrets31): a tool's own password option or place (`sqlcmd -P X`, `keytool -storepass X`,
# `openssl -passout pass:X`, `rabbitmqctl add_user U X`), a secret handed to a store (`gh secret
# set N --body X`, `echo X | docker secret create N -`), `::add-mask::X`, a random `..._KEY=X`
# given to `heroku config:set` / `docker -e`; digits under a secret's own name or type; a YAML
# list under `api_keys:`, Windows' `cmdkey /pass:X` and its kin, `echo U:X | chpasswd`, an
# expect script's `send "X\r"`, `https://TOKEN@host`; `PWD=/path`, a YAML mapping under
# `secret:`, `password_hasher: argon2id`, `token_algorithm: HS256` are no longer findings
# 42 also (newuser32): a pom.xml plugin's `<storepass>X</storepass>` / `<keypass>X</keypass>`
# 42 also (secrets32): a token given to `vault login` and a legacy Vault token (`s.` + 24) in a
# text naming Vault, the items of a one-line list under a secret's key (`"credentials": ["bob",
# "X"]`; its first item `[user` is no `key: value` finding), a PuTTY key's private lines and
# pgbouncer's userlist lines pasted anywhere, an FTP script's `user NAME X`, `nuget push -k X`,
# `mc alias set N URL A X`, `lftp -u U,X`, `ssh-keygen -N X`, `oc`/`cf login -p X`, `curl
# --oauth2-bearer X`, `rclone config create ... pass X`
# 42 also (review): a legacy Vault token's shape given to `vault login` whatever its letters
# 43 (newuser33): Go's `[]byte("X")` under a secret's name (`jwtKey`, `hmac_key` are secrets'
# names now), golang-jwt's `SignedString([]byte("X"))`, aws-sdk-go's
# `NewStaticCredentials(id, "X", "")` (minio's `NewStaticV4`, rusoto's `StaticProvider::new`),
# gomail's `NewDialer(host, port, user, "X")`, argon2's `new_with_secret(b"X", ..)`, Rust's
# secrecy `SecretString::new("X".to_string())`; a
# code file's `SetEnvPrefix(..)` line no longer reads every `Name Type` line as a directive
# (viper_test.go lost its 12 `map[string]string`)
# 43 also (secrets33): SQL user statements' passwords detect-secrets' keyword missed (`WITH
# PASSWORD = N'X'`, `SET PASSWORD FOR u = PASSWORD('X')`, Neo4j's `SET PASSWORD 'X'`,
# `sp_addlogin 'u', 'X'`, `@rmtpassword = N'X'`, `dbms.security.createUser('u', 'X')`,
# MongoDB's `changeUserPassword('u', 'X')`), Redis's ACL `>X` / `#hash` and `requirepass X`
# directive, `mysqladmin password X`, wpa_supplicant's `psk="X"`, a Wi-Fi QR's `P:X;`, SNMP
# communities, a router's `username u password 0 X` / `enable secret 5 HASH`, an OpenVPN static
# key, a password file's `user:$6$...` / `user:$apr1$...` line, `.npmrc`'s `_auth=BASE64`
# 43 also (decisions33): a compiler option defining a macro with no value (`additional_flags=
# -DWRAP_M68K_AOUT`, DejaGnu's libgloss.exp, now read as Tcl) is no high-entropy string
# 43 also (review): a random token quoted right after a bare `key` ("pass the key as
# `[]byte("X")`", "use the key `X`"); prose's "secret key as `[]byte(`" no longer takes the
# call's name for the value
# 44 (newuser34): Emacs Lisp's secret-named symbol before a string (`(setq erc-password "X")`,
# `:secret "X"`, `(sql-password "X")`, `(password . "X")`: secrets/lispforms.py) and tmux's
# `set-environment -g TOKEN X`
# 44 also (decisions34): a run of `#` is a mask, not a value (markdown-it's `token_o.markup =
# "######".slice(0, level)`, its heading markup: redacted once dist/ was read)
# 44 also (secrets34): a password or key given as the literal argument of the call that hashes,
# checks or keys with it (`bcrypt::verify("X", h)`, `password_verify('X', $h)`,
# `check_password_hash(h, "X")`, `hmac.new(b"X", ..)`, `new SecretKeySpec("X".getBytes(), ..)`:
# secrets/hashcalls.py); a `"Bearer X"` literal whose random-looking token is 8-15 characters
# 45 (decisions35): tmux's configuration, its own language now (`tmux`), is redacted as the INI
# it was read as (the same finders, detect-secrets' INI mode); a tmux plugin's `@option`
# (`set -g @jira_password "X"`) is a directive's key as a bare name is
# 45 also (secrets35): passwords YAML lists by user name (`auth:` / `users:` / `admin: X`,
# cloud-init's `chpasswd:` `root:X`; secrets/usermaps.py), a session cookie in a request
# (`Cookie: session=X`, curl's `-b`; secrets/cookies.py), Twitter's bearer and Dropbox's
# short-lived tokens, 16 more vendors' prefixed tokens (Supabase, Groq, LangSmith, Pinecone,
# Airtable, Resend, Plaid, Doppler's `dp.st.CONFIG.` ...), an Azure SAS `sig=` and a Functions
# `?code=` key in URLs, Hibernate's
# `<property name="...password">X</property>`, Kotlin's `val apiKey by lazy { "X" }`, OpenLDAP's
# `BINDPW X`, SSSD's `ldap_default_authtok`, pika's `PlainCredentials(u, X)`; a Lisp defvar's
# docstring is no longer taken with its value; vim-fugitive's `'core.askPass=' . x . '/y'` and a
# git object name under `ref` are no longer findings
# 45 also (newuser35): Clojure's secret-named var or map keyword given a string (`(def api-key
# "X")`, `{:password "X"}`: secrets/lispforms.py, read in Clojure too), `(str "Bearer " "X")`, and a
# secret-named TeX macro defined as a value (`\def\apikey{X}`, `\newcommand{\dbpassword}{X}`:
# secrets/texforms.py)
# 46 (newuser36): a value that is a list of validation rules (Laravel's `'password' =>
# 'required|min:12|confirmed'`, CodeIgniter's `'trim|required|min_length[8]'`) or a cast
# (Eloquent's `'password' => 'hashed'`, `'api_token' => 'encrypted'`) is not a secret; WordPress's
# eight keys and salts (`define('NONCE_SALT', 'X')`, `LOGGED_IN_KEY`) are secret names, and a
# `define('DB_PASSWORD', 'X')` value is judged as a literal (letters alone too)
# 46 also (secrets36): WordPress's keys and salts, Drupal's `hash_salt`, CakePHP's `Security.salt`
# (P.SECRET_KEY_NAMES); a JS/PHP/Python environment fallback judged by the key it is given to
# too (`password: process.env.PGPASS || 'X'`); PowerShell's `-Password X` parameters
# (secrets/powershell.py); `FTP_TLS(h, u, X)` without `ftplib.` and ldap3's
# `Connection(server, user, X)`; the values of an HCL `tokens { .. }` block (Consul's ACL
# tokens; secrets/hclblocks.py); a Kubernetes Secret's `metadata.labels` kept readable
# 47 (secrets37): LDIF's base64 `userPassword:: X` (secrets/ldif.py); a bare value's scheme
# prefix kept with it (`{SSHA}X`, `{noop}X`: the value stopped at `}`, its hash stored);
# an INSERT's rows under a secret-named column (`INSERT INTO users (.., password) VALUES
# (.., 'X')`); Teams' legacy `outlook.office.com/webhook/` URL; a command option's value
# with a `%` (`lftp -u u,X%`) is no `%VAR%` reference; command lines' secrets (rabbitmqadmin/ncftp
# `-p X`, `ab -A` / `--proxy-user` / `--creds u:X`, `dotnet user-secrets set`, `az keyvault
# secret set --value`, `gcloud secrets ... <<< X`, `fly secrets set K=X`, `-Dsecret.name=X`,
# `net use Z: \\h\s X /user:u`); Sentinel's `sentinel auth-pass MASTER X`
# 47 also (newuser37): Elixir's sigil strings and heredocs under a secret's name (`@secret_key
#   ~S(X)`, `password: ~s(X)`, `Signer.create("HS256", ~s(X))`, `api_key: """` X `"""`), Erlang's
#   `-define(API_KEY, <<"X">>)` and `base64:encode(<<"u:X">>)`, Perl's
#   `->authorization_basic(USER, 'X')`, a key argument's fallback after `or`/`||`/`??`
#   (`jwt:sign(conf.key or "X", ..)`)
# 47 also (mine37): the key itsdangerous' signers and serializers and Django's `signing.Signer`
#   take by position (`URLSafeTimedSerializer("X", salt=..)`: secrets/credentials._KEY_CALL,
#   the class names as written)
# 48 (secrets38): a plain text of `user:X` lines or an OpenVPN two-line auth file, signify /
#   minisign secret keys, Traefik's plaintext `basicauth.users` / `basicAuth: users: - u:X`, Caddy's
#   `basicauth` block, poetry/composer `http-basic`, `gem push --key X`, SNMPv3 `createUser`, a `%`
#   in a device password, a YAML anchor or `"""` before a value, a random last part of a colon
#   value, a HAR session cookie, a lookup's `fallback=`/`default=`, `"".join([..])` and
#   format-argument URL passwords, `"%s:%s" % (u, X)`, a secret after its key id, ftplib's `FTP(h,
#   u, X)`, IFTTT and Apollo keys, `SET PASSWORD FOR`, Nagios' `$USERn$`, ZNC's hash, Google app
#   passwords in prose, curl's short flags glued before `-u` (`curl -fsSLu u:X`), Go's
#   `cmp.Or(os.Getenv(N), "X")`; kept: `PASSWORD_MIN=8 x.c` in a shell, a two- or three-word phrase
#   as a passphrase (`secret key`)
# 48 also (mine38): a value that is an absolute path of words (`/account/password/change`,
#   `/auth/password/reset/{key}`, `/run/secrets/password`) is a route or a file the key names, no
#   secret (django-allauth, environs); `email[` (of `email["PASSWORD"]` in prose) is code
# 48 also (newuser38): a Jinja default of a secret-named variable (`{{ db_password | default('X')
#   }}`, `| d("X")`: Ansible's and Salt's templates), nginx's `proxy_set_header Authorization "Basic
#   X";`, Redis' `requirepass`/`masterauth` glued under a prefix (`redis_requirepass: X`)
# 48 also (formats38): a mount's options (fstab's fourth field, `mount -o`) are cut at their commas:
#   a `password=` / `pass=` / Ceph `secret=` value alone is taken (was the line's rest), a
#   `credentials=/path`, `secretfile=/path` stays (was taken)
# 49 (newuser39): a prompt's fallback under a secret's name (`password = getpass.getpass() or
#   "X"`, `token = input("Token: ") or "X"`: a notebook's default when Enter is pressed)
# 49 also (secrets39): a crypttab line's inline passphrase (`name /dev/x X luks`; a key file's
#   path kept); tools' own password options (`ipmitool -P`, FreeRDP's `/p:`, `rdesktop -p`,
#   `openssl enc -k`, macOS `security ... -p/-P`, `altool -p`, `notarytool --password`, HTTPie's
#   `-a u:X`, `kubeadm --token`), a secret-named `--option` and its value in an exec-form list
#   (`["redis-server", "--requirepass", "X"]`), a C `#define SECRET "X"`, a Netscape cookie jar's
#   session values, a dump's INSERT without columns (its CREATE TABLE's) and pg_dump's COPY rows,
#   Vault's unseal keys (`vault operator unseal X`, `Unseal Key 1: X`) and a root token (`hvs.`
#   + 24), a secret-named XML element's `<Value>` child (Windows answer files), CloudFormation's
#   `ParameterKey`/`ParameterValue`, Beanstalk's `OptionName`/`Value` and a `NoEcho` parameter's
#   `Default` in JSON, CDK's `SecretValue.unsafePlainText("X")`, python-jira's `basic_auth=(u,
#   X)`, paho's `username_pw_set(u, X)`, EDN maps, `SSHPASS`, Apple's app-specific password in
#   prose; kept: an age recipient (`age1...`), a parenthesised template expression
#   (`(element.requirepass | d(..))`)
# 49 also (mine39): plain words under a secret's name whose first word alone was taken go whole
#   (`password: correct horse staple` left `horse staple`); two or three words in quotes under
#   detect-secrets' keyword are redacted again (secrets39 kept them as a phrase)
# 50 (mobile40): mobile forms: an SDK's key in AndroidManifest.xml's `<meta-data
#   android:name="com.onesignal.ApiSecret" android:value="X"/>` (secrets/jvm.py), a Gradle
#   `buildConfigField` named `..._KEY` with a random value (`PAYMENTS_KEY`), and an iOS keyed
#   store given the value first: `UserDefaults.standard.set("X", forKey: "apiToken")`,
#   `KeychainWrapper.standard.set("X", forKey: "password")`, `[keychain setString:@"X"
#   forKey:@"password"]` (secrets/appleforms.py)
# 50 also (secrets40): kept: a documented example token made of sequential runs (kubeadm's
#   `abcdef.0123456789abcdef`); taken: Hadoop's and Knox's `<name>secret-named</name>` `<value>X`,
#   a bare directive value holding `#` (`HTTP_Passwd pw#`), `Authorization Bearer X` without a
#   colon, JSON `"tokens"`/`"credentials"` objects' strings (Consul, Solr), an HCL heredoc's
#   lines, a UUID under `secret_id`/`SecretID` (and Consul's, Nomad's, Vault's printed lines), a
#   password's hash under its name (`password_hash`, `root_password_sha2`), YAML's `user: $2y$..`,
#   JAAS `user_NAME="X"`, Go's `-token=X`, `cqlsh -p`, `BasicAuthentication(u, X)`,
#   `api_key=(id, X)`, `basic.auth.user.info=K:X`, `NEO4J_AUTH=neo4j/X`, Shiro's `[users]`,
#   `echo X | elasticsearch-keystore add` / `az devops login`, `pulumi config set K X`,
#   `erlangCookie`, `x-honeycomb-team`; kept too: a name ending in `source`
#   (`basic.auth.credentials.source=USER_INFO`), a word with its full stop after `Authorization`
# 50 also (secrets40b): taken: random letters with no digit under a secret's name in code
#   (`TOKEN = "MbWPuGbv..."`: short case runs, `scan.random_letters`), a random token in a Kotlin
#   pair (`mapOf("sentryAuthToken" to "Uz8K...")`: a name's words hold a vowel), ZooKeeper's
#   `superDigest=super:BASE64`; kept: names of words (`AuthorizationHeaderValue`, `XMLHttpRequest`)
# 51 (secrets41): taken: network devices' statements (Cisco IOS/NX-OS/ASA, Arista, Juniper's
#   `set` and curly forms, Fortinet, ProCurve: `tacacs-server host H key 7 X`, `neighbor N password
#   7 X`, `ip ospf message-digest-key 1 md5 X`, `snmp-server user .. auth sha X priv aes 128 Y`,
#   `pre-shared-key ascii-text "X"`, `set psksecret ENC X`), Juniper's `## SECRET-DATA` values,
#   RouterOS' `add`/`set` secret items (`.rsc`), strongSwan's `: PSK "X"` lines, OpenVPN's inline
#   `<auth-user-pass>` and `<pkcs12>`, Asterisk's `register => u:X@host`, `{PLAIN}X` /
#   `{SHA512-CRYPT}..` scheme passwords, Postfix's `[relay]:587 u:X`, Jenkins' `{AQAAAB..}`
#   secrets, `<name>`/`<Key>` then `<defaultValue>`/`<Value ..>` (Jenkins' parameters, KeePass
#   exports), `Name="Pass"` attributes, a `<password>`'s `<hash>` child, `<bcrypt-hash>$2y$..`,
#   `#jbcrypt:`-prefixed hashes under a password's hash name, Keycloak's `{"type": "password",
#   "value": X}` and escaped `secretData`, HeidiSQL's `..\Password<|||>1<|||>X`, an INI
#   `[Passwords]` section, Joomla's `*redis_server_auth`, Strapi's `APP_KEYS`, `wp config set K X`,
#   `(echo X; echo X) | smbpasswd -s`, `smbpasswd -w X`, `doveadm pw -p X`, `gitea admin user ..
#   -p X`, `jenkins-cli -auth u:X`, `radtest u X h p S`; random letters under a secret's name
#   with two lone case pairs (`..PuGbv..Vp..`); kept: a template cut at its space
#   (`@token = {{$dotenv API_TOKEN}}`)
# 51 also (secrets41b): taken: a process substitution's printed file handed to a secret's option
#   (`--auth-user-pass <(printf 'u\nX\n')`, `preshared-key <(echo X)`), game servers' `+`
#   launch options (`+rcon.password X`, `+rcon_password X`, `+server.password X`) and
#   `sv_setsteamaccount X`, Jenkins' Groovy `createAccount(u, X)` and
#   `UsernamePasswordCredentialsImpl(scope, id, desc, u, X)`
# 51 also (lead41): an OpenVPN static key's body is taken whatever its alphabet (only hex was:
#   a key pasted as base64 between the armor lines was stored; the new-user trial found it)
# 52 (secrets42): a password hash (crypt's `$1$`/`$5$`/`$6$`/`$apr1$`, bcrypt, argon2,
#   yescrypt) in data and text anywhere, in code on a line that writes rows (`INSERT INTO`,
#   `VALUES (`, `COPY .. FROM stdin`, `IDENTIFIED .. AS`, `authentication_string`,
#   `insertOne(`) with MySQL's `*`+40 hex; a key's bytes as a number list under a `..key`
#   (`network_key: [17, 203, ..]`, 16/24/32 of 0-255); a bare `keys: ['X', 'Y']` list's random
#   items and every random item of `APP_KEYS: X,Y` (the first only was); `export OC_PASS=X`
#   (a password's name, 8+ letters with digits: was 12+ random);
#   4-5 digit PINs under a password's own name (`vm-password`) and Asterisk's `box => PIN,`;
#   Kamailio's `#!substdef "!AUTH_SECRET!X!g"`; Plex's `claim-` token
# 53 (secrets43): taken: a value under a secret's name in brackets (php-fpm's `env[APP_KEY] =
#   X`), fastlane's `git_basic_authorization` (a `basic authorization` pair; a setter call
#   `name("X")` as a whole statement), `%` in a password given to a hasher (a placeholder is
#   `%s`/`%(`/`%d`), a here-string to any secret store (`vercel env add .. <<< X`), a literal
#   piped to `gcloud secrets create`/`versions add`, `aws ssm put-parameter .. SecureString
#   --value X`, `aws secretsmanager .. --secret-string X`, `mkstore -createCredential A U X`,
#   phpMyAdmin's `controlpass`, a Wi-Fi/WLAN/WPA key in prose, an OpenVPN static key indented
# 53 also (secrets43b): a quoted assignment value read as a literal (escapes, other quotes, a
#   doubled quote, triple quotes, r/rb/f prefixes: Flask's `b'_5#y2L"F4Q8z\n\xec]/'` whole; a raw
#   regex and an f-string with `{expr}` are no value); a table of calls and their password's place
#   (`PASSWORD_ARGUMENT`: SMBConnection, pysftp, Transport.send, cx_Oracle/OCI8 connect (not the
#   DSN), Net::SMTP.start, Net::FTP, Sequelize, ssh.Password, url.UserPassword, LogonUser)
REDACTION_VERSION = 53


@dataclass(frozen=True)
class TokenFormat:
    name: str
    anchors: tuple[str, ...]  # literal substrings, at least one must occur (case-sensitive)
    pattern: re.Pattern[str]
    strong: bool = True
    group: int = 0  # the part of the match that is the secret


def _re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


TOKEN_FORMATS: tuple[TokenFormat, ...] = (
    TokenFormat("private_key", ("PRIVATE KEY",), _re(
        r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
        r"(?:.{0,8000}?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|.{0,8000}\Z)", re.S)),
    TokenFormat("aws_access_key", ("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "AIPA",
                                   "A3T", "ABIA", "ACCA"),
                _re(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|AIPA|A3T[A-Z0-9]|ABIA|ACCA)[0-9A-Z]{16}\b")),
    TokenFormat("github_token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
                _re(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b")),
    TokenFormat("gitlab_token", ("glpat-", "gldt-", "glrt-"),
                _re(r"\bgl(?:pat|dt|rt)-[A-Za-z0-9_\-]{20,}")),
    TokenFormat("slack_token", ("xox",), _re(r"\bxox[abposre]-[A-Za-z0-9-]{10,}")),
    TokenFormat("slack_webhook", ("hooks.slack.com",),
                _re(r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_-]{20,}")),
    TokenFormat("stripe_key", ("_live_", "_test_"),
                _re(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b")),
    # Stripe's webhook signing secret (`stripe listen` prints it; STRIPE_WEBHOOK_SECRET)
    TokenFormat("stripe_webhook_secret", ("whsec_",), _re(r"\bwhsec_[A-Za-z0-9+/=]{24,}")),
    TokenFormat("google_api_key", ("AIza",), _re(r"\bAIza[0-9A-Za-z_\-]{35}")),
    TokenFormat("google_oauth_secret", ("GOCSPX-",), _re(r"\bGOCSPX-[A-Za-z0-9_\-]{20,}")),
    TokenFormat("openai_key", ("sk-",),
                _re(r"\bsk-(?:proj-|svcacct-|ant-[a-z0-9]+-)?[A-Za-z0-9_\-]{32,}")),
    TokenFormat("npm_token", ("npm_",), _re(r"\bnpm_[A-Za-z0-9]{36}\b")),
    # crates.io API token (`cargo login`, CARGO_REGISTRY_TOKEN): `cio` and 32 letters and digits
    TokenFormat("crates_io_token", ("cio",),
                _re(r"\bcio(?=[A-Za-z]*[0-9])(?=[0-9]*[A-Za-z])[A-Za-z0-9]{32}\b")),
    TokenFormat("pypi_token", ("pypi-",), _re(r"\bpypi-[A-Za-z0-9_\-]{50,}")),
    # NuGet API key (nuget.org's, `dotnet nuget push --api-key`): `oy2` and 43 lower-case
    # letters and digits
    TokenFormat("nuget_api_key", ("oy2",), _re(r"\boy2[a-z0-9]{43}\b")),
    TokenFormat("sendgrid_key", ("SG.",), _re(r"\bSG\.[\w\-]{22}\.[\w\-]{43}")),
    TokenFormat("twilio_key", ("SK",), _re(r"\bSK[0-9a-f]{32}\b")),
    # The formats below as gitleaks' rules spell them (each prefix is the vendor's own)
    TokenFormat("mailgun_key", ("key-",), _re(r"(?<![\w-])key-[a-f0-9]{32}\b")),
    TokenFormat("shopify_token", ("shpat_", "shpca_", "shppa_", "shpss_"),
                _re(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b")),
    TokenFormat("doppler_token", ("dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."),
                # a service token names its config: `dp.st.dev.X` (secrets35)
                _re(r"\bdp\.(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_\-]{1,40}\.)?"
                    r"[A-Za-z0-9]{40,44}\b")),
    # Hugging Face's `hf_` and 34 letters, mixed case (an identifier `hf_...` is not)
    TokenFormat("huggingface_token", ("hf_", "api_org_"),
                _re(r"\b(?:hf|api_org)_(?=(?:[a-z]*[A-Z]){4})(?=(?:[A-Z]*[a-z]){4})"
                    r"[A-Za-z]{34}\b")),
    TokenFormat("digitalocean_token", ("dop_v1_", "doo_v1_", "dor_v1_"),
                _re(r"\bdo[por]_v1_[a-f0-9]{64}\b")),
    TokenFormat("linear_api_key", ("lin_api_",), _re(r"\blin_api_[A-Za-z0-9]{40}\b")),
    TokenFormat("postman_api_key", ("PMAK-",), _re(r"\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b")),
    TokenFormat("databricks_token", ("dapi",), _re(r"\bdapi[a-f0-9]{32}(?:-\d)?\b")),
    TokenFormat("grafana_token", ("glsa_", "glc_"),
                _re(r"\b(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_eyJ[A-Za-z0-9+/]{32,400}={0,2})")),
    TokenFormat("sentry_token", ("sntrys_", "sntryu_"),
                _re(r"\b(?:sntrys_eyJ[A-Za-z0-9+/=_\-]{40,400}|sntryu_[a-f0-9]{64}\b)")),
    TokenFormat("new_relic_key", ("NRAK-",), _re(r"\bNRAK-[A-Z0-9]{27}\b")),
    TokenFormat("pulumi_token", ("pul-",), _re(r"\bpul-[a-f0-9]{40}\b")),
    TokenFormat("terraform_cloud_token", (".atlasv1.",),
                _re(r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-=]{60,70}")),
    TokenFormat("atlassian_token", ("ATATT3",), _re(r"\bATATT3[A-Za-z0-9_\-=]{150,}")),
    # age's secret key (Bech32): `age-keygen` writes it to a key file, a config copies it
    TokenFormat("age_secret_key", ("AGE-SECRET-KEY-1",),
                _re(r"\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b")),
    # Square's access tokens (`sq0atp-`, the newer `EAAA...`) and OAuth secrets (`sq0csp-`); an
    # `EAAA` token has digits and both cases (a base64 line opening `EAAA` in a certificate is
    # followed by `+` or `/` soon, and has no word boundary before it mid-blob)
    TokenFormat("square_token", ("sq0atp-", "sq0csp-", "EAAA"),
                _re(r"\b(?:sq0atp-[A-Za-z0-9_\-]{22,60}|sq0csp-[A-Za-z0-9_\-]{43}"
                    r"|EAAA(?=[A-Za-z0-9_\-]{0,59}[0-9])(?=[A-Za-z0-9_\-]{0,59}[a-z])"
                    r"(?=[A-Za-z0-9_\-]{0,59}[A-Z])[A-Za-z0-9_\-]{40,60})(?![A-Za-z0-9_\-+/=])")),
    # 1Password: a service account's token (`ops_` and a base64 JSON) and an account's Secret Key
    TokenFormat("onepassword_token", ("ops_eyJ", "A3-"),
                _re(r"\bops_eyJ[A-Za-z0-9+/]{250,}={0,3}|\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}"
                    r"|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b")),
    # Fly.io: `fo1_` (an org token), macaroons `fm1a_`/`fm1r_`/`fm2_` (`FlyV1 fm2_...,fm2_...`)
    TokenFormat("flyio_token", ("fo1_", "fm1a_", "fm1r_", "fm2_"),
                _re(r"\b(?:fo1_[A-Za-z0-9_\-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}"
                    r"|fm2_[A-Za-z0-9+/]{100,}={0,3})")),
    # Discord: a bot token is the bot's id in base64 (a snowflake's digits: `MT`..`OT`), a
    # timestamp and an HMAC, dot-separated; a webhook's URL holds its token. Tried in a text
    # that names Discord, as gitleaks' rule is (its keyword): its own first letters, nine
    # two-letter anchors, matched all over any text (the dry run's heads took 0.3 s more on
    # Django); under a secret's name (`BOT_TOKEN = "..."`) the assignment finder takes it.
    TokenFormat("discord_token", ("discord", "Discord", "DISCORD"),
                # the class first, the boundary after it: the engine skips to an M, N or O
                _re(r"[MNO](?<![A-Za-z0-9_\-][MNO])[TjzD][A-Za-z0-9_\-]{21,26}\.[A-Za-z0-9_\-]{6}"
                    r"\.(?=[A-Za-z0-9_\-]{0,40}[0-9])[A-Za-z0-9_\-]{27,40}(?![A-Za-z0-9_\-])")),
    TokenFormat("discord_webhook", ("discord.com/api/webhooks/", "discordapp.com/api/webhooks/"),
                _re(r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/"
                    r"[A-Za-z0-9_\-]{60,68}")),
    # (and the connector's first address, `outlook.office.com/webhook/`, or office365.com's:
    # retired by Microsoft, still written in runbooks and alerting configs)
    # session 38: IFTTT's Webhooks key in its trigger URL (`maker.ifttt.com/trigger/EVENT/with/
    # key/X`: whoever holds it fires every applet of the account), Apollo GraphOS' graph API
    # key (`service:GRAPH:X`, `APOLLO_KEY`), the key after its two names
    TokenFormat("ifttt_webhook", ("ifttt.com/trigger/",),
                _re(r"maker\.ifttt\.com/trigger/[^/\s]{1,100}/(?:json/)?with/key/"
                    r"([A-Za-z0-9_\-]{16,64})"), group=1),
    TokenFormat("apollo_key", ("service:",),
                _re(r"\bservice:[A-Za-z0-9][\w\-@]{0,63}:((?=[\w\-]*\d)(?=[\w\-]*[A-Z])(?=[\w\-]*[a-z])"
                    r"[A-Za-z0-9_\-]{20,64})\b"), group=1),
    TokenFormat("teams_webhook", ("webhook.office.com/webhookb2/", ".com/webhook/"),
                _re(r"https://(?:[a-z0-9]+\.webhook\.office\.com/webhookb2|"
                    r"outlook\.office(?:365)?\.com/webhook)/[a-z0-9@\-]{20,100}"
                    r"/IncomingWebhook/[a-z0-9]{32}/[a-z0-9\-]{36}")),
    TokenFormat("azure_storage_key", ("AccountKey=",), _re(r"AccountKey=([A-Za-z0-9+/=]{40,})"),
                group=1),
    # an Azure SAS URL's or connection string's signature (`?sv=2022-11-02&...&sig=X`): the
    # rest of the query (version, services, permissions, expiry) says what it grants, not who
    TokenFormat("azure_sas_signature", ("sig=",),
                _re(r"\bsv=\d{4}-\d\d-\d\d&[^\s\"'<>`]{0,400}?[&;]sig="
                    r"([A-Za-z0-9%+/]{20,}(?:=|%3[Dd]){0,2})"), group=1),
    # an Azure Functions key in a function's URL (`https://app.azurewebsites.net/api/f?code=X`)
    TokenFormat("azure_function_key", ("azurewebsites.net/api/",),
                _re(r"\.azurewebsites\.net/api/[^\s\"'?<>`]*\?(?:[^\s\"'#<>`]*&)?code="
                    r"([A-Za-z0-9_\-]{20,}(?:=|%3[Dd]){0,2})"), group=1),
    # Airtable's personal access token and Resend's key (secrets35): their anchors (`pat`, `re_`)
    # stand in many texts (`path`, `re_path`), so each pattern opens with its literal, which the
    # regex engine seeks fast, and checks what stands before it after
    TokenFormat("airtable_token", ("pat",),
                _re(r"pat(?<![A-Za-z0-9_\-]pat)[A-Za-z0-9]{14}\.[a-f0-9]{64}(?![A-Za-z0-9_\-])")),
    TokenFormat("resend_key", ("re_",),
                _re(r"re_(?<![A-Za-z0-9_\-]re_)[A-Za-z0-9]{8}_(?=[A-Za-z]*[0-9])"
                    r"(?=[a-z0-9]*[A-Z])[A-Za-z0-9]{24}(?![A-Za-z0-9_\-])")),
    TokenFormat("telegram_bot_token", (":AA",), _re(r"(?<!\d)\d{8,10}:AA[0-9A-Za-z_\-]{30,40}")),
    TokenFormat("jwt", ("eyJ",),
                _re(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
                strong=False),
) + tuple(
    TokenFormat(name, anchors, _re(r"(?<![A-Za-z0-9_\-])(?:" + body + r")(?![A-Za-z0-9_\-])"))
    for name, anchors, body in (
        # More of gitleaks' rules whose prefix is the vendor's own, each with its length; one
        # format per prefix, so that a text holding `API-` runs one small regex only (Mailchimp's
        # `-us12` keys are detect-secrets' plugin's: secrets/library.py)
        ("artifactory_token", ("AKCp",), r"AKCp[A-Za-z0-9]{69}"),
        ("aws_bedrock_key", ("ABSK",), r"ABSK[A-Za-z0-9+/]{109,269}={0,2}"),
        ("clojars_token", ("CLOJARS_",), r"CLOJARS_[a-zA-Z0-9]{60}"),
        ("cloudflare_origin_ca_key", ("v1.0-",), r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}"),
        ("dynatrace_token", ("dt0c01.",), r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}"),
        ("duffel_token", ("duffel_",), r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}"),
        ("easypost_token", ("EZAK", "EZTK"), r"EZ[AT]K[A-Za-z0-9]{54}"),
        ("facebook_token", ("EAAM", "EAAC"), r"EAA[MC][A-Za-z0-9]{100,}"),
        ("flutterwave_key", ("FLWSECK",), r"FLWSECK(?:_TEST)?-[a-hA-H0-9]{32}-X"),
        ("frameio_token", ("fio-u-",), r"fio-u-[A-Za-z0-9_\-=]{64}"),
        ("grafana_api_key", ("eyJrIjoi",), r"eyJrIjoi[A-Za-z0-9]{70,400}={0,3}"),
        ("harness_token", ("pat.", "sat."),
         r"(?:pat|sat)\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}"),
        ("heroku_token", ("HRKU-AA",), r"HRKU-AA[A-Za-z0-9_\-]{58}"),
        ("infracost_token", ("ico-",), r"ico-[A-Za-z0-9]{32}"),
        ("intra42_secret", ("s-s4t2",), r"s-s4t2(?:ud|af)-[a-fA-F0-9]{64}"),
        ("maxmind_key", ("_mmk",), r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk"),
        ("notion_token", ("ntn_",), r"ntn_[0-9]{11}[A-Za-z0-9]{35}"),
        ("openshift_token", ("sha256~",), r"sha256~[A-Za-z0-9_\-]{43}"),
        ("perplexity_key", ("pplx-",), r"pplx-[A-Za-z0-9]{48}"),
        ("planetscale_token", ("pscale_",), r"pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.\-]{32,64}"),
        ("prefect_token", ("pnu_",), r"pnu_[A-Za-z0-9]{36}"),
        ("readme_token", ("rdme_",), r"rdme_[a-z0-9]{70}"),
        ("rubygems_token", ("rubygems_",), r"rubygems_[a-f0-9]{48}"),
        ("scalingo_token", ("tk-us-",), r"tk-us-[A-Za-z0-9_\-]{48}"),
        ("sendinblue_key", ("xkeysib-",), r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
        ("settlemint_token", ("sm_aat_", "sm_pat_", "sm_sat_"), r"sm_[aps]at_[A-Za-z0-9]{16}"),
        ("shippo_token", ("shippo_",), r"shippo_(?:live|test)_[a-fA-F0-9]{40}"),
        # secrets35: vendors' prefixed tokens a README or a notebook shows under no secret's
        # name (Supabase's access token, Replicate's, Groq's, LangSmith's, Pinecone's,
        # Netlify's, Render's, Neon's, Figma's, Contentful's, Plaid's, Bitbucket's app password,
        # Linear's OAuth token, JFrog's reference token; Airtable's, Resend's and Doppler's
        # service token with its config's name are above); each with a digit, so no
        # identifier (`rnd_...`, `re_...`) is one
        ("supabase_token", ("sbp_",), r"sbp_[a-f0-9]{40}"),
        ("replicate_token", ("r8_",), r"r8_(?=[A-Za-z]*[0-9])[A-Za-z0-9]{37}"),
        ("groq_key", ("gsk_",), r"gsk_(?=[A-Za-z]*[0-9])[A-Za-z0-9]{52}"),
        ("langsmith_key", ("lsv2_",), r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
        ("pinecone_key", ("pcsk_",), r"pcsk_[A-Za-z0-9]{5,6}_(?=[A-Za-z]*[0-9])[A-Za-z0-9]{50,80}"),
        ("netlify_token", ("nfp_",), r"nfp_(?=[A-Za-z]*[0-9])[A-Za-z0-9]{36}"),
        ("render_key", ("rnd_",), r"rnd_(?=[A-Za-z]*[0-9])[A-Za-z0-9]{32}"),
        ("neon_key", ("napi_",), r"napi_(?=[a-z]*[0-9])[a-z0-9]{64}"),
        ("figma_token", ("figd_",), r"figd_(?=[A-Za-z_\-]*[0-9])[A-Za-z0-9_\-]{40}"),
        ("contentful_token", ("CFPAT-",), r"CFPAT-[A-Za-z0-9_\-]{43}"),
        ("plaid_token", ("access-sandbox-", "access-development-", "access-production-"),
         r"access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}"
         r"-[0-9a-f]{4}-[0-9a-f]{12}"),
        ("bitbucket_app_password", ("ATBB",), r"ATBB(?=[A-Za-z]*[0-9])[A-Za-z0-9]{32,}"),
        ("linear_oauth_token", ("lin_oauth_",), r"lin_oauth_[a-f0-9]{64}"),
        ("jfrog_reference_token", ("cmVmdGtuOjAxOj",), r"cmVmdGtuOjAxOj[A-Za-z0-9]{50,}"),
        # Twitter's (X's) app-only bearer token: a run of `A`s, then 80-110 characters
        ("twitter_bearer_token", ("AAAAAAAAAAAAAAAAAAAA",),
         r"A{20,22}(?=[A-Za-z%]*[0-9])[A-Za-z0-9%]{80,110}"),
        # Dropbox's short-lived access token (`sl.` and 130+ characters; gitleaks reads 135)
        ("dropbox_token", ("sl.",), r"sl\.(?:u\.)?[A-Za-z0-9_\-=]{130,1400}"),
        ("slack_app_token", ("xapp-",), r"xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]{20,}"),
        ("sourcegraph_token", ("sgp_",), r"sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}"),
        ("sonar_token", ("squ_", "sqp_", "sqa_"), r"sq[upa]_[a-f0-9]{40}"),
        # (and a root token, `hvs.` and 24 characters, as `vault operator init` prints it)
        ("vault_token", ("hvs.", "hvb."),
         r"hvs\.[A-Za-z0-9_\-]{90,120}|hvs\.(?=[A-Za-z]*[0-9])(?=[a-z0-9]*[A-Z])[A-Za-z0-9]{24}"
         r"|hvb\.[A-Za-z0-9_\-]{138,300}"),
        ("typeform_token", ("tfp_",), r"tfp_[A-Za-z0-9_\-.=]{59}"),
        ("adobe_secret", ("p8e-",), r"p8e-[A-Za-z0-9]{32}"),
        ("alibaba_key", ("LTAI",), r"LTAI(?=[A-Za-z]*[0-9])[A-Za-z0-9]{20}"),
        ("octopus_key", ("API-",), r"API-(?=[A-Z]*[0-9])(?=[0-9]*[A-Z])[A-Z0-9]{26}"),
        ("gitlab_token", ("glcbt-", "glffct-", "glft-", "glimt-", "glagent-", "gloas-", "glptt-",
                          "glsoat-", "GR1348941"),
         r"gl(?:cbt-[0-9a-zA-Z]{1,5}_|ffct-|ft-|soat-)[0-9a-zA-Z_\-]{20}|glimt-[0-9a-zA-Z_\-]{25}"
         r"|glagent-[0-9a-zA-Z_\-]{50}|gloas-[0-9a-zA-Z_\-]{64}|glptt-[0-9a-f]{40}"
         r"|GR1348941[A-Za-z0-9_\-]{20}"),
        # Azure AD (Entra) client secret: 3 characters, a digit, `Q~`, 31 to 34 more
        ("azure_ad_client_secret", ("Q~",),
         r"(?<![~.])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}"),
        # session 41: Jenkins' `hudson.util.Secret` as its XML and JCasC exports write it
        # (`<password>{AQAAABAAAAAQ..}</password>`, a job's `<defaultValue>`): the secret
        # encrypted with the instance's master key, a version byte `AQAAAB` first
        ("jenkins_secret", ("{AQAAAB",), r"\{AQAAAB[A-Za-z0-9+/]{20,}={0,2}\}"),
        # session 42: Plex's claim token (`PLEX_CLAIM=claim-..`, plex.tv/claim): it links a
        # new server to the account that made it
        ("plex_claim_token", ("claim-",),
         r"(?<![\w-])claim-(?=[A-Za-z_-]*[0-9])(?=[0-9a-z_-]*[A-Z])(?=[0-9A-Z_-]*[a-z])"
         r"[A-Za-z0-9_-]{20}(?![\w-])"),
    )
)

# userinfo of a URL: scheme://user:password@host — the userinfo is what gets redacted.
# The user may be empty: Redis's `redis://:password@host:6379/0`.
URL_CREDENTIALS = _re(r"\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://(?P<user>[^\s:/@'\"<>]{0,64}):"
                      r"(?P<password>[^\s@/'\"<>]{1,128})@[^\s/'\"]")

# Key words that make an assignment's value secret-like; matched against the words of the key
# (split on _ - . and camelCase), single words or adjacent pairs.
SECRET_KEY_WORDS = frozenset({
    "password", "passwd", "pwd", "pw", "pass", "passphrase", "secret", "token", "apikey",
    "credential", "credentials", "privatekey", "secretkey", "accesskey", "authkey", "authtoken",
    "sas",
    "smtppass",  # git send-email's `sendemail.smtppass` (git config keys are any case)
})
# The words of an example password with a number (`Password123`, `Admin2024`, `Qwerty123`):
# in a password's place (prose, a password column, an option's default) such a value is an
# example, while other words with a number and a capital are a password (`StagingPw9931`;
# secrets/values.py's `placed_password`)
EXAMPLE_PASSWORD_WORDS = frozenset({
    *SECRET_KEY_WORDS, "passw0rd", "admin", "administrator", "root", "user", "test", "demo",
    "example", "sample", "qwerty", "letmein", "welcome", "changeme", "default", "guest",
})
SECRET_KEY_PAIRS = frozenset({
    ("api", "key"), ("access", "key"), ("private", "key"), ("secret", "key"), ("auth", "key"),
    ("client", "secret"), ("signing", "key"), ("master", "key"), ("encryption", "key"),
    ("account", "key"), ("app", "key"), ("license", "key"),
    ("connection", "string"), ("conn", "str"), ("shared", "key"), ("webhook", "secret"),
    # Yarn 2+'s `npmAuthIdent: "user:password"` (or its base64), npm's `_auth` under its name
    ("auth", "ident"),
    # a personal access token under the name its tools read (`GITHUB_PAT`: gh, usethis and
    # remotes in R; `GH_PAT`, `GITLAB_PAT`); a lone `pat` is a pattern (`url_pat`)
    ("github", "pat"), ("gh", "pat"), ("gitlab", "pat"),
    # a token's signing key under its algorithm's name (golang-jwt's own example: `var jwtKey =
    # []byte("X")`; `hmac_key`)
    ("jwt", "key"), ("hmac", "key"),
    # session 40: Erlang's distribution cookie under RabbitMQ's and Bitnami's names
    # (`RABBITMQ_ERLANG_COOKIE`, `erlangCookie`), Honeycomb's API key header (`x-honeycomb-team`)
    ("erlang", "cookie"), ("honeycomb", "team"),
    # session 43: a Basic credential (base64 of `user:token`) under its header's name: fastlane
    # match's `git_basic_authorization` (`authorization` alone is a header's or a policy's)
    ("basic", "authorization"),
})
# Whole names (key_words joined by `_`) of secrets whose words say nothing secret: WordPress's
# keys and salts (`define('NONCE_SALT', 'X')`, each wp-config.php's eight, from
# api.wordpress.org/secret-key), Drupal's `$settings['hash_salt']`, CakePHP's `Security.salt`
# / `SECURITY_SALT` and `Security.cipherSeed`. A lone `salt` stays a salt (public beside its
# hash; Django's `key_salt` namespaces).
# Session 41: Joomla's configuration.php (`public $redis_server_auth = 'X'`, Redis' AUTH
# password, and its session store's), Strapi's `APP_KEYS` (its session keys, `k1,k2`).
SECRET_KEY_NAMES = frozenset({
    "logged_in_key", "nonce_key", "auth_salt", "secure_auth_salt", "logged_in_salt",
    "nonce_salt", "hash_salt", "security_salt", "security_cipher_seed",
    "redis_server_auth", "session_redis_server_auth", "app_keys",
})
# Session 41: an INI section whose every value is a secret, named for them: MobaXterm's
# `[Passwords]` (`user@host=X`), `[Credentials]`, `[Secrets]`, `[Tokens]` (`secrets.usermaps`)
SECRET_SECTIONS = frozenset({"passwords", "credentials", "secrets", "tokens"})
SECRET_KEY_NAME_ENDS = frozenset(n.rsplit("_", 1)[-1] for n in SECRET_KEY_NAMES)
# A name glued from words with no case or separator to split them (libpq's `PGPASSWORD`,
# `dbpassword`, `REDISPASSWORD`, `apitoken`): its last word says it is a secret; keytool's
# `storepass` and `keypass` (`-srcstorepass`), as maven-jarsigner-plugin's and
# keytool-maven-plugin's `<storepass>X</storepass>` in a pom.xml name them
# OpenLDAP's `BINDPW` (ldap.conf), SSSD's `ldap_default_authtok` (slapd.conf's `rootpw X` is
# read as Kickstart's is, where `rootpw --lock` sets no password)
# Redis' `requirepass` and `masterauth` under a role's or chart's prefix (`redis_requirepass:
# "X"`, DebOps' `redis_server__requirepass`; Redis' own `requirepass X` is redisforms');
# sshpass' `SSHPASS` (the password `sshpass -e` reads from the environment)
GLUED_SECRET_WORDS = ("password", "passwd", "secret", "token", "apikey", "storepass", "keypass",
                      "bindpw", "authtok", "requirepass", "masterauth", "sshpass",
                      "controlpass")  # phpMyAdmin's control user's (`$cfg['Servers'][$i]`)
GLUED_NOT_SECRET = frozenset({"nopassword", "nosecret", "notoken"})
# A call's first word that says it acts on its argument (`set_password("test")`,
# `validate_password("django4242")`, `send_keys("secret")`): no setting's name (shapes' setter)
ACTING_VERBS = frozenset({
    "set", "check", "validate", "verify", "make", "hash", "encode", "encrypt", "decrypt",
    "is", "has", "get", "reset", "update", "change", "send", "type", "fill", "enter", "input",
    "assert", "expect", "test", "generate", "create", "compare", "match", "parse", "load",
})
# A key ending in one of these words names something about a secret, not the secret.
NOT_SECRET_KEY_SUFFIXES = frozenset({
    "file", "path", "dir", "env", "name", "type", "length", "len", "count", "field", "url",
    "uri", "header", "prefix", "suffix", "endpoint", "id", "ids", "policy", "policies",
    "regex", "pattern", "min", "max", "timeout", "ttl", "expiry", "expires", "expiration",
    "hash", "hashes", "hasher", "hashers", "validators", "validator", "reset", "required",
    "enabled", "label", "help", "placeholder", "mode", "format", "version", "class", "key",
    "limit", "size", "template", "variable", "var", "param", "arg", "form", "input",
    "keyword", "keywords",  # `_SINGLE_PASS_KEYWORDS = ("enum", ...)`: words, not a secret
    "method", "methods",  # `token_method = "[[chars/4]]"`: how a thing is done, not a secret
    "hint",  # `password_hint: my dog and 2 cats`: what recalls it, not the password
    "algorithm", "algorithms",  # `token_algorithm: HS256`: how it is signed, not the key
    # session 40: where it comes from (Confluent's `basic.auth.credentials.source=USER_INFO`,
    # API Gateway's `api_key_source: HEADER`), not the secret
    "source",
})
# A key opening with these words names where a secret is kept, not the secret: Helm charts'
# `existingSecret: redis-creds` (a Kubernetes Secret's name), `existingSecretPasswordKey:
# redis-password` (a key of it). Not any key opening with "existing": `existing_password` is one
STORE_KEY_OPENING = ("existing", "secret")
# Last words of a class's or a type's name (`PasswordInput`, `SecretStr`, `CharField`,
# `TokenAuthentication`): an all-letters value in a password's place ending in one is a name
# (`[("password", "PasswordInput")]`), not the password (`[("password", "HunterTwoProd")]`)
CODE_NAME_SUFFIXES = NOT_SECRET_KEY_SUFFIXES | frozenset({
    "str", "string", "text", "char", "chars", "widget", "error", "errors", "exception",
    "auth", "authentication", "authenticator", "provider", "backend", "handler", "manager",
    "model", "view", "serializer", "config", "settings", "info", "data", "value", "values",
    "token", "secret", "credential", "credentials", "params", "options", "option", "request",
    "response", "client", "service", "store", "storage", "schema", "property", "attribute",
    "column", "flow", "grant", "generator", "factory", "mixin", "base", "type", "types", "kind",
    "router", "middleware", "filter", "encoder", "decoder", "parser", "loader", "reader",
    "writer", "check", "checker", "rule", "test", "case", "list", "map", "dict", "set",
    "object", "event", "action", "command", "plugin", "component", "module", "scheme",
    "strategy", "adapter", "wrapper", "helper", "util", "utils", "interface", "impl",
    "entity", "record", "item", "entry", "result", "status", "state", "context", "source",
})
# A key ending in these words names a public key or a hash of one, public material: .NET's
# `publicKeyToken="30ad4fe6b2a6aeed"` in every binding redirect of a web.config or App.config,
# `PublicKeyToken=b77a5c561934e089` in an assembly-qualified type name.
PUBLIC_KEY_NAMES = (("public", "key"), ("public", "key", "token"))
# Words of a form's text, a help text or a prompt: a spaced value holding one is a label
# (`'Password (optional, 7-500 characters)'`, `help="Your password"`, "Enter the 6 digit
# token"), not a passphrase (`"my secret pass 42!"`); see scan.passphrase
LABEL_WORDS = frozenset({
    "enter", "your", "please", "must", "should", "characters", "character", "chars",
    "optional", "required", "confirm", "confirmation", "again", "repeat", "invalid",
    "incorrect", "wrong", "forgot", "forgotten", "reset", "change", "changed", "new", "old",
    "current", "field", "least", "length", "match", "matches", "contain", "contains",
    "letters", "digits", "digit", "number", "numbers", "minimum", "maximum", "min", "max",
    "used", "use", "set", "here", "below", "above", "type", "click", "hint", "example",
    "not", "cannot", "can't", "don't", "will", "is", "are", "was", "be", "has", "have",
    "this", "that", "which", "when", "if", "from", "by", "via", "only", "user", "users",
    "username", "login", "sign", "account", "of", "for", "to", "the", "with", "in", "on",
    "a", "an", "or", "file", "path", "name", "label", "prompt", "placeholder", "value",
    "default", "e.g", "i.e", "eg", "ie", "see", "missing", "expired", "error", "failed",
    "valid", "generate", "generated", "random", "store", "stored", "saved", "shown",
    "secret-like", "removed", "hidden", "hide", "show", "copy", "paste",
})
# Lower-case cheap anchors for finding candidate lines of key=value secrets.
# (`authident`: Yarn's `npmAuthIdent`, whose value is `user:password` or its base64)
KEY_ANCHORS: tuple[str, ...] = ("pass", "pw", "secret", "token", "key", "credential", "sas",
                                "authident", "github_pat", "gh_pat", "gitlab_pat", "authtok",
                                "salt", "cipherseed", "server_auth",  # SECRET_KEY_NAMES'
                                # lines
                                "masterauth",  # Redis' replica password (GLUED_SECRET_WORDS)
                                "erlang", "honeycomb",  # SECRET_KEY_PAIRS' with no word above
                                "basic_auth",  # (`git_basic_authorization`)
                                "superdigest")  # DIGEST_KEY_TAILS' (ZooKeeper's superDigest)
# detect-secrets' keyword detector's own words (its denylist), literally: the lines it reads
# (`secrets.library`)
LIBRARY_KEY_WORDS: tuple[str, ...] = (
    *(f"{name}{sep}key" for name in ("api", "auth", "service", "account", "db", "database",
                                     "priv", "private", "client") for sep in ("", "_")),
    *(f"{name}{sep}pass" for name in ("db", "database", "key") for sep in ("", "_")),
    "password", "passwd", "pwd", "secret", "contrase")
# Every word whose lines (or presence) a finder reads, lower case: found once per text, in one
# pass over it (`secrets.keylines`), for all the finders. A finder's word missing here is still
# found, by a pass of its own (tests/unit/test_secrets_keylines.py lists the finders' words).
# Oracle's drivers and the tools given a connect string `user/pw@db` (`conn` for `CONNECT`):
# the lines secrets/oracle.py reads
ORACLE_TOOLS = ("sqlplus", "sqlldr", "rman", "expdp", "impdp", "dgmgrl", "cx_oracle", "oracledb",
                "conn")

# session 43b (`secrets.credentials`): a call whose password has its place by the library's
# signature, where the second or third argument alone is wrong or unread (call as written, case
# kept -> the password's index): pysmb's `SMBConnection(user, X, my_name, remote)`, pysftp's
# `Connection(host, user, private_key, X)`, Jakarta Mail's `Transport.send(msg, user, X)`,
# cx_Oracle's and PHP OCI8's `connect(user, X, dsn)` (not the DSN: `connect(` alone takes the
# third), Ruby's `Net::SMTP.start(host, port, helo, user, X)` and `Net::FTP.new(host, user, X)`,
# Sequelize's `new Sequelize(db, user, X, options)`, Go's `ssh.Password(X)` and
# `url.UserPassword(user, X)`, Windows' `LogonUser(user, domain, X, ..)`. Only a string literal
# there is taken.
PASSWORD_ARGUMENT = {
    "SMBConnection": 1, "pysftp.Connection": 3, "Transport.send": 2, "cx_Oracle.connect": 1,
    "cx_Oracle.SessionPool": 1, "oci_connect": 1, "oci_pconnect": 1, "oci_new_connect": 1,
    "Net::SMTP.start": 4, "Net::FTP.new": 2, "Net::FTP.open": 2, "Sequelize": 2,
    "ssh.Password": 0, "url.UserPassword": 1, "LogonUser": 2, "LogonUserW": 2,
}
LINE_WORDS: tuple[str, ...] = tuple(sorted({
    *KEY_ANCHORS, *LIBRARY_KEY_WORDS,
    *(call.lower() for call in PASSWORD_ARGUMENT),  # credentials' calls by their signature
    "auth", "bearer",  # shapes: Authorization headers, docker's "auth"; environment lookups
    "env(", "env.str(", "environ.get(", "config(", "fetch(", "getproperty(",
    "getenvironmentvariable(",
    # credentials: command lines, DSNs, calls given credentials, environment lists, prose pairs
    "--", "-u", "mysql", "mariadb", "sshpass", "login", "redis-cli", "mongo", "htpasswd",
    "@tcp(", "@unix(", "@udp(", "@(", "basic", "userpwd", "base64", "btoa", "encode64",
    "encodetostring", "b64(", "getconnection", "pdo", "mysqli", "bind", "datasource",
    '"auth"', "'auth'", "jwt", "hmac", "openssl_", "cipheriv", "name", "log in", "log-in",
    "from_secret", "new_from_slice", "new_varkey", "key::",  # Rust's keys given by position
    "signedstring", "new_with_secret",  # golang-jwt's key, argon2's pepper, by position
    "signer(", "serializer(",  # itsdangerous' and Django's signing keys, by position
    "staticprovider", "newdialer",  # rusoto's and gomail's credentials by position
    "ftp(", "ftp_tls(", "gem push", "http-basic",  # session 38: ftplib, gem, poetry/composer
    "curl",  # curl's short flags glued before `-u` (`curl -fsSLu user:X`)
    # session 40: Go's flags (`consul kv get -token=X`), cqlsh's `-p`, the Elastic keystores' and
    # `az devops login`'s standard input, `pulumi config set`
    "-token=", "cqlsh", "-keystore", "devops", "pulumi",
    # session 42: directives' lines that write rows (a dump's password hashes)
    "insert", "values", "copy", "authentication_string",
    # pasted: JAAS users, printed SecretIDs, YAML's `user: $2y$..`
    "loginmodule", "secretid", "secret id", "secret_id", ": $",
    # session 38's anchors of literals (ids before secrets, format strings, joins) and
    # defaults (a lookup's `fallback=`)
    "rzp_", "akia", "asia", ":%s@", ":%v@", ":{}@", "%s:%s", "{}:{}", '".join(',
    "'.join(", "].join(", "fallback", "default=", "default =",
    "signin", "sign in", "sign-in", "account", "set_password", "connect(",
    "connection(",  # hashcalls: ldap3's `Connection(server, "cn=..", X)`
    # powershell: a cmdlet's `-Password X`, `-NuGetApiKey X` ...
    "-passw", "apikey", "-clientsecret", "-accesstoken", "-secret",
    # pairs: a secret-named value decoded from base64 where it is written
    "decode", "atob(", "frombase64",
    # jvm: Gradle's and Android's fields, resources, keyed calls, Kotlin's elvis, char arrays
    "buildconfigfield", "resvalue", "<string", "<item", "setproperty", "putstring",
    "putextra", "?:", "tochararray", "useinmemorypgpkeys", "lazy", "get()", "<meta-data",
    # appleforms: a keyed store's `set("X", forKey: "token")`
    "forkey", "key:",
    # dotnet: auto-properties, keyed calls, application settings, NuGet
    "get;", "set;", "init;", "setenvironmentvariable", "user-secrets", "<setting",
    "setapikey", "nuget",
    # openresty: a glued "Basic " or "Bearer " (in the text's case), nginx's directives
    "asic", "earer", "oken", "_header", "_param", "add_trailer", "set $",
    # beam: what any of its forms outside Erlang and Elixir needs
    "cookie", "-b ", "_env(", ":basic", ":bearer", "hash", "epgsql", "signer", "key_octet",
    # buildforms: a secret read from standard input, a package tool's credential command
    "--password-stdin", "--with-token", "npm", "yarn", "pnpm", "configure", "poetry",
    "composer", "bundle", "twine",
    # ethereum: the node providers' RPC URLs
    "infura.io", "alchemy", "quiknode.pro", "rpc.ankr.com", "getblock.io", "blastapi.io",
    "p2pify.com",
    # ethereum: a provider's key under its conventional name (`ALCHEMY_ID`, `INFURA_ID`)
    "infura",
    # oracle: its drivers' connect calls, the tools given a connect string `user/pw@db`
    *ORACLE_TOOLS,
    # sqlforms: `CREATE USER u IDENTIFIED BY 'v'`
    "identified",
    # commands: tools' own password options and places, secrets handed to a store or masked,
    # an environment pair given on a command line
    "sqlcmd", "bcp", "osql", "isql", "ldap", "az login", "zip", "7z", "mosquitto_", "keytool",
    "jarsigner", "openssl", "requirepass", "masterauth", "rabbitmqctl", "gh secret", "secret",
    "vercel", "add-mask", "-e ", "--env", "--build-arg", "--set-env-vars", "config:set",
    "cmdkey", "schtasks", "psexec", "wmic", "net use", "chpasswd", "passwd", "assword", "://",
    "vault", "lftp", "mc alias", "mc config", "ssh-keygen", "oauth2-bearer", "rclone", "influx",
    "reset-admin-password", "consul", "--account-key",
    # session 37: rabbitmqadmin, NcFTP, `ab -A`, `--proxy-user`, `--creds`, secret stores'
    # own commands, `fly secrets set`, a `-D` property
    "rabbitmqadmin", "ncftp", "ab ", "proxy-user", "creds", "keyvault",
    "gcloud secrets", "secrets set", " -d", "auth-pass",
    "<<<", "securestring", "secretsmanager", "mkstore",  # session 43's store commands
    # pasted: credential files' lines (an FTP script's `user NAME X`, pgbouncer's userlist)
    "user ", "userlist", "auth_file", "pgbouncer",
    # session 33: SQL's and the database shells' user calls, `mysqladmin password`, Redis's ACL
    # rules and directives, network secrets (Wi-Fi, SNMP, a router's accounts)
    "passw", "sp_addlogin", "createuser", "mysqladmin", "setuser", "psk", "community",
    "com2sec", "username", "enable",
    # session 41: device statements' keywords (DEVICE_SECRET_ANCHORS), tools' own options and
    # stdin (Samba, Dovecot, Gitea, the Jenkins CLI, radtest, WP-CLI)
    "priv", "plaintext", "smbpasswd", "doveadm", "gitea", "forgejo", "jenkins-cli", "radtest",
    "wp config",
    # session 41b: a game server's login token, a process substitution's printed file, Jenkins'
    # `createAccount(user, X)`
    "sv_setsteamaccount", "<(", "createaccount",
    # session 34: hashcalls, a password or key given to the call that hashes or keys with it
    "bcrypt", "password_", "hash::", "password_hash", "_password", "password(",
    "hashandpassword", "encoder", "hasher", "ph.hash", "ph.verify", "argon2", "context.hash",
    "context.verify", "context.encrypt", "crypt(", "scrypt", "pbkdf2",
    "cookieparser", "secretkeyspec", "ftp", "redis(", "expect(", "mkpasswd",
    # session 39: tools' own password options (ipmitool, FreeRDP, rdesktop, macOS' keychains,
    # Apple's uploaders, HTTPie's `-a`, kubeadm), paho-mqtt's `username_pw_set`
    "ipmitool", "freerdp", "rdesktop", "keychain", "security import", "security export",
    "altool", "notarytool", "-a ", "--auth", "kubeadm", "username_pw_set",
    # mounts: a crypttab line's options (`luks`, `swap,cipher=..`); cookies: a cookie jar's
    # booleans; commands: `vault operator init`'s keys
    "luks", "swap,", "tcrypt", "bitlk", "cipher=", "\ttrue\t", "\tfalse\t", "unseal key",
    "recovery key",
}))

# An assignment on one line: key, operator, value (quoted or bare).
# A Lua 5.4 attribute may stand between the name and `=` (`local db_password <const> = "v"`);
# a key may be a quoted index (`headers["X-Api-Key"] = "v"`, Lua's `{ ["X-Api-Key"] = "v" }`).
# Operators: R's `<-` and `<<-` (`db_password <- "v"`, R's usual assignment: only `=` was read,
# so an R script's `<-` kept its value; OCaml's and F#'s field assignment too); make's `?=`,
# `+=` and `::=` too (a `::` alone is a scope, `Token::NAME_TYPE` in
# Twig's `/* Token::NAME_TYPE */ 5`, not a key and its value); a quoted value may carry a bytes
# or unicode prefix (Python's b"...", u"..."; r"..." since 43b, its value judged as any), or an `@`
# (Objective-C's NSString `@"..."`, C#'s verbatim `@"..."`), or Go's conversion to bytes
# (`var hmacSecret = []byte("X")`); session 38: YAML's anchor before a value (`db_pass: &pw X`,
# whose `&pw` was taken for the value) and a TOML or Python triple-quoted string on one line
# (`password = """X"""`, whose empty `""` was). Session 43b: a quoted value is read as its
# language reads the literal, to its own closing quote: escapes (`\'`, `\"`, `\\`, `\n`, `\xec`; a
# last `\` before the quote is content, Windows' `'C:\'`), the other quotes inside, a doubled
# quote (YAML's and SQL's `'it''s'`), triple quotes, and every Python prefix (b, r, rb, f, u):
# Flask's `SECRET_KEY = b'_5#y2L"F4Q8z\n\xec]/'` was read as `_5#y2L` and stored whole.
ASSIGNMENT = _re(
    r"""(?P<key>[A-Za-z_][A-Za-z0-9_.\-]{0,80})(?:["']?\]|["'])?(?:\s*<(?:const|close)>)?"""
    r"""\s*(?:::=|:=|\?\?=|\?=|\|\|=|\+=|=>|==|:(?!:)|=|<<?-)\s*"""
    r"""(?:&[\w\-]{1,40}[ \t]+)?"""
    r"""(?:(?:(?P<prefix>[rR][bBfF]?|[bBfF][rR]?|[uU]|@|\$@?|@\$)(?=["'])|\[\]byte\(\s*(?=["'`]))?"""
    r"""(?P<q>\"\"\"|'''|["'`])(?P<qvalue>(?!(?P=q))"""
    r"""(?:\\[^\n]|(?P=q)(?P=q)|(?!(?P=q))[^\\\n]){0,400}\\?)(?P=q)"""
    r"""|(?P<value>(?:\{[A-Za-z][\w.-]{0,23}\}(?=[^\s"'`,;)\]}]))?"""
    r"""[^\s"'`,;)\]}]{1,400}))""")

# session 43b: a raw literal that is a regular expression (`token = r"[-!#$%&'*+.^_`|~0-9a-zA-Z]+"`,
# Pygments' `_TOKEN_REF = r'[A-Z]\w*'`): a class, a group's `(?`, an escape class, a repeat
RAW_REGEX = _re(r"""\[\^|\[[^\]]*\][*+?{]|\(\?|\\[dswDSWbBAZ]|[.\])][*+]|^\^|[^\\]\$$""")

# `[local] a, b = "x", "y"` at a line's start (`:=` for Go): each value pairs with the name at
# its place (secrets/openresty.py), so ASSIGNMENT must not pair the last name with the first
# value (`user, password = "admin", "X"` took `admin` for the password)
TUPLE_ASSIGNMENT = _re(
    r"""^[ \t]*(?:local[ \t]+)?(?P<keys>[A-Za-z_][\w.]*(?:[ \t]*<\w+>)?"""
    r"""(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*(?:[ \t]*<\w+>)?)+)[ \t]*:?=[ \t]*(?P<values>[^\n]+)""",
    re.M)

# Values that stand for a secret without being one.
PLACEHOLDER = _re(
    # (a template's `{{...}}`, also cut at its space: the REST Client's `{{$dotenv API_TOKEN}}`)
    r"^(?:\$\{[^}]*\}?|\$\([^)]*\)?|\$[A-Za-z_][A-Za-z0-9_]*|\{\{.*|%\(.*\)s|<[^>]*>|"
    r".*%[sdr].*|.*\{\d*\}.*|"
    r"\[[^\]]*\]|%[A-Z_]+%|#\{.*\}|\*+|#+|x+|\.\.\.+|null|none|nil|true|false|undefined|"
    r"changeme|change_me|change-me|todo|tbd|fixme|redacted|placeholder|dummy|"
    # access levels (GitHub Actions' `id-token: write`), not values of a token
    r"read|write|read[-_ ]?write|read[-_ ]?only|write[-_ ]?only|"
    r"(?:your|my)[-_ ].*|.*example.*|.*sample.*|.*placeholder.*|.*xxxx.*|.*changeme.*|"
    # a lookup written as the value (`getenv("X")`), not a word that opens with its name
    # (`GetenvDef4471`, a default under API_KEY, was kept as a placeholder)
    r"env\(.*|os\.environ\b.*|process\.env\b.*|getenv\b.*|secrets?\..*|vault:.*|ref\+.*|"
    r"arn:aws:secretsmanager.*|projects/[^/]+/secrets/.*|"
    # Kapitan's reference to a secret it keeps (`?{gpg:mysql/root/password:7f90b2db}`)
    r"\?\{[a-z0-9]+:[^{}\s]*\})$",
    re.I)
# session 40: the runs a documented example token is made of (`scan.sequential`: kubeadm's
# `abcdef.0123456789abcdef`), each cycled, so a run may go past its end (`...cdef0123`), and a
# value of SEQUENTIAL_MIN letters and digits at least
SEQUENTIAL_RUNS = tuple(run * 3 for run in ("abcdefghijklmnopqrstuvwxyz", "0123456789abcdef",
                                            "0123456789", "1234567890"))
SEQUENTIAL_MIN = 12
# session 40: the last words of a password's hash's name (`password_hash`, `root_password_sha2`,
# `password_sha256_hex`, `password_digest`): a hash's value is redacted (`scan.password_digest`)
DIGEST_KEY_ENDS = frozenset({"hash", "hashed", "digest", "sha", "sha1", "sha2", "sha256", "sha512",
                             "hex", "md5"})
# session 40b: a password's digest named without `pass` (ZooKeeper's `superDigest=super:BASE64`,
# base64 of SHA-1 of `super:password`: crackable offline), by its key's last words
DIGEST_KEY_TAILS = frozenset({("super", "digest")})
# session 41: a network device's configuration statement (Cisco IOS, NX-OS, ASA, Arista,
# Juniper's `set` and curly forms, Fortinet, ProCurve, VyOS; `secrets.netforms`): the keywords
# after which the secret stands, and the type or algorithm words that may come between
# (`tacacs-server host H key 7 X`, `ip ospf message-digest-key 1 md5 X`, `snmp-server user U G
# v3 auth sha X priv aes 128 Y`, `set password ENC X`, `pre-shared-key ascii-text "X"`)
DEVICE_SECRET_WORDS = frozenset({
    "password", "secret", "key", "key-string", "set-key", "pre-shared-key", "authentication-key",
    "message-digest-key", "encrypted-password", "pre-shared-secret", "plaintext", "psksecret",
    "passwd", "community", "auth", "priv", "authentication",
})
DEVICE_SECRET_MARKS = frozenset({
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "md5", "sha", "sha1", "sha256", "sha512",
    "aes", "aes128", "aes256", "des", "3des", "128", "192", "256", "ascii", "ascii-text", "text",
    "hex", "enc", "plaintext",
})
# (the lines read: one of these words holds each keyword above)
DEVICE_SECRET_ANCHORS = ("pass", "secret", "key", "community", "auth", "priv", "plaintext")
# RouterOS' `add`/`set` commands (a MikroTik export, `.rsc`): the `key=value` items under a
# secret's name; under these menus `name=` is the secret (`/snmp community set .. name=X`)
ROUTEROS_SECRET_MENUS = ("community",)
# session 41: the two-letter words a name's capitalised words may be (`ById`, `ToMany`,
# `IsNone`, `NoOp`, `WiFi`, `KbInvalid`): a random token's case flips leave other pairs between
# its capitals (`scan.random_letters`); measured on 23,127 letters-only identifiers of Django and
# site-packages (bench/RESULTS.md, secrets41)
NAME_TWO_LETTER_WORDS = frozenset({
    "ad", "ai", "al", "am", "an", "as", "at", "be", "by", "ca", "db", "de", "do", "dr", "el",
    "en", "es", "et", "ex", "fi", "fk", "fn", "gb", "gc", "go", "hd", "he", "hi", "hr", "id",
    "if", "in", "io", "ip", "is", "it", "js", "kb", "kv", "la", "le", "mb", "me", "mr", "ms",
    "my", "nd", "no", "nr", "of", "ok", "on", "op", "or", "os", "pc", "pk", "pm", "qa", "rd",
    "re", "sd", "so", "st", "th", "to", "ts", "tv", "ui", "un", "up", "us", "vm", "we", "wi",
    "ws",
})
UUID = _re(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# Bare values in code that are references, not literals.
# (R's, C++'s, Rust's namespaced call `keyring::key_get(`, `std::getenv(` too)
CODE_REFERENCE = _re(r"^[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*(?:[.\[(][^\s]*)?$")

WEAK_MIN_LENGTH = 4  # shorter values of secret-named keys are not worth redacting
# Languages whose assignments hold literal values (a bare `password: hunter2` is the password;
# tmux's `set -g @token X`, read as INI before it had its own language).
CONFIG_LANGUAGES = frozenset({"yaml", "json", "toml", "ini", "dotenv", "xml", "hcl", "tmux",
                              "ldif", None})
# Documentation whose examples are code, read as code is: Perl's POD (a `.pod` is read as the POD
# inside a `.pm` is; in "text" mode `my $password = $c->param('pass');` took the call for the value)
CODE_DOC_LANGUAGES = frozenset({"pod"})
# Interface definitions, read as code is: a field's type is no value (in "text" mode GitHub's
# schema.graphql lost 471 `Boolean!` types: `isPasswordAuthenticationVerifiable: Boolean!` took
# the type for a password, and every other `Boolean!` of the file went with it)
IDL_LANGUAGES = frozenset({"graphql", "protobuf"})


# Validation rules written as one string, `|` between them (Laravel's `'password' =>
# 'required|string|min:12|confirmed'`, CodeIgniter's `'trim|required|min_length[8]'`): the value
# of a secret-named key in every registration form, naming rules, not a password. Each part a
# rule these frameworks name, with its `:arguments` or `[arguments]`; at least two parts.
VALIDATION_RULE_NAMES = frozenset({
    "accepted", "active_url", "after", "after_or_equal", "alpha", "alpha_dash", "alpha_num",
    "alpha_numeric", "alpha_numeric_spaces", "array", "ascii", "bail", "before",
    "before_or_equal", "between", "boolean", "confirmed", "current_password", "date",
    "date_equals", "date_format", "declined", "different", "digits", "digits_between",
    "distinct", "doesnt_end_with", "doesnt_start_with", "email", "ends_with", "exists", "file",
    "filled", "gt", "gte", "hex_color", "in", "integer", "is_unique", "lowercase", "lt", "lte",
    "matches", "max", "max_digits", "max_length", "min", "min_digits", "min_length",
    "missing", "not_in", "not_regex", "nullable", "numeric", "password", "present",
    "prohibited", "regex", "regex_match", "required", "required_if", "required_unless",
    "required_with", "required_with_all", "required_without", "required_without_all", "same",
    "size", "sometimes", "starts_with", "string", "trim", "unique", "uppercase", "valid_email",
    "xss_clean"})
VALIDATION_RULES = re.compile(r"[a-z_]+(?::[^|\s]*|\[[^\]|]*\])?(?:\|[a-z_]+(?::[^|\s]*|"
                              r"\[[^\]|]*\])?)+")
# How a model stores a secret attribute, not the secret: Eloquent's casts (`protected function
# casts(): array { return ['password' => 'hashed']; }` in every Laravel 11 app's User model,
# `'api_token' => 'encrypted'`, `'encrypted:array'`)
SECRET_CAST_VALUES = frozenset({"hashed", "encrypted", "encrypted:array", "encrypted:collection",
                                "encrypted:object", "encrypted:json"})

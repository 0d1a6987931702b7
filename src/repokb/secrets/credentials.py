"""Credentials given by position, where no key names the value as a secret.

Found here (spans of the value only):
- command lines, in any file (shell scripts, Dockerfiles, CI, a README's code, a comment):
  `curl -u user:X`, `--password X` / `--password=X` (and `--token`, `--api-key`,
  `--client-secret`...), `mysql -pX`, `sshpass -p X`, `docker login -p X`, `redis-cli -a X`,
  `htpasswd -b FILE user X`, `smbclient -U user%X`, `cargo login [--registry R] X`, `wandb
  login X`, `kaggle config set -n key -v X`, Hugging Face's `login("X")` (a token
  without its `hf_` prefix; huggingface_hub's `login`, `HfFolder.save_token`), and the
  mysql flag in an argument list (`subprocess.run(["mysql", "-pX"])`);
- calls whose second argument is the password: `auth=("user", "X")`, `basic_auth=("user",
  "X")` (python-jira), paho-mqtt's `username_pw_set("user", "X")` (and an `auth` key given
  the pair: Guzzle's `'auth' => ['user', 'X']`, `{"auth": ("user", "X")}`), `HTTPBasicAuth(user,
  "X")`, `smtp.login(user, "X")` and a bare `login(user, "X")`, `connect(host, user, "X")`
  (MySQLdb's, PHP's `mysql_connect`; paramiko's `connect(host, port, user, "X")`: a
  password-like literal only, never a plain word), `ftp_login`, `ssh2_auth_password`,
  `req.SetBasicAuth("user", "X")`, `NetworkCredential(...)`,
  `DriverManager.getConnection(url, "user", "X")`, Flyway's and Spring's `dataSource(url,
  "user", "X")`, sbt's `Credentials("realm", "host", "user", "X")` (the fourth),
  `new PDO(dsn, "user", "X")`, `mysqli`, `keyring.set_password("svc", "user", "X")`,
  `ldap_bind($ds, $dn, "X")`, `$redis->auth("X")` and Lua's `red:auth("X")` (the password
  alone), Redis's AUTH sent as a command (`redis.call("AUTH", "X")`, `execute_command`);
  `user:X` for curl (`CURLOPT_USERPWD`), base64-encoded into a Basic header
  (`base64_encode('user:X')`, `btoa`, Node's `Buffer.from('user:X')`) or under an `auth` key
  (Node's `http.request({ auth: 'user:X' })`), a signing or encryption key (`JWT::encode($p, 'X')`,
  `jwt.sign(p, 'X')`, `hash_hmac(a, d, 'X')`, `hmac.new(b'X', ..)`, `openssl_encrypt(d, c,
  'X')`, `createHmac(a, 'X')`),
  Ruby's `req.basic_auth "user", "X"` and Faraday's `request :authorization, :basic, "user", "X"`,
  Rust's `.basic_auth("user", Some("X"))`, pydantic's `SecretStr("X")`; calls given a secret's
  name then its value:
  `define('DB_PASSWORD', 'X')` (WordPress's wp-config.php), `putenv("API_TOKEN", "X")`,
  `ENV.fetch("SECRET_KEY", "X")`, `map.insert("password", "X")`; and a builder's method named
  for the secret it sets: `.api_key("X")`, `.password(Some("X"))`, `.bearer_auth("X")`;
- Go SQL DSNs, which have no scheme: `user:X@tcp(host:3306)/db`;
- the lines of a `.pgpass` (`host:5432:db:user:X`) and a `.netrc` (`machine host login user
  password X`) written out in a file that names one (a README, a Dockerfile's `RUN echo`, a
  provisioning script; the files themselves are credentials files, never indexed);
- environment lists: `- name: DB_PASSWORD` then `value: X` (Kubernetes, ECS task JSON,
  Terraform; on one line too, Jenkins' `customHeaders: [[name: 'X-Api-Key', value: 'X']]`),
  a Dockerfile's `ENV DB_PASSWORD X` (the form without `=`), and IPython's
  `%env DB_PASSWORD=X` / `%env DB_PASSWORD X` / `%set_env` and a cell's `!export KEY=X`;
- prose and tables: "login: admin / X", "credentials `admin` / `X`", and the cells of a
  Markdown table's password, token, secret or API key column.

The value must look like a password (`values.password_like`: letters with digits or symbols,
not a word, a placeholder, a `$VAR` or a name), except where a secret-named key sits beside it
(an environment list, `ENV`), which is judged as an assignment's value is, and where only a
secret can stand (a signing call's key, Redis's AUTH, the last literal of a credential call),
where a plain word is one too (`_code_word`: in code, not a placeholder, field name or example's).
Each shape is tried only in a text holding its cheap anchor.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import (
    COMMENT_BEFORE,
    is_placeholder,
    is_secret_key,
    is_secret_value,
    key_words,
)
from repokb.secrets.values import is_field_name, password_like, placed_password, value_ok

Span = tuple[int, int, str, bool]

_V = r"""(?P<q>["']?)(?P<value>[^\s"'`|;&<>()]{4,128})(?P=q)"""  # a shell word, quoted or not
_OPTION_NAME = r"""(?:[a-z0-9]+-)*(?:password|passwd|pass|token|secret|api-?key|access-key|"""
_OPTION_NAME += r"""secret-key|auth-token)"""
_OPTION = re.compile(
    rf"""(?:^|[\s"'(\[,])(?:--{_OPTION_NAME}[ \t]*(?:=|[ \t])"""
    # session 40: Go's flags, one dash and `=` (`consul kv get -token=X`, `nomad -token=X`)
    rf"""|-{_OPTION_NAME}=)[ \t]*""" + _V, re.I | re.M)
_CURL_USER = re.compile(
    # (session 38: curl's short flags glued before it, `curl -fsSLu user:X`)
    r"""(?:^|[\s"'(\[,])(?:-[A-Za-z]{0,6}u|--user|--proxy-user)[ \t]*=?[ \t]*(?P<q>["']?)"""
    r"""(?P<user>[\w.@+\-]{1,64}):(?P<value>[^\s"'`@|;&]{4,128})(?P=q)(?![\w@])""", re.M)
_SMB_USER = re.compile(r"""\s(?:-U|--user)[ \t]*=?[ \t]*["']?[^\s%"']{1,64}%"""
                       r"""(?P<value>[^\s"'`|;&]{4,128})""")
# -p glued to its value; `-p` alone asks for it. In a command line or an argument list
# (`system('mysql', "-pX", ..)`, `subprocess.run(["mysql", "-pX"])`): the flag opens a string.
_MYSQL = re.compile(
    r"""\b(?:mysql|mariadb|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck)\b"""
    r"""[^\n|;&]*?[\s"'`]-p(?P<q>["']?)(?P<value>[^\s"'`|;&]{4,128})(?P=q)""")
_SHORT_FLAG = re.compile(  # tools whose short flag takes the password as the next word
    r"""\b(?:(?:sshpass|cqlsh)[^\n|;&]*?\s-p|(?:docker|podman|buildah|skopeo|helm(?:\s+registry)?|"""
    r"""oras|crane)\s+login[^\n|;&]*?\s-p|redis-cli[^\n|;&]*?\s-a|"""
    r"""mongo(?:sh|dump|restore|import|export)?[^\n|;&]*?\s-p)[ \t]+""" + _V)
# `cargo login TOKEN` (crates.io or `--registry NAME`): the token is the positional argument
_CARGO_LOGIN = re.compile(r"""\bcargo[ \t]+login(?:[ \t]+--registry(?:[ \t]+|=)[\w.\-]+)?[ \t]+"""
                          r"""(?P<q>["']?)(?P<value>[A-Za-z0-9_\-+/=.]{16,128})(?P=q)""")
# a notebook tool's login by position: `wandb login [--relogin] KEY`, `kaggle config set -n key
# -v KEY` (in a cell's `!` shell line, a README, a CI script)
_TOOL_LOGIN = re.compile(r"""\b(?:wandb[ \t]+login(?:[ \t]+--[a-z\-]+)*|kaggle[ \t]+config[ \t]+"""
                         r"""set[ \t]+-n[ \t]+key[ \t]+-v)[ \t]+"""
                         r"""(?P<q>["']?)(?P<value>[A-Za-z0-9_\-+/=.]{16,128})(?P=q)""")
# a literal wrapped as a secret by its type: pydantic's `SecretStr("X")`, `SecretBytes(b"X")`,
# the AWS CDK's `SecretValue.unsafePlainText("X")` (session 39; Python's `unsafe_plain_text`)
# (and Rust's secrecy crate: `SecretString::new("X".to_string())`, `SecretString::from("X")`,
# `Secret::new(String::from("X"))`)
_SECRET_TYPE = re.compile(
    r"""\b(?:Secret(?:Str|Bytes)|SecretValue\.(?:unsafePlainText|plainText|unsafe_plain_text"""
    r"""|plain_text))\(\s*b?(?P<q>["'])(?P<value>[^"'\n]{4,400})(?P=q)\s*\)"""
    r"""|\b(?:SecretString|SecretBox|Secret)::(?:new|from)\(\s*(?:String::from\(\s*)?"""
    r"""(?P<rq>")(?P<rvalue>[^"\n]{4,400})(?P=rq)(?:\.(?:to_string|to_owned|into)\(\))?\s*\)""")
# huggingface_hub's login by position, in a file that names the library: `login("X")`,
# `huggingface_hub.login("X")`, `HfFolder.save_token("X")` (a token with its `hf_` prefix is a
# token format; one without, an older or a copied one, is found here)
_HF_LOGIN = re.compile(r"""\b(?:login|save_token)\(\s*(?P<q>["'])"""
                       r"""(?P<value>[A-Za-z0-9_\-]{16,128})(?P=q)\s*[,)]""")
# IPython's environment magics and a cell's shell escape: `%env KEY=V`, `%env KEY V`,
# `%set_env KEY=V`, `!export KEY=V && ...`
_MAGIC_ENV = re.compile(r"""^[ \t]*(?:%env|%set_env|![ \t]*export)[ \t]+(?P<key>[A-Za-z_]\w*)"""
                        r"""(?:=|[ \t]+)(?P<q>["']?)(?P<value>[^\s"']{4,400})(?P=q)""", re.M)
# `-bc` or `-b -c` (its other flags apart: `-B`, `-C 12`)
_HTPASSWD = re.compile(r"""\bhtpasswd\s+(?:-[a-zA-Z]+\s+)*?-[a-zA-Z]*b[a-zA-Z]*\s+"""
                       r"""(?:-[a-zA-Z]+\s+(?:\d+\s+)?)*\S+\s+\S+\s+""" + _V)
_CALL = re.compile(  # a call that takes the password as its second or third argument
    # (session 40: elasticsearch-py's `http_auth=(u, X)` and `api_key=(id, X)`, Trino's and
    # Presto's `BasicAuthentication(u, X)`)
    r"""(?:(?:\b(?:basic_|http_)?auth\s*=|\bapi_key\s*=|["']auth["']\s*(?:=>|:))\s*[(\[]|"""
    r"""\b(?P<placed>""" + "|".join(map(re.escape, sorted(P.PASSWORD_ARGUMENT, key=len,
                                                         reverse=True))) + r""")\s*\(|"""
    r"""\b(?:HTTPBasicAuth|HTTPDigestAuth|HTTPProxyAuth|BasicAuthClient|BasicAuthentication|BasicAuth|"""
    r"""DigestAuth|NetworkCredential|ClientSecretCredential|UsernamePasswordCredentials|PasswordAuthentication|"""
    r"""UsernamePasswordAuthenticationToken|PasswordCredential|getConnection|PDO|mysqli|"""
    r"""mysqli_connect|ldap_bind|simple_bind_s|simple_bind|Credentials\.basic|Credentials(?:::new)?|"""
    r"""NewStaticCredentials(?:Provider)?|NewStaticV[24]|StaticProvider::new(?:_minimal)?|"""
    r"""NewDialer|PlainCredentials|"""  # aws-sdk-go, minio-go, rusoto: (id, X, token); gomail:
    # (host, port, u, X); pika's (RabbitMQ) PlainCredentials(u, X); session 41b: Jenkins'
    # Groovy `UsernamePasswordCredentialsImpl(scope, id, desc, u, X)`, `createAccount(u, X)`
    r"""UsernamePasswordCredentialsImpl|createAccount|"""
    r"""dataSource|DriverManagerDataSource|login|connect|mysql_p?connect|mssql_connect|"""
    r"""ftp_login|ssh2_auth_password|FTP|FTP_TLS)\s*\(|"""  # ftplib's FTP(host, user, X)
    r"""(?:\.|->|:)(?:login|auth|basicAuth|withBasicAuth|setBasicAuth|SetBasicAuth|PlainAuth|basic_auth|"""
    r"""with_basic_auth|set_password|username_pw_set)\s*\()"""
    r"""(?P<args>(?:[^()\n]|\([^()\n]*\)){1,240})[)\]]""")  # Rust's `Some("X")` inside
# session 40: a `user:X` pair under its tool's name for it: Confluent's
# `basic.auth.user.info=KEY:X` (Schema Registry's, ksqlDB's, Connect's clients), the Neo4j
# image's `NEO4J_AUTH=neo4j/X`
_USER_INFO = re.compile(r"""(?i:basic[._]auth[._]user[._]info|NEO4J_AUTH)["']?[ \t]*[=:][ \t]*"""
                        r"""["']?[^\s:/"'=]{1,64}[:/](?P<value>[^\s"']{4,256})""")
# sbt's `Credentials("realm", "host", "user", "X")`, as scalafmt breaks it over lines
_SBT_CREDENTIALS = re.compile(
    r"""\bCredentials\s*\(\s*(?:"[^"\n]{0,200}"\s*,\s*){3}"(?P<value>[^"\n]{4,128})"\s*\)""")
# Ruby's basic auth, its parentheses optional: Faraday's `request :authorization, :basic, user,
# "X"` and `request :basic_auth, user, "X"`, Net::HTTP's `req.basic_auth user, "X"`
_BASIC_PAIR = re.compile(
    r"""(?:\bbasic_auth\b|:basic\b)[ \t]*[(,]?[ \t]*(?:["'][^"'\n]{0,128}["']|[\w.\[\]"']+)"""
    r"""[ \t]*,[ \t]*(?P<q>["'])(?P<value>[^"'\n]{4,128})(?P=q)""")
# (Rust's literal converted to a String: lettre's `Credentials::new("u".to_owned(), "X".into())`)
_LITERAL = re.compile(r"""\s*(?:\w+\s*=\s*)?(?:Some\(\s*)?(?P<q>["'`])(?P<value>[^"'`\n]{4,128})"""
                      r"""(?P=q)(?:\.(?:to_owned|to_string|into)\(\))?\s*[)\]]*\s*$""")
# a builder's or setter's method named like a secret, given a literal: `.api_key("X")`,
# `.password(Some("X"))`, `.bearer_auth("X")` (Rust builders, Java and JavaScript fluent APIs)
_SECRET_METHOD = re.compile(
    r"""\.(?P<key>[A-Za-z_]\w{0,60})\s*\(\s*(?:Some\(\s*)?(?P<q>["'`])"""
    r"""(?P<value>[^"'`\n]{4,400})(?P=q)\s*\)?\s*\)""")
# `user:password` written whole for a client to send: curl's `CURLOPT_USERPWD` (PHP's
# `curl_setopt`, pycurl's `USERPWD`) and a literal base64-encoded into a Basic header
# (`base64_encode('u:X')`, `btoa`, `b64encode(b"u:X")`, Ruby's `encode64`, Java's
# `encodeToString`, OpenResty's `ngx.encode_base64`, LuaSocket's `mime.b64`, Node's
# `Buffer.from('u:X').toString('base64')`, Erlang's `base64:encode(<<"u:X">>)`, tried on a line
# that says base64)
# `user:password` as one string under an `auth` key: Node's `http.request({ auth: 'u:X' })`,
# `options.auth = 'u:X'` (request, needle); not `oauth`, not a `Bearer` or a URL
_AUTH_USERPASS = re.compile(
    r"""(?<![A-Za-z0-9])auth["']?[ \t]*(?:=>|:|=)[ \t]*(?P<q>["'`])[^\s:"'`/@]{1,64}:"""
    r"""(?P<value>[^\s"'`@/]{4,128})(?P=q)""")
_USERPWD = re.compile(
    r"""(?:USERPWD\s*,|\b(?:base64_encode|btoa|b64encode|encode64|strict_encode64|"""
    r"""encodeToString|encode_base64|b64|Buffer\.from|base64:encode(?:_to_string)?)\s*\(\s*)"""
    r"""\s*(?:<<\s*)?b?(?P<q>["'`])[^\s:"'`]{1,64}:"""
    r"""(?P<value>[^\s"'`]{4,128})(?P=q)""")
# a signing or encryption key given by position: (call, index of the key argument)
_KEY_ARGUMENT = {
    "jwt::encode": 1, "jwt::decode": 1, "jwt.encode": 1, "jwt.decode": 1, "jwt.sign": 1,
    "jwt.verify": 1, "hash_hmac": 2, "hash_hmac_file": 2, "hmac.new": 0, "createhmac": 1,
    "jwt:sign": 0, "jwt:verify": 0, "hmac:new": 0,  # lua-resty-jwt, lua-resty-hmac
    "openssl_encrypt": 2, "openssl_decrypt": 2, "createcipheriv": 1, "createdecipheriv": 1,
    # Rust: jsonwebtoken's `EncodingKey::from_secret(b"X")` (and `DecodingKey`), RustCrypto's
    # `HmacSha256::new_from_slice(b"X")` (any KeyInit: `Aes256Gcm::new_from_slice`) and the
    # older `new_varkey`, ring's `hmac::Key::new(hmac::HMAC_SHA256, b"X")`, cookie's
    # `Key::from(b"X")` and `Key::derive_from(b"X")`
    "encodingkey::from_secret": 0, "decodingkey::from_secret": 0, "new_from_slice": 0,
    "new_varkey": 0, "hmac::key::new": 1, "key::from": 0, "key::derive_from": 0,
    # Go: golang-jwt's `token.SignedString([]byte("X"))`; Rust: argon2's pepper
    # (`Argon2::new_with_secret(b"X", ..)`)
    "signedstring": 0, "new_with_secret": 0,
    # Python: itsdangerous' signers and serializers (`URLSafeTimedSerializer("X", salt=..)`,
    # Flask's sessions and tokens) and Django's `signing.Signer("X")` / `TimestampSigner`: the
    # secret key is the first argument
    "signer": 0, "timestampsigner": 0, "serializer": 0, "timedserializer": 0,
    "urlsafeserializer": 0, "urlsafetimedserializer": 0,
}
_KEY_CALL = re.compile(  # PHP's firebase/php-jwt, PyJWT, jsonwebtoken, hash_hmac, Node's crypto
    r"""\b(?P<fn>JWT::(?:en|de)code|jwt\.(?:encode|decode|sign|verify)|jwt:(?:sign|verify)|"""
    r"""hash_hmac(?:_file)?|hmac[.:]new|createHmac|openssl_(?:en|de)crypt|create(?:De)?cipheriv|"""
    r"""(?:En|De)codingKey::from_secret|(?<=::)new_from_slice|(?<=::)new_varkey|hmac::Key::new|"""
    r"""(?<![\w:])Key::(?:derive_)?from|(?<=\.)SignedString|(?<=::)new_with_secret|"""
    r"""(?-i:(?<![\w])(?:Timestamp)?Signer|(?<![\w])(?:URLSafe)?(?:Timed)?Serializer))\s*\("""
    r"""(?P<args>(?:[^()\n]|\([^()\n]*\)){1,240})\)""", re.I)
# a key's literal, Rust's byte string (`b"X"`) and its conversions (`"X".as_bytes()`) too, and
# Go's (`[]byte("X")`); the fallback after an `or` (Lua's `jwt:sign(conf.key or "X", ..)`, JS's
# `||`, `??`)
_KEY_LITERAL = re.compile(r"""\s*(?:[^\n]*?\s(?:or|\|\||\?\?)\s+)?"""
                          r"""&?(?:\[\]byte\(\s*)?b?(?P<q>["'`])(?P<value>[^"'`\n]{6,128})"""
                          r"""(?P=q)(?:\.(?:as_ref|as_bytes|to_vec|into)\(\))?\s*\)?\s*$""")
# Redis's AUTH command sent as a command (a Lua script's `redis.call("AUTH", "X")`, redis-py's
# `execute_command("AUTH", "X")`): the last argument is the password (ACL's first is the
# user). Not any `command("AUTH", ..)`: LuaSocket's SMTP sends `AUTH LOGIN` that way.
_REDIS_AUTH = re.compile(
    r"""\b(?:redis\.p?call|execute_command|send_command|sendCommand)[ \t]*\([ \t]*"""
    r"""(?P<cq>["'])auth(?P=cq)[ \t]*,(?:[ \t]*(?P<uq>["'])[^"'\n]{1,64}(?P=uq)[ \t]*,)?"""
    r"""[ \t]*(?P<q>["'])(?P<value>[^"'\n]{4,128})(?P=q)[ \t]*\)""", re.I)
_TOKEN_METHODS = frozenset({"bearer_auth", "bearerAuth", "with_bearer_auth", "bearer_token"})
_GO_DSN = re.compile(r"""[\s"'`=]\w[\w.\-]{0,63}:(?P<value>[^\s@/:"'`]{4,128})"""
                     r"""@(?:tcp|unix|udp)?\(""")
# host:port:database:user:password, each of the first four may be `*`; in a text naming .pgpass
_PGPASS = re.compile(r"""(?<![\w.:\-*])(?:[\w.\-]+|\*):(?:\d{1,5}|\*):(?:[\w.\-]+|\*):"""
                     r"""(?:[\w.@\-]+|\*):(?P<value>[^\s"'`]{4,128})""")
# a netrc entry, on one line or over several; the password is its whole token (a trailing `!`
# included, which a sentence's end would not be)
_NETRC = re.compile(r"""\b(?:machine[ \t]+\S+|default)\s+login\s+\S+\s+password[ \t]+"""
                    r"""(?P<value>[^\s"'`]{4,128})""")
# CloudFormation's `Name:` / `Value:` too (an ECS container's `Environment`, an SSM parameter's
# path `/orders/api-key`)
_NAME_FIELD = re.compile(
    r"""\b(?:name|Name)["']?[ \t]*[:=][ \t]*["']?(?P<key>/?[A-Za-z_][\w.\-/]{0,80})["']?"""
    r"""[ \t]*,?[ \t]*(?:$|(?=(?:value|Value)\b))"""
    r"""|"(?:name|Name)"\s*:\s*"(?P<jkey>/?[A-Za-z_][\w.\-/]{0,80})\"""", re.M)
# ... or its `key:` (ESO's fake provider, an API client's YAML export: `- key: /db/password` then
# `value: X`), the item's first field
_KEY_FIELD = re.compile(r"""^[ \t]*(?:-[ \t]+)?(?:key|Key)[ \t]*:[ \t]*["']?"""
                        r"""(?P<key>/?[A-Za-z_][\w.\-/]{0,80})["']?[ \t]*$""", re.M)
_VALUE_FIELD = re.compile(r"""\b(?:value|Value)["']?[ \t]*[:=][ \t]*(?P<q>["']?)"""
                          r"""(?P<value>[^"'\n,}#]{1,400}?)(?P=q)[ \t]*(?:[,}\]\n#]|$)""")
# a call given a secret's name, then its value: `define('DB_PASSWORD', 'X')` (WordPress),
# `putenv("API_TOKEN", "X")`, `ENV.fetch("SECRET_KEY", "X")`, `config.set("password", "X")`,
# viper's `SetDefault("database.password", "X")` (a dotted key); a header's value wrapped as
# Rust's http crate wants it (`headers.insert("x-api-key", HeaderValue::from_static("X"))`)
_NAMED_ARGUMENT = re.compile(
    r"""\b(?:define|putenv|setenv|Setenv|setdefault|SetDefault|setDefault|set_default|fetch|"""
    r"""set|setProperty|setItem|put|setHeader|set_header|add_header|header|insert|append|add)\s*"""
    r"""\(\s*(?P<kq>["'])(?P<key>[A-Za-z_][\w.\-]{0,80})(?P=kq)\s*,\s*"""
    r"""(?:HeaderValue::from_(?:static|str|bytes)\(\s*b?)?"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{4,400})(?P=q)""")
_ENV = re.compile(r"""^[ \t]*ENV[ \t]+(?P<key>[A-Za-z_]\w*)[ \t]+(?P<q>["']?)"""
                  r"""(?P<value>[^\s"'=][^\n"']*?)(?P=q)[ \t]*$""", re.M)
_PAIR = re.compile(  # "login: admin / X", "credentials `admin` / `X`", "sign in as admin/X"
    r"""\b(?:log[ -]?in|sign[ -]?in|credentials?|account)\b[^\n/]{0,30}?(?<=[\s:(])[`*"']*"""
    r"""(?P<user>[\w.@+\-]{2,64})[`*"']*[ \t]*/[ \t]*[`*"']*"""
    r"""(?P<value>[^\s`*"',;()<>|/]{6,80})(?![^\s`*"',;()<>|])""", re.I)
# a table's row, its outer pipes optional (GitHub's `Name | Password` / `--- | ---`)
_TABLE_ROW = re.compile(r"^[ \t]*\|?(?P<cells>.*?)\|?[ \t]*$")
_SEPARATOR = re.compile(r"^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?$")
_PASSWORD_HEADER = re.compile(  # a password's column, a token's, a secret's, an API key's
    r"(?:(?:default|initial|admin|user|account)[ _-]?)?(?:password|passwd|pwd|pass|passphrase)"
    r"s?|(?:(?:api|access|auth|bearer|personal[ _-]access)[ _-]?)?tokens?"
    r"|(?:client[ _-]?|app[ _-]?)?secrets?(?:[ _-]?key)?|api[ _-]?keys?", re.I)
# a cell naming an environment variable (`GITHUB_TOKEN`, `S3_SECRET`), not holding its value
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


# What each shape needs on its line, as literal words of the lower-cased text: the shapes are
# tried on those lines only, found in the text's one pass for every finder's words
# (`keylines.KeyLines`, P.LINE_WORDS; a pattern of alternatives is tried at every character: a
# pass over Django took 1.2 s that way, and one `str.find` loop per word ~1 s of CPU).
_AT_OPTION = ("--", "-token=", "-passw", "-secret")
_AT_USER = ("-u", "curl")  # -u, -U, --user, --proxy-user; curl's `-fsSLu`
_AT_MYSQL = ("mysql", "mariadb")
_AT_SHORT_FLAG = ("sshpass", "login", "redis-cli", "mongo", "cqlsh")
_AT_HTPASSWD = ("htpasswd",)
_AT_CALL = ("auth", "api_key", "login", "credential", "getconnection", "pdo", "mysqli", "bind",
            "datasource", "set_password", "connect(", "staticprovider", "newdialer", "ftp(",
            "ftp_tls(", "username_pw_set", "createaccount",
            *(call.lower() for call in P.PASSWORD_ARGUMENT))
_AT_KEY_CALL = ("jwt", "hmac", "openssl_", "cipheriv", "from_secret", "new_from_slice",
                "new_varkey", "key::", "signedstring", "new_with_secret", "signer(",
                "serializer(")
_AT_USERPWD = ("userpwd", "base64", "btoa", "encode64", "encodetostring", "b64(")
_AT_BASIC = ("basic",)
_AT_DSN = ("@tcp(", "@unix(", "@udp(", "@(")
_AT_PAIR = ("login", "log in", "log-in", "signin", "sign in", "sign-in", "credential",
            "account")


def find(text: str, mode: str, keys: KeyLines | None = None) -> list[Span]:
    """Spans of every credential given by position (see the module docstring); `keys`: the
    text's key words (find_all's, found once for every finder)."""
    keys = KeyLines(text) if keys is None else keys
    low = keys.low
    out: list[Span] = []
    for anchor, patterns, name in (
            (_AT_OPTION, (_OPTION,), "command_option"),
            (_AT_USER, (_CURL_USER, _SMB_USER), "command_user"),
            (_AT_MYSQL, (_MYSQL,), "command_option"),
            (_AT_SHORT_FLAG, (_SHORT_FLAG,), "command_option"),
            (_AT_HTPASSWD, (_HTPASSWD,), "command_option"),
            (_AT_DSN, (_GO_DSN,), "dsn_password"),
            (_AT_BASIC, (_BASIC_PAIR,), "credential_argument"),
            (_AT_USERPWD, (_USERPWD,), "credential_argument"),
            (("auth",), (_AUTH_USERPASS,), "credential_argument")):
        for start, line in keys.line_texts(anchor):
            for pattern in patterns:
                out += _each(pattern, line, start, name)
    if "cargo" in low:
        for m in _CARGO_LOGIN.finditer(text):
            if not is_placeholder(m.group("value")) and any(c.isdigit() for c in m.group("value")):
                out.append((m.start("value"), m.end("value"), "command_option", False))
    if "credentials" in low:
        out += [(m.start("value"), m.end("value"), "credential_argument", False)
                for m in _SBT_CREDENTIALS.finditer(text)
                if password_like(m.group("value"), min_length=6)
                or _code_word(m.group("value"), line := text[text.rfind("\n", 0, m.start()) + 1
                                                             : m.start()], len(line), mode)]
    if "wandb" in low or "kaggle" in low:
        out += _logins(_TOOL_LOGIN, text)
    if ("secretstr(" in low or "secretbytes(" in low or "secret" in low and "::" in low
            or "secretvalue." in low):
        for m in _SECRET_TYPE.finditer(text):
            group = "value" if m.group("value") is not None else "rvalue"
            value = m.group(group)
            if (is_secret_value(value, "secret", literal_words=False)
                    and "{" not in value and not is_field_name(value)):
                out.append((m.start(group), m.end(group), "credential_argument", False))
    if "huggingface" in low or "hfolder" in low:
        out += _logins(_HF_LOGIN, text)
    if "%env" in text or "%set_env" in text or "!export" in text or "! export" in text:
        for m in _MAGIC_ENV.finditer(text):
            if is_secret_key(m.group("key")) and value_ok(m.group("value"), m.group("key")):
                out.append((m.start("value"), m.end("value"), "env_instruction", False))
    if "user.info" in low or "user_info" in low or "neo4j_auth" in low:
        out += [(m.start("value"), m.end("value"), "user_info", False)
                for m in _USER_INFO.finditer(text)
                if password_like(m.group("value"), min_length=6, glued_words=True)]
    if "pgpass" in low:
        out += _each(_PGPASS, text, 0, "pgpass_line")
    if "machine" in low and keys.has(("password",)):
        out += _each(_NETRC, text, 0, "netrc_password")
    for start, line in keys.line_texts(_AT_CALL):
        out += _call_arguments(line, start, words=mode == "code")
    for start, line in keys.line_texts(('"auth"', "'auth'")):
        out += [(start + m.start("value"), start + m.end("value"), "credential_argument", False)
                for m in _REDIS_AUTH.finditer(line)
                if password_like(m.group("value"), min_length=6)
                or _code_word(m.group("value"), line, m.start(), mode)]
    for start, line in keys.line_texts(_AT_KEY_CALL):
        out += _key_arguments(line, start, words=mode == "code")
    if keys.has(("name", "key")) and "value" in low:
        out += _environment_lists(text, [(start, line) for start, line
                                         in keys.line_texts(("name", "key"))
                                         if any(a in line.lower() for a in P.KEY_ANCHORS)])
    for start, line in keys.line_texts((*P.KEY_ANCHORS, "bearer")):
        for m in _SECRET_METHOD.finditer(line):
            key, value = m.group("key"), m.group("value")
            if ((_sets_secret(key) or key in _TOKEN_METHODS)
                    and is_secret_value(value, key, literal_words=False)
                    and not is_field_name(value)):
                out.append((start + m.start("value"), start + m.end("value"),
                            "secret_method_argument", False))
        for m in _NAMED_ARGUMENT.finditer(line):
            key, value = m.group("key"), m.group("value")
            # a PHP constant defined as a secret holds the literal, as config does (wp-config's
            # `define('DB_PASSWORD', 'X')`: a password of letters alone is no name there)
            literal = m.group(0).startswith("define")
            if (is_secret_key(key) and is_secret_value(value, key, literal_words=literal)
                    and not is_field_name(value)):  # `add_field("password", "password2")`
                out.append((start + m.start("value"), start + m.end("value"),
                            "named_argument", False))
    if "ENV" in text:
        for m in _ENV.finditer(text):
            if is_secret_key(m.group("key")) and value_ok(m.group("value")):
                out.append((m.start("value"), m.end("value"), "env_instruction", False))
    for start, line in keys.line_texts(_AT_PAIR):
        out += [span for span in _each(_PAIR, line, start, "credential_pair")
                if mode != "code" or COMMENT_BEFORE.search(line, 0, span[0] - start)]
    if mode != "code" and "|" in text and keys.has(("pass", "pw", "token", "secret", "key")):
        out += _table_cells(text)
    return out


def _sets_secret(method: str) -> bool:
    """A method whose name ends in what it sets, a secret: `api_key`, `set_password`,
    `with_token` (not `run_pass_json`, whose `pass` is a verb)."""
    words = key_words(method)
    return bool(words) and is_secret_key(method) and (
        words[-1] in P.SECRET_KEY_WORDS or tuple(words[-2:]) in P.SECRET_KEY_PAIRS)


def _each(pattern: re.Pattern[str], line: str, start: int, name: str) -> list[Span]:
    """Each password-like `value` of `pattern` in `line`, which starts at `start`."""
    return [(start + m.start("value"), start + m.end("value"), name, False)
            for m in pattern.finditer(line)
            if password_like(m.group("value").rstrip(".:!?"), min_length=6, glued_words=True)]


def _logins(login: re.Pattern[str], text: str) -> list[Span]:
    """Each key a tool's `login` takes by position (its `value`): not a placeholder, and with
    a digit (a word alone is an example, not a key)."""
    return [(m.start("value"), m.end("value"), "command_option", False)
            for m in login.finditer(text)
            if not is_placeholder(m.group("value")) and any(c.isdigit() for c in m.group("value"))]


_OUTSIDE_QUOTES = re.compile(r""",(?=(?:[^"']*["'][^"']*["'])*[^"']*$)""")


def _call_arguments(line: str, start: int, words: bool) -> list[Span]:
    """The second and third arguments of a credential call, where a literal is password-like
    (`smtp.login(user, "X")`, `PlainAuth("", user, "X", host)`) or, the last literal given by
    position, a plain word (`auth=("admin", "X")`: `_code_word`)."""
    out: list[Span] = []
    for m in _CALL.finditer(line):
        at = start + m.start("args")
        args = _OUTSIDE_QUOTES.split(m.group("args"))  # an LDAP DN's commas are inside
        # `$redis->auth('X')`, `client.auth("X")`: the password alone
        called = m.group(0).lstrip(".->:")
        places: tuple[int, ...] = (0,) if len(args) == 1 and called.startswith("auth") else (1, 2)
        # sbt's Credentials(realm, host, user, X), gomail's NewDialer(host, port, user, X)
        if re.match(r"(?:Credentials|NewDialer)\s*\(", called):
            places = (3,) if len(args) == 4 else ()
        # session 41b: Jenkins' `UsernamePasswordCredentialsImpl(scope, id, description, user,
        # X)` (a Groovy init script's; `createAccount(user, X)` takes it second)
        if called.startswith("UsernamePasswordCredentialsImpl"):
            places = (4,) if len(args) == 5 else ()
        # `connect(host, user, X)`, paramiko's `connect(host, port, user, X)`: a password-like
        # literal only (GObject's `connect("signal", handler, "userdata")` passes a word)
        connect = bool(re.match(r"connect\s*\(", called))
        if connect:
            places = (2, 3) if len(args) >= 3 else ()
        if m.group("placed"):  # its place by the signature (`P.PASSWORD_ARGUMENT`)
            place = P.PASSWORD_ARGUMENT[m.group("placed")]
            places, connect = ((place,) if place < len(args) else ()), False
        # a word is a password only as the last literal given by position: `c.login(path,
        # "user", "pw")` (Django's old test client) names the user second
        last = max((i for i in places if i < len(args) and (lit := _LITERAL.match(args[i]))
                    and "=" not in args[i][:lit.start("q")]), default=None)
        for i, arg in enumerate(args):
            literal = _LITERAL.match(arg) if i in places else None
            if literal and (password_like(literal.group("value"), min_length=6,
                                          glued_words=words)
                            or words and places != (0,) and i == last and not connect
                            and _code_word(literal.group("value"), line, m.start())):
                out.append((at + literal.start("value"), at + literal.end("value"),
                            "credential_argument", False))
            at += len(arg) + 1
    return out


def _code_word(value: str, line: str, at: int, mode: str = "code") -> bool:
    """A password or key that is one plain word (`auth=("admin", "letmeinplease")`,
    `jwt.decode(t, "plainwordsecret", ..)`), given where a call's argument can only be the
    secret, in code (`mode`) and not in a comment before `at` in `line` (documentation's
    examples: jsonwebtoken's README `jwt.sign(p, 'shhhhh')`, superagent's JSDoc `.auth('tobi',
    'learnboost')`, kept as prose's words are); 6+ letters, 4+ of them different (`shhhhh`),
    no placeholder (`changeme`, `dummy`), field name (`password`, `secret`: what tests write
    for one) nor an example's (`mypassword`, `testsecret`, requests' `wrongpass`)."""
    low = value.lower()
    return (mode == "code" and not COMMENT_BEFORE.search(line, 0, at)
            and len(value) >= 6 and len(set(low)) >= 4 and value.isascii() and value.isalpha()
            and not is_placeholder(value) and not is_field_name(low)
            and not low.startswith(_EXAMPLE_WORDS) and "pass" not in low)


# what an example's or a test's password starts with (`mypassword`, `testsecret`)
_EXAMPLE_WORDS = ("my", "your", "test", "dummy", "fake", "sample", "demo", "foo", "bar")


def _key_arguments(line: str, start: int, words: bool) -> list[Span]:
    """The key given by position to a signing or encryption call, where a literal is
    password-like (`JWT::encode($payload, 'X', 'HS256')`, `hash_hmac('sha256', $d, 'X')`)."""
    out: list[Span] = []
    for m in _KEY_CALL.finditer(line):
        at = start + m.start("args")
        want = _KEY_ARGUMENT[m.group("fn").lower()]
        for i, arg in enumerate(_OUTSIDE_QUOTES.split(m.group("args"))):
            literal = _KEY_LITERAL.match(arg) if i == want else None
            if literal and (password_like(literal.group("value"), min_length=6)
                            or words and _code_word(literal.group("value"), line,
                                                    m.start())):
                out.append((at + literal.start("value"), at + literal.end("value"),
                            "key_argument", False))
            at += len(arg) + 1
    return out


def _environment_lists(text: str, lines: list[tuple[int, str]]) -> list[Span]:
    """`- name: DB_PASSWORD` (or `- key: db/password`) then `value: X` in the same item (the
    next three lines at most, or the same JSON object), the key secret-named; the `name` on one
    of `lines` (offset, line)."""
    out: list[Span] = []
    for start, line in lines:
        for m in [*_NAME_FIELD.finditer(text, start, start + len(line)),
                  *_KEY_FIELD.finditer(text, start, start + len(line))]:
            if not is_secret_key(m.group("key") or m.groupdict().get("jkey") or ""):
                continue
            window_end = m.end()
            for _ in range(3):
                nl = text.find("\n", window_end + 1)
                window_end = len(text) if nl == -1 else nl
            window = text[m.end():window_end]
            stop = re.search(r"\b(?:name|Name)\b|[}\]]", window)
            v = _VALUE_FIELD.search(window, 0, stop.start() if stop else len(window))
            if v and value_ok(v.group("value")):
                out.append((m.end() + v.start("value"), m.end() + v.end("value"), "env_list",
                            False))
    return out


def _table_cells(text: str) -> list[Span]:
    """The cells of a Markdown table's password column (its header cell names a password, a
    token, a secret or an API key): words with digits are one there (`values.placed_password`:
    `TablePw7712`); a type, `optional` or a setting's name (`PASSWORD_HASHERS`) is none."""
    out: list[Span] = []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    column: int | None = None
    for i, line in enumerate(lines):
        row = _TABLE_ROW.match(line) if "|" in line else None
        if row is None:
            column = None
            continue
        cells = row.group("cells").split("|")
        if i + 1 < len(lines) and _SEPARATOR.match(lines[i + 1]):  # a header row
            column = next((c for c, cell in enumerate(cells)
                           if _PASSWORD_HEADER.fullmatch(cell.strip(" \t`*_"))), None)
            continue
        if column is None or column >= len(cells) or _SEPARATOR.match(line):
            continue
        at = offsets[i] + row.start("cells") + sum(len(c) + 1 for c in cells[:column])
        cell = cells[column]
        value = cell.strip(" \t`*_\"'")
        if placed_password(value, min_length=6) and not _ENV_NAME.fullmatch(value):
            start = at + cell.index(value)
            out.append((start, start + len(value), "table_password", False))
    return out

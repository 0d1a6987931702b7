"""Credentials given by position are redacted; what only looks like them is not.

A probe of 30 everyday forms found 18 stored as written: no key named the value a secret
(`curl -u admin:<pw>`, `mysql -p<pw>`, `docker login -p <pw>`, `auth=("admin", "<pw>")`,
`smtp.login(user, "<pw>")`, a Go DSN `app:<pw>@tcp(db)/app`, a Kubernetes `- name: DB_PASS` /
`value: <pw>`, `ENV MYSQL_ROOT_PASSWORD <pw>`, "login: admin / <pw>", a Markdown table's
password column, `pw = "<pw>"`, a password in a Rust, Ruby or PHP string over two lines).
Each is pinned here, beside the look-alikes that must stay readable.
"""

from __future__ import annotations

from repokb.secrets import REDACTED, redact

from ..conftest import assert_redacted, cases

PW = "".join(("Xk9m", "Q2vL7pzq"))  # a FAKE password, assembled at run time
PW2 = "".join(("Tr0ub4", "dor&3x"))

MUST_REDACT = [  # (mode, language, text, value)
    # command lines, in scripts, docs and comments
    ("code", "shell", f"curl -u admin:{PW} https://api.example.com/v1\n", PW),
    ("code", "shell", f"curl --user 'deploy:{PW}' -X POST $URL\n", PW),
    ("text", "markdown", f"Run `curl -u admin:{PW} https://api.example.com`\n", PW),
    ("text", "markdown", f"Run `mysql -u root -p{PW} app`\n", PW),
    ("code", "shell", f"mysqldump -h db -u backup -p'{PW}' app > dump.sql\n", PW),
    ("text", "markdown", f"Run `sshpass -p {PW} ssh root@host`\n", PW),
    ("code", "shell", f"docker login -u bot -p {PW} registry.example.com\n", PW),
    ("code", "yaml", f"script:\n  - docker login -u ci -p \"{PW}\" $REGISTRY\n", PW),
    ("code", "shell", f"redis-cli -h cache -a {PW} ping\n", PW),
    ("code", "shell", f"./manage --db-password {PW} --host db\n", PW),
    ("code", "shell", f"vault login --token={PW2}\n", PW2),
    ("code", "shell", f"htpasswd -bc /etc/nginx/.htpasswd admin {PW}\n", PW),
    ("code", "shell", f"smbclient //srv/share -U backup%{PW}\n", PW),
    ("code", "python", f"# run: curl -u admin:{PW} localhost:8000\nx = 1\n", PW),
    # calls whose second argument is the password
    ("code", "python", f'requests.get(url, auth=("admin", "{PW}"))\n', PW),
    ("code", "python", f'session.auth = HTTPBasicAuth(user, "{PW}")\n', PW),
    ("code", "python", f'smtp.login("bot@example.com", "{PW}")\n', PW),
    ("code", "python", f'ftp.login(user="anon", passwd="{PW}")\n', PW),
    ("code", "go", f'req.SetBasicAuth("admin", "{PW}")\n', PW),
    ("code", "javascript", f"request(app).get('/').auth('admin', '{PW}')\n", PW),
    ("code", "csharp", f'var c = new NetworkCredential("svc", "{PW}", "CORP");\n', PW),
    # Ruby's basic auth, with or without parentheses: Faraday 2 (`:authorization, :basic`),
    # Faraday 1 (`:basic_auth`), Net::HTTP (`req.basic_auth`)
    ("code", "ruby", f'f.request :authorization, :basic, "shop", "{PW}"\n', PW),
    ("code", "ruby", f"conn.request :basic_auth, 'deploy', '{PW}'\n", PW),
    ("code", "ruby", f'req.basic_auth "admin", "{PW}"\n', PW),
    ("code", "ruby", f'conn.basic_auth("admin", "{PW}")\n', PW),
    # Ruby's ENV.fetch with a block default, in code and in ERB inside YAML (Rails'
    # config/database.yml)
    ("code", "ruby", f'pw = ENV.fetch("DB_PASSWORD") {{ "{PW}" }}\n', PW),
    ("config", "yaml", "default:\n  password: <%= ENV.fetch(\"DATABASE_PASSWORD\") "
     f'{{ "{PW}" }} %>\n', PW),
    # DSNs without a scheme
    ("code", "go", f'db, _ := sql.Open("mysql", "app:{PW}@tcp(db:3306)/app")\n', PW),
    ("config", "dotenv", f"MYSQL_DSN=app:{PW}@tcp(127.0.0.1:3306)/app?parseTime=true\n", PW),
    # environment lists and Dockerfiles
    ("code", "yaml", f"env:\n  - name: DB_PASS\n    value: {PW}\n", PW),
    ("code", "yaml", f'env:\n- name: "API_TOKEN"\n  value: "{PW}"\n', PW),
    ("code", "json", f'{{"environment": [{{"name": "DB_PASSWORD", "value": "{PW}"}}]}}\n',
     PW),
    ("code", "dockerfile", f"FROM mysql:8\nENV MYSQL_ROOT_PASSWORD {PW}\n", PW),
    ("code", "dockerfile", f'ENV ADMIN_TOKEN "{PW}"\n', PW),
    # prose pairs and tables
    ("code", "python", f"# login: admin / {PW}\nx = 1\n", PW),
    ("text", "markdown", f"Log in with **admin** / **{PW}**.\n", PW),
    ("text", "markdown", f"Default credentials: `admin` / `{PW}`\n", PW),
    ("text", "rst", f"Sign in as demo/{PW2} to try it.\n", PW2),
    ("text", "markdown", f"| user | password |\n|---|---|\n| admin | {PW} |\n", PW),
    ("text", "markdown", f"| Host | Default password | Notes |\n| --- | --- | --- |\n"
     f"| router | `{PW2}` | change it |\n", PW2),
    # "pw" for password
    ("code", "python", f'pw = "{PW}"\n', PW),
    ("config", "dotenv", f"SMTP_PW={PW}\n", PW),
    ("code", "python", f"# pw is {PW}\nx = 1\n", PW),
    # a double-quoted string over lines, in languages where one may span them
    ("code", "rust", f'const HELP: &str = "Connect with\n the password {PW} to the db";\n', PW),
    ("code", "ruby", f'HELP = "Connect with\n the password {PW} to the db"\n', PW),
    ("code", "php", f'$help = "Connect with\n the password {PW} to the db";\n', PW),
    # session 31's attacker pass: a tool's own password option or position, stored before
    ("code", "shell", f"htpasswd -b -c /etc/nginx/.htpasswd admin {PW}\n", PW),
    ("code", "shell", f"openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:{PW}\n", PW),
    ("code", "shell", f"openssl rsa -in k.pem -passin 'pass:{PW}' -out plain.pem\n", PW),
    ("code", "shell", f"keytool -importkeystore -srcstorepass {PW} -deststorepass {PW2}\n", PW2),
    ("code", "shell", f"keytool -genkeypair -alias app -keypass {PW} -keystore app.jks\n", PW),
    ("code", "shell", f"jarsigner -storepass '{PW}' app.jar app\n", PW),
    ("code", "shell", f"sqlcmd -S db -U sa -P {PW} -Q 'SELECT 1'\n", PW),
    ("code", "shell", f"ldapsearch -x -D cn=admin,dc=shop -w {PW} -b dc=shop\n", PW),
    ("code", "shell", f"rabbitmqctl add_user shop {PW}\n", PW),
    ("code", "shell", f"rabbitmqctl change_password shop '{PW2}'\n", PW2),
    ("code", "shell", f"az login -u ops@shop.example -p {PW}\n", PW),
    ("code", "shell", f"zip -P {PW} backup.zip db.sql\n", PW),
    ("code", "shell", f"7z a -p{PW} backup.7z db.sql\n", PW),
    ("code", "shell", f"mosquitto_pub -h mq -u shop -P {PW} -t t -m hi\n", PW),
    ("code", "yaml", f"services:\n  cache:\n    command: redis-server --requirepass {PW}\n", PW),
    ("code", "shell", f"redis-server --masterauth {PW} --port 6380\n", PW),
    ("code", "shell", f"printf '{PW}' | docker secret create db_password -\n", PW),
    ("code", "shell", f'echo "{PW}" | gh secret set DEPLOY_TOKEN\n', PW),
    ("code", "shell", f"echo -n {PW} | wrangler secret put API_TOKEN\n", PW),
    ("code", "shell", f"gh secret set NPM_TOKEN --body {PW}\n", PW),
    ("code", "yaml", f'steps:\n  - run: gh secret set NPM_TOKEN -b"{PW}"\n', PW),
    ("code", "yaml", f'steps:\n  - run: echo "::add-mask::{PW}"\n', PW),
    ("code", "shell", "heroku config:set STRIPE_KEY=Zt8pQ2xW7mK4nB6vR1cY\n",
     "Zt8pQ2xW7mK4nB6vR1cY"),
    ("code", "shell", "docker compose run -e SIGNING_KEY=Zt8pQ2xW7mK4nB6vR1cY web\n",
     "Zt8pQ2xW7mK4nB6vR1cY"),
    ("code", "shell", f"bcp dbo.orders out orders.dat -S db -U sa -P'{PW2}' -c\n", PW2),
    ("code", "shell", f"unzip -P {PW} backup.zip\n", PW),
    ("code", "shell", f"echo {PW} | vercel env add DB_PASSWORD production\n", PW),
    ("code", "shell", f"printf '{PW}' | flyctl secrets set --stage\n", PW),
    ("code", "dockerfile", "RUN docker build --build-arg SIGNING_KEY=Zt8pQ2xW7mK4nB6vR1cY .\n",
     "Zt8pQ2xW7mK4nB6vR1cY"),
    ("code", "shell", f"gcloud run deploy api --set-env-vars=DB_PASSWORD={PW},MODE=prod\n", PW),
    # Windows' administration commands, a password set for an account, an expect script's
    # answer to a password prompt, a token as a URL's user
    ("code", "batch", f"cmdkey /add:srv /user:bob /pass:{PW}\n", PW),
    ("code", "batch", f"schtasks /create /tn job /tr job.bat /ru bob /rp {PW}\n", PW),
    ("code", "batch", f"psexec \\\\srv -u bob -p {PW} cmd\n", PW),
    ("code", "batch", f"net use Z: \\\\srv\\share /user:CORP\\bob {PW} /persistent:no\n", PW),
    ("code", "batch", f"wmic /node:srv /user:bob /password:{PW} os get caption\n", PW),
    ("code", "shell", f'echo "bob:{PW}" | chpasswd\n', PW),
    ("code", "shell", f"chpasswd <<< 'bob:{PW}'\n", PW),
    ("code", "shell", f'echo "{PW}" | passwd --stdin bob\n', PW),
    ("code", "shell", f"useradd -m -p $(openssl passwd -6 {PW}) bob\n", PW),
    ("code", "tcl", f'spawn ssh root@host\nexpect "*assword:*"\nsend "{PW}\\r"\n', PW),
    ("code", "shell", "expect -c 'spawn ssh root@h; expect \"password:\"; "
     f"send \"{PW}\\r\"; interact'\n", PW),
    ("code", "shell", "pip install git+https://Zt8pQ2xW7mK4nB6vR1cY@github.com/org/repo.git\n",
     "Zt8pQ2xW7mK4nB6vR1cY"),
    ("text", "markdown", "git clone https://Zt8pQ2xW7mK4nB6vR1cY@github.com/org/private.git\n",
     "Zt8pQ2xW7mK4nB6vR1cY"),
]

MUST_KEEP = [  # (mode, language, text): nothing here is a secret
    ("code", "shell", "docker run -u 1000:1000 -v $PWD:/src image\n"),
    ("code", "shell", "docker run -u $(id -u):$(id -g) image\n"),
    ("code", "shell", "curl -u $API_USER:$API_PASSWORD https://api.example.com\n"),
    ("code", "shell", 'curl -u "${USER}:${TOKEN}" https://api.example.com\n'),
    ("text", "markdown", "Run `mysql -u root -p app` and type the password.\n"),
    ("code", "shell", "echo $PASS | docker login -u bot --password-stdin\n"),
    ("text", "markdown", "Pass `--password PASSWORD` or `--token <token>` on the command line.\n"),
    ("code", "shell", 'deploy --token "$DEPLOY_TOKEN" --api-key ${API_KEY}\n'),
    ("code", "python", 'parser.add_argument("--password", help="the database password")\n'),
    ("code", "python", 'requests.get(url, auth=("user", "pass"))\n'),
    ("code", "ruby", "conn.request :basic_auth, user, password\n"),
    ("code", "ruby", 'req.basic_auth ENV["API_USER"], ENV["API_PASSWORD"]\n'),
    ("code", "ruby", 'port = ENV.fetch("PORT") { "3000" }\n'),
    ("code", "ruby", 'pw = ENV.fetch("DB_PASSWORD") { raise "DB_PASSWORD unset" }\n'),
    ("code", "python", "smtp.login(settings.EMAIL_USER, settings.EMAIL_PASSWORD)\n"),
    ("code", "python", 'self.client.login(username="admin", password="password")\n'),
    ("code", "go", 'dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s", user, pass, host, db)\n'),
    ("code", "yaml", "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n"
     "        name: db\n        key: password\n"),
    ("code", "yaml", "env:\n  - name: DB_PASSWORD\n    value: ${DB_PASSWORD}\n"),
    ("code", "yaml", "env:\n  - name: LOG_LEVEL\n    value: debug2x\n"),
    ("code", "dockerfile", "ENV PATH /usr/local/bin:$PATH\nENV PYTHONUNBUFFERED 1\n"),
    ("code", "dockerfile", "ENV DB_PASSWORD_FILE /run/secrets/db_password\n"),
    ("text", "markdown", "Click login / logout in the menu.\n"),
    ("text", "markdown", "Sign in with GitHub / Google accounts.\n"),
    ("text", "markdown", "| option | password |\n|---|---|\n| required | yes |\n"
     "| min length | 8 |\n"),
    ("text", "markdown", "| Setting | Description |\n|---|---|\n| PASSWORD_HASHERS | list |\n"),
    ("code", "python", "# pw hashes are salted\nx = 1\n"),
    ("code", "python", "def upwards(pw_length=12):\n    return pw_length\n"),
    ("code", "rust", 'let s = "one line";\nlet p = "the password field";\n'),
    # a colour is no secret, whatever its variable is named (coverage.py's htmlfiles/style.scss)
    ("text", "scss", "$light-token-com: #008000;\n$dark-token-str: #9cdcfe;\n"),
    # newly admitted files of real trees: a sudoers line (ansible-core's bootstrap.sh) and a
    # tuple of keywords (schemathesis' coverage/ package, walked since it is a package)
    ("code", "shell", "echo '%wheel ALL=(ALL:ALL) NOPASSWD: ALL' > /etc/sudoers.d/ci\n"),
    ("code", "python", '_SINGLE_PASS_KEYWORDS = ("enum", "const", "not")\n'),
    # a dotted name under a secret-named key is a reference (ansible-core's plugin routing)
    ("config", "yaml", "filter:\n  type5_pw:\n    redirect: ansible.netcommon.type5_pw\n"
     "  vault_secret:\n    redirect: community.general.vault_secret2\n"),
    # the same tools given a variable, a prompt, a file or the environment: nothing written
    ("code", "shell", "openssl pkcs12 -export -in c.pem -passout pass:$P12_PASS -out c.p12\n"),
    ("code", "shell", "openssl rsa -in k.pem -passin env:KEY_PASS -passout file:pw.txt\n"),
    ("code", "shell", "openssl req -new -key k.pem -passin stdin -out r.csr\n"),
    ("code", "shell", 'keytool -list -keystore app.jks -storepass "$STORE_PASS"\n'),
    ("code", "shell", "keytool -list -keystore app.jks -storepass:env STORE_PASS\n"),
    ("code", "shell", "keytool -list -keystore cacerts -storepass changeit\n"),
    ("code", "shell", "sqlcmd -S db -U sa -P $SA_PASSWORD -Q 'SELECT 1'\n"),
    ("code", "shell", "ldapsearch -x -W -D cn=admin,dc=shop -b dc=shop\n"),
    ("code", "shell", 'rabbitmqctl add_user "$RABBIT_USER" "$RABBIT_PASS"\n'),
    ("code", "shell", "rabbitmqctl set_permissions -p / shop '.*' '.*' '.*'\n"),
    ("code", "shell", "az login --service-principal -u $APP_ID -p /etc/az/cert.pem\n"),
    ("code", "shell", "zip -r -P $ZIP_PASSWORD backup.zip db/\n"),
    ("code", "shell", "7z a -p backup.7z db.sql\n"),  # -p alone asks for it
    ("code", "yaml", 'command: redis-server --requirepass "${REDIS_PASSWORD}"\n'),
    ("code", "shell", 'echo "$TOKEN" | gh secret set DEPLOY_TOKEN\n'),
    ("code", "shell", "gh secret set NPM_TOKEN < token.txt\n"),
    ("code", "shell", 'gh secret set NPM_TOKEN --body "$NPM_TOKEN"\n'),
    ("code", "yaml", 'steps:\n  - run: echo "::add-mask::$TOKEN"\n'),
    ("code", "yaml", "steps:\n  - run: echo \"::add-mask::${{ steps.x.outputs.token }}\"\n"),
    ("code", "shell", "heroku config:set WEB_CONCURRENCY=3 STRIPE_KEY=$STRIPE_KEY\n"),
    ("code", "shell", "docker compose run -e CACHE_KEY=orders_v2 web\n"),
    ("code", "shell", "docker secret create db_password ./secrets/db_password.txt\n"),
    ("code", "batch", "cmdkey /add:srv /user:bob /pass\n"),  # /pass alone asks for it
    ("code", "batch", "net use Z: \\\\srv\\share /user:bob %SHARE_PW%\n"),
    ("code", "batch", "net use Z: \\\\srv\\share /user:bob * /persistent:yes\n"),
    ("code", "shell", 'echo "$USER_NAME:$USER_PASS" | chpasswd\n'),
    ("code", "shell", "useradd -m -p $(openssl passwd -6 \"$PASS\") bob\n"),
    ("code", "tcl", 'expect "*assword:*"\nsend "$password\\r"\nexpect "$ "\nsend "ls\\r"\n'),
    ("code", "shell", "git clone https://git@github.com/org/repo.git\n"),
    ("code", "python", 'sentry_sdk.init("https://3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d'
     '@o4504.ingest.sentry.io/4504")\n'),
    ("config", "yaml", "security:\n  password_hasher: argon2id\n  token_algorithm: HS256\n"),
    ("text", "markdown", "Clone https://github-actions@github.com/org/repo.git or "
     "https://user@example.com/path.\n"),
]


@cases(("mode", "language", "text", "value"), MUST_REDACT, named_by=1)
def test_a_credential_given_by_position_is_redacted(mode, language, text, value):
    assert_redacted(text, mode, language, value)


@cases(("mode", "language", "text"), MUST_KEEP, named_by=1)
def test_what_only_looks_like_a_credential_stays(mode, language, text):
    assert redact(text, mode, language).text == text


def test_only_the_value_goes_not_the_command_around_it():
    assert redact(f"curl -u admin:{PW} https://x.example\n", "code", "shell").text == (
        f"curl -u admin:{REDACTED} https://x.example\n")
    assert redact(f"docker login -u bot -p {PW} r.example\n", "code", "shell").text == (
        f"docker login -u bot -p {REDACTED} r.example\n")

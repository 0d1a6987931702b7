"""Perl's everyday ways of writing a credential are redacted; Perl code stays.

Found by planting credentials in a CPAN-shaped tree (lib/, t/, a Mojolicious app and its
myapp.conf, a Dancer2 config.yml) beside Debian's Perl packages: DBI's password,
`DBI->connect($dsn, "user", "X")` (and Catalyst's `connect_info => [DSN, USER, "X"]`), a hash
element `$self->{password} = 'X'`, `$ENV{API_KEY} || 'X'`, Perl's quote-like `q{X}`, a heredoc,
Mojolicious' `app->secrets(['X'])` and `secrets => ['X']`, `$ua->credentials(.., 'X')`,
`$pass eq 'X'`, `my ($user, $pass) = ('admin', 'X')`, `$c->session_secret('X')` and
Digest::SHA's `hmac_sha256_hex($data, 'X')` reached the store and the search answers as written.
"""

from __future__ import annotations

import pytest

from repokb.secrets import redact

from ..conftest import assert_redacted

PW = "".join(("Pq7vK2", "mZ9xWt4LsR"))  # a FAKE password, assembled at run time

WORD = "".join(("PvUeRT", "mMZsmGBuTX"))  # FAKE, letters only in random case

MUST_REDACT = [
    f'$conf{{db_password}} = "{WORD}";\n',
    f"my $signing_secret = qq({WORD});\n",
    f'my $dbh = DBI->connect($dsn, "app_user", "{PW}");\n',
    f"my $dbh = DBI->connect('dbi:Pg:dbname=shop;host=db', 'shop', '{PW}', "
    "{ RaiseError => 1 });\n",
    f"my $dbh = DBI->connect(\n    'dbi:mysql:shop', 'shop',\n    '{PW}',\n"
    "    { AutoCommit => 1 },\n);\n",
    f"my $schema = Shop::Schema->connect('dbi:SQLite:shop.db', 'shop', '{PW}');\n",
    "__PACKAGE__->config('Model::DB' => { connect_info => "
    f"['dbi:Pg:dbname=shop', 'shop', '{PW}'] }});\n",
    f"$self->{{password}} = '{PW}';\n",
    f'$conf{{db_password}} = "{PW}";\n',
    f"$ENV{{AWS_SECRET_ACCESS_KEY}} = '{PW}';\n",
    f"local $ENV{{DB_PASSWORD}} = '{PW}';\n",
    f"my $secret = q{{{PW}}};\n",
    f"my %h = (password => qq({PW}));\n",
    f'my $api_key = <<"END";\n{PW}\nEND\n',
    f"my $key = <<~'EOT';\n    {PW}\n    EOT\n",
    f"my $token = $ENV{{API_KEY}} || '{PW}';\n",
    f'my $token = $ENV{{API_TOKEN}} // "{PW}";\n',
    f"my $password = $ENV{{SHOP_DB}} || '{PW}';\n",
    f"app->secrets(['{PW}']);\n",
    f"$self->secrets(['{PW}', 'Old-{PW}']);\n",
    f"plugin Config => {{ default => {{ secrets => ['{PW}'] }} }};\n",
    f"{{\n  secrets => ['{PW}'],\n  hypnotoad => {{ listen => ['http://*:8080'] }},\n}};\n",
    f"$c->session_secret('{PW}');\n",
    f"$ua->api_key('{PW}');\n",
    f"$ua->credentials('api.example.com:443', 'Realm', 'app_user', '{PW}');\n",
    f"$mech->credentials('app_user', '{PW}');\n",
    # HTTP::Headers' Basic credentials (newuser37: stored as written)
    f"$req->authorization_basic('shop', '{PW}');\n",
    f"$h->proxy_authorization_basic('proxy', '{PW}');\n",
    f"return $user eq 'admin' && $pass eq '{PW}';\n",
    f"my ($user, $pass) = ('admin', '{PW}');\n",
    f"my $hmac = hmac_sha256_hex($payload, '{PW}');\n",
    f"sub password {{ '{PW}' }}\n",
    f"sub api_key {{ return '{PW}' }}\n",
    f'sub _build_api_token {{ "{PW}" }}\n',
    f"has api_key => (is => 'ro', default => '{PW}');\n",
    f"has secret => (is => 'ro', default => sub {{ '{PW}' }});\n",
    f"has api_token => sub {{ '{PW}' }};\n",
    f"$ssh2->auth_password('deploy', '{PW}');\n",
    f"$url->userinfo('sri:{PW}');\n",
    f"$ENV{{PGPASSWORD}} = '{PW}';\n",
    f"app->start;\n__DATA__\npassword={PW}\n",
]

MUST_KEEP = [
    '$self->{password_field} = "getPasswordValue";\n',
    "$conf{secret_class} = 'XMLHttpRequestHandler';\n",
    "my $dbh = DBI->connect($dsn, $user, $password, { RaiseError => 1 });\n",
    "my $dbh = DBI->connect($dsn, $ENV{DB_USER}, $ENV{DB_PASSWORD});\n",
    "my $dbh = DBI->connect('dbi:SQLite:dbname=:memory:', '', '');\n",
    "$self->{password} = $args{password};\n",
    "$self->{password} = '';\n",
    "$ua->credentials($host, $realm, $user, $pass);\n",
    "app->secrets([$ENV{MOJO_SECRET}]);\n",
    "app->secrets([split /,/, $ENV{MOJO_SECRETS}]);\n",
    "has password => (is => 'ro', isa => 'Str', required => 1);\n",
    "return 1 if $token eq 'Bearer';\n",
    "my $token = $ENV{API_TOKEN} || '';\n",
    "my $password = $ENV{DB_PASSWORD} // 'changeme';\n",
    "my $usage = <<\"END\";\nUsage: shop --password PASSWORD\nEND\n",
    "my $password_prompt = q{Enter the password: };\n",
    "$c->session_secret($config->{session_secret});\n",
    "my ($user, $pass) = @ARGV;\n",
    "my $digest = hmac_sha256_hex($payload, $self->secret);\n",
    "sub password { shift->{password} }\n",
    "sub api_key { $_[0]{api_key} }\n",
    "has api_key => (is => 'ro', default => '');\n",
    "has password_field => (is => 'ro', default => 'password');\n",
    "has secret => (is => 'ro', default => sub { $ENV{APP_SECRET} });\n",
    "$ssh2->auth_password($user, $pass);\n",
    "$url->userinfo('sri');\n",
    "$req->authorization_basic($user, $pass);\n",
    "%= password_field 'pass', id => 'pass'\n",
    "app->start;\n__DATA__\n@@ login.html.ep\n<input type=\"password\" name=\"pass\">\n",
]


@pytest.mark.parametrize("text", MUST_REDACT, ids=[f"perl{i}" for i in range(len(MUST_REDACT))])
def test_a_perl_credential_is_redacted(text):
    assert_redacted(text, "code", "perl", PW, WORD)


@pytest.mark.parametrize("text", MUST_KEEP, ids=[f"keep{i}" for i in range(len(MUST_KEEP))])
def test_what_only_looks_like_a_perl_credential_stays(text):
    assert redact(text, "code", "perl").text == text


def test_mojolicious_secrets_in_its_conf_file_are_redacted():
    """`myapp.conf` is a Perl hash that its name makes INI (`.conf`)."""
    text = f"{{\n  secrets => ['{PW}', '{WORD}'],\n  hypnotoad => {{ workers => 4 }},\n}};\n"
    result = redact(text, "config", "ini")
    assert PW not in result.text and WORD not in result.text, result.text

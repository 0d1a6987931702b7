"""Planted secrets in a Laravel app, a Rails app, WordPress, Composer, Bundler, Capistrano,
Sinatra and the views of both (session newuser36).

    python bench/secret_leaks.py index --plant bench/plant_phpruby.py
"""
from tests.planted_secrets import Planted


def _j(*parts: str) -> str:
    return "".join(parts)


def _value(n: str) -> str:  # a distinct 24-character mixed value per name (no shared pieces)
    import base64
    import hashlib
    raw = base64.b64encode(hashlib.sha256(("phpruby" + n).encode()).digest()).decode()
    return "Wv" + "".join(c for c in raw if c.isalnum())[:22]


V = {n: _value(n) for n in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
V.update({n + "2": _value(n + "2") for n in "ABCDEFG"})
STRIPE = _j("sk", "_live_", "51Pq7Rt2Xc9Vb4Nm8Lk3Jh6Gf", "0Ds5Ae1Wq")
GHO = _j("gh", "o_", "K8x2LmQ9vT4kW7nB3cY6", "zH1jF5sD0gAe2Kp3")
APP_KEY = _j("base64:", "Zk3xQ9vL2mN8bT1wY6uK3sD5fG0hJ2aE7iO9pQ4xR1c=")
MASTER_KEY = _j("e3b0c44298fc1c14", "9afbf4c8996fb924")
KEY_BASE = _j("9f2c4e1a7b3d5f60", "81a2b3c4d5e6f708", "192a3b4c5d6e7f80", "a1b2c3d4e5f60718",
              "29a3b4c5d6e7f809", "1a2b3c4d5e6f7081", "92a3b4c5d6e7f8a0", "b1c2d3e4f5a60718")


def planted() -> list[Planted]:
    return [
        Planted(".env",
                "APP_NAME=Shop\nAPP_KEY=" + APP_KEY + "\nDB_PASSWORD=" + V["A"] + "\n"
                "STRIPE_SECRET=" + STRIPE + "\n", [APP_KEY, V["A"], STRIPE], expect="block"),
        Planted("config/database.php",
                "<?php\n\nreturn [\n    'connections' => [\n        'mysql' => [\n"
                "            'username' => env('DB_USERNAME', 'shop'),\n"
                "            'password' => env('DB_PASSWORD', '" + V["B"] + "'),\n"
                "            'url' => 'mysql://shop:" + V["C"] + "@db:3306/shop',\n"
                "        ],\n    ],\n];\n", [V["B"], V["C"]]),
        Planted("config/services.php",
                "<?php\n\nreturn [\n    'stripe' => [\n        'secret' => '" + V["D"] + "',\n"
                "    ],\n    'mailgun' => ['secret' => env('MAILGUN_SECRET', '" + V["E"] + "')],\n"
                "];\n", [V["D"], V["E"]]),
        Planted("bootstrap/cache/config.php",
                "<?php return array (\n  'app' => \n  array (\n    'key' => '" + V["F"] + "',\n"
                "  ),\n  'database' => array (\n    'password' => '" + V["G"] + "',\n  ),\n);\n",
                [V["F"], V["G"]]),
        Planted("wp-config.php",
                "<?php\ndefine( 'DB_PASSWORD', '" + V["H"] + "' );\n"
                "define( 'AUTH_KEY', '" + V["I"] + "' );\n"
                "define('SECURE_AUTH_SALT', '" + V["J"] + "');\n", [V["H"], V["I"], V["J"]]),
        Planted("app/Services/GeoClient.php",
                "<?php\n\nnamespace App\\Services;\n\nfinal class GeoClient\n{\n"
                "    private const API_TOKEN = '" + V["K"] + "';\n"
                "    private string $apiKey = '" + V["L"] + "';\n\n"
                "    public function headers(): array\n    {\n"
                "        return ['Authorization' => 'Bearer " + V["M"] + "'];\n    }\n}\n",
                [V["K"], V["L"], V["M"]]),
        Planted("auth.json",
                '{\n    "http-basic": {\n        "repo.example.org": {\n'
                '            "username": "deploy",\n            "password": "' + V["N"] + '"\n'
                '        }\n    },\n    "github-oauth": {\n        "github.com": "' + GHO + '"\n'
                '    }\n}\n', [V["N"], GHO]),
        Planted("phpunit.xml",
                '<phpunit>\n  <php>\n    <env name="STRIPE_SECRET" value="' + V["O"] + '"/>\n'
                '    <env name="DB_PASSWORD" value="' + V["P"] + '"/>\n  </php>\n</phpunit>\n',
                [V["O"], V["P"]]),
        Planted("resources/views/checkout.blade.php",
                "@extends('layouts.app')\n\n@section('content')\n<script>\n"
                "  const stripe = Stripe('pk_live_51Pq7PublishableKeyIsPublic');\n"
                "  const mapsApiKey = \"" + V["Q"] + "\";\n</script>\n@endsection\n",
                [V["Q"]]),
        Planted("config/database.yml",
                "production:\n  adapter: postgresql\n  username: blog\n"
                "  password: " + V["R"] + "\n  url: postgres://blog:" + V["S"] + "@db/blog\n",
                [V["R"], V["S"]]),
        Planted("config/secrets.yml",
                "production:\n  secret_key_base: " + KEY_BASE + "\n", [KEY_BASE], expect="block"),
        Planted("config/initializers/stripe.rb",
                'Stripe.api_key = "' + V["T"] + '"\n'
                'Rails.application.config.secret_key_base = "' + V["U"] + '"\n'
                'GITHUB = Octokit::Client.new(access_token: "' + V["V"] + '")\n',
                [V["T"], V["U"], V["V"]]),
        Planted("app/api/notes_api.rb",
                "class NotesApi < Sinatra::Base\n  set :session_secret, \"" + V["W"] + "\"\n"
                "  API_TOKEN = \"" + V["X"] + "\".freeze\n\n  get \"/notes\" do\n"
                "    ENV.fetch(\"NOTES_DB_PASSWORD\", \"" + V["Y"] + "\")\n  end\nend\n",
                [V["W"], V["X"], V["Y"]]),
        Planted("config/deploy.rb",
                "set :application, \"blog\"\nset :password, \"" + V["Z"] + "\"\n"
                "set :ssh_options, { user: \"deploy\", password: \"" + V["A2"] + "\" }\n",
                [V["Z"], V["A2"]]),
        Planted(".bundle/config",
                '---\nBUNDLE_GEMS__EXAMPLE__COM: "deploy:' + V["B2"] + '"\n', [V["B2"]],
                expect="block"),
        Planted("app/views/layouts/_analytics.html.haml",
                ":javascript\n  var segmentWriteKey = \"" + V["C2"] + "\";\n"
                "%script{src: \"https://maps.example.com/js?key=" + V["D2"] + "\"}\n",
                [V["C2"], V["D2"]]),
        Planted("app/views/layouts/_footer.html.slim",
                "footer\n  javascript:\n    window.intercomToken = \"" + V["E2"] + "\";\n",
                [V["E2"]]),
        Planted("config/storage.yml",
                "amazon:\n  service: S3\n  access_key_id: AKIAQ3EGRTZ7XK4MBN7Q\n"
                "  secret_access_key: " + V["F2"] + "\n", [V["F2"]]),
        Planted("config/master.key", MASTER_KEY + "\n", [MASTER_KEY], expect="block"),
        Planted("config/puma.rb",
                "workers 2\nactivate_control_app \"tcp://127.0.0.1:9293\", { auth_token: \""
                + V["G2"] + "\" }\n", [V["G2"]]),
    ]

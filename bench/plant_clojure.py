"""Planted secrets in Clojure, EDN, Leiningen, Maven, MDX and LaTeX files (session newuser35).

    python bench/secret_leaks.py index --plant bench/plant_clojure.py
"""
from tests.planted_secrets import Planted


def _j(*parts: str) -> str:
    return "".join(parts)


def _value(n: str) -> str:  # a distinct 24-character mixed value per name (no shared pieces)
    import base64
    import hashlib
    raw = base64.b64encode(hashlib.sha256(n.encode()).digest()).decode()
    return "Zq" + "".join(c for c in raw if c.isalnum())[:22]


V = {n: _value(n) for n in
     ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P")}
GHP = _j("gh", "p_", "T5x2LmQ9vR4kW7nB3cY6", "zH1jF5sD0gAe2Kp8")
AWS_SECRET = _j("wJalrXUtnFEMI/", "K7MDENG/bPxRfi", "CYzQ9vB3kL9q")


def planted() -> list[Planted]:
    return [
        Planted("src/app/config.clj",
                '(ns app.config)\n\n(def api-key "' + V["A"] + '")\n\n'
                '(def ^:private db-password "' + V["B"] + '")\n\n'
                '(defn connect [] {:user "app" :password "' + V["C"] + '"})\n',
                [V["A"], V["B"], V["C"]]),
        Planted("resources/config.edn",
                '{:db {:host "localhost" :user "app" :password "' + V["D"] + '"}\n'
                ' :aws/access-key-id "AKIAQ3EGRTZ7XK4MBN2Q"\n'
                ' :aws/secret-access-key "' + AWS_SECRET + '"\n'
                ' :stripe {:api-key "' + V["E"] + '"}}\n',
                [V["D"], AWS_SECRET, V["E"]]),
        Planted("profiles.clj",
                '{:dev {:env {:database-url "postgres://app:' + V["F"] + '@db:5432/app"\n'
                '             :github-token "' + GHP + '"}}}\n',
                [V["F"], GHP]),
        Planted(".lein/profiles.clj",
                '{:auth {:repository-auth {#"clojars" {:username "jane" :password "'
                + V["G"] + '"}}}}\n', [V["G"]]),
        Planted(".lein/credentials.clj",
                '{#"my\\.datomic\\.com" {:username "jane@example.com" :password "'
                + V["H"] + '"}}\n', [V["H"]], expect="block"),
        Planted("project.clj",
                '(defproject app "0.1.0"\n'
                '  :repositories [["private" {:url "https://repo.example.com/maven"\n'
                '                             :username "deploy" :password "' + V["I"] + '"}]]\n'
                '  :dependencies [[org.clojure/clojure "1.11.1"]])\n', [V["I"]]),
        Planted(".m2/settings.xml",
                '<settings>\n  <servers>\n    <server>\n      <id>private</id>\n'
                '      <username>deploy</username>\n      <password>' + V["J"] + '</password>\n'
                '    </server>\n  </servers>\n</settings>\n', [V["J"]]),
        Planted("src/app/ui.cljs",
                '(ns app.ui)\n\n(def ^:const mapbox-token "' + V["K"] + '")\n\n'
                '(defn headers [] {"Authorization" (str "Bearer " "' + V["L"] + '")})\n',
                [V["K"], V["L"]]),
        Planted("docs/setup.mdx",
                "import Tabs from '@theme/Tabs';\n\n# Setup\n\nExport the token first:\n\n"
                "```bash\nexport API_TOKEN=" + V["M"] + "\ncurl -H \"Authorization: Bearer "
                + V["M"] + "\" https://api.example.com\n```\n\n<Tabs>\n</Tabs>\n", [V["M"]]),
        Planted("paper/secrets.tex",
                "\\def\\apikey{" + V["N"] + "}\n\\newcommand{\\dbpassword}{" + V["O"] + "}\n"
                "\\section{Access}\nThe service is reached with the key above.\n",
                [V["N"], V["O"]]),
        Planted("deps.edn",
                '{:deps {org.clojure/clojure {:mvn/version "1.11.1"}}\n'
                ' :mvn/repos {"private" {:url "https://repo.example.com/maven"}}\n'
                ' :aliases {:dev {:jvm-opts ["-Dapi.secret=' + V["P"] + '"]}}}\n', [V["P"]]),
    ]

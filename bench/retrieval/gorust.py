"""Go and Rust: 'where is X defined', 'how does Y work' on cobra, viper, clap and rayon.

    python bench/retrieval/gorust.py --home DIR [--json OUT]

DIR holds four projects, each indexed with `repokb index TREE/NAME` (project = folder name),
made from Debian bookworm's packages (`apt-get download PKG` + `dpkg -x PKG.deb X`; no Go
module proxy or crates.io is used): `cobra` = golang-github-spf13-cobra-dev 1.6.1 and `viper`
= golang-github-spf13-viper-dev 1.10.1 (each /usr/share/gocode/src/github.com/spf13/NAME);
`clap` = librust-clap-dev 4.0.32 with librust-clap-derive-dev 4.0.21 as `clap/clap_derive/`,
and `rayon` = librust-rayon-dev 1.6.1 with librust-rayon-core-dev 1.10.1 as
`rayon/rayon-core/` (each /usr/share/cargo/registry/CRATE-VER; the member crates laid out as
the upstream repositories hold them, so their `.cargo-checksum.json` removed: with it a
folder is a crate copied by `cargo vendor`, and skipped). 4 projects, 424 files indexed,
5,828 pieces (`repokb index` 20 s, 22 s, 78 s and 111 s at load 5-8 on 2 cores); 37 questions.
Written by session newuser33 as a new user would ask, README only. A hit is right as in
names.py (path ends with the path, symbol with the name, case folded); the file's rank (any
piece of the right file) is shown too. viper writes each API twice, a documented package-level
function calling an undocumented method (`func AutomaticEnv() { v.AutomaticEnv() }`): a
question about such an API takes either (`"symbol": "AutomaticEnv"`).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("gorust.json", __doc__ or "")

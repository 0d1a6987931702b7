#!/bin/sh
# The trees of bench/retrieval/perllua.py, under DIR (default ./perllua-trees): four Perl
# distributions and two Lua libraries from Debian bookworm (apt-get download + dpkg -x), laid out
# as their authors' repositories are: a Perl distribution's modules under lib/ (with POD), its
# scripts under script/ or bin/, its examples under eg/; a Lua library's modules under lua/ with
# its executable under bin/.
#     sh bench/retrieval/perllua_trees.sh DIR
#     for p in mojo dancer2 moo plack penlight busted; do repokb index DIR/$p; done
set -eu
DIR=$(realpath -m "${1:-perllua-trees}")
mkdir -p "$DIR/debs" && cd "$DIR/debs"
apt-get download libmojolicious-perl=9.31+dfsg-1 libdancer2-perl=0.400001+dfsg-1 \
  libmoo-perl=2.005005-1 libplack-perl=1.0050-1 lua-penlight=1.13.1-3 lua-busted=2.1.1-1 2>/dev/null
for deb in *.deb; do dpkg -x "$deb" "x_${deb%%_*}"; done
perl_tree() {  # perl_tree PKG NAME: usr/share/perl5 -> lib/, usr/bin -> script/, examples -> eg/
  mkdir -p "$DIR/$2/lib" && cp -r "x_$1/usr/share/perl5/." "$DIR/$2/lib/"
  if [ -d "x_$1/usr/bin" ]; then mkdir -p "$DIR/$2/script" && cp -r "x_$1/usr/bin/." "$DIR/$2/script/"; fi
  if [ -d "x_$1/usr/share/doc/$1/examples" ]; then
    mkdir -p "$DIR/$2/eg" && cp -r "x_$1/usr/share/doc/$1/examples/." "$DIR/$2/eg/"
    find "$DIR/$2/eg" -name '*.gz' -exec gunzip -f {} +
  fi
}
perl_tree libmojolicious-perl mojo
perl_tree libdancer2-perl dancer2
perl_tree libmoo-perl moo
perl_tree libplack-perl plack
lua_tree() {  # lua_tree PKG NAME: the Lua 5.1 modules -> lua/, usr/bin -> bin/
  mkdir -p "$DIR/$2/lua" && cp -r "x_$1/usr/share/lua/5.1/." "$DIR/$2/lua/"
  if [ -d "x_$1/usr/bin" ]; then mkdir -p "$DIR/$2/bin" && cp -r "x_$1/usr/bin/." "$DIR/$2/bin/"; fi
}
lua_tree lua-penlight penlight
lua_tree lua-busted busted
cd "$DIR" && rm -rf debs

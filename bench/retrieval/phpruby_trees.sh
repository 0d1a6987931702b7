#!/bin/sh
# The trees of bench/retrieval/phpruby.py, under DIR (default ./phpruby-trees): two PHP libraries
# and three Ruby gems from Debian bookworm (apt-get download + dpkg -x: the PHP sources under
# src/, a gem's lib/, bin/, example/ with its .gemspec at the root), and two applications
# written here as Laravel and Rails lay them out (composer.json/Gemfile and their locks,
# config/database.yml, routes, migrations, Blade/ERB/Haml views, PHPUnit/RSpec/minitest tests,
# vendor/ checked in, a .env), with planted secrets (fake values, for the leak check).
#     sh bench/retrieval/phpruby_trees.sh DIR
#     for p in monolog psr7 rack thor sinatra shop blog; do repokb index DIR/$p; done
set -eu
DIR=$(realpath -m "${1:-phpruby-trees}")
HERE=$(dirname "$(realpath "$0")")
mkdir -p "$DIR/debs" && cd "$DIR/debs"
# the versions measured; a mirror that no longer holds one (a security update replaced
# ruby-rack's +deb12u2 by +deb12u1 on this one) gives its current build of the same upstream
for pin in php-monolog=2.9.1-1 php-guzzlehttp-psr7=2.4.5-1+deb12u1 \
    ruby-rack=2.2.22-0+deb12u2 ruby-thor=1.2.1-2 ruby-sinatra=3.0.5-3+deb12u1; do
  apt-get download "$pin" 2>/dev/null || apt-get download "${pin%%=*}"
done
for deb in *.deb; do dpkg -x "$deb" "x_${deb%%_*}"; done
mkdir -p "$DIR/monolog/src" "$DIR/psr7/src"
cp -r x_php-monolog/usr/share/php/Monolog "$DIR/monolog/src/"
cp -r x_php-guzzlehttp-psr7/usr/share/php/GuzzleHttp/Psr7/. "$DIR/psr7/src/"
gem_tree() {  # gem_tree PKG NAME VERSION: the gem's files and its gemspec at the root
  G=x_$1/usr/share/rubygems-integration/all
  mkdir -p "$DIR/$2" && cp -r "$G/gems/$2-$3/." "$DIR/$2/"
  cp "$G/specifications/$2-$3.gemspec" "$DIR/$2/$2.gemspec"
}
gem_tree ruby-rack rack 2.2.22
gem_tree ruby-thor thor 1.2.1
gem_tree ruby-sinatra sinatra 3.0.5
cd "$DIR" && rm -rf debs
cp -r "$HERE/phpruby_apps/shop" "$HERE/phpruby_apps/blog" "$DIR/"

#!/bin/bash
# Build the homes of names.py, cpp.py, contracts.py, solidity.py, components.py and
# buildfiles.py as their docstrings describe (fortran.py's needs SciPy 1.6.1 built in a venv
# with numpy<2: not here), so a ranking change can be measured before and after on the same
# homes. Written by session 30 (rank30); its numbers matched session 29's on every set but
# buildfiles' piece rank (0.852 here, 0.877 there: a tree assembled a little differently).
#
#   bench/retrieval/build_homes.sh OUT DJANGO_SDIST_DIR [--trees-only]
#       (e.g. /tmp/r30 /tmp/dj/django-5.2.8)
#
# OUT/trees holds the trees, OUT/dl the downloads, OUT/homes/<set> the homes (~450 MB, ~35 min
# of indexing on 2 busy cores). Needs pip, npm, apt-get download and dpkg -x. Run it with the
# PYTHONPATH of the code that indexes (indexing is the same before and after a ranking change).
set -euo pipefail
OUT=$(realpath "$1"); DJ=$(realpath "$2")
HERE=$(dirname "$(realpath "$0")")  # before the cd below: a relative $0 is lost after it
T=$OUT/trees; D=$OUT/dl; H=$OUT/homes
mkdir -p "$T" "$D" "$H"; cd "$D"
pip_get() { python -m pip download --no-binary :all: --no-deps "$@" -d "$D" -q; }
npm_get() { npm pack "$@" --silent --pack-destination "$D" >/dev/null; }
untar() { mkdir -p "$2"; tar xzf "$1" -C "$2"; }

# names: Django's http, utils, test, core, conf, docs; requests; express; hugs; gin
N=$T/names; mkdir -p "$N/django/django/conf" "$N/django/docs/ref" "$N/django/docs/topics/testing"
for d in http utils test core; do cp -r "$DJ/django/$d" "$N/django/django/"; done
cp "$DJ"/django/conf/*.py "$N/django/django/conf/"; cp -r "$DJ/django/conf/project_template" "$N/django/django/conf/"
for f in request-response settings utils; do cp "$DJ/docs/ref/$f.txt" "$N/django/docs/ref/"; done
cp "$DJ/docs/topics/testing/tools.txt" "$N/django/docs/topics/testing/"
for f in package.json pyproject.toml setup.py; do if [ -f "$DJ/$f" ]; then cp "$DJ/$f" "$N/django/"; fi; done
pip_get requests==2.32.3; tar xzf requests-2.32.3.tar.gz -C "$N"
npm_get express@4.21.2; untar express-4.21.2.tgz x-express; mv x-express/package "$N/express-4.21.2"
apt-get download libhugs-base-bundled golang-github-gin-gonic-gin-dev >/dev/null
dpkg -x libhugs-base-bundled_*.deb x-hugs; dpkg -x golang-github-gin-gonic-gin-dev_*.deb x-gin
HB=$(find x-hugs -type d -path "*packages/base" | head -1)
mkdir -p "$N/hugs/Data"; cp "$HB"/Data/ByteString*.hs "$N/hugs/Data/"; cp -r "$HB/Data/ByteString" "$N/hugs/Data/"
for m in Map List Char Set Maybe; do cp "$HB/Data/$m.hs" "$N/hugs/Data/"; done
cp -r x-gin/usr/share/gocode/src/github.com/gin-gonic/gin "$N/gin-1.8.1"

# cpp: five Debian bookworm packages' headers
apt-get download nlohmann-json3-dev libfmt-dev libspdlog-dev libcli11-dev libsqlite3-dev >/dev/null
for p in nlohmann-json3-dev libfmt-dev libspdlog-dev libcli11-dev libsqlite3-dev; do dpkg -x "${p}"_*.deb "x-$p"; done
C=$T/cpp; mkdir -p "$C/sqlite"
cp -r x-nlohmann-json3-dev/usr/include/nlohmann "$C/nlohmann"; cp -r x-libfmt-dev/usr/include/fmt "$C/fmt"
cp -r x-libspdlog-dev/usr/include/spdlog "$C/spdlog"; cp -r x-libcli11-dev/usr/include/CLI "$C/CLI"
cp x-libsqlite3-dev/usr/include/*.h "$C/sqlite/"

# contracts: googleapis' and protobuf's .proto files, GraphQL files; octokit: GitHub's schema
K=$T/contracts; mkdir -p "$K/google/protobuf" "$K/gql/tests/fixtures/graphql" "$T/octokit"
pip_get googleapis-common-protos==1.76.0 grpcio-tools==1.85.1 ariadne==1.1.1 gql==4.4.0
for f in googleapis_common_protos-1.76.0 grpcio_tools-1.85.1 ariadne-1.1.1 gql-4.4.0; do tar xzf "$f.tar.gz"; done
(cd googleapis_common_protos-1.76.0 && find google -name "*.proto" -exec cp --parents {} "$K/" \;)
cp grpcio_tools-1.85.1/grpc_tools/_proto/google/protobuf/*.proto "$K/google/protobuf/"
cp -r ariadne-1.1.1/ariadne/contrib/federation/definitions "$K/ariadne_federation"
cp gql-4.4.0/tests/fixtures/graphql/sample.graphql "$K/gql/tests/fixtures/graphql/"
apt-get download golang-github-vektah-gqlparser-dev >/dev/null; dpkg -x golang-github-vektah-gqlparser-dev_*.deb x-gqlparser
cp -r x-gqlparser/usr/share/gocode/src/github.com/vektah/gqlparser "$K/gqlparser"
npm_get @octokit/graphql-schema@15.26.1; untar octokit-graphql-schema-15.26.1.tgz x-octokit
cp x-octokit/package/schema.graphql "$T/octokit/"

# solidity: OpenZeppelin Contracts and Uniswap v3-core
S=$T/solidity; mkdir -p "$S"
npm_get @openzeppelin/contracts@5.0.2 @uniswap/v3-core@1.0.1
untar openzeppelin-contracts-5.0.2.tgz x-oz; untar uniswap-v3-core-1.0.1.tgz x-uni
mv x-oz/package "$S/openzeppelin"; mv x-uni/package "$S/v3-core"

# components: the .vue and .svelte files of primevue, bits-ui's dist/ and @sveltejs/kit's src/
V=$T/sfc; mkdir -p "$V"
npm_get primevue@3.53.0 bits-ui@2.21.0 @sveltejs/kit@2.70.4
for t in primevue-3.53.0 bits-ui-2.21.0 sveltejs-kit-2.70.4; do untar "$t.tgz" "x-$t"; done
mv x-primevue-3.53.0/package "$V/primevue"; mv x-bits-ui-2.21.0/package/dist "$V/bits-ui"
mv x-sveltejs-kit-2.70.4/package/src "$V/kit"
find "$V" -type f ! -name "*.vue" ! -name "*.svelte" -delete

# buildfiles: pybind11, scikit-build-core, psutil, Django's docs/Makefile, the app
B=$T/buildfiles; mkdir -p "$B/pybind11/tests" "$B/pybind11/tools" "$B/skbuild" "$B/psutil/docs" "$B/django-docs" "$B/app"
pip_get pybind11==3.1.0 scikit-build-core==1.1.2 psutil==7.2.2
for f in pybind11-3.1.0 scikit_build_core-1.1.2 psutil-7.2.2; do tar xzf "$f.tar.gz"; done
cp pybind11-3.1.0/CMakeLists.txt "$B/pybind11/"; cp pybind11-3.1.0/tests/CMakeLists.txt "$B/pybind11/tests/"
cp pybind11-3.1.0/tools/*.cmake "$B/pybind11/tools/"
cp scikit_build_core-1.1.2/src/scikit_build_core/resources/find_python/*.cmake "$B/skbuild/"
for p in simplest_c cmake_generated; do mkdir -p "$B/skbuild/$p"; cp "scikit_build_core-1.1.2/tests/packages/$p/CMakeLists.txt" "$B/skbuild/$p/"; done
cp psutil-7.2.2/Makefile "$B/psutil/"; cp psutil-7.2.2/docs/Makefile "$B/psutil/docs/"
cp "$DJ/docs/Makefile" "$B/django-docs/"; cp -r "$HERE/buildfiles_app/." "$B/app/"

[ "${3:-}" = --trees-only ] && exit 0
ix() { REPOKB_HOME="$H/$1" nice -n 10 python -m repokb index "$T/$2" --project "$3" | tail -1; }
for p in django requests-2.32.3 express-4.21.2 hugs gin-1.8.1; do ix names "names/$p" "$p"; done
ix contracts contracts contracts; ix contracts octokit octokit
ix solidity solidity solidity; ix buildfiles buildfiles buildfiles
ix components sfc sfc; ix cpp cpp cpp

#!/bin/sh
# The trees of bench/retrieval/infra.py, under DIR (default ./infra-trees): DebOps' Ansible
# collection, mlstacks' Terraform, dask-kubernetes' Helm chart (PyPI sdists), an /etc of
# nginx, haproxy and Salt's units (Debian bookworm's nginx-common and haproxy, Salt's sdist),
# Salt's test state tree, and an npm tarball unpacked as npm does (`package/`).
#     sh bench/retrieval/infra_trees.sh DIR
#     for p in debops mlstacks dask-kubernetes etckeeper saltstates; do repokb index DIR/$p; done
#     repokb index DIR/npm/package --project helm-readme
set -eu
DIR=$(realpath -m "${1:-infra-trees}")
mkdir -p "$DIR/dl" && cd "$DIR/dl"
pip download --no-deps --no-binary :all: debops==3.3.2 mlstacks==0.10.0 \
  dask-kubernetes==2026.3.0 salt==3008.5 >/dev/null
npm pack @bitnami/readme-generator-for-helm@2.7.2 >/dev/null
apt-get download nginx-common=1.22.1-9+deb12u12 haproxy=2.6.12-1+deb12u4 2>/dev/null
for f in *.tar.gz; do tar xzf "$f"; done
for deb in *.deb; do dpkg -x "$deb" "x_${deb%%_*}"; done
cp -r debops-3.3.2/src/debops/_data/ansible/collections/ansible_collections/debops/debops \
  "$DIR/debops"
cp -r mlstacks-0.10.0 "$DIR/mlstacks"
cp -r dask_kubernetes-2026.3.0 "$DIR/dask-kubernetes"
mkdir -p "$DIR/etckeeper/etc/salt" "$DIR/etckeeper/lib/systemd/system"
cp -r x_nginx-common/etc/. x_haproxy/etc/. "$DIR/etckeeper/etc/"
cp x_nginx-common/lib/systemd/system/* x_haproxy/lib/systemd/system/* \
  salt-3008.5/pkg/common/*.service "$DIR/etckeeper/lib/systemd/system/"
cp salt-3008.5/conf/master salt-3008.5/conf/minion "$DIR/etckeeper/etc/salt/"
mkdir -p "$DIR/saltstates" "$DIR/npm"
cp -r salt-3008.5/tests/integration/files/file/base/. "$DIR/saltstates/"
tar xzf bitnami-readme-generator-for-helm-2.7.2.tgz -C "$DIR/npm"
cd "$DIR" && rm -rf dl

#!/bin/sh
# The trees of bench/retrieval/notebooks.py, under DIR (default ./notebooks-trees): PyPI sdists
# of sphinx-gallery, lmfit, hdbscan, papermill and jupytext, and scikit-learn's gallery examples
# from Debian bookworm's python-sklearn-doc.
#     sh bench/retrieval/notebooks_trees.sh DIR
#     for p in skl-examples sphinx-gallery lmfit hdbscan papermill jupytext; do
#         repokb index DIR/$p; done
set -eu
DIR=$(realpath -m "${1:-notebooks-trees}")
mkdir -p "$DIR/dl" && cd "$DIR/dl"
# only the sdist itself from source: its build backend's requirements may come as wheels
for p in sphinx-gallery==0.22.1 lmfit==1.3.4 hdbscan==0.8.44 papermill==2.7.0 \
    jupytext==1.19.6; do
  pip download --no-deps --no-binary "${p%%==*}" "$p" >/dev/null
done
apt-get download python-sklearn-doc=1.2.1+dfsg-1 2>/dev/null
for f in *.tar.gz; do tar xzf "$f"; done
dpkg -x python-sklearn-doc_*.deb x_skl
cp -r x_skl/usr/share/doc/python-sklearn-doc/examples "$DIR/skl-examples"
cp -r sphinx_gallery-0.22.1 "$DIR/sphinx-gallery"
cp -r lmfit-1.3.4 "$DIR/lmfit"
cp -r hdbscan-0.8.44 "$DIR/hdbscan"
cp -r papermill-2.7.0 "$DIR/papermill"
cp -r jupytext-1.19.6 "$DIR/jupytext"
cd "$DIR" && rm -rf dl

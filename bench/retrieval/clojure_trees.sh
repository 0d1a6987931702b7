#!/bin/sh
# The trees of bench/retrieval/clojure.py, under DIR (default ./clojure-trees): four Clojure
# libraries from Debian bookworm's jars (apt-get download + dpkg -x + unzip: the .clj sources
# under src/, the project.clj the jar ships at the root), create-docusaurus 3.10.2's site
# template (npm pack: docs and blog in .mdx), and a LaTeX tree: Debian's latex-make 2.4.3 and
# latex-coffee-stains .sty packages beside a paper written here (main.tex, chapters/, refs.bib,
# a .cls), as a paper's repository is laid out.
#     sh bench/retrieval/clojure_trees.sh DIR
#     for p in cheshire clj-http ring-core compojure docusaurus paper; do repokb index DIR/$p; done
set -eu
DIR=$(realpath -m "${1:-clojure-trees}")
mkdir -p "$DIR/debs" && cd "$DIR/debs"
apt-get download libcheshire-clojure=5.11.0-2 libclj-http-clojure=2.3.0-1.1 \
  libring-core-clojure=1.8.2-2 libcompojure-clojure=1.6.0-1.1 latex-make=2.4.3-1 \
  latex-coffee-stains
for deb in *.deb; do dpkg -x "$deb" "x_${deb%%_*}"; done
jar_tree() {  # jar_tree JAR NAME: the jar's sources under NAME/src, its project.clj at the root
  mkdir -p "$DIR/$2/src" && unzip -q -o "$1" -d "$DIR/$2/src" -x 'META-INF/*' '*.class'
  unzip -q -o -j "$1" 'META-INF/leiningen/*/project.clj' 'META-INF/leiningen/*/README.md' \
    -d "$DIR/$2" 2>/dev/null || true
}
jar_tree x_libcheshire-clojure/usr/share/java/cheshire-5.11.0.jar cheshire
jar_tree x_libclj-http-clojure/usr/share/java/clj-http-2.3.0.jar clj-http
jar_tree x_libring-core-clojure/usr/share/java/ring-core-1.8.2.jar ring-core
jar_tree x_libcompojure-clojure/usr/share/java/compojure-1.6.0.jar compojure
P="$DIR/paper"
mkdir -p "$P/chapters" "$P/sty"
cp x_latex-make/usr/share/texmf/tex/latex/latex-make/*.sty "$P/sty/"
cp x_latex-coffee-stains/usr/share/texmf/tex/latex/coffee-stains/coffee.sty "$P/sty/"
cp x_latex-make/usr/share/doc/latex-make/examples/example.tex "$P/sty/example.tex"
npm pack --silent create-docusaurus@3.10.2 >/dev/null
tar xzf create-docusaurus-3.10.2.tgz
cp -r package/templates/shared "$DIR/docusaurus"
cd "$DIR" && rm -rf debs
cat > "$P/main.tex" <<'EOF_TEX'
\documentclass{acmart-lite}
\usepackage{macros}

\title{Sparse Retrieval for Code Search}
\author{Jane Doe \and John Smith}

\begin{document}
\maketitle

\begin{abstract}
We study how lexical and dense retrieval combine when the documents are source code.
\end{abstract}

\input{chapters/introduction}
\input{chapters/method}
\input{chapters/evaluation}
\input{chapters/conclusion}

\bibliographystyle{plain}
\bibliography{refs}
\end{document}
EOF_TEX
cat > "$P/macros.sty" <<'EOF_TEX'
\NeedsTeXFormat{LaTeX2e}
\ProvidesPackage{macros}[2024/01/01 shorthands of the paper]
\RequirePackage{amsmath}
\RequirePackage{xcolor}

% the name of the system, set in small caps everywhere
\newcommand{\sysname}{\textsc{CodeSeek}}

% a reviewer's note in red
\newcommand{\todo}[1]{\textcolor{red}{[TODO: #1]}}

% the reciprocal rank fusion score of a document
\newcommand{\rrf}[2]{\mathrm{RRF}_{#1}(#2)}

% expectation over a distribution
\def\expect#1{\mathbb{E}\left[#1\right]}

\newenvironment{claim}{\par\noindent\textbf{Claim.}\itshape}{\par}
EOF_TEX
cat > "$P/acmart-lite.cls" <<'EOF_TEX'
\NeedsTeXFormat{LaTeX2e}
\ProvidesClass{acmart-lite}[2024/01/01 a two-column conference class]
\LoadClass[twocolumn,10pt]{article}
\RequirePackage[margin=0.75in]{geometry}

% the conference's name in the running head
\newcommand{\conference}[1]{\def\@conference{#1}}
\conference{CodeConf '24}

% keywords below the abstract
\newcommand{\keywords}[1]{\par\noindent\textbf{Keywords:} #1}

\renewcommand{\maketitle}{\twocolumn[\centering{\LARGE\@title}\par\@author\par\vspace{1em}]}
EOF_TEX
cat > "$P/chapters/introduction.tex" <<'EOF_TEX'
\section{Introduction}
\label{sec:intro}
Developers search code with words, but code names things with identifiers. BM25 matches the
identifiers a developer types~\cite{robertson2009bm25}; dense retrieval matches what the
developer means~\cite{karpukhin2020dense}. We ask how the two combine on code.

\subsection{Contributions}
We make three contributions: a tokenizer that splits camelCase and snake\_case identifiers, a
fusion of the two rankings by reciprocal rank~\cite{cormack2009rrf}, and a benchmark of 500
questions asked of ten open-source repositories.
EOF_TEX
cat > "$P/chapters/method.tex" <<'EOF_TEX'
\section{Method}
\label{sec:method}
\sysname{} indexes every file of a repository in three steps: it classifies the file, cuts it
along its syntax into definitions, and embeds each definition with a small sentence encoder.

\subsection{Identifier tokenization}
Each identifier is split at case changes and underscores, so that \texttt{parseString} and
\texttt{parse\_string} both yield the words \emph{parse} and \emph{string}.

\subsection{Rank fusion}
Given the lexical ranking and the dense ranking, the fused score of a document $d$ is
$\rrf{k}{d} = \sum_{r} 1/(k + r(d))$ with $k = 60$, following~\cite{cormack2009rrf}.
EOF_TEX
cat > "$P/chapters/evaluation.tex" <<'EOF_TEX'
\section{Evaluation}
\label{sec:eval}
We ask 500 questions of ten repositories and report the mean reciprocal rank at ten (MRR@10).

\subsection{Datasets}
The repositories are written in Python, Java, Go and Clojure; the questions were written by
developers who had not seen the index.

\subsection{Results}
Fusion improves MRR@10 from 0.41 (BM25 alone) and 0.47 (dense alone) to 0.58. The gain is
largest for questions that name no identifier, as~\cite{husain2019codesearchnet} observed.
EOF_TEX
cat > "$P/chapters/conclusion.tex" <<'EOF_TEX'
\section{Conclusion}
\label{sec:conclusion}
Lexical and dense retrieval fail on different questions, so their fusion helps. Future work
will train the encoder on code.
EOF_TEX
cat > "$P/refs.bib" <<'EOF_TEX'
@article{robertson2009bm25,
  author  = {Robertson, Stephen and Zaragoza, Hugo},
  title   = {The Probabilistic Relevance Framework: BM25 and Beyond},
  journal = {Foundations and Trends in Information Retrieval},
  volume  = {3},
  number  = {4},
  pages   = {333--389},
  year    = {2009}
}

@inproceedings{karpukhin2020dense,
  author    = {Karpukhin, Vladimir and O{\u{g}}uz, Barlas and Min, Sewon and others},
  title     = {Dense Passage Retrieval for Open-Domain Question Answering},
  booktitle = {Proceedings of EMNLP},
  pages     = {6769--6781},
  year      = {2020}
}

@inproceedings{cormack2009rrf,
  author    = {Cormack, Gordon V. and Clarke, Charles L. A. and Buettcher, Stefan},
  title     = {Reciprocal Rank Fusion Outperforms Condorcet and Individual Rank Learning Methods},
  booktitle = {Proceedings of SIGIR},
  pages     = {758--759},
  year      = {2009}
}

@article{husain2019codesearchnet,
  author  = {Husain, Hamel and Wu, Ho-Hsiang and Gazit, Tiferet and others},
  title   = {CodeSearchNet Challenge: Evaluating the State of Semantic Code Search},
  journal = {arXiv preprint arXiv:1909.09436},
  year    = {2019}
}
EOF_TEX
cat > "$P/README.md" <<'EOF_TEX'
# Sparse Retrieval for Code Search

The paper's sources. Build with `latexmk -pdf main.tex`.
EOF_TEX

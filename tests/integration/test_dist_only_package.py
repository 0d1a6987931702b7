"""A package whose only code is its `dist/` (markdown-it's npm tarball): its typed API is
indexed and answers, the rest of `dist/` is recorded as build output, and once the package
ships sources beside it the `dist/` files leave the index (real model, real store)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from repokb.roots import resolve_roots
from repokb.search import Query

from ..conftest import write

pytestmark = pytest.mark.integration

DECLARATIONS = '''
    export interface Options {
        /** Set `true` to enable HTML tags in source. Be careful! */
        html?: boolean;
        /** Set `true` to autoconvert URL-like text to links. */
        linkify?: boolean;
        /** Set `true` to enable some language-neutral replacements and quotes beautification. */
        typographer?: boolean;
    }
    /** Main parser and renderer class. */
    declare class MarkdownIt {
        /** Render markdown string into html. */
        render(src: string, env?: any): string;
        /** Load the specified plugin with the given params into the parser instance. */
        use(plugin: PluginSimple, ...params: any[]): this;
    }
    export default MarkdownIt;
    '''
BUNDLE = '''
    function MarkdownIt(presetName, options) {
      if (!(this instanceof MarkdownIt)) {
        return new MarkdownIt(presetName, options);
      }
      this.inline = new ParserInline();
      this.block = new ParserBlock();
    }

    MarkdownIt.prototype.render = function (src, env) {
      env = env || {};
      return this.renderer.render(this.parse(src, env), this.options, env);
    };

    export { MarkdownIt as default };
    '''


def markdown_it(root: Path) -> Path:
    write(root, "package.json", json.dumps({
        "name": "markdown-it", "version": "15.0.3", "main": "./dist/markdown-it.cjs.js",
        "module": "./dist/markdown-it.mjs", "types": "./dist/markdown-it.d.mts"}))
    write(root, "README.md", "# markdown-it\n\nMarkdown parser done right.\n")
    write(root, "dist/markdown-it.d.mts", DECLARATIONS)
    write(root, "dist/markdown-it.mjs", BUNDLE)
    write(root, "dist/markdown-it.cjs.js", "'use strict';\n" + BUNDLE + BUNDLE)
    write(root, "dist/markdown-it.mjs.map", '{"version":3,"sources":["../lib/index.mjs"]}')
    return root


def test_a_dist_only_package_answers_from_its_declarations(workspace, tmp_path: Path) -> None:
    root = markdown_it(tmp_path / "markdown-it")
    summary = workspace.indexer.run(resolve_roots([root], None)).summary()
    assert summary["files_failed"] == 0
    hits = workspace.searcher.search(Query("which option enables HTML tags in the source",
                                           limit=5))
    assert hits and hits[0].path == "dist/markdown-it.d.mts", [(h.path, h.symbol) for h in hits]
    entry = workspace.catalog.get("markdown-it", "dist/markdown-it.cjs.js")
    assert entry is not None and entry.status == "skipped"
    assert entry.reason.startswith("build output of a package with no other source")
    assert workspace.catalog.get("markdown-it", "dist/markdown-it.mjs").status == "indexed"

    # the package now ships its sources: dist/ is build output again, its pieces gone
    write(root, "lib/index.mjs", BUNDLE)
    workspace.indexer.run(resolve_roots([root], None))
    assert workspace.catalog.get("markdown-it", "dist/markdown-it.d.mts") is None
    paths = {h.path for h in workspace.searcher.search(Query("render markdown into html",
                                                             limit=10))}
    assert paths and not any(p.startswith("dist/") for p in paths), paths


def test_a_module_added_to_an_existing_lib_takes_dist_out_in_the_same_process(
        workspace, tmp_path: Path) -> None:
    """A long-lived owner (one process, distapi's cache warm) missed a module added inside
    an existing lib/: the cache was keyed on the package folder's own stamps, which a file
    added one folder down does not change, so dist/ stayed indexed as the only code."""
    root = markdown_it(tmp_path / "markdown-it")
    write(root, "lib/cli.cjs", "module.exports = require('../dist/markdown-it.cjs.js')\n")
    workspace.indexer.run(resolve_roots([root], None))
    assert workspace.catalog.get("markdown-it", "dist/markdown-it.d.mts").status == "indexed"

    write(root, "lib/index.mjs", BUNDLE)  # lib/ exists: the package folder is unchanged
    workspace.indexer.run(resolve_roots([root], None))
    assert workspace.catalog.get("markdown-it", "dist/markdown-it.d.mts") is None

"""Flow-typed JavaScript is cut by its definitions (TypeScript's TSX grammar reads it).

tree-sitter-javascript reads no type annotation: vue-router 3.6.5's `src/` (`/* @flow */`)
parsed in 1 file of 20, metro 0.59's `.js.flow` sources in 12 of 134, and every other file was
windows without a symbol (`VueRouter.push` found nothing to look up).
"""

from __future__ import annotations

from repokb.chunkers import chunker_for
from repokb.chunkers.code import TreeSitterChunker
from repokb.chunkers.flowtypes import as_typescript, is_flow

from ..conftest import cases

# (case, source, symbols the pieces must name): each from a real Flow project, shortened
FLOW = [
    ("vue-router", """/* @flow */

import { install } from './install'
import type { Matcher } from './create-matcher'

export default class VueRouter {
  static install: () => void
  app: any
  mode: string
  matcher: Matcher
  fallback: boolean

  constructor (options: RouterOptions = {}) {
    this.app = null
    this.fallback = options.fallback === true
  }

  push (location: RawLocation, onComplete?: Function, onAbort?: Function) {
    if (!onComplete && !onAbort && typeof Promise !== 'undefined') {
      return new Promise((resolve, reject) => {
        this.history.push(location, resolve, reject)
      })
    } else {
      this.history.push(location, onComplete, onAbort)
    }
  }

  replace (location: RawLocation, onComplete?: Function, onAbort?: Function) {
    if (!onComplete && !onAbort && typeof Promise !== 'undefined') {
      return new Promise((resolve, reject) => {
        this.history.replace(location, resolve, reject)
      })
    } else {
      this.history.replace(location, onComplete, onAbort)
    }
  }

  getMatchedComponents (to?: RawLocation | Route): Array<any> {
    const route: any = to
      ? to.matched ? to : this.resolve(to).route
      : this.currentRoute
    if (!route) {
      return []
    }
    return [].concat.apply([], route.matched.map(m => {
      return Object.keys(m.components).map(key => {
        return m.components[key]
      })
    }))
  }

  addRoutes (routes: Array<RouteConfig>) {
    if (process.env.NODE_ENV !== 'production') {
      warn(false, 'router.addRoutes() is deprecated and has been removed in Vue Router 4.')
    }
    this.matcher.addRoutes(routes)
    if (this.history.current !== START) {
      this.history.transitionTo(this.history.getCurrentLocation())
    }
  }
}

function registerHook (list: Array<any>, fn: Function): Function {
  list.push(fn)
  return () => { list.splice(list.indexOf(fn), 1) }
}
""", {"VueRouter", "VueRouter.push", "VueRouter.constructor", "registerHook"}),
    ("metro", """/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * @flow strict-local
 * @format
 */

'use strict';

export type AssetInfo = {|
  +files: Array<string>,
  +hash: string,
  +name: string,
  +scales: Array<number>,
  -type: string,
|};

export type AssetData = AssetDataWithoutFiles & {+files: Array<string>, ...};

function getAssetKey(assetName: string, platform: ?string): string {
  if (platform != null) {
    return `${assetName} : ${platform}`;
  }
  return assetName;
}

async function getAbsoluteAssetInfo(
  assetPath: string,
  graph: Graph<>,
  processModuleFilter: (module: Module<>) => boolean,
): Promise<AssetInfo> {
  const send = (sendFn: string => void) => sendFn(assetPath);
  return {files: [assetPath], hash: '', name: assetPath, scales: [1]};
}
""", {"AssetInfo", "AssetData", "getAssetKey", "getAbsoluteAssetInfo"}),
    ("react-native", """/**
 * @flow
 */

import * as React from 'react';

type Props = {
  ...ViewProps,
  ...$Diff<ScrollViewProps, {|style: ?ViewStyleProp|}>,
  ...React.ElementConfig<typeof View>,
  +onPress?: ?(event: PressEvent) => mixed,
  +renderItem: (info: {item: Item, index: number, ...}) => React.Node,
  updateHighlight: ?(boolean) => void,
};

opaque type CellKey: string = string;

class CellRenderer extends React.Component<Props, State> {
  state: State = {separatorProps: {highlighted: false}};

  static getDerivedStateFromProps(props: Props, prevState: State): ?State {
    if (props.item !== prevState.separatorProps.leadingItem) {
      return {separatorProps: {...prevState.separatorProps, leadingItem: props.item}};
    }
    return null;
  }

  _separators = {
    highlight: () => {
      const {cellKey, prevCellKey} = this.props;
      this.props.onUpdateSeparators([cellKey, prevCellKey], {highlighted: true});
    },
    unhighlight: () => {
      const {cellKey, prevCellKey} = this.props;
      this.props.onUpdateSeparators([cellKey, prevCellKey], {highlighted: false});
    },
  };

  componentDidUpdate(prevProps: Props): void {
    if (prevProps.item !== this.props.item && this.props.onCellFocusCapture != null) {
      this.props.onCellFocusCapture(this.props.cellKey);
    }
  }

  updateSeparatorProps(newProps: Object) {
    this.setState(state => ({separatorProps: {...state.separatorProps, ...newProps}}));
  }

  render(): React.Node {
    const {CellRendererComponent, ItemSeparatorComponent, horizontal, item, index} = this.props;
    const element = this.props.renderItem({item, index, separators: this._separators});
    const itemSeparator = React.isValidElement(ItemSeparatorComponent)
      ? ItemSeparatorComponent
      : ItemSeparatorComponent && <ItemSeparatorComponent {...this.state.separatorProps} />;
    return (
      <View style={horizontal ? styles.row : styles.column} onLayout={this.props.onLayout}>
        {element}
        {itemSeparator}
      </View>
    );
  }
}

export default CellRenderer;
""", {"Props", "CellKey", "CellRenderer", "CellRenderer.updateSeparatorProps",
      "CellRenderer.render"}),
    ("react-native StyleSheet", """/**
 * @flow strict-local
 */

export type NativeColorValue = {};

module.exports = {
  hairlineWidth: 1,

  compose<T: DangerouslyImpreciseStyleProp>(style1: ?T, style2: ?T): ?T | $ReadOnlyArray<T> {
    if (style1 != null && style2 != null) {
      return ([style1, style2]: $ReadOnlyArray<T>);
    }
    return style1 != null ? style1 : style2;
  },

  create<+S: ____Styles_Internal>(obj: S): $ReadOnly<S> {
    if (__DEV__) {
      for (const key in obj) {
        if (obj[key]) {
          Object.freeze(obj[key]);
        }
      }
    }
    return obj;
  },
};
""", {"compose", "create"}),
    ("flow-typed", """// @flow

declare export function isValid(value: mixed): boolean %checks;

declare export default class Emitter {
  emit(name: string, ...args: Array<mixed>): void;
}

export function isString(value: mixed): boolean %checks {
  return typeof value === 'string';
}
""", {"isString", "Emitter"}),
]


def _pieces(source: str, path: str | None = None):
    chunker = chunker_for("javascript")
    assert isinstance(chunker, TreeSitterChunker)
    return chunker.chunk_path(source, path) if path else chunker.chunk(source)


@cases("case, source, symbols", FLOW)
def test_a_flow_file_is_cut_by_its_definitions(case, source, symbols):
    pieces = _pieces(source)
    named = {p.symbol for p in pieces} | {name for p in pieces for name, _ in p.also}
    assert symbols <= named, [(p.symbol, p.start_line, p.also) for p in pieces]
    lines = source.splitlines(keepends=True)
    for p in pieces:  # the file's own text, types and all
        assert p.content == "".join(lines[p.start_line - 1:p.end_line])


def test_a_definition_keeps_its_flow_types_and_its_doc_comment():
    source = ("// @flow\n\nimport type {Route} from './route';\n\n"
              "/** Whether two routes are the same, query and hash too. */\n"
              "export function isSameRoute(a: Route, b: ?Route, onlyPath: ?boolean): boolean {\n"
              "  if (!b) return false;\n  return a.path === b.path;\n}\n")
    piece = next(p for p in _pieces(source) if p.symbol == "isSameRoute")
    assert piece.symbol_type == "function"
    assert piece.content.startswith("/** Whether two routes")
    assert "b: ?Route, onlyPath: ?boolean): boolean {" in piece.content


def test_a_flow_class_with_a_type_the_grammar_cannot_read_keeps_its_other_members():
    # metro 0.59's Server.js.flow: tree-sitter-javascript reads its 960 lines as one error;
    # the TSX grammar fails on a spread of a `typeof` type only, and its methods are named
    methods = "".join(f"""
  async {name}(options: BuildOptions): Promise<{{code: string, map: string}}> {{
    const {{graph, prepend}} = await this._bundler.buildGraph(options.entryFile, options);
    return {{code: this._serialize(graph, prepend, '{name}'), map: ''}};
  }}
""" for name in ("build", "getRamBundleInfo", "getAssets", "getOrderedDependencyPaths",
                 "processRequest", "symbolicate", "explodedSourceMapForURL"))
    source = ("/**\n * @flow\n */\n\n'use strict';\n\nclass Server {\n  _bundler: Bundler;\n"
              + methods + "\n  static DEFAULT_BUNDLE_OPTIONS: {|\n"
              "    ...typeof Server.DEFAULT_GRAPH_OPTIONS,\n    excludeSource: false,\n"
              "  |} = {\n    ...Server.DEFAULT_GRAPH_OPTIONS,\n    excludeSource: false,\n  };\n"
              "}\n\nmodule.exports = Server;\n")
    symbols = {p.symbol for p in _pieces(source, "src/Server.js.flow")}
    assert {"Server.build", "Server.getAssets", "Server.getOrderedDependencyPaths"} <= symbols


def test_a_js_flow_file_is_flow_without_its_pragma():
    # metro and many libraries ship `Foo.js.flow` (the typed source) beside a compiled `Foo.js`
    source = ("'use strict';\n\nexport type Options = {+dev: boolean, ...};\n\n"
              "function transform(code: string, options: Options): ?string {\n"
              "  return options.dev ? code : null;\n}\n\nmodule.exports = transform;\n")
    assert {"Options", "transform"} <= {p.symbol for p in _pieces(source, "src/transform.js.flow")}


def test_javascript_without_the_pragma_is_not_read_as_flow():
    # the same file without `@flow`: javascript's grammar alone, what parsed is kept
    body = ("function total(items) {\n  return items.reduce((sum, item) => sum + item.price, 0);\n}"
            "\n\nexport type Basket = {items: Array<Item>, owner: string, currency: string};\n")
    assert {"total", "Basket"} <= {p.symbol for p in _pieces("// @flow\n" + body, "cart.js")}
    symbols = {p.symbol for p in _pieces(body, "cart.js")}
    assert "total" in symbols
    assert "Basket" not in symbols


@cases("case, text, flow", [
    ("pragma line", "// @flow\nconst a = 1;\n", True),
    ("strict", "/* @flow strict */\n", True),
    ("license block", "/**\n * Copyright (c) Meta\n *\n * @flow strict-local\n * @format\n */\n",
     True),
    ("noflow", "/* @noflow */\nconst a = 1;\n", False),
    ("after code", "const a = 1;\n// @flow\n", False),
    ("in a string", "const s = '@flow';\n", False),
    ("shebang", "#!/usr/bin/env node\n// @flow\n", True),
])
def test_is_flow_reads_the_pragma_in_the_header_comments_only(case, text, flow):
    assert is_flow(text) is flow


def test_the_rewrites_keep_every_row_and_byte_and_leave_strings_alone():
    source = ("// @flow\ntype A = {|+a: ?string, -b: Graph<>, ...B, ...|};\n"
              "const s = 'x => y ...}';\nopaque type ID: string = string;\n"
              "const é = (f: string => void) => f('ü');\n")
    rewritten = as_typescript(source)
    assert len(rewritten.encode()) == len(source.encode())
    assert rewritten.count("\n") == source.count("\n")
    assert "const s = 'x => y ...}';" in rewritten
    assert "+a" not in rewritten and "Graph<>" not in rewritten and "opaque" not in rewritten
    spreads = "const p = {...props, b};\ntype P = {...$Diff<A, B>, ...React.ElementConfig<V>};\n"
    assert as_typescript(spreads) == ("const p = {   props, b};\n"
                                      "type P = {_: $Diff<A, B>, _: React.ElementConfig<V>};\n")


def test_a_js_flow_file_is_javascript_source(tmp_path):
    # metro 0.59.0's npm tarball: 134 `.js.flow` sources beside their compiled `.js`, all
    # unknown and excluded before
    from repokb.models import Kind, Policy

    from ..conftest import classify_file

    c = classify_file(tmp_path, "src/Server.js.flow",
                      "/**\n * @flow\n */\n\nclass Server {\n  end(): void {}\n}\n")
    assert (c.kind, c.language, c.index_policy) == (Kind.SOURCE, "javascript",
                                                     Policy.PARSE_AND_INDEX)

"""A Flow-typed JavaScript project indexed and asked as a user would (real model, real store).

vue-router 3.6.5's npm tarball ships its Flow source (`/* @flow */`): `Router.push` found no
`VueRouter.push` (each file was windows without a symbol, nothing for a lookup to find), and
metro 0.59's typed sources `*.js.flow` were unknown, excluded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.models import Query
from repokb.roots import resolve_roots
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration

_NAVIGATION = "".join(f'''
      {name} (location: RawLocation, onComplete?: Function, onAbort?: Function) {{
        if (!onComplete && !onAbort && typeof Promise !== 'undefined') {{
          return new Promise((resolve, reject) => {{
            this.history.{name}(location, resolve, reject)
          }})
        }} else {{
          this.history.{name}(location, onComplete, onAbort)
        }}
      }}
    ''' for name in ("push", "replace"))
_HOOKS = "".join(f'''
      {name} (fn: Function): Function {{
        return registerHook(this.{name}Hooks, fn)
      }}
    ''' for name in ("beforeEach", "beforeResolve", "afterEach"))


@pytest.fixture
def router(tmp_path: Path) -> Path:
    root = tmp_path / "vue-router"
    write(root, "src/router.js", '''
        /* @flow */

        import { install } from './install'
        import { START } from './util/route'
        import { createMatcher } from './create-matcher'
        import type { Matcher } from './create-matcher'
        import { HashHistory } from './history/hash'

        export default class VueRouter {
          static install: () => void
          static version: string

          app: any
          apps: Array<any>
          options: RouterOptions
          mode: string
          history: HashHistory
          matcher: Matcher
          fallback: boolean
          beforeHooks: Array<?NavigationGuard>
          resolveHooks: Array<?NavigationGuard>
          afterHooks: Array<?AfterNavigationHook>

          constructor (options: RouterOptions = {}) {
            this.app = null
            this.apps = []
            this.options = options
            this.beforeHooks = []
            this.resolveHooks = []
            this.afterHooks = []
            this.matcher = createMatcher(options.routes || [], this)
            this.mode = options.mode || 'hash'
            this.history = new HashHistory(this, options.base, this.fallback)
          }

          match (raw: RawLocation, current?: Route, redirectedFrom?: Location): Route {
            return this.matcher.match(raw, current, redirectedFrom)
          }
        ''' + _HOOKS + _NAVIGATION + '''
          go (n: number) {
            this.history.go(n)
          }
        }

        function registerHook (list: Array<any>, fn: Function): Function {
          list.push(fn)
          return () => {
            const i = list.indexOf(fn)
            if (i > -1) list.splice(i, 1)
          }
        }
        ''')
    write(root, "src/util/route.js", '''
        /* @flow */

        import type VueRouter from '../index'

        export function isSameRoute (a: Route, b: ?Route, onlyPath: ?boolean): boolean {
          if (b === START) {
            return a === b
          } else if (!b) {
            return false
          } else if (a.path && b.path) {
            return a.path.replace(trailingSlashRE, '') === b.path.replace(trailingSlashRE, '') &&
              (onlyPath || (a.hash === b.hash && isObjectEqual(a.query, b.query)))
          }
          return false
        }
        ''')
    write(root, "src/history/hash.js", '''
        /* @flow */

        import type Router from '../index'
        import { History } from './base'

        export class HashHistory extends History {
          constructor (router: Router, base: ?string, fallback: boolean) {
            super(router, base)
          }

          go (n: number) {
            window.history.go(n)
          }

          getCurrentLocation () {
            return getHash()
          }
        }
        ''')
    write(root, "lib/Assets.js.flow", '''
        /**
         * @flow strict-local
         */

        'use strict';

        export type AssetData = {|
          +name: string,
          +type: string,
          +scales: Array<number>,
        |};

        async function getAsset(
          relativePath: string,
          projectRoot: string,
          platform: ?string = null,
        ): Promise<Buffer> {
          const assetData = await getAssetData(relativePath, projectRoot, platform);
          return readFile(assetData.files[0]);
        }

        module.exports = {getAsset};
        ''')
    return root


def _rank(ws: Workspace, text: str, path: str, symbol: str) -> int | None:
    hits = ws.searcher.search(Query(text=text, limit=10))
    return next((i for i, h in enumerate(hits, 1) if (h.path, h.symbol) == (path, symbol)),
                None)


def test_a_flow_project_answers_where_its_definitions_are(workspace, router):
    workspace.indexer.run(resolve_roots([router], None))
    assert _rank(workspace, "Router.push", "src/router.js", "VueRouter.push") == 1
    assert _rank(workspace, "where is isSameRoute defined", "src/util/route.js",
                 "isSameRoute") == 1
    assert _rank(workspace, "HashHistory", "src/history/hash.js", "HashHistory") == 1
    assert _rank(workspace, "getAsset", "lib/Assets.js.flow", "getAsset") == 1

"""A Vue app and a SvelteKit app indexed for real (ONNX model, Qdrant Edge), as their developers
run repokb on them: components are cut by their blocks and found by the names their developers
use (`Chips.onPaste`, `Counter.increment`), the tests beside them are tests, `.output/` and
`.svelte-kit/` (build output) are skipped, and no credential written in a component's `<script>`
or a bundler's config (`define: { KEY: JSON.stringify("X") }`, `import.meta.env.X || "X"`, an
Authorization header in a fetch) is a byte under REPOKB_HOME, in `index --json`, a search or
`explain --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time; low entropy, so no entropy finder takes them
    "env_fallback": "".join(("vueFallback", "Key2024x")),
    "vite_define": "".join(("viteDefine", "Secret2024")),
    "nuxt_define": "".join(("nuxtMapbox", "Token2024")),
    "svelte_define": "".join(("svelteDefine", "Secret2024")),
    "bearer": "".join(("fetchBearer", "Token2024xyz")),
}

CHIPS = """\
<template>
  <div class="p-chips">
    <input ref="input" type="text" @paste="onPaste($event)" />
  </div>
</template>

<script>
export default {
  name: 'Chips',
  emits: ['update:modelValue', 'add'],
  methods: {
    onPaste(event) {
      if (this.separator) {
        let pastedData = (event.clipboardData || window['clipboardData']).getData('Text');
        this.addItem(event, pastedData.split(this.separator), true);
      }
    },
    addItem(event, item) {
      this.$emit('update:modelValue', [...(this.modelValue || []), ...item]);
      this.$emit('add', { originalEvent: event, value: item });
    }
  }
};
</script>
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "web/src/components/Chips.vue", CHIPS)
    write(root, "web/src/components/Chips.spec.ts",
          "import { mount } from '@vue/test-utils'\nimport Chips from './Chips.vue'\n\n"
          "describe('Chips', () => {\n  it('adds pasted values', () => {\n"
          "    expect(mount(Chips).exists()).toBe(true)\n  })\n})\n")
    write(root, "web/src/components/Orders.vue",
          "<script setup lang=\"ts\">\nimport { ref } from 'vue'\n\n"
          f"const key = import.meta.env.VITE_API_KEY || '{VALUES['env_fallback']}'\n"
          "const orders = ref<string[]>([])\n\n"
          "async function loadOrders(): Promise<void> {\n"
          "  const res = await fetch('https://api.example.com/orders', {\n"
          f"    headers: {{ Authorization: 'Bearer {VALUES['bearer']}' }}\n  }})\n"
          "  orders.value = await res.json()\n}\n</script>\n\n"
          "<template>\n  <ul><li v-for=\"o in orders\" :key=\"o\">{{ o }}</li></ul>\n</template>\n")
    write(root, "web/vite.config.ts",
          "import { defineConfig } from 'vite'\n\nexport default defineConfig({\n  define: {\n"
          f"    'import.meta.env.VITE_STRIPE_SECRET': JSON.stringify('{VALUES['vite_define']}'),\n"
          "    __APP_VERSION__: JSON.stringify('1.2.3'),\n  },\n})\n")
    write(root, "web/nuxt.config.ts",
          "export default defineNuxtConfig({\n"
          f"  vite: {{ define: {{ MAPBOX_TOKEN: JSON.stringify('{VALUES['nuxt_define']}') }} }},\n"
          "})\n")
    write(root, "web/.output/server/chunks/nitro.mjs", "export default function h() {}\n")
    write(root, "kit/src/lib/Counter.svelte",
          "<script lang=\"ts\">\n  export let start = 0\n  let count = start\n\n"
          "  function increment() {\n    count += 1\n  }\n</script>\n\n"
          "<button on:click={increment}>Count: {count}</button>\n")
    write(root, "kit/svelte.config.js",
          "export default {\n  vite: { define: { 'import.meta.env.VITE_SECRET': "
          f"JSON.stringify(\"{VALUES['svelte_define']}\") }} }},\n}}\n")
    write(root, "kit/.svelte-kit/output/server/index.js", "export const manifest = {}\n")
    return root


def test_vue_and_svelte_components_are_read_by_their_blocks_and_keep_their_credentials(
        home, project):
    indexed = invoke("index", str(project), "--json")
    files = {f["path"]: f for f in json.loads(indexed)["files"]}
    assert files["web/src/components/Chips.vue"]["chunks"] > 1
    assert files["web/src/components/Chips.spec.ts"]["kind"] == "test"
    assert files["web/.output"]["index_policy"] == "exclude"
    assert files["kit/.svelte-kit"]["index_policy"] == "exclude"
    for query, symbol in (("where is Chips onPaste defined", "Chips.onPaste"),
                          ("Counter increment", "Counter.increment"),
                          ("where is loadOrders defined", "Orders.loadOrders")):
        hits = json.loads(invoke("search", query, "--json"))
        assert hits[0]["symbol"] == symbol, (query, hits[0])
    outputs = [indexed]
    for path in ("web/src/components/Orders.vue", "web/vite.config.ts", "web/nuxt.config.ts",
                 "kit/svelte.config.js"):
        outputs.append(invoke("explain", str(project / path), "--json"))
    for query in (*VALUES.values(), "api key fallback", "stripe secret define",
                  "mapbox token", "authorization bearer fetch orders"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    assert_nowhere(home, VALUES.values(), outputs)

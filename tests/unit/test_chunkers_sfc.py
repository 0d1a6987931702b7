"""Vue and Svelte single-file components, cut by their blocks (chunkers/sfc.py): each script by
the syntax-tree chunker of its `lang`, each style by the styles chunker, the markup by the markup
chunker; names after the component, line numbers the file's, no line left out."""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.fixed import split_lines
from repokb.chunkers.sfc import blocks, component_name

# primevue 3.53.0's Options API, shortened (chips/Chips.vue)
OPTIONS_API = """\
<template>
    <div :class="cx('root')" v-bind="ptmi('root')">
        <input ref="input" type="text" @paste="onPaste($event)" @keydown="onKeyDown($event)" />
    </div>
</template>

<script>
import BaseChips from './BaseChips.vue';

export default {
    name: 'Chips',
    extends: BaseChips,
    emits: ['update:modelValue', 'add', 'remove'],
    data() {
        return { inputValue: null, focused: false };
    },
    methods: {
        onPaste(event) {
            if (this.separator) {
                let pastedData = (event.clipboardData || window['clipboardData']).getData('Text');
                this.addItem(event, pastedData.split(this.separator), true);
            }
        },
        removeItem(event, index) {
            let values = [...this.modelValue];
            const removedItem = values.splice(index, 1);
            this.$emit('update:modelValue', values);
            this.$emit('remove', { originalEvent: event, value: removedItem });
        }
    }
};
</script>

<style>
.p-chips { display: inline-flex; }
.p-chips-multiple-container { margin: 0; padding: 0; list-style-type: none; }
</style>
"""

# bits-ui 2.21.0's Svelte 5 runes, shortened (bits/utilities/portal/portal.svelte)
RUNES = """\
<script lang="ts" module>
\ttype T = unknown;
\texport const PORTAL_DEFAULT_TARGET = "body";
</script>

<script lang="ts">
\timport { mount, unmount } from "svelte";
\tlet { to = "body", children, disabled }: PortalProps = $props();

\tfunction getTarget() {
\t\tlet localTarget: Element | null = null;
\t\tif (typeof to === "string") localTarget = document.querySelector(to);
\t\treturn localTarget ?? document.body;
\t}
</script>

<!-- the children stay where they are when the portal is disabled -->
{#if disabled}
\t{@render children?.()}
{/if}
"""


def pieces_of(text: str, path: str, language: str):
    chunker = chunker_for(language)
    assert chunker is not None
    return chunker.chunk_path(text, path)


def test_a_vue_components_options_are_named_after_the_component():
    pieces = pieces_of(OPTIONS_API, "chips/Chips.vue", "vue")
    names = {p.symbol for p in pieces}
    assert {"Chips.data", "Chips.onPaste", "Chips.removeItem"} <= names
    assert "Chips" in names  # the template and the piece opening the options object
    opening = next(p for p in pieces if "export default {" in p.content)
    assert (opening.symbol, opening.symbol_type) == ("Chips", "component")
    on_paste = next(p for p in pieces if p.symbol == "Chips.onPaste")
    assert on_paste.symbol_type == "method"
    assert "clipboardData" in on_paste.content
    styles = [p for p in pieces if p.symbol_type == "style"]
    assert styles and styles[0].symbol.startswith("Chips .p-chips")


@pytest.mark.parametrize(("text", "path", "language"), [
    (OPTIONS_API, "Chips.vue", "vue"), (RUNES, "portal.svelte", "svelte")])
def test_every_line_is_in_a_piece_with_the_files_line_numbers(text, path, language):
    lines = split_lines(text)
    covered: set[int] = set()
    for p in pieces_of(text, path, language):
        assert p.content == "".join(lines[p.start_line - 1 : p.end_line]), p
        covered.update(range(p.start_line, p.end_line + 1))
    assert [n for n, line in enumerate(lines, 1) if line.strip() and n not in covered] == []


def test_svelte_scripts_are_typescript_and_named_after_the_component():
    pieces = pieces_of(RUNES, "bits/utilities/portal/portal.svelte", "svelte")
    by_name = {p.symbol: p for p in pieces}
    assert by_name["Portal.getTarget"].symbol_type == "function"
    assert by_name["Portal.getTarget"].start_line == 10
    assert any(p.symbol == "Portal.props" and p.symbol_type == "property"
               and "$props()" in p.content for p in pieces)
    # the tag lines stay with the pieces of their block
    assert any(p.content.startswith('<script lang="ts" module>') for p in pieces)
    assert any(p.symbol_type == "template" and "{#if disabled}" in p.content for p in pieces)


def test_script_setup_with_typescript_is_parsed_as_typescript():
    text = ('<script setup lang="ts">\ninterface Props {\n  label: string\n  count: number\n}\n'
            "const props = defineProps<Props>()\n\n"
            "function increment(by: number): void {\n  emit('update', props.count + by)\n}\n"
            "</script>\n\n<template>\n  <button @click=\"increment(1)\">{{ label }}</button>\n"
            "</template>\n")
    pieces = pieces_of(text, "src/components/counter-button.vue", "vue")
    names = {p.symbol for p in pieces}
    assert "CounterButton.increment" in names
    assert [b.language for b in blocks(text)] == ["typescript"]


@pytest.mark.parametrize(("path", "name"), [
    ("src/Button.vue", "Button"), ("button.vue", "Button"),
    ("bits/rating-group/components/rating-group-item.svelte", "RatingGroupItem"),
    ("src/routes/about/+page.svelte", "+page"), ("pages/users/[id].vue", "[id]"),
    ("Foo.stories.svelte", "Foo")])
def test_component_names_come_from_the_file_name(path, name):
    assert component_name(path) == name


def test_a_block_in_another_language_is_cut_into_windows_and_nothing_raises():
    text = ("<template lang=\"pug\">\ndiv.card\n  h1 {{ title }}\n</template>\n\n"
            "<script lang=\"coffee\">\nexport default\n"
            "  data: -> title: 'Hello from CoffeeScript'\n"
            "</script>\n\n<style lang=\"stylus\">\n.card\n  padding 1rem\n</style>\n<script>\n")
    pieces = pieces_of(text, "Card.vue", "vue")
    assert pieces and all(p.content.strip() for p in pieces)
    assert any("CoffeeScript" in p.content for p in pieces)

"""A member a question asks for by name is the answer, above its definition.

bits-ui 2.21.0 (npm), bits/tooltip/components/tooltip.svelte: "which props does the Tooltip
component take" answered a hit named `Tooltip` (lines 1-48), and `Tooltip.props`, the piece
of its `let {...}: TooltipRootProps<T> = $props()`, was in no hit of its own: the component's
pieces ranked above it (the exact-name boost beats a member's share) and, overlapping it,
took it into their hit, which is named after its best piece. The components below are bits-ui's
(MIT), indented with spaces, their long import paths shortened.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.models import Query
from repokb.roots import resolve_roots

from ..conftest import write

pytestmark = pytest.mark.integration

FILES = {
    "tooltip.svelte": """\
<script lang="ts" module>
    type T = unknown;
</script>

<script lang="ts" generics="T = never">
    import { boxWith } from "svelte-toolbelt";
    import type { TooltipRootProps } from "../types.js";
    import { TooltipRootState } from "../tooltip.svelte.js";
    import FloatingLayer from "../../floating/floating-layer.svelte";
    import { noop } from "../../../internal/noop.js";

    let {
        open = $bindable(false),
        triggerId = $bindable<string | null>(null),
        onOpenChange = noop,
        onOpenChangeComplete = noop,
        disabled,
        delayDuration,
        disableCloseOnTriggerClick,
        disableHoverableContent,
        ignoreNonKeyboardFocus,
        tether,
        children,
    }: TooltipRootProps<T> = $props();

    const rootState = TooltipRootState.create({
        open: boxWith(
            () => open,
            (v) => {
                open = v;
                onOpenChange(v);
            }
        ),
        triggerId: boxWith(
            () => triggerId,
            (v) => {
                triggerId = v;
            }
        ),
        delayDuration: boxWith(() => delayDuration),
        disableCloseOnTriggerClick: boxWith(() => disableCloseOnTriggerClick),
        disableHoverableContent: boxWith(() => disableHoverableContent),
        ignoreNonKeyboardFocus: boxWith(() => ignoreNonKeyboardFocus),
        disabled: boxWith(() => disabled),
        onOpenChangeComplete: boxWith(() => onOpenChangeComplete),
        tether: boxWith(() => tether),
    });
</script>

<FloatingLayer tooltip>
    {@render children?.({
        open: rootState.opts.open.current,
        triggerId: rootState.activeTriggerId,
        payload: rootState.activePayload as [T] extends [never] ? null : T | null,
    })}
</FloatingLayer>
""",
    "tooltip-arrow.svelte": """\
<script lang="ts">
    import type { TooltipArrowProps } from "../types.js";
    import FloatingLayerArrow from "../../floating/floating-layer-arrow.svelte";

    let { ref = $bindable(null), ...restProps }: TooltipArrowProps = $props();
</script>

<FloatingLayerArrow bind:ref {...restProps} />
""",
    "tooltip-trigger.svelte": """\
<script lang="ts" module>
    type T = unknown;
</script>

<script lang="ts" generics="T = never">
    import { boxWith, mergeProps } from "svelte-toolbelt";
    import type { TooltipTriggerProps } from "../types.js";
    import { TooltipTriggerState } from "../tooltip.svelte.js";
    import { createId } from "../../../internal/create-id.js";

    const uid = $props.id();

    let {
        children,
        child,
        id = createId(uid),
        disabled = false,
        payload,
        tether,
        type = "button",
        tabindex = 0,
        ref = $bindable(null),
        ...restProps
    }: TooltipTriggerProps<T> = $props();

    const triggerState = TooltipTriggerState.create({
        id: boxWith(() => id),
        disabled: boxWith(() => disabled ?? false),
        tabindex: boxWith(() => tabindex ?? 0),
        payload: boxWith(() => payload),
        tether: boxWith(() => tether),
        ref: boxWith(
            () => ref,
            (v) => (ref = v)
        ),
    });

    const mergedProps = $derived(mergeProps(restProps, triggerState.props, { type }));
</script>

{#if child}
    {@render child({ props: mergedProps })}
{:else}
    <button {...mergedProps}>
        {@render children?.()}
    </button>
{/if}
""",
}


@pytest.fixture
def tooltip(tmp_path: Path) -> Path:
    root = tmp_path / "bits-ui"
    for name, text in FILES.items():
        (root / "bits/tooltip/components").mkdir(parents=True, exist_ok=True)
        (root / "bits/tooltip/components" / name).write_text(text)
    write(root, "package.json", '{"name": "bits-ui", "version": "2.21.0"}')
    return root


def test_the_props_a_question_asks_for_are_the_first_hit(workspace, tooltip):
    workspace.indexer.run(resolve_roots([tooltip], None))
    hits = workspace.searcher.search(
        Query(text="which props does the Tooltip component take", limit=10))
    assert (hits[0].path, hits[0].symbol) == (
        "bits/tooltip/components/tooltip.svelte", "Tooltip.props")
    assert "TooltipRootProps<T> = $props()" in hits[0].content
    # the component itself is still what "where is Tooltip defined" finds
    hits = workspace.searcher.search(Query(text="where is the Tooltip component defined",
                                           limit=10))
    assert hits[0].path == "bits/tooltip/components/tooltip.svelte"

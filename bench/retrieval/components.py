"""Vue and Svelte components: 'where is X defined' and 'what does component Y do' questions.

    python bench/retrieval/components.py --home DIR [--json OUT]

DIR holds one project `sfc` (`repokb index TREE --project sfc`), TREE made of the `.vue` and
`.svelte` files of three npm tarballs (`npm pack primevue@3.53.0 bits-ui@2.21.0
@sveltejs/kit@2.70.4`): primevue's package/ under `primevue/`, bits-ui's package/dist/ under
`bits-ui/` (its dist/ is its source as shipped) and @sveltejs/kit's package/src/ under `kit/`.
A hit is right as in names.py (path ends with the path, symbol with the name, case folded);
the file's rank (any piece of the right file) is shown too, since windows name nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("components.json", __doc__ or "")

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

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from fortran import report  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--home", required=True)
    parser.add_argument("--json", help="write each question's rank and top hit here")
    args = parser.parse_args()
    report(json.loads((HERE / "components.json").read_text()), args.home, args.json)


if __name__ == "__main__":
    main()

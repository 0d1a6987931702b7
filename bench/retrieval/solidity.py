"""Solidity: 'where is X defined' on OpenZeppelin Contracts 5.0.2 and Uniswap v3-core 1.0.1.

    python bench/retrieval/solidity.py --home DIR [--json OUT]

DIR holds one project `solidity` (`repokb index TREE --project solidity`), TREE made of the npm
packages `@openzeppelin/contracts@5.0.2` under `openzeppelin/` and `@uniswap/v3-core@1.0.1`
under `v3-core/` (`npm pack NAME@VERSION`, each tarball's `package/` renamed): 172 `.sol`
files (Uniswap's are Solidity 0.7.6: its interfaces and libraries; the package's compiled
`artifacts/contracts/X.sol/` are skipped). A hit is right as in names.py (path ends with the
path, symbol with the name, case folded); the file's rank (any piece of the right file) is
shown too, since windows name nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("solidity.json", __doc__ or "")

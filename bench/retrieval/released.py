"""Questions a new user asks of released projects, where the right file came second to an
editor's plugin, a project template, a test, or was not indexed at all (bench/RESULTS.md,
newuser41's "Noticed, left alone" and rank42).

    python bench/retrieval/released.py --home DIR [--json OUT]

DIR holds four projects indexed from their release archives, each under its folder's name:
`pip download --no-deps --no-binary :all: black==24.10.0 pydantic==2.10.0 scrapy==2.12.0`
(sdists) and `npm pack eslint@9.14.0` (unpacked without its `package/` folder), then
`repokb index black-24.10.0 eslint-9.14.0 pydantic-2.10.0 scrapy-2.12.0`. The four of
newuser41 and 14 of the same kinds written from the projects' docs and sources before any was
asked: eslint rules asked by their name ("the no-console rule"; its `lib/rules/no-*.js` were
read as Norwegian translations and not indexed), scrapy features its project template
mentions (robots.txt, the HTTP cache), black features its Vim plugin passes on (target
versions) and others, pydantic functions named with a few words (`model_dump`,
`field_validator`). Right: the file (either one, for two or three). 18 questions.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("released.json", __doc__ or "")

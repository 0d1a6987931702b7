"""A configuration key typed alone: `fernet_key`, `GH_TOKEN`, `SECRET_KEY` pasted as the whole
query, where the user wants the file that sets it (or, for a framework's setting, the file that
sets its default and the page that documents it).

    python bench/retrieval/configkeys.py --home DIR [--json OUT]

DIR holds two projects: Django 5.2.8's sdist (`repokb index /tmp/dj/django-5.2.8`: its
settings in django/conf/global_settings.py and docs/ref/settings.txt, among 49,000 pieces of
code that read them) and loguru 0.7.3's sdist with session 40's planted deployment files
(`deploy/airflow/airflow.cfg`, `deploy/zookeeper/zkEnv.sh`, `deploy/docker-compose.yml`,
`deploy/grafana/grafana.ini`, `.github/workflows/ship.yml`, `android/gradle.properties`,
`android/app/build.gradle.kts`: bench/RESULTS.md, session 40's new user) beside loguru's own
`LOGURU_FORMAT`, read from the environment in loguru/_defaults.py and shown in README.md.
A bare identifier is also how people ask for a function: names.py and the other sets hold
those. A hit is right when its path ends with the path (either one, for two). 15 questions.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("configkeys.json", __doc__ or "")

"""Good files lost to false blocks or left unknown (a sweep of celery 5.7.0, eslint-plugin-import
2.32.0, lodash 4.18.1, yargs 17.7.2, Smarty 3.1.47 and Yarn 2+ settings): each case as the
real package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file


# -- celery's requirements/deps/: the project's own requirement lists ------------------------
@pytest.mark.parametrize("rel", ["requirements/deps/mock.txt", "requirements/deps/extra.in",
                                 "pkg/requirements/deps/mock.txt"])
def test_requirement_lists_below_a_requirements_folder_are_the_projects(tmp_path, rel):
    """celery 5.7.0's `requirements/deps/mock.txt` (`-r deps/mock.txt` in docs.txt) was vendored
    by the `deps/` folder rule; it is a pip requirements list like its neighbours."""
    c = classify_file(tmp_path, rel, "mock>=5.2.0\n")
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.DEPENDENCY_MANIFEST, "pip_requirements", Policy.INDEX_TEXT), c.reasons


@pytest.mark.parametrize(("rel", "content"), [
    ("deps/requirements/base.txt", "mock>=5.2.0\n"),  # a vendored package's own list
    ("vendor/x/requirements/base.txt", "mock>=5.2.0\n"),
    ("requirements/deps/notes.txt", "Pinned because of issue 12, see the tracker.\n"),
    ("requirements/deps/mock.py", "MOCK = 1\n"),
    ("deps/mock.txt", "mock>=5.2.0\n"),
])
def test_vendor_folders_stay_vendored_outside_that_case(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert c.kind == Kind.VENDOR, c.reasons


# -- Linguist's React rule: React's distribution files, not a linter's React config ----------
ESLINT_REACT_CONFIG = ("/**\n * React-specific config for eslint-plugin-import\n */\n"
                       "module.exports = {\n  settings: {\n"
                       "    'import/extensions': ['.js', '.jsx'],\n  },\n"
                       "  parserOptions: {\n    ecmaFeatures: { jsx: true },\n  },\n};\n")


@pytest.mark.parametrize("rel", ["config/react.js", "rules/react.js", "rules/react-a11y.js",
                                 "packages/lint/config/react.js"])
def test_a_linters_react_config_is_the_packages_own(tmp_path, rel):
    """eslint-plugin-import 2.32.0's `config/react.js` (eslint-config-airbnb's `rules/react.js`)
    was vendored by Linguist's `(^|/)react(-[^.]*)?\\.js$`, written for React's own builds."""
    c = classify_file(tmp_path, rel, ESLINT_REACT_CONFIG)
    assert (c.kind, c.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX), c.reasons


@pytest.mark.parametrize("rel", ["react.js", "static/js/react-dom.js", "js/react-with-addons.js",
                                 "myconfig/react.js", "config/lib/react.js"])
def test_reacts_distribution_files_stay_vendored(tmp_path, rel):
    c = classify_file(tmp_path, rel, "/**\n * React v15.6.2\n */\n(function(f){})();\n")
    assert (c.kind, c.subkind) == (Kind.VENDOR, "linguist_vendored"), c.reasons

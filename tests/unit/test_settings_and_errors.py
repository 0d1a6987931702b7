from __future__ import annotations

from pathlib import Path

import pytest

from repokb.errors import ConfigError
from repokb.settings import Settings


def test_precedence_defaults_toml_env_overrides(home, monkeypatch):
    assert Settings.load().search_limit == 10
    home.mkdir(parents=True, exist_ok=True)
    (home / "repokb.toml").write_text("search_limit = 20\nrrf_k = 30\n")
    assert Settings.load().search_limit == 20
    monkeypatch.setenv("REPOKB_SEARCH_LIMIT", "30")
    loaded = Settings.load()
    assert (loaded.search_limit, loaded.rrf_k) == (30, 30)
    assert Settings.load(search_limit=40).search_limit == 40


def test_bad_settings_are_clear_errors(home, monkeypatch):
    home.mkdir(parents=True, exist_ok=True)
    (home / "repokb.toml").write_text("no_such_setting = 1\n")
    with pytest.raises(ConfigError, match="no_such_setting"):
        Settings.load()
    (home / "repokb.toml").write_text("search_limit = [\n")
    with pytest.raises(ConfigError, match="Cannot read"):
        Settings.load()
    (home / "repokb.toml").unlink()
    monkeypatch.setenv("REPOKB_SEARCH_LIMIT", "many")
    with pytest.raises(ConfigError, match="must be int"):
        Settings.load()


def test_home_expands_tilde_and_refuses_an_unknown_user(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("REPOKB_HOME", "~/kb")  # quoted in a shell: no expansion there
    assert Settings.load().home == tmp_path / "kb"
    monkeypatch.setenv("REPOKB_HOME", "~no-such-user-xyz/kb")
    with pytest.raises(ConfigError, match="home"):
        Settings.load()


def test_every_setting_has_help():
    assert all(help_ for _, _, help_ in Settings.describe())


def test_an_unknown_setting_names_the_one_it_most_likely_means(tmp_path: Path) -> None:
    # `repokb eval --compare` with `max_tokenz = 256` listed all ~90 settings and left the
    # user to find the typo
    with pytest.raises(ConfigError) as caught:
        Settings(home=tmp_path).with_values({"max_tokenz": 256}, "other.toml")
    assert caught.value.message == "Unknown setting 'max_tokenz' in other.toml."
    assert caught.value.hint.startswith("Did you mean 'max_tokens'? Known settings: ")
    with pytest.raises(ConfigError) as caught:
        Settings(home=tmp_path).with_values({"zzzz": 1}, "other.toml")
    assert caught.value.hint.startswith("Known settings: ")

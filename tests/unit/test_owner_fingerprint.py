"""A warm owner answers only calls made with its settings (surfaces/owner.py `fingerprint`)."""

from __future__ import annotations

from repokb.settings import Settings
from repokb.surfaces.owner import fingerprint


def test_the_same_home_named_two_ways_is_the_same_settings(tmp_path, monkeypatch):
    """The owner is started with the absolute home; a command given `--home kb` named the same
    one: with unequal fingerprints every call made the owner leave and started a new one."""
    monkeypatch.chdir(tmp_path)
    assert fingerprint(Settings.load(home="kb")) == fingerprint(
        Settings.load(home=str(tmp_path / "kb")))


def test_a_setting_that_changes_answers_changes_it_and_a_callers_own_does_not(tmp_path):
    base = Settings.load(home=str(tmp_path))
    assert fingerprint(base) != fingerprint(base.with_values({"candidates": 80}, "test"))
    assert fingerprint(base) != fingerprint(base.with_values({"embed_api_key": "k"}, "test"))
    assert fingerprint(base) == fingerprint(base.with_values(
        {"owner_idle_seconds": 5, "store_wait_seconds": 1}, "test"))

"""A fork of a rules engine, changed by the team (see .repokb.yml)."""


def evaluate(rule: str) -> bool:
    return bool(rule)

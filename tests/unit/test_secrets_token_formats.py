"""Token formats known by their prefix (gitleaks' rules): found wherever they stand, even under
a name that says nothing (`value = "..."`), in prose, config and code; shapes that are not
tokens stay readable. Every value is made up, built from fragments."""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact, scan


def _j(*parts: str) -> str:
    return "".join(parts)


TOKENS = {
    "stripe_webhook_secret": _j("wh", "sec_", "Q7vLm2Nb9Vc4Xz6Kp1Rt8Ws3", "Yd5Fg0Hj"),
    "mailgun_key": _j("ke", "y-", "3f2a9c8e1b7d4f6a", "0e5c2b9d8a7f6e5d"),
    "shopify_token": _j("shp", "at_", "9c8e1b7d4f6a0e5c", "2b9d8a7f6e5d4c3b"),
    "doppler_token": _j("dp.", "pt.", "Xk4MbN2pQ3eGrTz7", "wJalrXUtnFEMIK7mDeNgbPxRfiC"),
    "huggingface_token": _j("h", "f_", "QxLmTrVbNcKwZpHyRjFs", "dGtaYeUiOoPlMk"),
    "digitalocean_token": _j("do", "p_v1_", "3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d",
                             "4c3b2a19f8e7d6c5b4a39281706f5e4d"),
    "linear_api_key": _j("lin", "_api_", "R8x2LmQ9vT4kW7nB3cY6", "zH1jF5sD0gAe2Kp9Lq3W"),
    "postman_api_key": _j("PM", "AK-", "5f2a9c8e1b7d4f6a0e5c2b9d", "-",
                          "8a7f6e5d4c3b2a19f8e7d6c5b4a3928170"),
    "databricks_token": _j("da", "pi", "3f2a9c8e1b7d4f6a", "0e5c2b9d8a7f6e5d"),
    "grafana_token": _j("gl", "sa_", "R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAe", "_", "3f2a9c8e"),
    "sentry_token": _j("sntr", "yu_", "3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d",
                       "4c3b2a19f8e7d6c5b4a39281706f5e4d"),
    "new_relic_key": _j("NR", "AK-", "Q3EGRTZ7XK4MBN2P", "8WD5YH1LC6J"),
    "pulumi_token": _j("pu", "l-", "3f2a9c8e1b7d4f6a0e5c", "2b9d8a7f6e5d4c3b2a19"),
    "terraform_cloud_token": _j("x7Kp2mQ9vT4kWn", ".atlas", "v1.",
                                "R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAeQ3EGRTZ7XK4MBN2P8WD5YH1LC6Jq"),
    "atlassian_token": _j("ATA", "TT3", "xFfGF0T" * 24, "=3F2A9C8E"),
    "age_secret_key": _j("AGE-SECRET", "-KEY-1", "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
                         "QZ9X8GF2TVDW0S3JN54KHCE6MU"),
}
PLACES = [
    ("code", 'client.configure(value="{v}")\n'),
    ("config", "value: {v}\n"),
    ("text", "Then start the worker with {v} as its only argument.\n"),
]


@pytest.mark.parametrize("detector", sorted(TOKENS))
@pytest.mark.parametrize(("mode", "template"), PLACES, ids=[p[0] for p in PLACES])
def test_a_token_known_by_its_prefix_is_redacted_under_any_name(detector, mode, template):
    value = TOKENS[detector]
    text = template.format(v=value)
    found = scan(text, mode)
    assert [f.detector for f in found] == [detector]
    assert found[0].strong
    result = redact(text, mode).text
    assert value not in result and REDACTED in result


NOT_TOKENS = [
    ("code", "from huggingface_hub import hf_hub_download, hf_hub_url\n"),
    ("code", "hf_TransformersAutoModelForCausalLMx = load()\n"),  # an identifier, one capital
    ("code", 'cache_key = "key-" + hashlib.md5(name).hexdigest()\n'),
    ("code", "const monkey-3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d = 1\n"),  # no `key-` at a word start
    ("text", "The endpoint /api/dapi/v2 returns the cluster list.\n"),
    ("config", "webhook: whsec_\n"),
]


@pytest.mark.parametrize(("mode", "text"), NOT_TOKENS)
def test_prefixes_alone_or_in_identifiers_stay_readable(mode, text):
    assert redact(text, mode).text == text

"""Token formats known by their prefix (gitleaks' rules): found wherever they stand, even under
a name that says nothing (`value = "..."`), in prose, config and code; shapes that are not
tokens stay readable. Every value is made up, built from fragments."""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact, scan

from ..secret_forms import j

TOKENS = {
    "stripe_webhook_secret": j("wh", "sec_", "Q7vLm2Nb9Vc4Xz6Kp1Rt8Ws3", "Yd5Fg0Hj"),
    "mailgun_key": j("ke", "y-", "3f2a9c8e1b7d4f6a", "0e5c2b9d8a7f6e5d"),
    "shopify_token": j("shp", "at_", "9c8e1b7d4f6a0e5c", "2b9d8a7f6e5d4c3b"),
    "doppler_token": j("dp.", "pt.", "Xk4MbN2pQ3eGrTz7", "wJalrXUtnFEMIK7mDeNgbPxRfiC"),
    "huggingface_token": j("h", "f_", "QxLmTrVbNcKwZpHyRjFs", "dGtaYeUiOoPlMk"),
    "digitalocean_token": j("do", "p_v1_", "3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d",
                            "4c3b2a19f8e7d6c5b4a39281706f5e4d"),
    "linear_api_key": j("lin", "_api_", "R8x2LmQ9vT4kW7nB3cY6", "zH1jF5sD0gAe2Kp9Lq3W"),
    "postman_api_key": j("PM", "AK-", "5f2a9c8e1b7d4f6a0e5c2b9d", "-",
                         "8a7f6e5d4c3b2a19f8e7d6c5b4a3928170"),
    "databricks_token": j("da", "pi", "3f2a9c8e1b7d4f6a", "0e5c2b9d8a7f6e5d"),
    "grafana_token": j("gl", "sa_", "R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAe", "_", "3f2a9c8e"),
    "sentry_token": j("sntr", "yu_", "3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d",
                      "4c3b2a19f8e7d6c5b4a39281706f5e4d"),
    "new_relic_key": j("NR", "AK-", "Q3EGRTZ7XK4MBN2P", "8WD5YH1LC6J"),
    "pulumi_token": j("pu", "l-", "3f2a9c8e1b7d4f6a0e5c", "2b9d8a7f6e5d4c3b2a19"),
    "terraform_cloud_token": j("x7Kp2mQ9vT4kWn", ".atlas", "v1.",
                               "R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAeQ3EGRTZ7XK4MBN2P8WD5YH1LC6Jq"),
    "atlassian_token": j("ATA", "TT3", "xFfGF0T" * 24, "=3F2A9C8E"),
    "age_secret_key": j("AGE-SECRET", "-KEY-1", "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
                        "QZ9X8GF2TVDW0S3JN54KHCE6MU"),
    # REDACTION_VERSION 27
    "square_token": j("sq0", "atp-", "Rk7Lm2Qx9Vt4", "Wn8Bc3Yz6H"),
    "onepassword_token": j("ops_", "eyJ", "zaWduSW5BZGRyZXNzIjoibXkuMXBhc3N3b3JkLmNvbSIs" * 6,
                           "dXNlckF1dGgiOnsibWV0aG9kIjoiU1JQZy00MDk2In0"),
    "flyio_token": j("fm", "2_", "lJPECAAAAAAAAZ2txBBCy7Qm4Lp9Vx2Nb8Kc5Rt3" * 3, "Yd=="),
    "discord_token": j("MTA5ODc2NTQzMjEwOTg3NjU0Mw", ".", "Gx7kQp", ".",
                       "Zr4Tm9Wq2Lx8Vn3Bc6Yh1Kd5Fs0Ja7Pe2Uo"),
    "artifactory_token": j("AK", "Cp", "5fR8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAeQ3E",
                           "GRTZ7XK4MBN2P8WD5YH1LC6Jqa", "b2c3d4"),
    "notion_token": j("nt", "n_", "48213957604", "R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAeQ3E"),
    "perplexity_key": j("pp", "lx-", "R8x2LmQ9vT4kW7nB3cY6zH1j", "F5sD0gAeQ3EGRTZ7XK4MBN2P"),
    "rubygems_token": j("rubygems", "_", "3f2a9c8e1b7d4f6a0e5c2b9d", "8a7f6e5d4c3b2a19f8e7d6c5"),
    "sonar_token": j("sq", "p_", "3f2a9c8e1b7d4f6a0e5c", "2b9d8a7f6e5d4c3b2a19"),
    "vault_token": j("hv", "s.", "CAESIR8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAeQ3EGRTZ7XK4MB",
                     "N2P8WD5YH1LC6JqGh4KbWxOXR5d3hVNFBkUXpYRjJqZ3diTjBCaEw"),
    "azure_ad_client_secret": j("k7Q", "8Q~", "Rx2LmQ9vT4kW7nB3cY6zH1jF5sD0gAe~Q3E"),
    "octopus_key": j("AP", "I-", "Q3EGRTZ7XK4MBN2P8WD5YH1LC6"),
    "planetscale_token": j("pscale", "_pw_", "R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAeQ3E"),
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
    if detector == "discord_token":  # tried where Discord is named, as gitleaks' rule is
        text = "# the Discord bot's login\n" + text
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


# REDACTION_VERSION 27: the other shapes of the same vendors' tokens, in a sentence
MORE_TOKENS = [
    ("square_token", j("sq0", "csp-", "VQgEphNJFVxfoEtJ1M_2KaCesfzP2", "_ugNWnlMPwZaZk")),
    ("square_token", j("EA", "AA", "l2Xk9Qm4Rt7Vb3Nc8Wz5Yh1Kd6Fs0Ja",
                       "7Pe2Uo4Lx9Tm3Qv8Bn5Cr1Gy6Hw0Z")),
    ("onepassword_token", j("A3-", "Q3EGRT-", "Z7XK4M-BN2P8-WD5YH-1LC6J-QGH4K")),
    ("flyio_token", j("fo", "1_", "R8x2LmQ9vT4kW7nB3cY6zH1jF5sD0gAeQ3EGRTZ7XK4")),
    ("discord_webhook", j("https://discord.com/api/", "webhooks/", "1098765432109876543/",
                          "Zr4Tm9Wq2Lx8Vn3Bc6Yh1Kd5Fs0Ja7Pe2Uo4Lx9Tm3Qv8Bn5Cr1Gy6Hw0Zd7Kq2Mx")),
    ("aws_access_key", j("A3T", "X", "Q3EGRTZ7XK4MBN2P")),
    ("gitlab_token", j("gl", "oas-", "3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d",
                       "4c3b2a19f8e7d6c5b4a39281706f5e4d")),
]


@pytest.mark.parametrize(("detector", "value"), MORE_TOKENS, ids=[t[0] for t in MORE_TOKENS])
def test_other_shapes_of_a_vendors_token_are_redacted_in_prose(detector, value):
    text = f"The deploy job reads {value} from the vault.\nFlyV1 {value},{value}\n"
    found = scan(text, "text")
    assert found and {f.detector for f in found} == {detector}
    assert value not in redact(text, "text").text


def test_a_discord_token_under_a_secrets_name_is_redacted_where_discord_is_not_named():
    value = TOKENS["discord_token"]
    for mode, text in (("code", f'BOT_TOKEN = "{value}"\n'), ("config", f"bot_token: {value}\n")):
        assert value not in redact(text, mode).text, text


MORE_NOT_TOKENS = [
    ("text", "Set the region to en-us and the locale to en-us-1 in settings.\n"),
    ("text", "See API-REFERENCE-FOR-THE-CLIENT-V for the list.\n"),  # no digit
    ("text", "EAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n"),  # no digit
    ("text", "NOTE_THAT_THIS_IS_A_CONSTANT.value.another_identifier_here\n"),
    ("code", "sha256~ = 1\n"),
]


@pytest.mark.parametrize(("mode", "text"), MORE_NOT_TOKENS)
def test_words_near_the_new_prefixes_stay_readable(mode, text):
    assert redact(text, mode).text == text

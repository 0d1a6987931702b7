"""The formats indexed since repokb reads GitHub Linguist's languages, cut where they part: an
HTTP request file by its `###` requests, a Gherkin feature by scenario, Starlark (Bazel's
`.bzl`) by `def` with Python's grammar. A new-user pass over behave 1.3.3 (231 features) and
@bazel/concatjs 5.8.1 (9 `.bzl`) found each cut into nameless 500-character windows: a scenario
or a rule's macro began in one window and ended in the next."""

from __future__ import annotations

from ..conftest import chunks as cut


def named(pieces):
    return {p.symbol: (p.start_line, p.end_line) for p in pieces if p.symbol}


HTTP = """
    @host = https://api.shop.example

    ### List orders
    GET {{host}}/orders?status=open
    Accept: application/json

    ###
    # @name createOrder
    POST {{host}}/orders
    Content-Type: application/json

    {"sku": "A-1", "quantity": 2}

    ###
    DELETE {{host}}/orders/42
    Authorization: Bearer {{token}}
    X-Request-Reason: the customer cancelled the order
"""


def test_an_http_file_is_cut_per_request_named_by_its_title():
    pieces = cut("http", HTTP)
    # the short variables block above the first request joins it
    assert named(pieces) == {"List orders": (1, 5), "createOrder": (7, 12),
                             "DELETE {{host}}/orders/42": (14, 17)}
    assert all(p.symbol_type == "request" for p in pieces if p.symbol)


FEATURE = '''
    Feature: Checkout
      Customers pay for the items in their cart.

      Background:
        Given a cart with 2 items

      @payments @smoke
      Scenario: Pay with a saved card
        When I pay with my saved card
        Then the order is confirmed
        And I receive an email saying:
          """
          Feature: not a feature, a doc string
          Scenario: nor a scenario
          """

      Rule: Coupons
        Scenario Outline: Apply a coupon
          When I apply the coupon "<code>"
          Then the total is <total>

          Examples:
            | code   | total |
            | SAVE10 | 90    |
''' + "\n".join(f"  # filler line {i} to make the feature longer than a piece" for i in range(40))


def test_a_feature_is_cut_per_scenario_with_its_tags_and_doc_strings():
    pieces = cut("gherkin", FEATURE)
    spans = named(pieces)
    assert spans["Checkout.Background"] == (4, 5)
    assert spans["Checkout.Pay with a saved card"] == (7, 15)  # its tags, its doc string
    # the short rule head joins its first scenario, which holds its Examples table
    outline = next(p for p in pieces if p.symbol == "Checkout.Coupons.Apply a coupon")
    assert outline.start_line == 17 and "| SAVE10 | 90    |" in outline.content
    assert not any("not a feature" in (p.symbol or "") for p in pieces)


def test_a_feature_in_another_language_keeps_its_windows():
    pieces = cut("gherkin", "# language: de\nFunktionalität: Kasse\n  Szenario: Zahlen\n"
                            "    Angenommen ein Warenkorb\n")
    assert pieces and all(p.symbol is None for p in pieces)


BZL = """
    load("@build_bazel_rules_nodejs//:providers.bzl", "JSModuleInfo")

    def _impl(ctx):
        files = depset(ctx.files.srcs)
        return [DefaultInfo(files = files)]

    karma_web_test = rule(
        implementation = _impl,
        attrs = {"srcs": attr.label_list(allow_files = True)},
    )

    def karma_web_test_suite(name, browsers = None, **kwargs):
        \"\"\"Defines one karma_web_test per browser.\"\"\"
        for browser in browsers or []:
            karma_web_test(name = name + "_" + browser, **kwargs)
"""


def test_starlark_is_cut_per_def_with_pythons_grammar():
    pieces = cut("starlark", BZL)
    spans = named(pieces)
    assert spans["_impl"] == (3, 5)
    assert spans["karma_web_test_suite"] == (12, 15)

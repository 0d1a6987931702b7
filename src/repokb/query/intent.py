"""What kind of answer a question wants (SPEC §5): "how do I / how to" questions want
documentation first; "how does X work", "where is", "what does" and symbol lookups want the
implementation first; and whether it asks for tests.
"""

from __future__ import annotations

import re

HOWTO, CODE, SYMBOL, GENERAL = "howto", "code", "symbol", "general"

_HOWTO = re.compile(
    r"^[\s¿¡]*(how\s+(do|can|should|would)\s+(i|we|you|one)\b|how\s+to\b|what('?s| is) the best way"
    r"|is there a way|c[oó]mo\s+(puedo|hago|se\s+(puede|hace|configura|instala|usa)|debo|"
    r"configuro|instalo|uso|ejecuto|evito)|qu[eé]\s+debo)", re.I)
# Questions that want an explanation in prose: the docs are the best evidence.
_EXPLAIN = re.compile(r"^[\s¿¡]*(why\b|por\s*qu[eé]\b|(should|can|is|are|does|do|will|which|debo|"
                      r"puedo|es|hay)\b.*\?\s*$)", re.I)
# A description in the words of a docstring ("Returns the ...", "Helper that ...") asks for
# the code it describes.
_DESCRIPTION = re.compile(
    r"^\s*(?:(?:a|an|the)\s+)?(?:\w+\s+)?(returns?|gets?|sets?|creates?|makes?|builds?|converts?"
    r"|checks?|computes?|parses?|loads?|reads?|writes?|validates?|determines?|inspects?|handles?"
    r"|calls?|runs?|initiali[sz]es?|registers?|adds?|removes?|updates?|finds?|generates?"
    r"|formats?|wraps?|applies|apply|yields?|raises?|extracts?|resolves?|normali[sz]es?"
    r"|function|method|helper|utility|wrapper|decorator|validator|converter|factory|handler"
    r"|callback|constructor|used|called|invoked)\b", re.I)
# "how is X verified" asks what "how does the code verify X" asks: a passive question whose verb
# is something code does (not what a user does: configured, installed, used, enabled ...)
_MECHANISM = (r"implemented|computed|calculated|built|parsed|validated|verified|checked|loaded"
              r"|decrypted|encrypted|serialized|serialised|deserialized|deserialised|encoded"
              r"|decoded|signed|hashed|derived|dispatched|resolved|detected|handled|stored"
              r"|cached|generated|converted|normali[sz]ed|escaped|compiled|matched|compared"
              r"|formatted|rendered|scheduled|sorted|processed|enforced|rejected")
_CODE = re.compile(
    rf"\b(how\s+does|how\s+(is|are)\s+(\S+\s+){{1,8}}?({_MECHANISM})|where\s+(is|are|do|does)"
    r"|what\s+does|implementation|implemented|c[oó]mo\s+funciona|d[oó]nde\s+(est[aá]|se)"
    r"|qu[eé]\s+hace)\b", re.I)
# The question asks for tests ("tests of", "is X tested", "pytest fixture", a Gherkin feature's
# "scenario where a refund lowers the total"); a test name such as test_client is a symbol, not
# this. Not "scenarios" nor "feature file": "how does behave parse a feature file into
# scenarios" asks for a BDD tool's own code.
_TESTS = re.compile(r"\b(tests?|tested|testing|unit ?tests?|pytest|fixtures?|pruebas?"
                    r"|scenario|gherkin|cucumber|bdd)\b", re.I)
# A how-to whose verb is testing ("how do I test that my code logged something", "how to unit
# test a view", "how can I write tests for my handlers") asks how a user tests: the docs about
# testing and the helpers the project ships for it (structlog's docs/testing.md and
# `structlog.testing.capture_logs`), not the project's own tests, which step back as for any
# how-to (ask39b: structlog's tests led the dense side, docs/testing.md 5th, testing.py not in
# the first 40).
_TESTING_HOWTO = re.compile(
    r"^[\s¿¡]*(?:how\s+(?:do|can|should|would)\s+(?:i|we|you|one)|how\s+to|what(?:'?s| is) the best"
    r"\s+way\s+to|is\s+there\s+a\s+way\s+to)\s+(?:(?:unit[\s-]?)?test|write\s+(?:unit\s+)?tests?)\b",
    re.I)

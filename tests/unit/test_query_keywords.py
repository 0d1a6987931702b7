"""A name among keywords is what the query is about, as a symbol query's name is.

rank42 on pydantic 2.9.2's sdist (newuser41's question, asked over every project): "pydantic
model_dump exclude unset fields" put tests first (`test_include_exclude_unset`,
`test_copy_set_fields`: both rankings' first, the words are their names), and
`BaseModel.model_dump` was BM25's 13th, not in the model's first 50: 9th, under its share of
the exact-symbol boost. The name was not looked up by symbol (`QueryPlan.about`), which a
symbol query and "where is X defined" get.
"""

from __future__ import annotations

import pytest

from repokb.query import CODE, plan


@pytest.mark.parametrize("query, name", [
    ("pydantic model_dump exclude unset fields", "model_dump"),
    ("model_dump exclude unset fields", "model_dump"),
    ("pydantic field_validator mode before", "field_validator"),
    ("useState initial value lazy", "useState"),
])
def test_a_name_among_keywords_is_looked_up(query, name):
    p = plan(query)
    assert p.intent == CODE and p.about == (name,)


@pytest.mark.parametrize("query", [
    "how does model_dump exclude unset fields",  # a question: the name is mentioned
    "what does model_dump return for unset fields",
    "Returns the model_dump of a model",  # a docstring's description asks for the code
    # a docstring's sentence naming a parameter: more than a few keywords (black's
    # `transform_line` case of bench/retrieval/run.py fell 1st -> 3rd when it was looked up)
    "Transform a `line`, potentially splitting it into many lines",
    "magic trailing comma",  # no name
    # a type's name with words asks for one of its members (bench/retrieval/java.py: the
    # enum `MapperFeature` came before its constant `SORT_PROPERTIES_ALPHABETICALLY`)
    "MapperFeature to sort properties alphabetically",
    "which SerializationFeature writes dates as timestamps",
    "tests for Preconditions.checkArgument",  # the tests are asked for
])
def test_a_question_or_a_description_keeps_its_names_unlooked(query):
    assert plan(query).about == ()

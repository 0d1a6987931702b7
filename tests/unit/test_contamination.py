from __future__ import annotations

import pytest

from repokb.contamination import llm_transcript


@pytest.mark.parametrize(("text", "why"), [
    ("User: how do I deploy?\nAssistant: Run make deploy.\nUser: and roll back?\n",
     "llm_transcript"),
    ("**Human:** what is this repo?\n\n**Assistant:** A shop backend.\n\n**Human:** thanks\n",
     "llm_transcript"),
    ('call_proxy \'{"role": "user", "content": "¿Cómo configuro la base de datos?"}\'',
     "llm_api_payload"),
    ("As an AI language model, I cannot access your files.", "llm_meta_response"),
    ("This session is being continued from a previous conversation that ran out of context.",
     "llm_meta_response"),
])
def test_transcripts_payloads_and_meta_answers_are_flagged(text, why):
    assert llm_transcript(text) == why


@pytest.mark.parametrize("text", [
    'messages = [{"role": "user", "content": prompt}]  # built from a variable: real code',
    "def user_login(user: User) -> Session:\n    return Session(user)\n",
    "User: the person logged in.\nRole: what they may do.\n",  # a glossary, one speaker
    "# Install\n\nRun pip install repokb, then repokb index PATH.\n",
    "",
])
def test_ordinary_code_and_docs_are_not(text):
    assert llm_transcript(text) is None


# Real Markdown that must stay (issue 13: express's Readme was excluded for its <summary>)
README_SHAPES = [
    "## Security Issues\n\n<details>\n<summary>Click to expand</summary>\n\nReport to the "
    "security team.\n</details>\n",
    "## Summary\n\nThis release fixes routing. Let me know if you have questions on the list.\n",
    "## Chat example\n\n```text\nUser: what is 2 + 2?\nAssistant: 4\nUser: thanks\n```\n",
    "Examples:\n\n    User: hello\n    Assistant: hi there\n    User: bye\n",
    "The bot replies to each message. A conversation looks like the one in `chat.md`, where "
    "the User: prefix marks a question and Assistant: an answer.\n",
]


@pytest.mark.parametrize("text", README_SHAPES)
def test_ordinary_markdown_is_not_a_transcript(text):
    assert llm_transcript(text) is None
    assert llm_transcript(text, docs=True) is None


def test_an_api_example_in_documentation_is_kept_but_not_in_a_test_script():
    example = ('```python\nclient.chat.completions.create(model="gpt-4o", messages=[{"role": '
               '"user", "content": "Say this is a test"}])\n```\n')
    assert llm_transcript(example, docs=True) is None
    assert llm_transcript(example) == "llm_api_payload"


def test_a_readme_with_details_is_indexed_as_documentation(tmp_path):
    from repokb.models import Kind, SourceFile
    from repokb.pipeline.classify import classify

    text = "# express\n\n" + README_SHAPES[0] + "\n## Installation\n\n```console\n$ npm i\n```\n"
    (tmp_path / "Readme.md").write_text(text)
    c = classify(SourceFile("p", tmp_path, "Readme.md", len(text), 0))
    assert c.kind is Kind.DOCUMENTATION and c.index_policy.admits_content

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

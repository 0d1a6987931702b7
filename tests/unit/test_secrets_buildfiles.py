"""Credentials in Dockerfiles, Makefiles and CMake files are redacted, in their own forms too.

Found by planting credentials in a service's Dockerfile, Makefile and CMakeLists.txt and
indexing it for real: CMake's `set(API_KEY "X")`, `set(TOKEN X CACHE STRING "doc")` and
`set(ENV{PASSWORD} "X")`, and a Makefile's `echo "X" | docker login --password-stdin`, reached
the store as written. A Dockerfile's `ENV DB_PASSWORD=X`, `ARG NPM_TOKEN=X`, an `.npmrc`
`_authToken=X` echoed in a `RUN`, `curl -H "Authorization: Bearer X"`, `curl -u user:X`, a
Makefile's `PASSWORD := X`, `export API_KEY = X`, `docker login -p X`, `mysql -pX`, CMake's
`-DTOKEN=X` and `add_compile_definitions(TOKEN="X")` were redacted already, and still are.
"""

from __future__ import annotations

import pytest

from repokb.secrets import mode_for, redact

from ..conftest import assert_redacted

PW = "".join(("Kj7W", "q2Zr9Tx4Lm6B"))  # a FAKE password, assembled at run time

MUST_REDACT = [  # (language, text)
    ("cmake", f'set(API_KEY "{PW}")\n'),
    ("cmake", f'set(SERVICE_TOKEN {PW} CACHE STRING "the service token")\n'),
    ("cmake", f'set(ENV{{PASSWORD}} "{PW}")\n'),
    ("cmake", f'SET(DB_PASSWORD "{PW}" CACHE INTERNAL "")\n'),
    ("make", f'login:\n\techo "{PW}" | docker login --username ci --password-stdin ghcr.io\n'),
    ("make", f"login:\n\t@echo -n '{PW}' | helm registry login -u ci --password-stdin r.io\n"),
    ("yaml", f"- run: printf '%s' {PW} | podman login -u ci --password-stdin quay.io\n"),
    ("dockerfile", f'RUN echo "{PW}" | docker login -u ci --password-stdin registry.local\n'),
    # redacted before, kept so
    ("cmake", f"add_definitions(-DAUTH_SECRET={PW})\n"),
    ("cmake", f'add_compile_definitions(TOKEN="{PW}")\n'),
    ("dockerfile", f"ENV DB_PASSWORD={PW}\n"),
    ("dockerfile", f"ARG NPM_TOKEN={PW}\n"),
    ("dockerfile", f'RUN echo "//registry.npmjs.org/:_authToken={PW}" > .npmrc\n'),
    ("dockerfile", f'RUN curl -H "Authorization: Bearer {PW}" https://x.example.com/a\n'),
    ("make", f"PASSWORD := {PW}\n"),
    ("make", f"export API_KEY = {PW}\n"),
    ("make", f"login:\n\tdocker login -u deploy -p {PW} registry.example.com\n"),
]

MUST_KEEP = [  # (language, text): no credential in them
    ("cmake", 'set(API_KEY "${API_KEY_FROM_ENV}")\nset(TOKEN $ENV{CI_TOKEN})\n'),
    ("cmake", 'set(PASSWORD_FILE "/run/secrets/db_password")\nset(API_KEY "")\n'),
    ("cmake", "set(SOURCES src/token.cpp src/password.cpp)\nset(TOKEN_LIST a b c)\n"),
    ("cmake", 'set(CMAKE_CXX_STANDARD 17)\nset(ENV{PATH} "/opt/bin:$ENV{PATH}")\n'),
    ("make", 'login:\n\techo "$$REGISTRY_PASSWORD" | docker login -u ci --password-stdin\n'),
    ("make", "login:\n\techo $(PASSWORD) | docker login -u ci --password-stdin\n"),
    ("yaml", '- run: echo "${{ secrets.GHCR_TOKEN }}" | docker login --password-stdin\n'),
]


@pytest.mark.parametrize(("language", "text"), MUST_REDACT)
def test_a_credential_is_redacted(language, text):
    assert_redacted(text, mode_for(language), language, PW)


@pytest.mark.parametrize(("language", "text"), MUST_KEEP)
def test_a_reference_or_a_name_is_kept(language, text):
    assert redact(text, mode_for(language), language).text == text


def test_set_of_a_secret_name_outside_cmake_is_a_call():
    text = "cache.set(API_KEY, value)\nredis.set(SESSION_TOKEN, token_value)\n"
    assert redact(text, "code", "python").text == text

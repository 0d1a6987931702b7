"""Credentials in Dockerfiles, Makefiles and CMake files are redacted, in their own forms too.

Found by planting credentials in a service's Dockerfile, Makefile and CMakeLists.txt and
indexing it for real: CMake's `set(API_KEY "X")`, `set(TOKEN X CACHE STRING "doc")` and
`set(ENV{PASSWORD} "X")`, and a Makefile's `echo "X" | docker login --password-stdin`, reached
the store as written; so did, on a second pass, a package tool's command storing a credential
(`npm config set //registry.npmjs.org/:_authToken X`, `poetry config http-basic.R U X`,
`composer config -g github-oauth.github.com X`, `bundle config HOST U:X`, `aws configure set
aws_secret_access_key X`, `twine upload -p X`, `gh auth login --with-token <<< X`) and CMake's
`USERPWD "u:X"` and `HTTP_PASSWORD X`. A Dockerfile's `ENV DB_PASSWORD=X`, `ARG NPM_TOKEN=X`,
an `.npmrc` `_authToken=X` echoed in a `RUN`, `curl -H "Authorization: Bearer X"`, `curl -u
user:X`, a Makefile's `PASSWORD := X`, `export API_KEY = X`, `docker login -p X`, `mysql -pX`,
CMake's `-DTOKEN=X` and `add_compile_definitions(TOKEN="X")` were redacted already, and still
are.
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
    # a package tool's command storing a credential (a second pass: 13 of these 14 reached the
    # store; the `_authToken=X` form was redacted already)
    ("dockerfile", f"RUN npm config set //registry.npmjs.org/:_authToken {PW}\n"),
    ("dockerfile", f"RUN npm config set //npm.pkg.github.com/:_authToken={PW}\n"),
    ("dockerfile", f"RUN yarn config set npmAuthToken {PW}\n"),
    ("dockerfile", f"RUN poetry config http-basic.private ci {PW}\n"),
    ("dockerfile", f"RUN poetry config pypi-token.pypi {PW}\n"),
    ("dockerfile", f"RUN aws configure set aws_secret_access_key {PW}\n"),
    ("dockerfile", f"RUN bundle config set --global gems.example.com ci:{PW}\n"),
    ("dockerfile", f"RUN composer config --global http-basic.repo.example.com ci {PW}\n"),
    ("dockerfile", f"RUN composer config -g github-oauth.github.com {PW}\n"),
    ("make", f"upload:\n\ttwine upload -u __token__ -p {PW} dist/*\n"),
    ("make", f"login:\n\tgh auth login --with-token <<< {PW}\n"),
    ("make", f"login:\n\techo {PW} | gh auth login --with-token\n"),
    ("cmake", f'file(DOWNLOAD https://x.example.com/a.tgz a.tgz USERPWD "ci:{PW}")\n'),
    ("cmake", f"ExternalProject_Add(dep URL https://x.example.com/a.tgz HTTP_USERNAME ci "
              f"HTTP_PASSWORD {PW})\n"),
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
    ("dockerfile", "RUN npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}\n"),
    ("dockerfile", "RUN npm config set registry https://registry.example.com/\n"),
    ("dockerfile", "RUN poetry config virtualenvs.create false\n"),
    ("dockerfile", "RUN poetry config http-basic.private $USER $PASS\n"),
    ("dockerfile", 'RUN composer config -g github-oauth.github.com "$GITHUB_TOKEN"\n'),
    ("dockerfile", "RUN bundle config set --local path vendor/bundle\n"),
    ("dockerfile", 'RUN bundle config set --global gems.example.com "$GEM_USER:$GEM_PASS"\n'),
    ("dockerfile", "RUN aws configure set region eu-west-1\n"),
    ("make", 'login:\n\tgh auth login --with-token <<< "$$GH_TOKEN"\n'),
    ("make", "upload:\n\ttwine upload -u __token__ -p $(PYPI_TOKEN) dist/*\n"),
    ("cmake", 'file(DOWNLOAD ${URL} out USERPWD "${USER}:${PASS}")\n'),
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

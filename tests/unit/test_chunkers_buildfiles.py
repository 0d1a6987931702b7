"""Makefiles by rule, Dockerfiles by stage, CMake by function, macro and target.

A new-user pass over psutil 7.2.2's Makefile, Django 5.2.8's docs/Makefile, pybind11 3.1.0's
CMakeLists.txt and tools/*.cmake, scikit-build-core 1.1.2's find_python modules and a
multi-stage Dockerfile found all three formats cut into nameless 500-character windows: "what
does `make release` do" or "where is pybind11_add_module defined" had no piece of its own
(bench/retrieval/buildfiles.py: a named piece first for 1 of 20 questions, now 16).
"""

from __future__ import annotations

import textwrap

from ..conftest import chunks as cut


def named(pieces):
    return {p.symbol: p for p in pieces if p.symbol}


def covered(pieces, source: str) -> bool:
    rows = {r for p in pieces for r in range(p.start_line, p.end_line + 1)}
    lines = textwrap.dedent(source).lstrip("\n").splitlines()
    return all(r in rows for r, line in enumerate(lines, 1) if line.strip())


MAKEFILE = """
    # Versions and flags
    VERSION ?= $(shell git describe --tags --always)
    LDFLAGS := -s -w -X main.version=$(VERSION)

    define docker_build
    \tdocker buildx build --platform $(1) -t example/app:$(VERSION) $(2) .
    endef

    .PHONY: build
    build: ## Compile the binary into bin/.
    \tgo build -ldflags "$(LDFLAGS)" -o bin/app ./cmd/app

    # Tag the release, build the multi-arch image and push it.
    release: build test
    ifeq ($(CI),true)
    \t@echo "releasing from CI"
    else
    \t@test -z "$$(git status --porcelain)" || exit 1
    endif
    \tgit tag -a $(VERSION) -m "app $(VERSION)"
    \t$(call docker_build,linux/amd64,--push)
    """


def test_a_makefile_is_cut_per_rule_with_the_comments_and_phony_line_above():
    pieces = named(cut("make", MAKEFILE))
    release = pieces["release"]
    assert release.symbol_type == "target"
    assert release.content.startswith("# Tag the release")
    # the conditional inside the recipe stays in it, up to the recipe's last line
    assert release.content.rstrip().endswith("$(call docker_build,linux/amd64,--push)")
    assert pieces["build"].content.startswith(".PHONY: build\nbuild:")
    assert pieces["docker_build"].symbol_type == "define"
    assert pieces["docker_build"].content.rstrip().endswith("endef")
    variables = pieces["VERSION, LDFLAGS"]
    assert variables.symbol_type == "variables"
    assert variables.content.startswith("# Versions and flags")
    assert covered(cut("make", MAKEFILE), MAKEFILE)


def test_assignments_are_not_rules_and_a_lone_phony_list_joins_the_next_rule():
    pieces = cut("make", """
        SHELL := /bin/bash
        .DEFAULT_GOAL := help
        export API_URL = https://api.example.com

        .PHONY: help clean html

        help:
        \t@echo "Please use make <target> where <target> is one of"
        \t@echo "  html   to make standalone HTML files"
        """)
    by = named(pieces)
    assert by["SHELL, .DEFAULT_GOAL, API_URL"].symbol_type == "variables"
    assert by["help"].content.startswith(".PHONY: help clean html\n\nhelp:")


def test_a_justfile_recipe_indented_with_spaces_is_its_rule():
    by = named(cut("make", """
        # Run the tests
        test *args:
            pytest --cov=inventory {{args}}
            coverage report --fail-under=90

        lint:
            ruff check src tests
            mypy --strict src
        """))
    assert by["test *args"].content.rstrip().endswith("coverage report --fail-under=90")
    assert by["lint"].content.rstrip().endswith("mypy --strict src")


DOCKERFILE = """
    # syntax=docker/dockerfile:1.7
    ARG GO_VERSION=1.22

    # Go API binary
    FROM golang:${GO_VERSION} AS builder
    WORKDIR /src
    COPY . .
    RUN go build -o /out/api ./cmd/api

    FROM builder AS test
    RUN go vet ./... && go test -race ./...

    FROM gcr.io/distroless/static-debian12
    RUN <<EOF
    echo "FROM inside a heredoc starts no stage"
    EOF
    COPY --from=builder /out/api /api
    ENTRYPOINT ["/api"]
    """


def test_a_dockerfile_is_cut_per_stage_named_after_its_alias_or_image():
    pieces = cut("dockerfile", DOCKERFILE)
    by = named(pieces)
    assert set(by) == {"builder", "test", "gcr.io/distroless/static-debian12"}
    assert by["builder"].content.startswith("# Go API binary\nFROM golang")
    assert by["builder"].symbol_type == "stage"
    runtime = by["gcr.io/distroless/static-debian12"]
    assert "FROM inside a heredoc" in runtime.content
    assert runtime.content.rstrip().endswith('ENTRYPOINT ["/api"]')
    assert covered(pieces, DOCKERFILE)


def test_a_big_stage_is_cut_into_windows_that_keep_its_name():
    runs = "\n".join(f"RUN echo step {i} && make -C src/module{i} install PREFIX=/opt/app"
                     for i in range(120))
    pieces = cut("dockerfile", f"FROM debian:12 AS build\n{runs}\n")
    assert len(pieces) > 2
    assert {p.symbol for p in pieces} == {"build"}


def test_an_escape_directive_continues_lines_with_a_backtick():
    pieces = cut("dockerfile", """
        # escape=`
        FROM mcr.microsoft.com/windows/servercore:ltsc2022 AS base
        RUN powershell -Command `
            FROM nowhere
        COPY app C:/app
        """)
    assert [p.symbol for p in pieces] == ["base"]


CMAKE = """
    cmake_minimum_required(VERSION 3.20)
    project(shop LANGUAGES CXX)
    #[[ a bracket comment: function(not_code) ( ]]
    set(MESSAGE "a quoted ) and a function(call) in a string")

    # shop_add_warnings(<target>): the project's warnings for one target
    function(shop_add_warnings target)
      if(MSVC)
        target_compile_options(${target} PRIVATE /W4)
      endif()
    endfunction()

    macro(shop_default name value)
      if(NOT DEFINED ${name})
        set(${name} ${value})
      endif()
    endmacro()

    add_library(shop_core STATIC src/cart.cpp src/price.cpp)
    target_include_directories(shop_core PUBLIC include)
    target_compile_features(shop_core PUBLIC cxx_std_17)

    if(SHOP_BUILD_TESTS)
      add_executable(shop_tests tests/test_cart.cpp)
      target_link_libraries(shop_tests PRIVATE shop_core)
    endif()
    """


def test_cmake_is_cut_per_function_macro_and_target():
    pieces = cut("cmake", CMAKE)
    by = named(pieces)
    assert by["shop_add_warnings"].symbol_type == "function"
    assert by["shop_add_warnings"].content.startswith("# shop_add_warnings(<target>)")
    assert by["shop_default"].symbol_type == "macro"
    core = by["shop_core"]
    assert core.symbol_type == "target"
    # the commands right after add_library that set the target up are in its piece
    assert "cxx_std_17" in core.content
    # a small if() is kept whole, named after the target it defines
    tests = by["shop_tests"]
    assert tests.content.startswith("if(SHOP_BUILD_TESTS)")
    assert tests.content.rstrip().endswith("endif()")
    assert "not_code" not in by and "call" not in by
    assert covered(pieces, CMAKE)


def test_unbalanced_input_never_raises():
    for language, text in (("cmake", "function(f\n  if((\n"), ("make", "a: b\n\tx \\\n"),
                           ("dockerfile", "FROM x AS y\nRUN <<EOF\nno end\n"),
                           ("cmake", '#[==[ open\nset(x "y'), ("make", "define x\n")):
        pieces = cut(language, text)
        assert pieces and all(p.start_line <= p.end_line for p in pieces)


def test_tab_indented_comments_after_a_variable_stay_in_its_block():
    # CPython 3.11's Makefile: a list of objects, then two commented-out ones
    by = named(cut("make", """
        LIBMPDEC_OBJS= \\
        \t\tModules/_decimal/libmpdec/basearith.o \\
        \t\tModules/_decimal/libmpdec/transpose.o
        \t\t# _decimal does not use signaling API
        \t\t# Modules/_decimal/libmpdec/mpsignal.o

        LIBMPDEC_HEADERS= \\
        \t\t$(srcdir)/Modules/_decimal/libmpdec/basearith.h
        """))
    assert by["LIBMPDEC_OBJS"].content.rstrip().endswith("mpsignal.o")


def test_a_generated_cmake_file_of_thousands_of_targets_names_each():
    # (the blocks' nesting is found by bisection: 4,000 of them took 14 s, now 0.5 s)
    body = "".join(f"if(OPT_{i})\n  add_library(lib{i} STATIC src/f{i}.c)\nendif()\n"
                   f"add_executable(tool{i} tools/t{i}.c tools/common.c)\n"
                   for i in range(3000))
    pieces = cut("cmake", body)
    assert {"lib0", "tool0", "lib2999", "tool2999"} <= {p.symbol for p in pieces}


def test_a_top_level_call_with_a_colon_is_no_rule():
    by = named(cut("make", """
        ifndef API_URL
        $(error API_URL is not set: export it or pass API_URL=... on the command line)
        endif

        deploy: build
        \t./scripts/deploy.sh --url "$(API_URL)" --environment production
        """))
    assert "$(error API_URL is not set" not in by
    assert by["deploy"].symbol_type == "target"


def test_a_long_cmake_condition_is_cut_at_a_word():
    by = named(cut("cmake", """
        if(NOT CMAKE_BUILD_TYPE AND NOT DEFINED CMAKE_CONFIGURATION_TYPES AND NOT MSVC_IDE)
          set(CMAKE_BUILD_TYPE MinSizeRel CACHE STRING "Choose the type of build" FORCE)
        endif()
        """))
    assert list(by) == ["if(NOT CMAKE_BUILD_TYPE AND NOT DEFINED ...)"]

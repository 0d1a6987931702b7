# Build and release the inventory service.
# Run `make help` to list the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Versions and image coordinates
VERSION ?= $(shell git describe --tags --always --dirty)
REGISTRY ?= ghcr.io/example
IMAGE := $(REGISTRY)/inventory

CC ?= cc
CFLAGS += -O2 -Wall -Wextra \
          -DVERSION=\"$(VERSION)\"
LDLIBS := -lm

ifeq ($(DEBUG),1)
  CFLAGS += -g -O0
endif

OBJS := $(patsubst %.c,build/%.o,$(wildcard src/*.c))

define docker_build
	docker buildx build --platform $(1) \
		--build-arg VERSION=$(VERSION) -t $(IMAGE):$(VERSION) $(2) .
endef

.PHONY: all help test release clean

all: bin/inventory

help: ## Show this help.
	@grep -E '^[a-zA-Z_-]+:.*?## .*$$' $(MAKEFILE_LIST) | sort

bin/inventory: $(OBJS)
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# Object files from the C sources.
build/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

.PHONY: test
test: bin/inventory ## Run the test suite.
ifeq ($(CI),true)
	./tests/run.sh --junit build/junit.xml
else
	./tests/run.sh
endif

# Tag the release, build the multi-arch image and push it.
release: test
	@test -z "$$(git status --porcelain)" || (echo "dirty tree" && exit 1)
	git tag -a $(VERSION) -m "inventory $(VERSION)"
	$(call docker_build,linux/amd64$(comma)linux/arm64,--push)
	git push origin $(VERSION)

clean:
	rm -rf bin/ build/

include $(wildcard local.mk)

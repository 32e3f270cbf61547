# Zoetrope: `make render` and `make test` do all the set-up on a fresh Debian machine.

SWIFT   ?= swift
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT     := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
RELEASE := .build/release/zoetrope

.PHONY: render test build deps bench clean

## Build in release mode, then render every scene in scenes/ into output/<scene>/, with a
## contact sheet (sheet.png) beside each scene's frames.
render: build
	$(RELEASE) render
	@for scene in scenes/*.yaml scenes/*.yml scenes/*.json; do \
		if [ -e "$$scene" ]; then $(RELEASE) sheet "$$scene" || exit 1; fi; \
	done

## Run every test (unit tests and end-to-end tests of the built binary).
test: deps
	$(SWIFT) test

## Benchmark against a C reference program (see bench/run.sh); prints ratios, not pass/fail.
bench: build
	@command -v gcc >/dev/null || $(APT) install -y -qq gcc
	bash bench/run.sh

build: deps
	$(SWIFT) build -c release --product zoetrope

## Install what is missing: Cairo's, libdeflate's and libcrypto's headers, pkg-config, and a font for text layers.
deps:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is required: https://www.swift.org/install/linux/"; exit 1; }
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists cairo || ! pkg-config --exists libdeflate || ! pkg-config --exists libcrypto; then \
		echo "Installing libcairo2-dev, libdeflate-dev, libssl-dev (SHA-256) and pkg-config"; \
		$(APT) update -qq && $(APT) install -y -qq libcairo2-dev libdeflate-dev libssl-dev pkg-config; \
	fi
	@if ! command -v fc-list >/dev/null 2>&1 || ! fc-list | grep -q "DejaVu Sans"; then \
		echo "Installing fontconfig and fonts-dejavu-core (the default font of text layers)"; \
		$(APT) update -qq && $(APT) install -y -qq fontconfig fonts-dejavu-core; \
	fi

clean:
	rm -rf .build output/*/

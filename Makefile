# Zoetrope: `make render` and `make test` do all the set-up on a fresh Debian machine.

SWIFT   ?= swift
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT     := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
RELEASE := .build/release/zoetrope
## The CPU the release binary is compiled for: on x86-64, Nehalem's instructions (x86-64-v2:
## SSSE3, SSE4.1 and 4.2, POPCNT; every x86-64 CPU since 2009, AMD's since 2011), which encode
## and draw 5 % faster than x86-64's first (docs/performance.md). `make build TARGET_CPU=`
## builds for any x86-64; another name of `swiftc -target-cpu` builds for that CPU.
TARGET_CPU ?= $(if $(filter x86_64,$(shell uname -m)),nehalem)
CPU_FLAGS  := $(if $(TARGET_CPU),-Xswiftc -target-cpu -Xswiftc $(TARGET_CPU) -Xcc -march=$(TARGET_CPU))

.PHONY: render install test test-binary test-fuzz-lottie test-fuzz-lottie-run test-layout layout-deps lottie-check lottie-corpus lottie-deps lottie-ios-check lottie-ios-check-short test-install test-example test-seeds test-farm test-browser test-blackbox screenshots fuzz fuzz-short fuzz-build build deps farm-deps browser-deps media-deps schema-deps bench clean

## Build in release mode, then render every scene in scenes/ into output/<scene>/, with a
## contact sheet (sheet.png) and a frame viewer (index.html) beside each scene's frames.
render: build
	$(RELEASE) render
	@for scene in scenes/*.yaml scenes/*.yml scenes/*.json; do \
		if [ -e "$$scene" ]; then $(RELEASE) sheet "$$scene" && $(RELEASE) view "$$scene" || exit 1; fi; \
	done

## Run every test: unit tests, end-to-end tests of the built binary, the test report and the
## frame viewer in a real headless Chromium, a short render on a real one-node Slurm cluster (a
## job array of 4 shards writing into one folder), a short run of each fuzz target after
## replaying every crash input it ever found, and a minute of the black-box fuzzer (hostile
## reports, manifests, PNG headers, alias bombs, extreme numbers and names run through the binary).
##
## After the Swift tests, two lanes at once (docs/performance.md, "Building and testing from a
## clean clone"): the debug binary's end-to-end checks, the example packages and the seed films
## in one, and in the other the fuzz targets' build (mostly one compiler process at a time,
## which leaves the second core idle), their short runs, the black box and the Lottie checks,
## its output kept in .build/test-fuzz-lottie.log and printed when it ends.
test: deps farm-deps browser-deps media-deps schema-deps layout-deps
	$(SWIFT) test
	$(MAKE) -j2 test-binary test-fuzz-lottie

test-binary:
	$(MAKE) test-layout LAYOUT_SYSTEMS=500
	/usr/bin/python3 Tests/API/public_api.py .build/debug
	$(BROWSER_TEST) .build/debug/zoetrope
	$(MAKE) test-install
	/usr/bin/python3 Tests/Schema/validate.py .build/debug/zoetrope
	$(MAKE) test-example
	$(MAKE) test-seeds
	bash Tests/Farm/slurm-array.sh .build/debug/zoetrope scenes/frog-reverse.yaml 4

## The other lane of make test, its output printed when it ends: the fuzz targets, the black box
## and the Lottie checks (those after the fuzz runs, so that the two lanes end together). Beside
## the other lane an input gets twice fuzz-short's 60 s (FUZZ_TIMEOUT): a hang is still one, but
## an unoptimised ASan build may get half a core.
test-fuzz-lottie:
	@mkdir -p .build
	@echo "make test-fuzz-lottie: the fuzz build, 10 s of each fuzz target, $(BLACKBOX_SECONDS) s of the black box and the Lottie checks, beside the rest; output printed when it ends"
	@$(MAKE) test-fuzz-lottie-run FUZZ_TIMEOUT=120 > .build/test-fuzz-lottie.log 2>&1; \
		status=$$?; echo "==> make test-fuzz-lottie (exit $$status), .build/test-fuzz-lottie.log:"; cat .build/test-fuzz-lottie.log; exit $$status

test-fuzz-lottie-run: fuzz-short
	$(BLACKBOX_DEBUG) --seconds $(BLACKBOX_SECONDS)
	$(MAKE) lottie-check LOTTIE_CORPUS=Tests/Lottie/Corpus EXPORT_EVERY=10 ZOETROPE=.build/debug/zoetrope

## The report and viewer pages in headless Chromium, driven by selenium (Debian's packages).
BROWSER_TEST := /usr/bin/python3 Tests/Browser/pages.py
test-browser: deps browser-deps
	$(SWIFT) build --product zoetrope
	$(BROWSER_TEST) .build/debug/zoetrope

## The README's screenshots of both pages, taken by the browser test.
screenshots: build browser-deps
	$(BROWSER_TEST) $(RELEASE) docs/images

## The farm suite at length: 8 shards of a 245-frame scene on the one-node Slurm cluster.
test-farm: deps farm-deps
	$(SWIFT) build --product zoetrope
	bash Tests/Farm/slurm-array.sh .build/debug/zoetrope scenes/frog-pause-scrub.yaml 8

## Install the release binary and its shell completions under PREFIX (default /usr/local):
## bin/zoetrope, and completions for bash, zsh and fish where those shells look for them.
## (INSTALL_BINARY installs another build, without building: the install test uses the debug one.)
PREFIX ?= /usr/local
INSTALL_BINARY ?=
install: $(if $(INSTALL_BINARY),,build)
	install -D -m 755 $(or $(INSTALL_BINARY),$(RELEASE)) $(DESTDIR)$(PREFIX)/bin/zoetrope
	mkdir -p $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(DESTDIR)$(PREFIX)/bin/zoetrope --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/zoetrope
	$(DESTDIR)$(PREFIX)/bin/zoetrope --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_zoetrope
	$(DESTDIR)$(PREFIX)/bin/zoetrope --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/zoetrope.fish

## make install into a temporary prefix, then the installed binary runs and bash completes
## its subcommands and flags.
test-install:
	bash Tests/Install/install.sh $(or $(INSTALL_BINARY),.build/debug/zoetrope)

## The example packages, depending on this one by path: Examples/FrogFilm built (no warning
## from Zoetrope's sources may reach a package that depends on them), run (frames,
## an APNG and a contact sheet from PropertyAnimator calls) and its snapshot tests run, then
## Packages/ZoetropeSnapshotTesting's own tests (built into FrogFilm's .build, which holds every
## module it needs); Examples/CardFilm (UIKit code with `import ZoetropeUIKit` and a Film)
## built and run, resolving no snapshot-testing package.
test-example: deps
	@mkdir -p .build
	cd Examples/FrogFilm && { $(SWIFT) build > $(CURDIR)/.build/example-build.log 2>&1; status=$$?; cat $(CURDIR)/.build/example-build.log; exit $$status; }
	@if grep -E "\.swift:[0-9]+:[0-9]+: warning:" .build/example-build.log | grep -v "/\.build/"; then \
		echo "Zoetrope's sources warn in a package that depends on them (above)"; exit 1; fi
	cd Examples/FrogFilm && $(SWIFT) run FrogFilm $(CURDIR)/.build/example-output && $(SWIFT) test
	@test -s .build/example-output/frog.apng && test -s .build/example-output/sheet.png && test -s .build/example-output/frames/frame_00120.png
	cd Packages/ZoetropeSnapshotTesting && $(SWIFT) test --scratch-path $(CURDIR)/Examples/FrogFilm/.build
	cd Examples/CardFilm && $(SWIFT) build --scratch-path $(CURDIR)/Examples/FrogFilm/.build && $(SWIFT) run --scratch-path $(CURDIR)/Examples/FrogFilm/.build CardFilm $(CURDIR)/.build/example-output
	@test -s .build/example-output/card.apng && test -s .build/example-output/card/frame_00060.png && ! test -e .build/example-output/card/frame_00061.png
	@if grep -q swift-snapshot-testing Examples/CardFilm/Package.resolved; then \
		echo "Examples/CardFilm depends on Zoetrope's libraries alone, yet resolved swift-snapshot-testing"; exit 1; fi

## The seed chapters' UIKit code (Examples/Animalation, BlurPreview, Dismiss: targets of this
## package) and our own ChatText, LayerTime, Navigation, SignUp, StackToggle and Table filmed and compared frame by frame with their scenes: every frame the same bytes.
test-seeds: deps
	$(SWIFT) build --product Animalation && $(SWIFT) build --product BlurPreview && $(SWIFT) build --product Dismiss && $(SWIFT) build --product Navigation && $(SWIFT) build --product ChatText && $(SWIFT) build --product LayerTime && $(SWIFT) build --product SignUp && $(SWIFT) build --product StackToggle && $(SWIFT) build --product Table && $(SWIFT) build --product zoetrope
	bash Tests/Seeds/compare.sh .build/debug .build/seed-films

## Benchmark against a C reference program (see bench/run.sh), and 3-D layers against the same
## scene drawn flat (bench/depth.sh); prints ratios, not pass/fail.
bench: build lottie-deps
	@command -v gcc >/dev/null || $(APT) install -y -qq gcc
	bash bench/run.sh
	bash bench/depth.sh

## The Swift runtime linked in statically: a process starts in about 10 ms less (no dynamic
## symbol lookups into it), which is most of what one frame waits for (docs/performance.md).
build: deps
	$(SWIFT) build -c release --product zoetrope --static-swift-stdlib $(CPU_FLAGS)

## Install what is missing: Cairo's, Pango's, libdeflate's, zlib's, libcrypto's, libjpeg's and libwebp's headers, Duktape's source, pkg-config, and the fonts of text layers.
deps:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is required: https://www.swift.org/install/linux/"; exit 1; }
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists cairo || ! pkg-config --exists libdeflate || ! pkg-config --exists libcrypto || ! pkg-config --exists zlib || ! pkg-config --exists libjpeg || ! pkg-config --exists libwebp; then \
		echo "Installing libcairo2-dev, libdeflate-dev, zlib1g-dev (joining PNG strips), libssl-dev (SHA-256), libjpeg-dev and libwebp-dev (JPEG and WebP images) and pkg-config"; \
		$(APT) update -qq && $(APT) install -y -qq libcairo2-dev libdeflate-dev zlib1g-dev libssl-dev libjpeg-dev libwebp-dev pkg-config; \
	fi
	@if [ ! -f /usr/share/duktape/duktape.c ] || [ ! -f /usr/share/duktape/duk_config.h ]; then \
		echo "Installing duktape-dev (the JavaScript engine of Lottie expressions, compiled from its source by Sources/CDuktape)"; \
		$(APT) update -qq && $(APT) install -y -qq duktape-dev; \
	fi
	@if ! pkg-config --exists pangocairo; then \
		echo "Installing libpango1.0-dev (text: shaping through HarfBuzz, fonts through fontconfig, bidi and line breaking)"; \
		$(APT) update -qq && $(APT) install -y -qq libpango1.0-dev; \
	fi
	@if ! command -v fc-list >/dev/null 2>&1 || ! fc-list | grep -q "DejaVu Sans" || ! fc-list | grep -q "DejaVuSerif-Italic" \
		|| ! fc-list | grep -q "Lohit Devanagari" || ! command -v pango-view >/dev/null 2>&1; then \
		echo "Installing fontconfig, fonts-dejavu-core and -extra (the default font of text layers, its light and italic faces), fonts-lohit-deva (Devanagari) and pango1.0-tools (pango-view, which the text tests compare with)"; \
		$(APT) update -qq && $(APT) install -y -qq fontconfig fonts-dejavu-core fonts-dejavu-extra fonts-lohit-deva pango1.0-tools; \
	fi
	@if ! fc-list | grep -q "Liberation Sans"; then \
		echo "Installing fonts-liberation2 (Helvetica's, Arial's, Times's and Courier's stand-ins, with their advances: docs/text.md)"; \
		$(APT) update -qq && $(APT) install -y -qq fonts-liberation2; \
	fi

## The libFuzzer targets of Fuzz/ (docs/reliability.md): fuzz runs each FUZZ_SECONDS (default
## 20 minutes), fuzz-short 10 seconds; then the black-box fuzzer of the binary (Tests/BlackBox/
## hostile.py) as long with a new seed (test-blackbox: a minute of it, seed 1, the debug binary).
## fuzz builds the targets with libFuzzer alone (held to the product's 10 s an input) and
## FuzzFirstFrame also under AddressSanitizer; fuzz-short, in make test, builds once: every
## target under AddressSanitizer, unoptimised (-Onone: a third of the optimised build's CPU),
## an input given 60 s, without the seeds such a build takes minutes to draw (the scenes at the
## limits; scenes/ drawn whole at their size by FuzzSceneAtSize): make fuzz keeps them.
FUZZ_SECONDS ?= 1200
FUZZ_BUILD   := $(SWIFT) build --package-path Fuzz -c release -Xswiftc -use-ld=lld
FUZZ_ASAN    := $(FUZZ_BUILD) -Xswiftc -sanitize=fuzzer,address --scratch-path $(CURDIR)/Fuzz/.build-asan
FUZZ_BUILD_SHORT := $(FUZZ_BUILD) -Xswiftc -Onone -Xswiftc -sanitize=fuzzer,address --scratch-path $(CURDIR)/Fuzz/.build-short
fuzz-build: deps
	$(FUZZ_BUILD) -Xswiftc -sanitize=fuzzer
	$(FUZZ_ASAN) --product FuzzFirstFrame

fuzz: fuzz-build build
	bash Fuzz/run.sh $(FUZZ_SECONDS)
	$(BLACKBOX) $(RELEASE) --seconds $(FUZZ_SECONDS) --seed $$(date +%s)

BLACKBOX         := /usr/bin/python3 Tests/BlackBox/hostile.py
BLACKBOX_SECONDS ?= 60
## The debug binary reads a large Lottie file several times slower than the release one: make
## test gives its cases 20 s; make fuzz holds the release binary to the product's 10 s.
BLACKBOX_DEBUG   := $(BLACKBOX) .build/debug/zoetrope --timeout 20
test-blackbox:
	$(SWIFT) build --product zoetrope
	$(BLACKBOX_DEBUG) --seconds $(BLACKBOX_SECONDS)

FUZZ_TIMEOUT ?= 60
fuzz-short: deps
	$(FUZZ_BUILD_SHORT)
	FUZZ_BUILD_DIR=.build-short/release FUZZ_TIMEOUT=$(FUZZ_TIMEOUT) FUZZ_SHORT=1 bash Fuzz/run.sh 10

## Slurm and munge for the farm tests, run as a one-node cluster without systemd.
farm-deps:
	@if ! command -v slurmctld >/dev/null 2>&1 || ! command -v slurmd >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then \
		echo "Installing slurm-wlm and munge (the farm tests start their own one-node cluster)"; \
		$(APT) update -qq && $(APT) install -y -qq slurm-wlm munge; \
	fi

## Chromium, its WebDriver and Python's selenium for the browser tests.
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1 || ! /usr/bin/python3 -c "import selenium" 2>/dev/null; then \
		echo "Installing chromium, chromium-driver and python3-selenium (the pages are tested in a real browser)"; \
		$(APT) update -qq && $(APT) install -y -qq --no-install-recommends chromium chromium-driver python3-selenium; \
	fi

## ffmpeg for GIF, MP4, WebM and WebP (and ffprobe, which the tests read them with).
media-deps:
	@if ! command -v ffmpeg >/dev/null 2>&1 || ! command -v ffprobe >/dev/null 2>&1; then \
		echo "Installing ffmpeg (zoetrope video writes GIF, MP4, WebM and WebP through it)"; \
		$(APT) update -qq && $(APT) install -y -qq --no-install-recommends ffmpeg; \
	fi

## Lottie against ThorVG, the reference renderer: renders every file of LOTTIE_CORPUS (a folder
## of Lottie files, given as LOTTIE_CORPUS=folder) with both and prints files rendered, crashes,
## agreement and ms per frame; then exports every scene of scenes/ to Lottie and compares
## ThorVG's frames of it with Zoetrope's own (every EXPORT_EVERY-th frame); then converts every
## file of LOTTIE_CORPUS to a scene and back to Lottie and compares the frames of the two
## (Tests/Lottie/roundtrip_check.py: at least 95 % must round-trip); then scores lottie-ios's own
## snapshot images (LOTTIE_IOS, a lottie-ios checkout or git directory; without it the fifteen
## samples kept in Tests/Lottie/LottieIOS, of which LOTTIE_IOS_MIN_AGREE must agree) with
## Zoetrope and with ThorVG at the snapshots' exact frames, and prints both references' scores
## side by side. `make test` runs it on Tests/Lottie/Corpus, every tenth frame, with the debug binary.
LOTTIE_CORPUS ?=
LOTTIE_VENV   := .build/lottie-venv
LOTTIE_LIMIT  ?= 0
EXPORT_EVERY  ?= 1
ROUNDTRIP_JOBS ?= 2
## The binary checked: the release one, built first, unless ZOETROPE names another (`make test`
## checks its debug build, which is done already: a release build would cost CI eight minutes).
ZOETROPE      ?=
LOTTIE_BINARY  = $(or $(ZOETROPE),$(RELEASE))

lottie-check: lottie-corpus $(if $(ZOETROPE),,build) lottie-deps
	$(LOTTIE_VENV)/bin/python Tests/Lottie/lottie_check.py $(LOTTIE_BINARY) $(LOTTIE_CORPUS) --limit $(LOTTIE_LIMIT) --report .build/lottie-check.json
	$(LOTTIE_VENV)/bin/python Tests/Lottie/export_check.py $(LOTTIE_BINARY) $(wildcard scenes/*.yaml scenes/*.json) --every $(EXPORT_EVERY) --jobs $(ROUNDTRIP_JOBS) --report .build/lottie-export.json
	$(LOTTIE_VENV)/bin/python Tests/Lottie/roundtrip_check.py $(LOTTIE_BINARY) $(LOTTIE_CORPUS) --limit $(LOTTIE_LIMIT) --jobs $(ROUNDTRIP_JOBS) --report .build/lottie-roundtrip.json
	$(LOTTIE_VENV)/bin/python Tests/Lottie/lottie_ios_check.py $(LOTTIE_BINARY) $(or $(LOTTIE_IOS),Tests/Lottie/LottieIOS) \
		$(if $(LOTTIE_IOS),--jobs $(LOTTIE_IOS_JOBS),--complete --min-agree $(LOTTIE_IOS_MIN_AGREE)) --work .build/lottie-ios-work --cache .build/lottie-ios-cache --report .build/lottie-ios-check.json
	$(LOTTIE_VENV)/bin/python Tests/Lottie/lottie_summary.py .build/lottie-check.json .build/lottie-ios-check.json .build/lottie-roundtrip.json

## Says, before anything is built or installed, that the folder to check is missing.
lottie-corpus:
	@if [ -z "$(LOTTIE_CORPUS)" ]; then echo "lottie-check: give the folder of Lottie files to check as LOTTIE_CORPUS=folder (Tests/Lottie/Corpus holds 17)"; exit 2; fi
	@if [ ! -d "$(LOTTIE_CORPUS)" ]; then echo "lottie-check: no folder at LOTTIE_CORPUS=$(LOTTIE_CORPUS)"; exit 2; fi

## Lottie against lottie-ios's own snapshot images (Tests/Lottie/lottie_ios_check.py; docs/lottie.md):
## every sample of lottie-ios's Tests/Samples that has main-thread snapshots, rendered by Zoetrope
## at each snapshot's progress and size and compared; disagreements are classed (timing, custom
## configuration, drawn without, drawing; ThorVG tells timing apart). LOTTIE_IOS is a lottie-ios
## checkout or its git directory; without it, lottie-ios is cloned (shallow) into .build/lottie-ios.
## lottie-ios-check-short checks the fifteen samples kept in Tests/Lottie/LottieIOS (no network)
## and fails when fewer than LOTTIE_IOS_MIN_AGREE of them agree, a snapshot has no sample or a
## sample no snapshot. ZOETROPE=path checks that binary instead of building the release one.
LOTTIE_IOS           ?=
LOTTIE_IOS_CLONE     := .build/lottie-ios
LOTTIE_IOS_JOBS      ?= 2
LOTTIE_IOS_MIN_AGREE ?= 14
LOTTIE_IOS_CHECK     := $(LOTTIE_VENV)/bin/python Tests/Lottie/lottie_ios_check.py $(or $(ZOETROPE),$(RELEASE))

lottie-ios-check: $(if $(ZOETROPE),,build) lottie-deps
	@if [ -z "$(LOTTIE_IOS)" ] && [ ! -d $(LOTTIE_IOS_CLONE) ]; then \
		echo "Cloning airbnb/lottie-ios (its samples and snapshot images) into $(LOTTIE_IOS_CLONE); LOTTIE_IOS=path uses a checkout or git directory instead"; \
		rm -rf $(LOTTIE_IOS_CLONE).part && git clone -q --depth 1 https://github.com/airbnb/lottie-ios $(LOTTIE_IOS_CLONE).part && mv $(LOTTIE_IOS_CLONE).part $(LOTTIE_IOS_CLONE) || exit 1; \
	fi
	$(LOTTIE_IOS_CHECK) $(or $(LOTTIE_IOS),$(LOTTIE_IOS_CLONE)) --jobs $(LOTTIE_IOS_JOBS) --work .build/lottie-ios-work --cache .build/lottie-ios-cache --report .build/lottie-ios-check.json

lottie-ios-check-short: $(if $(ZOETROPE),,build) lottie-deps
	$(LOTTIE_IOS_CHECK) Tests/Lottie/LottieIOS --complete --min-agree $(LOTTIE_IOS_MIN_AGREE) --work .build/lottie-ios-short --report .build/lottie-ios-check-short.json

## ThorVG (thorvg-python 1.1.3), Pillow, NumPy, and the Lottie schema (lottie-specs 0.5.2, checked
## with jsonschema-rs, and with jsonschema for the messages of an invalid file) from PyPI in a virtual environment of their own.
lottie-deps:
	@if ! /usr/bin/python3 -m venv --help >/dev/null 2>&1 || ! /usr/bin/python3 -c "import ensurepip" 2>/dev/null; then \
		echo "Installing python3-venv (ThorVG is installed from PyPI in a virtual environment)"; \
		$(APT) update -qq && $(APT) install -y -qq --no-install-recommends python3-venv; \
	fi
	@if ! $(LOTTIE_VENV)/bin/python -c "import thorvg_python, PIL, numpy, jsonschema, jsonschema_rs, lottie_specs" 2>/dev/null; then \
		echo "Installing thorvg-python 1.1.3, Pillow, NumPy, jsonschema, jsonschema-rs and lottie-specs in $(LOTTIE_VENV) (the Lottie reference renderer, and the schema with two validators: Tests/Lottie/lottie_schema.py)"; \
		rm -rf $(LOTTIE_VENV) && /usr/bin/python3 -m venv $(LOTTIE_VENV) && \
		$(LOTTIE_VENV)/bin/pip install -q thorvg-python==1.1.3 pillow==11.0.0 numpy==2.2.6 jsonschema==4.23.0 jsonschema-rs==0.60.3 lottie-specs==0.5.2; \
	fi

## The constraint solver of ZoetropeUIKit/Layout against kiwisolver, the Cassowary solver it
## follows (docs/layout.md): LAYOUT_SYSTEMS random systems from LAYOUT_SEED, solved by both,
## errors and every value compared. `make test` runs 500 of them.
LAYOUT_VENV    := .build/layout-venv
LAYOUT_SYSTEMS ?= 5000
LAYOUT_SEED    ?= 1

test-layout: deps layout-deps
	$(SWIFT) build --product LayoutCheck
	$(LAYOUT_VENV)/bin/python Tests/Layout/kiwi_check.py .build/debug/LayoutCheck --systems $(LAYOUT_SYSTEMS) --seed $(LAYOUT_SEED)

## kiwisolver 1.5.1 from PyPI in a virtual environment of its own.
layout-deps:
	@if ! /usr/bin/python3 -m venv --help >/dev/null 2>&1 || ! /usr/bin/python3 -c "import ensurepip" 2>/dev/null; then \
		echo "Installing python3-venv (kiwisolver is installed from PyPI in a virtual environment)"; \
		$(APT) update -qq && $(APT) install -y -qq --no-install-recommends python3-venv; \
	fi
	@if ! $(LAYOUT_VENV)/bin/python -c "import kiwisolver" 2>/dev/null; then \
		echo "Installing kiwisolver 1.5.1 in $(LAYOUT_VENV) (the reference of the constraint solver)"; \
		rm -rf $(LAYOUT_VENV) && /usr/bin/python3 -m venv $(LAYOUT_VENV) && \
		$(LAYOUT_VENV)/bin/pip install -q kiwisolver==1.5.1; \
	fi

## Python's jsonschema and YAML reader, to check the scene schema with a real validator.
schema-deps:
	@if ! /usr/bin/python3 -c "import jsonschema, yaml" 2>/dev/null; then \
		echo "Installing python3-jsonschema and python3-yaml (the scene schema is checked with a real validator)"; \
		$(APT) update -qq && $(APT) install -y -qq --no-install-recommends python3-jsonschema python3-yaml; \
	fi

clean:
	rm -rf .build output/*/

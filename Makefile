# Quick start: `make run` (install, build, validate samples/, import them into
# $(BUILD)/samples.sqlite and print statistics) and `make test` (install, build, test).
# `make install` (PREFIX=/usr/local, DESTDIR honoured) installs bin/ppn, the man page and the
# bash completion (cli/CMakeLists.txt).
BUILD ?= build
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PPN := $(BUILD)/cli/ppn

.PHONY: deps configure build install run test test-sanitize test-sanitize-all fuzz bench bench-python clean

deps:
	@scripts/install-deps

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"

run: build
	$(PPN) validate samples/*.ppn
	$(PPN) import --db $(BUILD)/samples.sqlite samples/*.ppn
	$(PPN) query --db $(BUILD)/samples.sqlite summary
	$(PPN) query --db $(BUILD)/samples.sqlite captures
	$(PPN) stats --db $(BUILD)/samples.sqlite --player "Marta Ruiz"
	@echo "Browse, replay and record games in the browser: $(PPN) serve --db $(BUILD)/samples.sqlite (docs/SERVE.md), then open the URL it prints"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The core's tests under AddressSanitizer + UndefinedBehaviorSanitizer: the stages that read
# records and outside formats and play the game (PPN_CORE_ONLY, CMakeLists.txt), with their
# in-process tests, in a Debug build (assertions on: the engine's position checks after every
# mini-move) at -O1, without the tests tagged [slow] (tests/CMakeLists.txt).
test-sanitize: deps
	@cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" \
	  -DPPN_SANITIZE=address,undefined -DPPN_CORE_ONLY=ON >/dev/null
	@cmake --build build-sanitize -j $(JOBS)
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# The whole tree under the same sanitizers (db/, app/, cli/ and their tests too), by hand: about
# 20 minutes on 2 cores, beyond what CI gives it (docs/PERFORMANCE.md).
test-sanitize-all: deps
	@cmake -S . -B build-sanitize-all -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" \
	  -DPPN_SANITIZE=address,undefined >/dev/null
	@cmake --build build-sanitize-all -j $(JOBS)
	cd build-sanitize-all && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# libFuzzer harnesses (fuzz/README.md): clang++ build in build-fuzz/, corpora seeded from
# samples/ and ../shared/, each harness run for FUZZ_SECONDS (default 60) under nice.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz

bench: build
	$(PPN) bench parse
	$(PPN) bench replay
	$(PPN) bench import

# The Python module's speed next to the CLI and to C++ (python3 -m ppn.bench, docs/PYTHON.md).
bench-python: build
	cmake --build $(BUILD) --target bench-python

clean:
	rm -rf $(BUILD)

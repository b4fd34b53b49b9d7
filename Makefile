# The README's two commands: `make run` (build and play) and `make test` (build and test).
# Both install what is missing first (scripts/install-deps).

SWIFT ?= swift
ARGS ?=

.PHONY: run test build release man deps bench bench-vs-sdl probe clean fuzz sanitize install uninstall soak screenshots example docs

deps:
	@scripts/install-deps

build: deps
	@test -x .build/release/motionlab || echo "make: building the optimised release build (the tests' debug build draws several times slower); about a minute the first time"
	$(SWIFT) build -c release --product motionlab

# The release build: the tests' debug build draws several times slower, so make run builds
# its own (about a minute the first time on 2 cores; after that only what changed).
run: build
	.build/release/motionlab $(ARGS)

# The full logs stay in .build/test-build.log, .build/test.log and .build/docs.log; the
# terminal gets the failures in full and the passes counted (scripts/test).
test:
	@scripts/install-deps --test
	@SWIFT=$(SWIFT) scripts/test

# The API documentation (DocC) as static HTML in .build/docs, offline; fails on any DocC warning.
docs: deps
	scripts/docs

# One of Examples/, built and run: make example NAME=path-handle (interrupted-flight,
# headless-run); ARGS pass on (--headless --frames 300 --state out.json …; headless-run
# takes only --frames N --script FILE).
example: deps
	@test -n "$(NAME)" || { echo "make example NAME=…: one of $$(ls Examples | sed 's/\([a-z]\)\([A-Z]\)/\1-\2/g' | tr 'A-Z' 'a-z' | tr '\n' ' ')"; exit 2; }
	$(SWIFT) run example-$(NAME) $(ARGS)

# The benchmark with the counting malloc preloaded (Benchmarks/MallocCounter), so it reports
# allocations per frame; the shipped motionlab defines no allocator of its own.
COUNTER = .build-bench/libmotionlab-malloc-counter.so
$(COUNTER): Benchmarks/MallocCounter/malloc_counter.c Benchmarks/MallocCounter/malloc_counter.h
	@mkdir -p .build-bench
	$(CC) -O2 -shared -fPIC -o $@ Benchmarks/MallocCounter/malloc_counter.c

bench: build $(COUNTER)
	LD_PRELOAD=$(abspath $(COUNTER)) .build/release/motionlab bench $(ARGS)

# The README's pictures (docs/*.png, docs/*.gif) from scripted headless runs.
screenshots: deps
	scripts/screenshots

bench-vs-sdl: build
	@scripts/install-deps --bench
	scripts/bench-vs-sdl $(ARGS)

# The machine's limit for bench's sprites: a plain C loop (Benchmarks/SpriteProbe) clearing a
# 640x480 buffer and drawing 10,000 32x32 sprites a frame, colour-keyed (testsprite2's icon)
# and blended (Resources/sprite.bmp), one thread, each plainly and tiled (--tile WxH); ARGS
# pass on (--sprites, --size, --tile, --json …).
probe: deps
	@scripts/install-deps --bench
	@mkdir -p .build-probe
	$(CC) -O3 -march=native -o .build-probe/sprite-probe Benchmarks/SpriteProbe/sprite-probe.c $$(pkg-config --cflags --libs sdl2)
	.build-probe/sprite-probe $(ARGS)

# libFuzzer on every parser and input surface (scripts/fuzz): RUNS inputs each (default
# 1,000,000) or SECONDS_EACH seconds each; FUZZ=name runs one.
fuzz: deps
	$(SWIFT) build -c release --scratch-path .build-fuzz --product motionlab-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	$(SWIFT) build --product motionlab-fuzz
	scripts/fuzz $(FUZZ)

# The tests under AddressSanitizer + UndefinedBehaviorSanitizer, then under ThreadSanitizer.
# swiftc has no UBSan for Linux (Swift itself traps on overflow and out-of-bounds), so
# UndefinedBehaviorSanitizer covers the C code. Leak detection is off: what it reports at
# exit are the test runner's and argument-parser's process-lifetime objects.
ASAN_FLAGS = --sanitize address -Xcc -fsanitize=undefined -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
sanitize: deps
	$(SWIFT) build --build-tests --scratch-path .build-asan $(ASAN_FLAGS)
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --scratch-path .build-asan
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize thread
	$(SWIFT) test --skip-build --scratch-path .build-tsan

# An hour of simulated use with random input over every scene (see docs/command-line.md).
soak: build
	.build/release/motionlab soak --minutes $(or $(MINUTES),60) --seed $(or $(SEED),1)

# Installs under PREFIX (and DESTDIR): bin/motionlab, share/motionlab (the resources), the
# man page, a desktop entry, the icon in the hicolor sizes and bash, zsh and fish completions,
# each listed in share/motionlab/install-manifest.txt; uninstall removes exactly those.
# Neither runs apt-get (make deps, or make run once, installs what the build needs).
PREFIX ?= /usr/local
MANPAGE = .build/plugins/GenerateManual/outputs/motionlab/motionlab.1

release:
	$(SWIFT) build -c release --product motionlab

# The man page, made by argument-parser's generate-manual plugin from the command line itself.
man: release
	$(SWIFT) package plugin generate-manual

install: release man
	scripts/install install "$(PREFIX)"

uninstall:
	scripts/install uninstall "$(PREFIX)"

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan .build-probe .build-bench

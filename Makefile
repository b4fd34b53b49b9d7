# The README's two commands: `make run` (build and play) and `make test` (build and test).
# Both install what is missing first (scripts/install-deps).

SWIFT ?= swift
ARGS ?=

.PHONY: run test build deps bench bench-vs-sdl probe clean fuzz sanitize install soak screenshots example docs

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c release --product motionlab

run: build
	.build/release/motionlab $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/docs

# The API documentation (DocC) as static HTML in .build/docs, offline; fails on any DocC warning.
docs: deps
	scripts/docs

# One of Examples/, built and run: make example NAME=path-handle (interrupted-flight,
# headless-run); ARGS pass on (--headless --frames 300 --state out.json …).
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
# and blended (Resources/sprite.bmp), one thread; ARGS pass on (--sprites, --size, --json …).
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

# Installs the binary in PREFIX/bin and its resources in PREFIX/share/motionlab.
PREFIX ?= /usr/local
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/motionlab"
	install -m 755 .build/release/motionlab "$(DESTDIR)$(PREFIX)/bin/motionlab"
	cp -R Resources/. "$(DESTDIR)$(PREFIX)/share/motionlab/"

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan .build-probe

# The README's two commands: `make run` (build and play) and `make test` (build and test).
# Both install what is missing first (scripts/install-deps).

SWIFT ?= swift
ARGS ?=

.PHONY: run test build deps bench bench-vs-sdl clean

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c release --product motionlab

run: build
	.build/release/motionlab $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: build
	.build/release/motionlab bench $(ARGS)

bench-vs-sdl: build
	@scripts/install-deps --bench
	scripts/bench-vs-sdl $(ARGS)

clean:
	rm -rf .build

# Two commands set everything up on a fresh Debian machine with the Swift toolchain:
#   make demo   runs the X11 demo (or, with no display, a Cairo export of a bundled trace)
#   make test   runs every test, the X11 ones under a private Xvfb
#   make test-fast  runs the tests that need no display, compositor or D-Bus (about a minute)
SWIFT ?= swift
TRACE ?= Examples/Traces/drag-past-threshold.json
OUT ?= out/export
PRESET ?= fluid

.PHONY: deps build test test-fast demo export bench lint format clean fuzz

deps:
	@scripts/deps.sh

build: deps
	$(SWIFT) build

# SWIPEDISMISS_REQUIRE_DISPLAY=1: a missing display, Xvfb or xdotool fails the X11 tests.
# .ci/run-tests runs one test target at a time and prints the seconds each took and the
# total; it fails on a failure, a skip or a target with no tests. It builds the tests and
# the tools they start optimised (.build/release, -enable-testing) and gives them a TMPDIR
# in /dev/shm; TEST_CONFIGURATION=debug runs them unoptimised.
test: deps
	SWIPEDISMISS_REQUIRE_DISPLAY=1 SWIFT="$(SWIFT)" scripts/with-xvfb.sh .ci/run-tests

# The core, Null, Cairo, Gif, the trace, ToolSupport, the signal pipe, the sheet facade and
# the hosts' value types, with no display, compositor or session bus (a test that needs one
# fails rather than skips).
test-fast: deps
	SWIFT="$(SWIFT)" .ci/run-tests --fast

fuzz: deps
	SWIPEDISMISS_FUZZ_CASES=$${CASES:-1000000} SWIPEDISMISS_FUZZ_SEED=$${SEED:-$$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')} $(SWIFT) test -c release --disable-swift-testing --filter Fuzz

# x11-demo's small release build (scripts/build-small-demo.sh, its own build folder: static
# Swift runtime, Foundation and libstdc++, no PIE, start functions ordered first; about 14 MB
# resident instead of 25; its path is the script's last line); if it fails to build, the
# debug build runs instead.
demo: deps
	@status=0; \
	if [ -n "$${DISPLAY:-}" ]; then \
		demo=$$(scripts/build-small-demo.sh | tail -1); \
		[ -x "$$demo" ] || { \
			echo "demo: the release build failed; building x11-demo for debugging instead" >&2; \
			$(SWIFT) build --product x11-demo && demo="$$($(SWIFT) build --show-bin-path)/x11-demo"; \
		} || exit 1; \
		echo "demo: opening the X11 window on $$DISPLAY (drag the card; Escape dismisses; Space presents; close the window to quit)" >&2; \
		"$$demo" --preset $(PRESET) || status=$$?; \
	else status=2; fi; \
	if [ $$status -eq 2 ]; then \
		echo "demo: no display; exporting $(TRACE) with cairo instead" >&2; \
		$(SWIFT) build --product cairo-export && mkdir -p $(OUT) && \
		"$$($(SWIFT) build --show-bin-path)/cairo-export" --trace $(TRACE) --out $(OUT) --preset $(PRESET) && \
		echo "demo: wrote $(OUT)/frame-*.png, $(OUT)/storyboard.pdf, $(OUT)/timeline.png, $(OUT)/samples.csv" >&2; \
	else exit $$status; fi

export: deps
	$(SWIFT) build --product cairo-export
	mkdir -p $(OUT)
	"$$($(SWIFT) build --show-bin-path)/cairo-export" --trace $(TRACE) --out $(OUT) --preset $(PRESET)

bench: deps
	$(SWIFT) build -c release --product swipedismiss-bench
	scripts/with-xvfb.sh "$$($(SWIFT) build -c release --show-bin-path)/swipedismiss-bench"

# The format check, then documentation coverage: every public symbol of the core and the
# plugins has a /// summary (scripts/check-docs.sh lists any that does not).
lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Plugins Tests Examples
	SWIFT="$(SWIFT)" scripts/check-docs.sh

format:
	$(SWIFT) format --in-place -r Package.swift Sources Plugins Tests Examples

clean:
	rm -rf .build out

# The whole suite under AddressSanitizer (the X11 tests and the x11-demo they start
# included, under a private Xvfb), built in its own folder so the normal build stays.
# Leak checking is off by default: at exit it reports only caches that fontconfig, cairo
# and XCTest keep for the life of the process (and turns exit 0 into 1); set
# ASAN_OPTIONS=detect_leaks=1 to see them.
.PHONY: sanitize
ASAN_BUILD ?= .build/asan
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_BUILD)
	ASAN_OPTIONS="$${ASAN_OPTIONS:-detect_leaks=0}" SWIPEDISMISS_REQUIRE_DISPLAY=1 \
		scripts/with-xvfb.sh $(SWIFT) test --skip-build --sanitize=address \
		--scratch-path $(ASAN_BUILD) --disable-swift-testing

# Static HTML documentation with the toolchain's own docc (no SwiftPM plugin needed): the
# core with its catalog (Sources/SwipeDismiss/SwipeDismiss.docc) and each plugin module, in
# out/docs/<Module> (or DOCS_OUT), with an index.html linking them. Fails on a docc error or
# a broken link in the catalog; DOCS_STRICT=1 also fails on warnings about doc comments.
.PHONY: docs docs-lint
docs:
	SWIFT="$(SWIFT)" scripts/build-docs.sh

# Lists every public symbol of the core and plugin modules without a /// doc comment and
# fails if there is one.
docs-lint:
	SWIFT="$(SWIFT)" scripts/check-docs.sh

# Whole-system cost of x11-demo (release, private Xvfb): exec -> first frame, idle RSS and
# CPU, app and X server CPU over a scripted drag, for the MIT-SHM and xlib-surface paths.
# PATHS="shm put xlib auto" picks paths; QT_QML=…/drawer.qml adds the Qt Quick peer. It
# measures the small release build (scripts/build-small-demo.sh; docs/performance.md).
.PHONY: perf
perf: deps
	RUNS=$${RUNS:-3} scripts/perf.sh $(PATHS)

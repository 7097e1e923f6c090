# Two commands set everything up on a fresh Debian machine with the Swift toolchain:
#   make demo   runs the X11 demo (or, with no display, a Cairo export of a bundled trace)
#   make test   runs every test, the X11 ones under a private Xvfb
SWIFT ?= swift
TRACE ?= Examples/Traces/drag-past-threshold.json
OUT ?= out/export
PRESET ?= fluid

.PHONY: deps build test demo export bench lint format clean fuzz

deps:
	@scripts/deps.sh

build: deps
	$(SWIFT) build

test: deps
	scripts/with-xvfb.sh $(SWIFT) test --disable-swift-testing

fuzz: deps
	SWIPEDISMISS_FUZZ_CASES=$${CASES:-1000000} SWIPEDISMISS_FUZZ_SEED=$${SEED:-$$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')} $(SWIFT) test -c release --disable-swift-testing --filter Fuzz

demo: deps
	$(SWIFT) build --product x11-demo
	$(SWIFT) build --product cairo-export
	@status=0; \
	if [ -n "$${DISPLAY:-}" ]; then \
		echo "demo: opening the X11 window on $$DISPLAY (drag the card; Escape dismisses; Space presents; close the window to quit)" >&2; \
		"$$($(SWIFT) build --show-bin-path)/x11-demo" --preset $(PRESET) || status=$$?; \
	else status=2; fi; \
	if [ $$status -eq 2 ]; then \
		echo "demo: no display; exporting $(TRACE) with cairo instead" >&2; \
		mkdir -p $(OUT) && "$$($(SWIFT) build --show-bin-path)/cairo-export" --trace $(TRACE) --out $(OUT) --preset $(PRESET) && \
		echo "demo: wrote $(OUT)/frame-*.png, $(OUT)/storyboard.pdf, $(OUT)/timeline.png, $(OUT)/samples.csv" >&2; \
	else exit $$status; fi

export: deps
	$(SWIFT) build --product cairo-export
	mkdir -p $(OUT)
	"$$($(SWIFT) build --show-bin-path)/cairo-export" --trace $(TRACE) --out $(OUT) --preset $(PRESET)

bench: deps
	$(SWIFT) build -c release --product swipedismiss-bench
	scripts/with-xvfb.sh "$$($(SWIFT) build -c release --show-bin-path)/swipedismiss-bench"

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Plugins Tests Examples

format:
	$(SWIFT) format --in-place -r Package.swift Sources Plugins Tests Examples

clean:
	rm -rf .build out

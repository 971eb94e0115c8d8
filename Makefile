# SwipeBack: `make demo` opens the demo, `make test` runs every test. Both install what they need.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT_FLAGS ?=

.PHONY: demo test build docs demo-xvfb demo-touch clean

build:
	scripts/install-deps build
	swift build $(SWIFT_FLAGS)

## Opens the demo window on $$DISPLAY (a desktop, or an X server you started), built optimised:
## a debug build composes a frame several times slower.
demo:
	scripts/install-deps demo
	swift build -c release $(SWIFT_FLAGS)
	"$$(swift build -c release --show-bin-path)/swipeback" demo $(ARGS)

## Runs every test: unit, rendering, command line, and end-to-end under a private Xvfb.
test:
	scripts/install-deps test
	swift build --build-tests $(SWIFT_FLAGS)
	swift test --skip-build $(SWIFT_FLAGS)

## Runs the demo on a private Xvfb (a free display, printed) with no desktop; drive it with xdotool (see README).
demo-xvfb:
	scripts/install-deps demo
	swift build -c release $(SWIFT_FLAGS)
	scripts/demo-xvfb $(ARGS)

## Runs the demo on a private Xorg with a real (emulated) touchscreen; needs root. Touch it with scripts/touch.py.
demo-touch:
	scripts/install-deps touch
	swift build -c release $(SWIFT_FLAGS)
	scripts/demo-xorg-touch $(ARGS)

## Builds the API documentation (DocC) into .build/docs/*.doccarchive; a doc warning (a parameter
## left undocumented, a broken link) fails it.
docs:
	scripts/install-deps build
	# (It also tries the test modules, which it cannot load: its status is not the check; docc is.)
	-swift package --scratch-path .build/docs dump-symbol-graph --minimum-access-level public
	rm -rf .build/docs/symbols && mkdir -p .build/docs/symbols/core .build/docs/symbols/app
	cp .build/docs/*/symbolgraph/SwipeBackCore.symbols.json .build/docs/symbols/core/
	cp .build/docs/*/symbolgraph/SwipeBack.symbols.json .build/docs/*/symbolgraph/SwipeBack@*.symbols.json .build/docs/symbols/app/
	docc convert Sources/SwipeBackCore/SwipeBackCore.docc --additional-symbol-graph-dir .build/docs/symbols/core \
	    --output-path .build/docs/SwipeBackCore.doccarchive --warnings-as-errors
	docc convert --additional-symbol-graph-dir .build/docs/symbols/app --output-path .build/docs/SwipeBack.doccarchive \
	    --fallback-display-name SwipeBack --fallback-bundle-identifier swipeback.app --warnings-as-errors

clean:
	swift package clean

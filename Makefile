# SwipeBack: `make demo` opens the demo, `make test` runs every test. Both install what they need.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT_FLAGS ?=

.PHONY: demo test build demo-xvfb demo-touch clean

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

clean:
	swift package clean

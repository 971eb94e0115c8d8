# SPDX-License-Identifier: Apache-2.0
# SwipeBack: `make demo` opens the demo, `make test` runs every test. Both install what they need.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT_FLAGS ?=
# Debug builds optimise the C code too (the compositor's pixel kernel), so tests draw frames at a
# real speed; release builds optimise everything anyway. (Kept out of Package.swift: a manifest
# with unsafeFlags cannot be a versioned dependency.)
DEBUG_FLAGS := -Xcc -O2

# Where `make install` puts SwipeBack (DESTDIR is prepended to every path, for staging).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
SYSTEMDUSERDIR := $(PREFIX)/lib/systemd/user
SYSTEMDSYSTEMDIR := $(PREFIX)/lib/systemd/system
MODULESLOADDIR := $(PREFIX)/lib/modules-load.d
# The version is kept in one place, CommandReference.version; `swipeback --version` prints the same.
VERSION := $(shell sed -n 's/^ *static let version = "\(.*\)"$$/\1/p' Sources/swipeback/CommandReference.swift)
RELEASE_BIN = .build/release/swipeback
# How `make install` strips the program and runs it (for its manual page): the arm64 package built
# on amd64 (scripts/make-deb --arch arm64) sets aarch64-linux-gnu-strip and qemu-aarch64-static.
STRIP ?= strip
RUN_RELEASE_BIN ?=
# Every optimised build links the Swift runtime in, so .build/release/swipeback is always the shipped kind.
# Linked with full RELRO (-z relro -z now), as Debian's hardening asks.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now
ICON_SIZES := 48 128 256

.PHONY: demo test test-vm build build-6.0 docs demo-xvfb demo-touch clean release install uninstall deb bench live-bench fuzz

build:
	scripts/install-deps build
	swift build $(DEBUG_FLAGS) $(SWIFT_FLAGS)

## Opens the demo window on $$DISPLAY (a desktop, or an X server you started), built optimised:
## a debug build composes a frame several times slower.
demo:
	scripts/install-deps demo
	swift build $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	"$$(swift build $(RELEASE_FLAGS) --show-bin-path)/swipeback" demo $(ARGS)

## Runs every test: unit, rendering, command line, and end-to-end under a private Xvfb.
test:
	scripts/install-deps test
	swift build --build-tests $(DEBUG_FLAGS) $(SWIFT_FLAGS)
	# The VM tests run the shipped kind of binary in the guest (the Swift runtime linked in), the
	# packages where they install them (the amd64 one under systemd, the arm64 one's program in the
	# arm64 guest: cross-compiled by Debian 13's Swift 6.0.3; as root, as the VM tests are).
	swift build $(RELEASE_FLAGS) --product swipeback $(SWIFT_FLAGS)
	if [ "$$(id -u)" -eq 0 ]; then scripts/make-deb && scripts/make-deb --arch arm64; fi
	swift test --skip-build $(DEBUG_FLAGS) $(SWIFT_FLAGS)

## Runs only the tests in the test VMs (Debian 12 and 13 guests under QEMU, amd64 and arm64: real
## evdev, uinput, libinput; as root). The guests are built once into .build/vm (scripts/vm/make-guest)
## and reused.
test-vm:
	scripts/install-deps test
	scripts/vm/make-guest
	scripts/vm/make-guest --wayland
	scripts/vm/make-guest --arm64
	scripts/vm/make-guest --labwc
	swift build --build-tests $(DEBUG_FLAGS) $(SWIFT_FLAGS)
	# The VM tests run the shipped kind of binary in the guest (the Swift runtime linked in).
	swift build $(RELEASE_FLAGS) --product swipeback $(SWIFT_FLAGS)
	scripts/make-deb
	scripts/make-deb --arch arm64
	swift test --skip-build $(DEBUG_FLAGS) $(SWIFT_FLAGS) --filter 'GuestVMTests|InputVMTests|InputArm64VMTests|LabwcVMTests|InputWaylandVMTests|InputSessionVMTests|InputX11SessionVMTests|XwaylandTouchVMTests'

## Runs the demo on a private Xvfb (a free display, printed) with no desktop; drive it with xdotool (see README).
demo-xvfb:
	scripts/install-deps demo
	swift build $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	scripts/demo-xvfb $(ARGS)

## Runs the demo on a private Xorg with a real (emulated) touchscreen; needs root. Touch it with scripts/touch.py.
demo-touch:
	scripts/install-deps touch
	swift build $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	scripts/demo-xorg-touch $(ARGS)

## The in-process benchmarks (`swipeback bench`), built optimised. They print; they never fail.
bench:
	scripts/install-deps build
	swift build $(RELEASE_FLAGS) --product swipeback $(SWIFT_FLAGS)
	$(RELEASE_BIN) bench $(ARGS)

## The benchmarks of a real window (`swipeback-live-bench`: private Xvfb, and Xorg as root), built
## optimised beside the swipeback it drives. It prints; it never fails.
live-bench:
	scripts/install-deps test
	swift build $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	.build/release/swipeback-live-bench $(ARGS)

## The readers' fuzzers (libFuzzer, address sanitizer): each target for FUZZ_SECONDS (default 60)
## on a fresh corpus seeded from Tests/Fixtures; FUZZ_TARGETS picks some of scenario pages config json session.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz:
	scripts/install-deps build
	scripts/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

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

## The shipped program: optimised, with the Swift runtime linked in, so it needs only Debian's own libraries.
release:
	scripts/install-deps build
	swift build $(RELEASE_FLAGS) --product swipeback $(SWIFT_FLAGS)

$(RELEASE_BIN):
	$(MAKE) release

## Installs under $(PREFIX) (default /usr/local; DESTDIR is honoured): the program, its assets, the
## desktop file and icon, the manual page, the systemd units (the kiosk's and system's user units,
## input's system unit and the uinput module's load at boot), the licences, the README and
## the guides (docs/, beside the README, so its links resolve).
## It installs the program `make release` built (building it only when there is none): run
## `make release` first after a change, then `sudo make install`.
install: $(RELEASE_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/swipeback/fonts $(DESTDIR)$(DATADIR)/swipeback/images \
	    $(DESTDIR)$(DATADIR)/swipeback/icons $(DESTDIR)$(DATADIR)/applications $(DESTDIR)$(DATADIR)/man/man1 \
	    $(DESTDIR)$(SYSTEMDUSERDIR) $(DESTDIR)$(SYSTEMDSYSTEMDIR) $(DESTDIR)$(MODULESLOADDIR) $(DESTDIR)$(DATADIR)/doc/swipeback/docs
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/swipeback
	$(STRIP) $(DESTDIR)$(BINDIR)/swipeback
	install -m 644 Assets/pages.json $(DESTDIR)$(DATADIR)/swipeback/pages.json
	install -m 644 Assets/fonts/*.ttf $(DESTDIR)$(DATADIR)/swipeback/fonts/
	install -m 644 Assets/images/*.png $(DESTDIR)$(DATADIR)/swipeback/images/
	install -m 644 Assets/icons/*.png $(DESTDIR)$(DATADIR)/swipeback/icons/
	for size in $(ICON_SIZES); do \
	    install -D -m 644 Assets/icons/swipeback-$$size.png $(DESTDIR)$(DATADIR)/icons/hicolor/$${size}x$$size/apps/swipeback.png; \
	done
	sed 's|@BINDIR@|$(BINDIR)|g' packaging/swipeback.desktop.in > $(DESTDIR)$(DATADIR)/applications/swipeback.desktop
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@DATADIR@|$(DATADIR)|g' -e 's|@SYSTEMDUSERDIR@|$(SYSTEMDUSERDIR)|g' \
	    packaging/swipeback-kiosk.service.in > $(DESTDIR)$(SYSTEMDUSERDIR)/swipeback-kiosk.service
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@SYSTEMDUSERDIR@|$(SYSTEMDUSERDIR)|g' \
	    packaging/swipeback-system.service.in > $(DESTDIR)$(SYSTEMDUSERDIR)/swipeback-system.service
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@SYSTEMDSYSTEMDIR@|$(SYSTEMDSYSTEMDIR)|g' -e 's|@MODULESLOADDIR@|$(MODULESLOADDIR)|g' \
	    packaging/swipeback-input.service.in > $(DESTDIR)$(SYSTEMDSYSTEMDIR)/swipeback-input.service
	install -m 644 packaging/swipeback-modules.conf $(DESTDIR)$(MODULESLOADDIR)/swipeback.conf
	chmod 644 $(DESTDIR)$(DATADIR)/applications/swipeback.desktop $(DESTDIR)$(SYSTEMDUSERDIR)/swipeback-kiosk.service \
	    $(DESTDIR)$(SYSTEMDUSERDIR)/swipeback-system.service $(DESTDIR)$(SYSTEMDSYSTEMDIR)/swipeback-input.service
	SWIPEBACK_ASSETS=$(CURDIR)/Assets $(RUN_RELEASE_BIN) $(RELEASE_BIN) help --man > $(DESTDIR)$(DATADIR)/man/man1/swipeback.1
	chmod 644 $(DESTDIR)$(DATADIR)/man/man1/swipeback.1
	install -m 644 README.md LICENSE NOTICE Assets/fonts/LICENSE-DejaVu.txt $(DESTDIR)$(DATADIR)/doc/swipeback/
	install -m 644 docs/*.md docs/*.png $(DESTDIR)$(DATADIR)/doc/swipeback/docs/
	install -d $(DESTDIR)$(DATADIR)/doc/swipeback/docs/images
	install -m 644 docs/images/*.png $(DESTDIR)$(DATADIR)/doc/swipeback/docs/images/
	install -d $(DESTDIR)$(DATADIR)/doc/swipeback/docs/raspberry-pi
	install -m 644 docs/raspberry-pi/* $(DESTDIR)$(DATADIR)/doc/swipeback/docs/raspberry-pi/

## Removes what `make install` put under $(PREFIX) (same PREFIX and DESTDIR). Shared folders
## (bin, share/applications, ...) stay, even when empty, as other programs' installs expect.
uninstall:
	@test -e $(DESTDIR)$(BINDIR)/swipeback || test -e $(DESTDIR)$(DATADIR)/swipeback || \
	    { echo "uninstall: no SwipeBack under $(DESTDIR)$(PREFIX) (give the PREFIX it was installed with)" >&2; exit 1; }
	rm -f $(DESTDIR)$(BINDIR)/swipeback $(DESTDIR)$(DATADIR)/applications/swipeback.desktop \
	    $(DESTDIR)$(DATADIR)/man/man1/swipeback.1 $(DESTDIR)$(SYSTEMDUSERDIR)/swipeback-kiosk.service \
	    $(DESTDIR)$(SYSTEMDUSERDIR)/swipeback-system.service $(DESTDIR)$(SYSTEMDSYSTEMDIR)/swipeback-input.service \
	    $(DESTDIR)$(MODULESLOADDIR)/swipeback.conf
	for size in $(ICON_SIZES); do rm -f $(DESTDIR)$(DATADIR)/icons/hicolor/$${size}x$$size/apps/swipeback.png; done
	rm -rf $(DESTDIR)$(DATADIR)/swipeback $(DESTDIR)$(DATADIR)/doc/swipeback

## Builds swipeback_<version>_<arch>.deb with dpkg-deb from the install tree (PREFIX=/usr); Depends
## from the binary's shared libraries (dpkg-shlibdeps). ARCH=arm64 cross-compiles the Raspberry Pi
## OS (Debian 13, arm64) package on amd64 with Debian 13's Swift 6.0.3, as root (scripts/trixie).
ARCH :=
deb:
	scripts/make-deb $(if $(ARCH),--arch $(ARCH))

## Builds every target, test and example with the second compiler, Debian 13's Swift 6.0.3, in the
## Debian 13 build root (scripts/trixie/make-root; as root), into .build/trixie-amd64.
build-6.0:
	scripts/install-deps trixie
	scripts/trixie/make-root
	scripts/trixie/run swift build --build-tests --scratch-path .build/trixie-amd64 $(DEBUG_FLAGS) $(SWIFT_FLAGS)

clean:
	swift package clean

// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
// SwipeBack: the iOS interactive pop ("swipe back") for X11 desktops and kiosks.
import PackageDescription

let package = Package(
    name: "SwipeBack",
    products: [
        .executable(name: "swipeback", targets: ["swipeback"]),
        // The benchmarks of a real window (private Xvfb and Xorg, injected input): built, never installed.
        .executable(name: "swipeback-live-bench", targets: ["swipeback-live-bench"]),
        // The pure engine, for headless use and tests: standard library only.
        .library(name: "SwipeBackCore", targets: ["SwipeBackCore"]),
        // Everything an app needs: the engine, Swift pages drawn with cairo, the X11 window.
        .library(name: "SwipeBack", targets: ["SwipeBack"]),
    ],
    targets: [
        // MARK: - Core (pure Swift: no C modules, no I/O)
        // libm by name: an app that links the core without Foundation still gets round, floor and sqrt.
        .target(name: "SwipeBackCore", linkerSettings: [.linkedLibrary("m")]),

        // MARK: - File formats (scenario, pages, config, event log)
        .target(name: "SwipeBackFormats", dependencies: ["SwipeBackCore"]),

        // MARK: - C shims (one per system library family)
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11",
                       providers: [.apt(["libx11-dev", "libxi-dev", "libxext-dev", "libxrandr-dev", "libxss-dev", "libxfixes-dev", "libxpresent-dev"])]),
        // XTest, SHAPE and XRender for `swipeback system`: sending back to an app, the indicator's empty input shape, the page style composed in the server.
        .systemLibrary(name: "CX11System", pkgConfig: "xtst", providers: [.apt(["libxtst-dev", "libxext-dev", "libxrender-dev"])]),
        // libevdev, libudev and sd-login (libsystemd), for `swipeback input`.
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev", "libudev-dev", "libsystemd-dev"])]),
        // XTest and XFixes: input injection and reading the cursor back, for the test tools only.
        .systemLibrary(name: "CX11Testing", pkgConfig: "x11",
                       providers: [.apt(["libxtst-dev", "libxfixes-dev"])]),

        // The Wayland protocols of the session side (layer-shell's overlay for the arrow, the foreign
        // toplevels for the app), wayland-scanner's output kept in the tree (scripts/wayland-protocols).
        .target(name: "CWaylandProtocols", linkerSettings: [.linkedLibrary("wayland-client")]),

        // MARK: - C kernels (plain C, no system library)
        // The compositor's pixel loops: scalar, SSE2 and AVX2, chosen at run time. Release builds
        // optimise them; `make test` and `make build` pass -Xcc -O2 so a debug build draws frames at
        // a real speed too (a manifest with unsafeFlags cannot be a versioned dependency).
        .target(name: "CPixelKernel"),

        // MARK: - Platform layers
        // What every host's loop stands on: the event loop, a wake pipe, the stop signals, the
        // monotonic clock (Glibc only).
        .systemLibrary(name: "CEpoll"),
        .target(name: "SwipeBackPosix", dependencies: ["CEpoll"]),
        .target(name: "SwipeBackRender", dependencies: ["SwipeBackCore", "CCairo", "CPixelKernel"]),
        .target(name: "SwipeBackX11", dependencies: ["SwipeBackCore", "CX11", "CX11System", "SwipeBackPosix"]),
        // `swipeback system`: the swipe back for every X11 app (a root touch grab, an indicator window).
        .target(name: "SwipeBackSystem", dependencies: ["SwipeBackCore", "SwipeBackFormats", "SwipeBackRender", "SwipeBackX11", "CX11",
                                                        "CX11System", "CCairo", "SwipeBackPosix", "SwipeBackSession"]),

        // `swipeback input`: the touchscreen's evdev frames between the device and its twin, decided
        // by the system swipe's rules (pure Swift: no C modules, no I/O).
        .target(name: "SwipeBackInput", dependencies: ["SwipeBackCore"]),
        // Its devices: libevdev reads the touchscreens and makes the twins and the virtual keyboard
        // and mouse (uinput); libudev finds the touchscreens and follows hotplug.
        .target(name: "SwipeBackEvdev", dependencies: ["SwipeBackCore", "SwipeBackFormats", "SwipeBackInput", "SwipeBackPosix", "CEvdev"]),

        // The session side of `swipeback input`: its channel and answers (pure of any display), and
        // its Wayland host (the activated app and the arrow on an overlay).
        .target(name: "SwipeBackSession", dependencies: ["SwipeBackCore", "SwipeBackFormats", "SwipeBackPosix"]),
        .target(name: "SwipeBackWayland", dependencies: ["SwipeBackCore", "SwipeBackSession", "SwipeBackRender", "SwipeBackPosix", "CWaylandProtocols", "CCairo"]),

        // MARK: - The library for apps
        .target(name: "SwipeBack", dependencies: ["SwipeBackCore", "SwipeBackFormats", "SwipeBackRender", "SwipeBackX11", "CCairo"]),
        // An app on the public API only (`import SwipeBack`), and the README's example, built with everything.
        .executableTarget(name: "SwipeBackExample", dependencies: ["SwipeBack"], path: "Examples/SwipeBackExample", exclude: ["pages.json"]),
        .executableTarget(name: "ReadmeExample", dependencies: ["SwipeBack"], path: "Examples/ReadmeExample"),

        // MARK: - Test tools (private X servers, XTest and inputtest injection), for tests and bench
        .target(name: "SwipeBackXTesting", dependencies: ["CX11", "CX11Testing", "SwipeBackFormats"]),

        // MARK: - Command line (what `make install` ships: no test servers, no input injection)
        .target(name: "SwipeBackBenchmarks", dependencies: ["SwipeBackFormats"]),
        .executableTarget(name: "swipeback",
                          dependencies: ["SwipeBackCore", "SwipeBackFormats", "SwipeBackRender", "SwipeBackX11",
                                         "SwipeBackSystem", "SwipeBackEvdev", "SwipeBackSession", "SwipeBackWayland", "SwipeBackBenchmarks", "SwipeBackPosix"]),
        // MARK: - Tools that stay in the source tree
        .executableTarget(name: "swipeback-live-bench", dependencies: ["SwipeBackBenchmarks", "SwipeBackXTesting"]),
        // The readers' fuzzers (libFuzzer when built by scripts/fuzz; otherwise it replays inputs): never installed.
        .executableTarget(name: "swipeback-fuzz", dependencies: ["SwipeBackFormats", "SwipeBackCore"]),

        // MARK: - Tests
        // What the test targets share: a seeded random generator, gesture scripts, model builders.
        .target(name: "SwipeBackTestSupport", dependencies: ["SwipeBackCore"], path: "Tests/SwipeBackTestSupport"),
        .testTarget(name: "SwipeBackCoreTests", dependencies: ["SwipeBackCore", "SwipeBackFormats", "SwipeBackTestSupport"]),
        .testTarget(name: "SwipeBackFormatsTests", dependencies: ["SwipeBackFormats", "SwipeBackCore"]),
        .testTarget(name: "SwipeBackRenderTests", dependencies: ["SwipeBackRender", "SwipeBackFormats", "SwipeBackCore", "CPixelKernel", "CCairo", "SwipeBackTestSupport"]),
        .testTarget(name: "SwipeBackAPITests", dependencies: ["SwipeBack"]),
        .testTarget(name: "SwipeBackInputTests", dependencies: ["SwipeBackInput", "SwipeBackCore", "SwipeBackTestSupport"]),
        .testTarget(name: "SwipeBackX11Tests", dependencies: ["SwipeBackX11", "CX11", "SwipeBackCore", "SwipeBackTestSupport"]),
        .testTarget(name: "EndToEndTests",
                    dependencies: ["swipeback", "CX11", "CX11Testing", "SwipeBackCore", "SwipeBackFormats", "SwipeBackRender", "SwipeBackX11", "SwipeBackSystem",
                                   "SwipeBackXTesting", "SwipeBackTestSupport", "SwipeBackPosix", "SwipeBackSession"]),
    ]
)

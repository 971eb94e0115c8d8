// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import CCairo
import SwipeBackCore
import SwipeBackFormats
@testable import SwipeBackRender
import SwipeBackTestSupport

/// Rendered frames against reference PNGs in `Tests/Fixtures/reference`, in the manner of cairo's
/// own test suite: a frame passes when at most `Tolerance.pixels` of its pixels differ by more than
/// `Tolerance.channel` in any channel. `SWIPEBACK_RECORD=1` writes the references anew (look at
/// them before committing). A failing frame is written beside a diff image, and the message names both.
final class ReferenceImageTests: XCTestCase {
    /// The explicit tolerance: the shipped font and fixed font options make text identical on every
    /// machine, so only small rounding differences between cairo/pixman builds are allowed.
    enum Tolerance {
        /// Largest per-channel difference (0...255) a pixel may have and still count as equal.
        static let channel = 8
        /// Fraction of pixels allowed to differ by more than `channel`.
        static let pixels = 0.0002
    }

    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/reference")
    private static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")
    private var recording: Bool { ProcessInfo.processInfo.environment["SWIPEBACK_RECORD"] == "1" }

    /// Compares `frame` with the reference `name`.png, or records it.
    private func check(_ frame: ImageSurface, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = Self.folder.appendingPathComponent(name + ".png").path
        if recording {
            try frame.writePNG(to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return XCTFail("no reference \(path); run with SWIPEBACK_RECORD=1 to make it", file: file, line: line)
        }
        let reference = try ImageSurface(png: path)
        XCTAssertEqual(reference.width, frame.width, file: file, line: line)
        XCTAssertEqual(reference.height, frame.height, file: file, line: line)
        guard reference.width == frame.width, reference.height == frame.height else { return }
        let diff = try ImageSurface(width: frame.width, height: frame.height, opaque: true)
        var differing = 0, largest = 0
        frame.flush()
        reference.flush()
        for y in 0..<frame.height {
            let rowA = UnsafeRawPointer(frame.data + y * frame.stride), rowB = UnsafeRawPointer(reference.data + y * reference.stride)
            for x in 0..<frame.width {
                let a = rowA.load(fromByteOffset: x * 4, as: UInt32.self), b = rowB.load(fromByteOffset: x * 4, as: UInt32.self)
                if a & 0xFF_FFFF == b & 0xFF_FFFF { continue }
                let red = abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)), green = abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF))
                let d = max(red, green, abs(Int(a & 0xFF) - Int(b & 0xFF)))
                largest = max(largest, d)
                if d > Tolerance.channel {
                    differing += 1
                    UnsafeMutableRawPointer(diff.data).storeBytes(of: UInt32(0xFFFF_0000), toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
                }
            }
        }
        let fraction = Double(differing) / Double(frame.width * frame.height)
        if fraction > Tolerance.pixels {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-reference-failures")
            try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try frame.writePNG(to: out.appendingPathComponent(name + ".actual.png").path)
            diff.markDirty()
            try diff.writePNG(to: out.appendingPathComponent(name + ".diff.png").path)
            XCTFail("\(name): \(differing) pixels (\(fraction * 100) %) differ by more than \(Tolerance.channel), largest \(largest); "
                    + "see \(out.path)/\(name).actual.png and .diff.png", file: file, line: line)
        }
    }

    private func model(direction: LayoutDirection, pages: [String: PageDefinition], stack: [String],
                       width: Double = 400, height: Double = 300) throws -> AppModel {
        TestModels.model(pages: pages, stack: stack, width: width, height: height, direction: direction,
                         measurer: try TextMeasurer(imageDirectory: Self.images.path))
    }

    private func render(_ model: AppModel) throws -> ImageSurface {
        let frame = try ImageSurface(width: Int(model.windowWidth), height: Int(model.windowHeight), opaque: true)
        try TransitionCompositor(measurer: try TextMeasurer(imageDirectory: Self.images.path)).compose(model.scene(), into: frame)
        return frame
    }

    private let transitionPages: [String: PageDefinition] = [
        "A": PageDefinition(id: "A", title: "Inbox", elements: [
            PageElement(kind: .text("Three unread messages. The page beneath moves in parallax and is dimmed.")),
            PageElement(id: "open", kind: .button(label: "Open", action: .push("B"))),
        ]),
        "B": PageDefinition(id: "B", title: "Message", elements: [
            PageElement(kind: .text("The top page follows the finger.")),
            PageElement(id: "reply", kind: .button(label: "Reply", action: .pop)),
        ]),
    ]

    func testTransitionFramesAtFiveProgressesBothDirections() throws {
        for direction in LayoutDirection.allCases {
            for progress in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let model = try model(direction: direction, pages: transitionPages, stack: ["A", "B"])
                let edge = direction == .leftToRight ? 2.0 : 398.0
                let sign = direction.popSign
                let touch = { (phase: PointerPhase, x: Double) in
                    model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: 250))), atMilliseconds: 0)
                }
                touch(.down, edge)
                touch(.move, edge + sign * 20) // begins the swipe
                touch(.move, edge + sign * progress * 400)
                XCTAssertEqual(model.stack(id: "main")?.transition?.progress ?? -1, progress, accuracy: 1e-12)
                try check(try render(model), "transition-\(direction.rawValue)-\(Int(progress * 100))")
            }
        }
    }

    func testCoverAndCrossfadeAtThreeProgressesBothDirections() throws {
        for style in [TransitionStyle.cover, .crossfade] {
            for direction in LayoutDirection.allCases {
                for progress in [0.25, 0.5, 0.75] {
                    let model = try model(direction: direction, pages: transitionPages, stack: ["A", "B"])
                    var configuration = Configuration()
                    configuration.set("feel", to: .string("libadwaita")) // the shade and the 56 px shadow
                    configuration.transition = style
                    model.reconfigure(configuration)
                    let edge = direction == .leftToRight ? 2.0 : 398.0, sign = direction.popSign
                    let touch = { (phase: PointerPhase, x: Double) in
                        model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: 250))), atMilliseconds: 0)
                    }
                    touch(.down, edge)
                    touch(.move, edge + sign * 20)
                    touch(.move, edge + sign * progress * 400)
                    XCTAssertEqual(model.stack(id: "main")?.transition?.progress ?? -1, progress, accuracy: 1e-12)
                    try check(try render(model), "\(style.rawValue)-\(direction.rawValue)-\(Int(progress * 100))")
                }
            }
        }
    }

    func testTheCardAtThreeProgressesBothDirections() throws {
        for direction in LayoutDirection.allCases {
            for progress in [0.25, 0.5, 0.75] {
                let model = try model(direction: direction, pages: transitionPages, stack: ["A", "B"])
                var configuration = Configuration()
                configuration.set("feel", to: .string("android")) // the card, its scrim and its margins
                XCTAssertEqual(configuration.transition, .card)
                model.reconfigure(configuration)
                let edge = direction == .leftToRight ? 2.0 : 398.0, sign = direction.popSign
                let touch = { (phase: PointerPhase, x: Double, y: Double) in
                    model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: y))), atMilliseconds: 0)
                }
                touch(.down, edge, 150)
                touch(.move, edge + sign * 20, 150)
                // The finger drifts 40 px down: the top card follows, within its margin.
                touch(.move, edge + sign * progress * 400, 190)
                let transition = try XCTUnwrap(model.stack(id: "main")?.transition)
                XCTAssertEqual(transition.progress, progress, accuracy: 1e-12)
                XCTAssertEqual(transition.verticalTravel, 40)
                try check(try render(model), "card-\(direction.rawValue)-\(Int(progress * 100))")
            }
        }
    }

    func testAnOvershootDragRubberBandsAndTheLogStaysAtZero() throws {
        var lines: [TimedEvent] = []
        let model = TestModels.model(pages: transitionPages, stack: ["A", "B"], width: 400, height: 300,
                                     measurer: try TextMeasurer(imageDirectory: Self.images.path)) { lines.append($0) }
        var configuration = Configuration()
        configuration.overshoot = true
        model.reconfigure(configuration)
        let touch = { (phase: PointerPhase, x: Double, t: Double) in
            model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: 250))), atMilliseconds: t)
        }
        touch(.down, 10, 0)
        touch(.move, 30, 16) // begins the swipe
        touch(.move, -390, 32) // 400 px back past the start: d·a / (a + d) = 40 · 400 / 440 px
        let drawn = try XCTUnwrap(model.stack(id: "main")?.transition?.progress)
        XCTAssertEqual(drawn * 400, -40.0 * 400 / 440, accuracy: 1e-9, "the rubber band, under 0.1 of the width")
        let logged = lines.compactMap { line -> Double? in if case .gesture(_, _, let step) = line.event { return step.progress } else { return nil } }
        XCTAssertEqual(logged.last, 0, "the log and observers stay in 0...1")
        try check(try render(model), "overshoot-ltr")
        // Released, it springs back to the start and the swipe cancels.
        touch(.up, -390, 48)
        let clock = ManualFrameClock(model: model, startMilliseconds: 48)
        clock.settle()
        XCTAssertNil(model.stack(id: "main")?.transition)
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A", "B"])
    }

    func testTheHistoryMenuOpenBothDirections() throws {
        // The nearest page's title is too long for its row: it is ellipsized.
        let titles = ["A": "Inbox", "B": "Message", "C": "A reply with a title far too long for one row", "D": "Draft"]
        let pages = Dictionary(uniqueKeysWithValues: titles.map { ($0.key, PageDefinition(id: $0.key, title: $0.value)) })
        for direction in LayoutDirection.allCases {
            let model = try model(direction: direction, pages: pages, stack: ["A", "B", "C", "D"])
            let x = direction == .leftToRight ? 30.0 : 370.0
            model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .mouse, position: Point(x: x, y: 28), button: 3)), atMilliseconds: 0)
            XCTAssertEqual(model.historyMenu?.items.map(\.pageID), ["C", "B", "A"])
            let rows = model.historyMenuRowFrames
            XCTAssertEqual(rows.first, Rect(x: direction == .leftToRight ? 0 : 120, y: 56, width: 280, height: 44))
            XCTAssertEqual(rows.count, 3)
            try check(try render(model), "history-menu-\(direction.rawValue)")
        }
    }

    func testAForwardSwipeHalfwayBothDirections() throws {
        for direction in LayoutDirection.allCases {
            let model = try model(direction: direction, pages: transitionPages, stack: ["A", "B"])
            var configuration = Configuration()
            configuration.forwardSwipe = true
            model.reconfigure(configuration)
            model.handle(.pop(stack: "main", animated: false), atMilliseconds: 0)
            // From the trailing edge toward the leading edge, half the width.
            let edge = direction == .leftToRight ? 398.0 : 2.0, sign = -direction.popSign
            let touch = { (phase: PointerPhase, x: Double) in
                model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: 250))), atMilliseconds: 10)
            }
            touch(.down, edge)
            touch(.move, edge + sign * 20)
            touch(.move, edge + sign * 200)
            let transition = try XCTUnwrap(model.stack(id: "main")?.transition)
            XCTAssertEqual(transition.kind, .interactiveForward)
            XCTAssertEqual(transition.progress, 0.5, accuracy: 1e-12)
            XCTAssertEqual(model.gestureReadouts["main"]?.kind, .forward)
            try check(try render(model), "forward-swipe-\(direction.rawValue)-50")
        }
    }

    func testEachElementKind() throws {
        var page = PageDefinition(id: "E", title: "Elements", elements: [
            PageElement(kind: .text("Text wraps at the page width, in DejaVu Sans shipped with SwipeBack.")),
            PageElement(id: "b", kind: .button(label: "Button", action: .pop)),
            PageElement(id: "t", kind: .toggle(label: "Swipe back", bind: "interactivePop")),
            PageElement(id: "s", kind: .slider(value: 0.35)),
            PageElement(id: "g", kind: .gestureStatus),
            PageElement(id: "c", kind: .carousel(items: ["images/sunset.png", "images/ocean.png"]), height: 120),
            PageElement(id: "i", kind: .image(src: "images/forest.png")),
        ])
        let pages = ["R": PageDefinition(id: "R", title: "Root"), "E": page]
        try check(try render(try model(direction: .leftToRight, pages: pages, stack: ["R", "E"], height: 820)), "elements")
        // The toggle off, and the system back button in right-to-left.
        page.interactivePop = false
        try check(try render(try model(direction: .rightToLeft, pages: ["R": pages["R"]!, "E": page], stack: ["R", "E"], height: 820)),
                  "elements-rtl-toggle-off")
        // A Hebrew page right to left: text, labels and values lead from the right; the switch and the
        // slider's fill mirror; a Latin paragraph keeps its own order, aligned right.
        let hebrew = PageDefinition(id: "H", title: "הודעה", elements: [
            PageElement(kind: .text("שלום! הטקסט זורם מימין לשמאל, גם 42 מספרים.")),
            PageElement(kind: .text("A Latin sentence on a right-to-left page.")),
            PageElement(id: "t", kind: .toggle(label: "החלקה אחורה", bind: "interactivePop")),
            PageElement(id: "s", kind: .slider(value: 0.25)),
            PageElement(id: "b", kind: .button(label: "השב", action: .pop)),
        ])
        try check(try render(try model(direction: .rightToLeft, pages: ["R": PageDefinition(id: "R", title: "תיבת דואר"), "H": hebrew],
                                       stack: ["R", "H"])), "rtl-hebrew")
        // Header styles: custom (hidden system button) and none.
        let custom = PageDefinition(id: "C", title: "Custom", backButton: .custom, elements: [
            PageElement(id: "done", kind: .button(label: "Done", action: .pop), frame: Rect(x: 16, y: 72, width: 120, height: 44)),
        ])
        let bare = PageDefinition(id: "N", header: false, elements: [PageElement(kind: .text("No header at all."))])
        try check(try render(try model(direction: .leftToRight, pages: ["R": pages["R"]!, "C": custom], stack: ["R", "C"])), "header-custom")
        try check(try render(try model(direction: .leftToRight, pages: ["R": pages["R"]!, "N": bare], stack: ["R", "N"])), "header-none")
    }

    /// A page in Japanese, Chinese, Korean, Hindi, Thai, Arabic and emoji (`Fixtures/languages`):
    /// DejaVu Sans for the Latin and Arabic, the system's Noto fonts for the rest (Debian's
    /// fonts-noto-cjk, fonts-noto-core and fonts-noto-color-emoji; `make test` installs them),
    /// each element in the forms of its `lang`.
    func testAPageInSevenScriptsAndEmoji() throws {
        let path = Self.folder.deletingLastPathComponent().appendingPathComponent("languages/pages.json").path
        let document = try PagesDocumentReader.read(path: path)
        try check(try render(try model(direction: .leftToRight, pages: document.pages, stack: ["world", "hello"], width: 720, height: 560)),
                  "languages")
    }

    func testAScrolledPageKeepsItsHeaderAndSwipesScrolled() throws {
        let tall = PageDefinition(id: "T", title: "Long page", elements: (0..<12).map {
            PageElement(id: "b\($0)", kind: .button(label: "Row \($0)", action: .pop))
        })
        let model = try model(direction: .leftToRight, pages: ["R": PageDefinition(id: "R", title: "Root"), "T": tall], stack: ["R", "T"])
        model.handle(.scroll(dx: 0, dy: 150, touchpad: false, position: Point(x: 200, y: 150)), atMilliseconds: 0)
        XCTAssertEqual(model.scrollOffset(of: model.stack(id: "main")!.top), 150)
        try check(try render(model), "scrolled")
        for (t, x) in [(10.0, 2.0), (26, 60), (42, 160)] {
            model.handle(.pointer(PointerInput(phase: t == 10 ? .down : .move, id: 1, device: .touch, position: Point(x: x, y: 250))),
                         atMilliseconds: t)
        }
        try check(try render(model), "scrolled-mid-swipe")
    }

    func testACarouselFollowsTheFingerAndPagesAtTheRelease() throws {
        let page = PageDefinition(id: "P", title: "Photos", elements: [
            PageElement(id: "c", kind: .carousel(items: ["images/sunset.png", "images/ocean.png", "images/forest.png"]),
                        frame: Rect(x: 0, y: 70, width: 400, height: 200)),
        ])
        let model = try model(direction: .leftToRight, pages: ["R": PageDefinition(id: "R"), "P": page], stack: ["R", "P"])
        let touch = { (phase: PointerPhase, x: Double, t: Double) in
            model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: 150))), atMilliseconds: t)
        }
        touch(.down, 300, 0)
        for i in 1...7 { touch(.move, 300 - Double(i) * 20, Double(i) * 16) }
        XCTAssertEqual(model.carouselDrags[model.stack(id: "main")!.top.serial]?.offset, -140)
        try check(try render(model), "carousel-dragged")
        touch(.up, 160, 200)
        XCTAssertEqual(model.controlValue(instance: model.stack(id: "main")!.top, element: 0), 1)
        try check(try render(model), "carousel-paged")
    }

    func testPressedButtonAndLiveGestureStatus() throws {
        let page = PageDefinition(id: "S", title: "Status", elements: [
            PageElement(id: "status", kind: .gestureStatus),
            PageElement(id: "b", kind: .button(label: "Pressed", action: .pop)),
        ])
        let model = try model(direction: .leftToRight, pages: ["R": PageDefinition(id: "R"), "S": page], stack: ["R", "S"])
        // A finger resting on the button: pressed.
        let buttonY = 56 + 12 + 96 + 12 + 24.0
        model.handle(.pointer(PointerInput(phase: .down, id: 7, device: .touch, position: Point(x: 200, y: buttonY))), atMilliseconds: 0)
        XCTAssertEqual(model.pressedButtons, [model.stack(id: "main")!.top.serial: 1])
        try check(try render(model), "button-pressed")
        model.handle(.pointer(PointerInput(phase: .cancel, id: 7, device: .touch, position: Point(x: 0, y: 0))), atMilliseconds: 1)
        // A swipe in progress: the status shows phase, progress and velocity.
        for (t, x) in [(10.0, 2.0), (26, 42), (42, 102), (58, 162)] {
            model.handle(.pointer(PointerInput(phase: t == 10 ? .down : .move, id: 1, device: .touch, position: Point(x: x, y: 280))),
                         atMilliseconds: t)
        }
        XCTAssertEqual(model.gestureReadouts["main"]?.text, "changed · 40 % · 4313 px/s")
        try check(try render(model), "gesture-status-mid-swipe")
    }

    func testTheDecisionMapUnderBothPolicies() throws {
        // Swipes: slow releases either side of the threshold, flings both ways,
        // one with no velocity estimate (drawn at 0).
        // (Velocities in stack widths per second.)
        let points: [DecisionMap.Point] = [
            .init(progress: 0.2, velocity: 0.15, decision: .cancel), .init(progress: 0.45, velocity: -0.375, decision: .cancel),
            .init(progress: 0.55, velocity: 0.25, decision: .commit), .init(progress: 0.15, velocity: 3, decision: .commit),
            .init(progress: 0.7, velocity: -2.375, decision: .cancel), .init(progress: 0.4, velocity: nil, decision: .cancel),
        ]
        let map = try DecisionMap.render(points: points, configuration: Configuration())
        // The regions come from the rule: above the fling velocity commits whatever the progress,
        // below its negative cancels, between them the threshold at 50 % splits.
        func rgb(_ x: Int, _ y: Int) -> UInt32 { map.pixel(x: x, y: y) & 0xFFFFFF }
        // cairo's 8-bit channel of a colour component: its 16-bit value's high byte.
        func channel(_ v: Double) -> UInt32 { UInt32(v * 65535 + 0.5) >> 8 }
        let commit = channel(0.86) << 16 | channel(0.95) << 8 | channel(0.87)
        let cancel = channel(0.98) << 16 | channel(0.89) << 8 | channel(0.88)
        XCTAssertEqual(rgb(150, 120), commit, "fast and short: commit")
        XCTAssertEqual(rgb(150, 300), cancel, "slow and short: cancel")
        XCTAssertEqual(rgb(600, 300), commit, "slow and long: commit")
        XCTAssertEqual(rgb(600, 460), cancel, "a fling back: cancel")
        try check(map, "decision-map")
        var projection = Configuration()
        projection.policy = .projection
        try check(try DecisionMap.render(points: points, configuration: projection), "decision-map-projection")
    }

    func testTheTuningOverlayOverASwipe() throws {
        // A swipe in progress on an 800x600 window: the overlay shows the edge zone, the commit
        // threshold, the finger's trace, the tunables with commitProgress selected, and the plot.
        let model = try model(direction: .leftToRight, pages: transitionPages, stack: ["A", "B"], width: 800, height: 600)
        var tuner = Tuner(configuration: Configuration())
        _ = tuner.handleKey("Down"); _ = tuner.handleKey("Down")
        model.start(atMilliseconds: 0)
        var t = 0.0
        for (i, x) in [4.0, 30, 70, 120, 180, 240, 290].enumerated() {
            let event = InputEvent.pointer(PointerInput(phase: i == 0 ? .down : .move, id: 1, device: .touch,
                                                        position: Point(x: x, y: 300 + Double(i) * 3)))
            tuner.observe(event)
            model.handle(event, atMilliseconds: t)
            let progress = max(0, (x - 4) / 800)
            if i > 0 {
                tuner.observe(TimedEvent(timeMilliseconds: t, event: .gesture(stack: "main", page: "B", step: GestureReadout(
                    phase: i == 1 ? .began : .changed, progress: progress,
                    velocityPixelsPerSecond: i > 1 ? 3000 - Double(i) * 150 : nil, decision: nil))), widthPixels: 800)
            }
            t += 16
        }
        tuner.observe(TimedEvent(timeMilliseconds: t, event: .gesture(stack: "main", page: "B", step: GestureReadout(
            phase: .ended, progress: 286.0 / 800, velocityPixelsPerSecond: 1950, decision: nil))), widthPixels: 800)
        XCTAssertEqual(tuner.verdict, "velocity 1950 px/s >= fling 800 px/s: commit")
        let frame = try render(model)
        try TuneOverlay.draw(tuner, scene: model.scene(), into: frame)
        // The edge zone is tinted blue over the page beneath's left edge; the panel is dark.
        let zone = frame.pixel(x: 10, y: 200) & 0xFF, page = frame.pixel(x: 30, y: 200) & 0xFF
        XCTAssertGreaterThan(zone, page, "more blue inside the 20 px edge zone")
        XCTAssertLessThan(frame.pixel(x: 780, y: 580) & 0xFF, 80, "the panel")
        try check(frame, "tune-overlay")
    }

    /// `swipeback system`'s arrow: at rest, half stretched (a release would cancel), fully
    /// stretched and active, and from the right edge, over a light and a dark app.
    func testTheSystemArrowInItsStates() throws {
        let cell = (w: Int(BackArrowPainter.size.width), h: Int(BackArrowPainter.size.height))
        let states: [(stretch: Double, active: Bool, edge: SystemEdge)] = [(0, false, .left), (0.5, false, .left), (1, true, .left),
                                                                             (0.7, true, .right)]
        let frame = try ImageSurface(width: cell.w * states.count, height: cell.h * 2, opaque: true)
        let arrow = try ImageSurface(width: cell.w, height: cell.h)
        try frame.draw { cr in
            for (row, grey) in [0.94, 0.12].enumerated() {
                cairo_set_source_rgb(cr, grey, grey, grey)
                cairo_rectangle(cr, 0, Double(row * cell.h), Double(frame.width), Double(cell.h))
                cairo_fill(cr)
                for (column, state) in states.enumerated() {
                    try arrow.draw { BackArrowPainter.draw($0, stretch: state.stretch, active: state.active, edge: state.edge) }
                    cairo_set_source_surface(cr, arrow.surface, Double(column * cell.w), Double(row * cell.h))
                    cairo_paint(cr)
                }
            }
        }
        try check(frame, "system-arrow")
    }

    /// `swipeback system`'s page style at 40 % from the left edge and 25 % from the right, over a
    /// striped snapshot: the dimmed backdrop, the shadow, the page moved.
    func testTheSystemPageSlide() throws {
        let snapshot = try ImageSurface(width: 240, height: 120, opaque: true)
        try snapshot.draw { cr in
            for stripe in 0..<6 {
                cairo_set_source_rgb(cr, stripe % 2 == 0 ? 0.95 : 0.4, 0.6, stripe % 2 == 0 ? 0.3 : 0.9)
                cairo_rectangle(cr, Double(stripe * 40), 0, 40, 120)
                cairo_fill(cr)
            }
        }
        let frame = try ImageSurface(width: 240, height: 240, opaque: true)
        let half = try ImageSurface(width: 240, height: 120, opaque: true)
        let configuration = Configuration()
        try frame.draw { cr in
            for (row, (offset, edge)) in [(96.0, SystemEdge.left), (60.0, SystemEdge.right)].enumerated() {
                try half.draw {
                    PageSlidePainter.draw($0, snapshot: snapshot, offset: offset, edge: edge,
                                          backdropDim: PageSlidePainter.backdropDim(progress: offset / 240, configuration: configuration),
                                          configuration: configuration)
                }
                cairo_set_source_surface(cr, half.surface, 0, Double(row * 120))
                cairo_paint(cr)
            }
        }
        try check(frame, "system-page")
    }
}

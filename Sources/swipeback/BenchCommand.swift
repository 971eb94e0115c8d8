// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import SwipeBackBenchmarks

/// `swipeback bench [--json]`: the engine's costs, measured in one run. It prints; it never fails.
///
/// - `event_ns`: recognizer plus velocity tracker per pointer move (what a `changed` costs), ns.
/// - `app_event_ns`: the whole app model per pointer move, event log line included, ns.
/// - `frame_1080p_vs_memcpy`, `frame_4k_vs_memcpy`: one mid-swipe drag frame against a memcpy of
///   one full frame at the same size, measured in the same run (goal: at most 1.5).
/// - `frame_1080p_vs_copies`, `frame_4k_vs_copies`: the same mid-swipe parallax frame against that
///   frame made of plain row copies (a memcpy per row) of the two snapshots, the same spans at the
///   same offsets, measured in the same run: what the dim and the shadow and the compositor's
///   bookkeeping cost beyond moving the pixels (both sides move the finger and build the scene)
///   (goal: at most 1.2).
///   `copies_1080p_ms`, `copies_4k_ms`: that copy frame, ms.
/// - `frame_1080p_cover_vs_memcpy`, `frame_1080p_crossfade_vs_memcpy`: the same frame in the other
///   transition styles (`transition`), against the same run's memcpy.
/// - `depth_1000_vs_2`: frame cost with 1000 pages on the stack against 2 (goal: at most 1.05).
/// - `surfaces_at_depth_1000`, `surfaces_at_depth_3`: page snapshots held (goal: the same).
///
/// The figures of a real window under Xvfb and Xorg (latency, dropped frames, swipe CPU) need the
/// test servers and input injection, which the installed program does not carry: they are
/// `swipeback-live-bench`, built beside it and never installed.
enum BenchCommand {
    typealias Result = BenchmarkResult

    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.isEmpty else {
            throw CommandFailure.usage("bench takes no arguments, got \"\(options.positional[0])\"; usage: swipeback bench [--json]")
        }
        var results: [Result] = []
        results.append(Result(name: "event_ns", value: recognizerAndTracker(), unit: "ns", goal: nil))
        results.append(Result(name: "app_event_ns", value: try appModel(), unit: "ns", goal: nil))
        for (name, width, height, frames) in [("1080p", 1920, 1080, 200), ("4k", 3840, 2160, 40)] {
            let (frame, copy) = try frameAndCopy(width: width, height: height, frames: frames)
            results.append(Result(name: "frame_\(name)_ms", value: frame, unit: "ms", goal: nil))
            results.append(Result(name: "memcpy_\(name)_ms", value: copy, unit: "ms", goal: nil))
            results.append(Result(name: "frame_\(name)_vs_memcpy", value: frame / copy, unit: "ratio", goal: 1.5))
        }
        for (name, width, height, frames) in [("1080p", 1920, 1080, 200), ("4k", 3840, 2160, 40)] {
            let (frame, copies) = try frameAndCopies(width: width, height: height, frames: frames)
            results.append(Result(name: "copies_\(name)_ms", value: copies, unit: "ms", goal: nil))
            results.append(Result(name: "frame_\(name)_vs_copies", value: frame / copies, unit: "ratio", goal: 1.2))
        }
        for style in [TransitionStyle.cover, .card, .crossfade] {
            let (frame, copy) = try frameAndCopy(width: 1920, height: 1080, frames: 100, style: style)
            // The card scales both pages (cairo, bilinear): a resample, not a copy, so no copy goal.
            results.append(Result(name: "frame_1080p_\(style.rawValue)_vs_memcpy", value: frame / copy, unit: "ratio",
                                  goal: style == .card ? nil : 1.5))
        }
        let depth = try depthRuns()
        results.append(Result(name: "depth_1000_vs_2", value: depth.deep / depth.shallow, unit: "ratio", goal: 1.05))
        results.append(Result(name: "surfaces_at_depth_1000", value: Double(depth.surfacesDeep), unit: "surfaces",
                              goal: Double(depth.surfacesThree)))
        results.append(Result(name: "surfaces_at_depth_3", value: Double(depth.surfacesThree), unit: "surfaces", goal: nil))
        var text = BenchmarkReport.text(results, notes: [], json: options.json)
        if !options.json {
            text += "(the figures of a real window: `make live-bench`, from the source tree)\n"
        }
        #if DEBUG
        if !options.json { text += "(debug build: run `make bench` for real numbers)\n" }
        #endif
        try printStandardOutput(text)
        return 0
    }

    private static func nanoseconds(_ duration: Duration) -> Double { BenchmarkTiming.nanoseconds(duration) }

    /// A recognizer and a tracker fed drag after drag; the estimate is read at every move.
    static func recognizerAndTracker() -> Double {
        let clock = ContinuousClock()
        let drags = 20_000, moves = 30
        var sink = 0.0
        let elapsed = clock.measure {
            for drag in 0..<drags {
                var recognizer = ScreenEdgePanGestureRecognizer(downPoint: Point(x: 4, y: 300), direction: .leftToRight,
                                                                widthPixels: 800, touchSlop: 8)
                var tracker = VelocityTracker()
                let t0 = Double(drag) * 1000
                tracker.addSample(timeMilliseconds: t0, position: Point(x: 4, y: 300))
                for i in 1...moves {
                    let t = t0 + Double(i) * 8
                    let p = Point(x: 4 + Double(i * i), y: 300 + Double(i % 3))
                    if recognizer.move(to: p) == .wouldBegin { recognizer.begin() }
                    tracker.addSample(timeMilliseconds: t, position: p)
                    sink += recognizer.progress + (tracker.velocity(atMilliseconds: t)?.xPixelsPerSecond ?? 0)
                }
            }
        }
        if sink.isNaN { print("") } // keeps the work from being optimised away
        return nanoseconds(elapsed) / Double(drags * moves)
    }

    /// The app model over a two-page stack: swipes that cancel, so the stack stays the same.
    static func appModel() throws -> Double {
        let document = PagesDocument(pages: [:], stacks: [StackDescription(id: "main", frame: nil, pages: ["A", "B"])])
        var lines = 0
        let model = AppModel(configuration: Configuration(), windowWidth: 800, windowHeight: 600, direction: .leftToRight,
                             document: document, measurer: FixedContentMeasurer()) { _ in lines += 1 }
        let clock = ContinuousClock()
        let drags = 5_000, moves = 30
        var total = Duration.zero
        for drag in 0..<drags {
            let t0 = Double(drag) * 2000
            model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 4, y: 300))), atMilliseconds: t0)
            total += clock.measure {
                for i in 1...moves {
                    let p = Point(x: 4 + Double(i * 4), y: 300)
                    model.handle(.pointer(PointerInput(phase: .move, id: 1, device: .touch, position: p)), atMilliseconds: t0 + Double(i) * 8)
                }
            }
            model.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 124, y: 300))), atMilliseconds: t0 + 400)
            var t = t0 + 400
            while model.needsFrames { t += 1000.0 / 60; model.tick(atMilliseconds: t) }
        }
        return nanoseconds(total) / Double(drags * moves)
    }

    /// A model mid-swipe on `pages` (bottom to top) in a `width` x `height` window.
    private static func swipingModel(pages: [String], document base: PagesDocument, width: Int, height: Int,
                                     measurer: TextMeasurer) -> AppModel {
        var document = base
        document.stacks = [StackDescription(id: "main", frame: nil, pages: pages)]
        let model = AppModel(configuration: Configuration(), windowWidth: Double(width), windowHeight: Double(height),
                             direction: .leftToRight, document: document, measurer: measurer) { _ in }
        model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 4, y: 300))), atMilliseconds: 0)
        return model
    }

    /// Moves the finger of `model` for frame `i`, so every frame moves the page.
    private static func moveFinger(_ model: AppModel, frame i: Int) {
        let x = model.windowWidth * (0.2 + 0.6 * Double(i % 7) / 7)
        model.handle(.pointer(PointerInput(phase: .move, id: 1, device: .touch, position: Point(x: x, y: 300))),
                     atMilliseconds: Double(i + 1) * 8)
    }

    private static func median(_ values: [Double]) -> Double { BenchmarkTiming.median(values) }

    /// Times `a` and `b` alternately `rounds` times and returns their median times in ms, so both
    /// see the same machine (caches, clock speed, other load).
    private static func interleaved(rounds: Int, _ a: () throws -> Void, _ b: () throws -> Void) rethrows -> (Double, Double) {
        let clock = ContinuousClock()
        var ta: [Double] = [], tb: [Double] = []
        try a(); try b() // warm up: snapshots drawn, pages touched
        for _ in 0..<rounds {
            ta.append(nanoseconds(try clock.measure(a)) / 1e6)
            tb.append(nanoseconds(try clock.measure(b)) / 1e6)
        }
        return (median(ta), median(tb))
    }

    /// A mid-swipe drag frame in `style` versus a memcpy of one full frame, both `width` x `height`, in ms.
    static func frameAndCopy(width: Int, height: Int, frames: Int, style: TransitionStyle = .parallax) throws -> (frame: Double, copy: Double) {
        let assets = try AssetLocator.assetsDirectory()
        let measurer = try TextMeasurer(imageDirectory: assets)
        let document = try PagesDocumentReader.read(path: assets + "/pages.json")
        let pages = Array(document.pages.keys.sorted().prefix(2))
        let model = swipingModel(pages: pages, document: document, width: width, height: height, measurer: measurer)
        var configuration = model.configuration
        configuration.transition = style
        model.reconfigure(configuration)
        let compositor = TransitionCompositor(measurer: measurer)
        let target = try ImageSurface(width: width, height: height, opaque: true)
        let source = try ImageSurface(width: width, height: height, opaque: true)
        let copyTarget = try ImageSurface(width: width, height: height, opaque: true)
        let bytes = target.stride * height
        // Touch every page of the source: fresh memory reads as the shared zero page, which would flatter memcpy.
        memset(source.data, 0x5A, bytes)
        var i = 0
        return try interleaved(rounds: frames, {
            i += 1
            moveFinger(model, frame: i) // not a drawing cost, but cheap next to a frame
            try compositor.compose(model.scene(), into: target)
        }, {
            memcpy(copyTarget.data, source.data, bytes)
        })
    }

    /// A mid-swipe parallax frame versus the same frame as plain row copies of its two snapshots, in
    /// ms: two models take the same finger moves, one composed, the other copied by `copyFrame`.
    static func frameAndCopies(width: Int, height: Int, frames: Int) throws -> (frame: Double, copies: Double) {
        let assets = try AssetLocator.assetsDirectory()
        let measurer = try TextMeasurer(imageDirectory: assets)
        let document = try PagesDocumentReader.read(path: assets + "/pages.json")
        let pages = Array(document.pages.keys.sorted().prefix(2))
        func model() -> AppModel {
            let model = swipingModel(pages: pages, document: document, width: width, height: height, measurer: measurer)
            var configuration = model.configuration
            configuration.transition = .parallax
            model.reconfigure(configuration)
            return model
        }
        let composed = model(), copied = model()
        let compositor = TransitionCompositor(measurer: measurer)
        // The copies read their own snapshots, as many bytes as the compositor's.
        let copier = TransitionCompositor(measurer: measurer)
        let target = try ImageSurface(width: width, height: height, opaque: true)
        let copyTarget = try ImageSurface(width: width, height: height, opaque: true)
        var i = 0, j = 0
        return try interleaved(rounds: frames, {
            i += 1
            moveFinger(composed, frame: i)
            try compositor.compose(composed.scene(), into: target)
        }, {
            j += 1
            moveFinger(copied, frame: j)
            try copyFrame(copied.scene(), snapshots: copier.snapshots, into: copyTarget)
        })
    }

    /// `scene` drawn as plain row copies: for each swiping stack, the visible part of the page
    /// beneath and of the moving page from their snapshots, at the compositor's parallax placement,
    /// undimmed and unshadowed (the floor a parallax frame is measured against). Scroll offsets are
    /// not applied (the bench's pages are not scrolled).
    private static func copyFrame(_ scene: Scene, snapshots: SnapshotCache, into target: ImageSurface) throws {
        for stack in scene.stacks {
            let x0 = Int(stack.frame.x.rounded()), y0 = Int(stack.frame.y.rounded())
            let w = max(1, Int(stack.frame.width.rounded())), h = max(1, Int(stack.frame.height.rounded()))
            guard let progress = stack.progress, let lower = stack.lower else { continue }
            func surface(_ page: Scene.Page) throws -> ImageSurface {
                let surface = try snapshots.snapshot(of: page, width: w, height: h,
                                                     drawnHeight: min(Int(page.contentHeight.rounded(.up)),
                                                                      TransitionCompositor.maximumSnapshotHeight),
                                                     direction: stack.direction, scale: scene.layoutScale)
                surface.flush()
                return surface
            }
            let place = TransitionCompositor.placement(progress: progress, width: w, parallax: scene.parallax,
                                                       direction: stack.direction)
            let spans = [(try surface(lower), place.lowerVisibleStart, place.lowerVisibleEnd, place.lowerX),
                         (try surface(stack.upper), max(0, place.upperX), min(w, place.upperX + w), place.upperX)]
            for (source, start, end, originX) in spans {
                // Columns start..<end of the stack, clipped to the snapshot and the target.
                let from = max(start, originX), to = min(end, originX + source.width, target.width - x0)
                guard to > from else { continue }
                let sourceBase = UnsafeRawPointer(source.data), targetBase = UnsafeMutableRawPointer(target.data)
                for y in max(0, y0)..<min(y0 + h, target.height, y0 + source.height) {
                    memcpy(targetBase + y * target.stride + (x0 + from) * 4,
                           sourceBase + (y - y0) * source.stride + (from - originX) * 4, (to - from) * 4)
                }
            }
        }
        target.markDirty()
    }

    /// Frame cost (ms) at stack depth 1000 and 2, measured alternately, and the snapshots held at
    /// depths 1000 and 3, mid-swipe at 1280x800.
    static func depthRuns() throws -> (deep: Double, shallow: Double, surfacesDeep: Int, surfacesThree: Int) {
        let measurer = try TextMeasurer()
        func setup(_ depth: Int) throws -> (AppModel, TransitionCompositor, ImageSurface) {
            let model = swipingModel(pages: (0..<depth).map { "page\($0)" }, document: PagesDocument(pages: [:], stacks: []),
                                     width: 1280, height: 800, measurer: measurer)
            return (model, TransitionCompositor(measurer: measurer),
                    try ImageSurface(width: 1280, height: 800, opaque: true))
        }
        let deep = try setup(1000), shallow = try setup(2), three = try setup(3)
        var i = 0
        let (deepTime, shallowTime) = try interleaved(rounds: 1000, {
            i += 1
            moveFinger(deep.0, frame: i)
            try deep.1.compose(deep.0.scene(), into: deep.2)
        }, {
            moveFinger(shallow.0, frame: i)
            try shallow.1.compose(shallow.0.scene(), into: shallow.2)
        })
        moveFinger(three.0, frame: 1)
        try three.1.compose(three.0.scene(), into: three.2)
        return (deepTime, shallowTime, deep.1.snapshots.count, three.1.snapshots.count)
    }
}

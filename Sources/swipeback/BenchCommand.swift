import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import SwipeBackXTesting

/// `swipeback bench [--json]`: the engine's costs, measured in one run. It prints; it never fails.
///
/// - `event_ns`: recognizer plus velocity tracker per pointer move (what a `changed` costs), ns.
/// - `app_event_ns`: the whole app model per pointer move, event log line included, ns.
/// - `frame_1080p_vs_memcpy`, `frame_4k_vs_memcpy`: one mid-swipe drag frame against a memcpy of
///   one full frame at the same size, measured in the same run (goal: at most 1.5).
/// - `depth_1000_vs_2`: frame cost with 1000 pages on the stack against 2 (goal: at most 1.05).
/// - `surfaces_at_depth_1000`, `surfaces_at_depth_3`: page snapshots held (goal: the same).
/// - Under a private Xvfb (skipped without one): `latency_p50_frames`, `latency_p99_frames`, input
///   to present in 60 Hz frames for XTest moves (goal p99 at most 1), and `dropped_frames_2s_1080p`
///   during a 2 s drag at 1920x1080 (goal 0).
/// - Under a private Xorg with the inputtest driver (root only; skipped otherwise):
///   `swipe_cpu_ms_per_frame_1080p`, the CPU time of the demo plus the X server per presented
///   frame during a 1 s touch swipe, and `swipe_cpu_vs_memcpy` against a memcpy of one frame
///   (goal at most 3; GTK4 with libadwaita 1.2 costs about 80x, measured the same way by the team).
enum BenchCommand {
    struct Result {
        var name: String
        var value: Double
        var unit: String
        var goal: Double?
    }

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
        let depth = try depthRuns()
        results.append(Result(name: "depth_1000_vs_2", value: depth.deep / depth.shallow, unit: "ratio", goal: 1.05))
        results.append(Result(name: "surfaces_at_depth_1000", value: Double(depth.surfacesDeep), unit: "surfaces",
                              goal: Double(depth.surfacesThree)))
        results.append(Result(name: "surfaces_at_depth_3", value: Double(depth.surfacesThree), unit: "surfaces", goal: nil))
        var notes: [String] = []
        do { results += try latencyUnderXvfb() } catch { notes.append("latency and dropped frames skipped: \(error)") }
        do { results += try swipeCPUUnderXorg() } catch { notes.append("touch swipe CPU skipped: \(error)") }
        var text = ""
        let nameWidth = max(30, (results.map(\.name.count).max() ?? 0) + 2)
        for r in results {
            if options.json {
                text += EventLogWriter.json(.object([("name", .string(r.name)), ("value", .number(r.value)),
                                                     ("unit", .string(r.unit)), ("goal", r.goal.map(LogValue.number) ?? .null)])) + "\n"
            } else {
                let goal = r.goal.map { String(format: "  (goal %g)", $0) } ?? ""
                let value = r.value == r.value.rounded() && abs(r.value) < 1e9 ? String(format: "%8d    ", Int(r.value))
                    : String(format: "%12.3f", r.value)
                text += r.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + value + " " + r.unit + goal + "\n"
            }
        }
        if !options.json { for note in notes { text += note + "\n" } }
        #if DEBUG
        if !options.json { text += "(debug build: run `swift run -c release swipeback bench` for real numbers)\n" }
        #endif
        try printStandardOutput(text)
        return 0
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

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

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

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

    /// A mid-swipe drag frame versus a memcpy of one full frame, both `width` x `height`, in ms.
    static func frameAndCopy(width: Int, height: Int, frames: Int) throws -> (frame: Double, copy: Double) {
        let measurer = try TextMeasurer()
        let assets = try AssetLocator.assetsDirectory()
        let document = try PagesDocumentReader.read(path: assets + "/pages.json")
        let pages = Array(document.pages.keys.sorted().prefix(2))
        let model = swipingModel(pages: pages, document: document, width: width, height: height, measurer: measurer)
        let compositor = TransitionCompositor(measurer: measurer, imageDirectory: assets)
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

    /// Frame cost (ms) at stack depth 1000 and 2, measured alternately, and the snapshots held at
    /// depths 1000 and 3, mid-swipe at 1280x800.
    static func depthRuns() throws -> (deep: Double, shallow: Double, surfacesDeep: Int, surfacesThree: Int) {
        let measurer = try TextMeasurer()
        func setup(_ depth: Int) throws -> (AppModel, TransitionCompositor, ImageSurface) {
            let model = swipingModel(pages: (0..<depth).map { "page\($0)" }, document: PagesDocument(pages: [:], stacks: []),
                                     width: 1280, height: 800, measurer: measurer)
            return (model, TransitionCompositor(measurer: measurer, imageDirectory: "."),
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

    // MARK: - In a real window

    /// This very program, run as the demo for the window benchmarks.
    private static var selfPath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    private static func number(_ line: [String: Any], _ key: String) -> Double? { (line[key] as? NSNumber)?.doubleValue }

    /// Input-to-present latency and dropped frames during a 2 s XTest drag at 1920x1080 under Xvfb.
    ///
    /// Each `changed` line of the demo's log is one processed move; its latency is the time to the
    /// first `frame` presented after it, in 60 Hz frames. A move is dropped when the next move was
    /// processed before any frame showed it.
    static func latencyUnderXvfb() throws -> [Result] {
        let server = try XvfbServer(width: 1920, height: 1080)
        let demo = try DemoProcess(executable: selfPath, display: server.displayName,
                                   arguments: ["--open", "home,message", "--window", "1920x1080"])
        try demo.waitFor("the first frame") { $0.contains { $0["type"] as? String == "frame" } }
        server.move(to: 3, 540)
        sleepMilliseconds(30)
        server.button(true)
        let start = Date()
        for i in 1...120 {
            let due = start.addingTimeInterval(Double(i) / 60)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { sleepMilliseconds(wait * 1000) }
            server.move(to: 3 + i * 12, 540)
        }
        server.button(false)
        let log = try demo.waitFor("the settle", timeout: 20) { log in
            log.contains { $0["type"] as? String == "transition" && $0["phase"] as? String == "finished" }
        }
        let frameInterval = 1000.0 / 60
        let changed = log.filter { $0["phase"] as? String == "changed" }.compactMap { number($0, "t") }
        let frames = log.filter { $0["type"] as? String == "frame" }.compactMap { number($0, "t") }
        var latencies: [Double] = []
        var dropped = 0
        for (index, t) in changed.enumerated() {
            guard let shown = frames.first(where: { $0 >= t }) else { continue }
            latencies.append((shown - t) / frameInterval)
            if index + 1 < changed.count, changed[index + 1] <= shown { dropped += 1 }
        }
        guard !latencies.isEmpty else { throw XTestingError("the drag produced no frames") }
        let sorted = latencies.sorted()
        let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        return [Result(name: "latency_p50_frames", value: median(latencies), unit: "frames", goal: nil),
                Result(name: "latency_p99_frames", value: p99, unit: "frames", goal: 1),
                Result(name: "dropped_frames_2s_1080p", value: Double(dropped), unit: "frames", goal: 0)]
    }

    /// CPU seconds (user + system) used so far by process `pid`, from /proc.
    private static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which may hold spaces) start after the last ')'.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (Double(fields[11])! + Double(fields[12])!) / ticks // utime, stime
    }

    /// CPU time of the demo plus the X server per presented frame during a 1 s touch swipe at
    /// 1920x1080 under Xorg with the inputtest driver, beside a memcpy of one frame.
    static func swipeCPUUnderXorg() throws -> [Result] {
        let server = try XorgTouchServer(width: 1920, height: 1080)
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let demo = try DemoProcess(executable: selfPath, display: server.displayName,
                                   arguments: ["--open", "home,message", "--window", "1920x1080"])
        try demo.waitFor("the first frame") { $0.contains { $0["type"] as? String == "frame" } }
        sleepMilliseconds(300)
        let pids = [demo.process.processIdentifier, server.process.processIdentifier]
        let framesBefore = demo.lines().filter { $0["type"] as? String == "frame" }.count
        let cpuBefore = try pids.map { try cpuSeconds($0) }
        try touch.begin(1, x: 3, y: 540)
        let start = Date()
        for i in 1...60 {
            let wait = start.addingTimeInterval(Double(i) / 60).timeIntervalSinceNow
            if wait > 0 { sleepMilliseconds(wait * 1000) }
            try touch.move(1, x: 3 + Double(i) * 10, y: 540)
        }
        let cpuAfter = try pids.map { try cpuSeconds($0) }
        let frames = demo.lines().filter { $0["type"] as? String == "frame" }.count - framesBefore
        try touch.end(1, x: 603, y: 540)
        guard frames > 0 else { throw XTestingError("the touch swipe presented no frames") }
        let app = (cpuAfter[0] - cpuBefore[0]) * 1000 / Double(frames)
        let xorg = (cpuAfter[1] - cpuBefore[1]) * 1000 / Double(frames)
        let perFrame = app + xorg
        let (_, copy) = try frameAndCopy(width: 1920, height: 1080, frames: 30)
        return [Result(name: "swipe_cpu_app_ms_per_frame_1080p", value: app, unit: "ms", goal: nil),
                Result(name: "swipe_cpu_xorg_ms_per_frame_1080p", value: xorg, unit: "ms", goal: nil),
                Result(name: "swipe_cpu_ms_per_frame_1080p", value: perFrame, unit: "ms", goal: nil),
                Result(name: "swipe_cpu_vs_memcpy", value: perFrame / copy, unit: "ratio", goal: 3)]
    }
}

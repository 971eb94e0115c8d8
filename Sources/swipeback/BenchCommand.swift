import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `swipeback bench [--json]`: the engine's costs, measured in one run. It prints; it never fails.
///
/// - `event_ns`: recognizer plus velocity tracker per pointer move (what a `changed` costs), ns.
/// - `app_event_ns`: the whole app model per pointer move, event log line included, ns.
/// - `frame_ms` and `copy_ms`: composing a 1280x800 mid-swipe frame, and copying one frame's bytes,
///   in ms; `frame_vs_copy` is their ratio (the goal of issue 4: little more than one copy).
enum BenchCommand {
    struct Result {
        var name: String
        var value: Double
        var unit: String
        var goal: Double?
    }

    static func run(_ options: Options) throws -> Int32 {
        var results: [Result] = []
        results.append(Result(name: "event_ns", value: recognizerAndTracker(), unit: "ns", goal: nil))
        results.append(Result(name: "app_event_ns", value: try appModel(), unit: "ns", goal: nil))
        let (frame, copy) = try frameAndCopy()
        results.append(Result(name: "frame_ms", value: frame, unit: "ms", goal: nil))
        results.append(Result(name: "copy_ms", value: copy, unit: "ms", goal: nil))
        results.append(Result(name: "frame_vs_copy", value: frame / copy, unit: "ratio", goal: nil))
        var text = ""
        for r in results {
            if options.json {
                text += EventLogWriter.json(.object([("name", .string(r.name)), ("value", .number(r.value)),
                                                     ("unit", .string(r.unit)), ("goal", r.goal.map(LogValue.number) ?? .null)])) + "\n"
            } else {
                text += r.name.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: "%12.3f %@", r.value, r.unit) + "\n"
            }
        }
        #if DEBUG
        if !options.json { text += "(debug build: run `swift run -c release swipeback bench` for real numbers)\n" }
        #endif
        printStandardOutput(text)
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

    /// Composing a mid-swipe frame versus copying the frame's bytes once, both 1280x800.
    static func frameAndCopy() throws -> (frame: Double, copy: Double) {
        let width = 1280, height = 800
        let measurer = try TextMeasurer()
        let document = try PagesDocumentReader.read(path: AssetLocator.assetsDirectory() + "/pages.json")
        var opened = document
        opened.stacks = [StackDescription(id: "main", frame: nil, pages: ["home", "message"])]
        let model = AppModel(configuration: Configuration(), windowWidth: Double(width), windowHeight: Double(height),
                             direction: .leftToRight, document: opened, measurer: measurer) { _ in }
        model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 4, y: 300))), atMilliseconds: 0)
        let compositor = TransitionCompositor(measurer: measurer, imageDirectory: ".")
        let target = try ImageSurface(width: width, height: height, opaque: true)
        let source = try ImageSurface(width: width, height: height, opaque: true)
        let clock = ContinuousClock()
        let frames = 200
        var frameTime = Duration.zero
        for i in 0..<frames {
            // Alternate positions so every frame moves the page.
            let x = 100 + Double(i % 2) * 300
            model.handle(.pointer(PointerInput(phase: .move, id: 1, device: .touch, position: Point(x: x, y: 300))), atMilliseconds: Double(i + 1) * 8)
            if i == 0 { try compositor.compose(model, into: target) } // snapshots drawn once, not timed
            frameTime += try clock.measure { try compositor.compose(model, into: target) }
        }
        let bytes = target.stride * height
        let copyTime = clock.measure {
            for _ in 0..<frames {
                memcpy(target.data, source.data, bytes)
                target.markDirty()
            }
        }
        return (nanoseconds(frameTime) / 1e6 / Double(frames), nanoseconds(copyTime) / 1e6 / Double(frames))
    }
}

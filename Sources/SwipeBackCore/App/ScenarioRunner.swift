// SPDX-License-Identifier: Apache-2.0
/// One timed line of a scenario after the header.
public struct ScenarioLine: Sendable {
    /// When it applies, in ms on the scenario clock.
    public var timeMilliseconds: Double
    /// What it does; nil for `end`, which only advances the clock.
    public var event: InputEvent?
    /// Its line number in the file (from 1), for messages.
    public var lineNumber: Int

    /// Creates a line.
    public init(timeMilliseconds: Double, event: InputEvent?, lineNumber: Int) {
        self.timeMilliseconds = timeMilliseconds
        self.event = event
        self.lineNumber = lineNumber
    }
}

/// A scenario: the scene and its timed input (SPEC section 1).
public struct Scenario: Sendable {
    /// Window width in px.
    public var windowWidth: Double
    /// Window height in px.
    public var windowHeight: Double
    /// Layout direction at the start.
    public var direction: LayoutDirection
    /// The configuration: defaults, then `--config`, then the header's `config`.
    public var configuration: Configuration
    /// The pages and the stacks to start with.
    public var document: PagesDocument
    /// The timed lines in non-decreasing time.
    public var lines: [ScenarioLine]
    /// The layout scale, px per layout unit (`LayoutScale.range`; the header's `scale`, which `record` writes
    /// from the session's `Xft.dpi` or `--scale`); 1 by default.
    public var layoutScale: Double

    /// Creates a scenario.
    public init(windowWidth: Double, windowHeight: Double, direction: LayoutDirection, configuration: Configuration,
                document: PagesDocument, lines: [ScenarioLine], layoutScale: Double = 1) {
        self.layoutScale = layoutScale
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.direction = direction
        self.configuration = configuration
        self.document = document
        self.lines = lines
    }
}

extension Scenario {
    /// Changes the window size before the run, scaling stack frames that were given for the old
    /// size, and the positions of pointer and scroll lines with them, so the same gestures land
    /// on the same places of the scaled layout.
    ///
    /// - Parameters:
    ///   - width: px, more than 0.
    ///   - height: px, more than 0.
    public mutating func resizeWindow(width: Double, height: Double) {
        let sx = width / windowWidth, sy = height / windowHeight
        for index in document.stacks.indices {
            if let f = document.stacks[index].frame {
                document.stacks[index].frame = Rect(x: f.x * sx, y: f.y * sy, width: f.width * sx, height: f.height * sy)
            }
        }
        for index in lines.indices {
            switch lines[index].event {
            case .pointer(var pointer)?:
                pointer.position = Point(x: pointer.position.x * sx, y: pointer.position.y * sy)
                lines[index].event = .pointer(pointer)
            case .scroll(let dx, let dy, let touchpad, let position?)?:
                lines[index].event = .scroll(dx: dx, dy: dy, touchpad: touchpad, position: Point(x: position.x * sx, y: position.y * sy))
            default:
                break
            }
        }
        windowWidth = width
        windowHeight = height
    }
}

/// Replays a scenario headless on the replay clock of SPEC section 1.
///
/// Lines apply at their time; while an animation runs the frame clock ticks at 60 Hz on the grid
/// of multiples of 1000/60 ms; a line applies before a tick at the same time; after the last line
/// the clock runs until nothing moves (at most 5 s more).
public struct ScenarioRunner {
    /// The longest the clock runs after the last line, in ms.
    public static let drainLimitMilliseconds = 5000.0

    /// Runs `scenario`, sending every event log line to `log`, the `final` line last.
    ///
    /// - Parameters:
    ///   - scenario: the scenario.
    ///   - measurer: text heights and image shapes for layout.
    ///   - captureTimes: times in ms at which to show the model to `capture`, as it is after every
    ///     line and tick at or before that time (for `swipeback render`).
    ///   - capture: receives the model and the capture time, in time order.
    ///   - log: receives each event, the `final` one last.
    /// - Returns: the model after the run.
    @discardableResult
    public static func run(_ scenario: Scenario, measurer: ContentMeasuring,
                           captureTimes: [Double] = [], capture: ((AppModel, Double) -> Void)? = nil,
                           log: @escaping (TimedEvent) -> Void) -> AppModel {
        let model = AppModel(configuration: scenario.configuration, windowWidth: scenario.windowWidth,
                             windowHeight: scenario.windowHeight, direction: scenario.direction,
                             document: scenario.document, measurer: measurer, log: log)
        model.layoutScale = scenario.layoutScale
        let clock = ManualFrameClock(model: model)
        model.start(atMilliseconds: 0)
        var last = 0.0
        var pending = Array(Set(captureTimes)).sorted()
        func captureBefore(_ limit: Double) {
            while let time = pending.first, time < limit {
                clock.advance(to: time)
                capture?(model, time)
                pending.removeFirst()
            }
        }
        for line in scenario.lines {
            captureBefore(line.timeMilliseconds)
            // Ticks strictly before the line, then the line, then ticks at its time come later.
            clock.advance(to: line.timeMilliseconds.nextDown)
            last = max(last, clock.nowMilliseconds, line.timeMilliseconds)
            if let event = line.event {
                model.handle(event, atMilliseconds: line.timeMilliseconds)
            }
            if model.closeRequested { break }
        }
        if !model.closeRequested {
            let drainEnd = clock.nowMilliseconds + drainLimitMilliseconds
            captureBefore(drainEnd)
            let tickedTo = clock.settle(limitMilliseconds: max(0, drainEnd - clock.nowMilliseconds))
            last = max(last, tickedTo)
        }
        captureBefore(.infinity)
        log(model.finalEvent(atMilliseconds: last))
        return model
    }
}

// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// A pointer gesture as timed input (down, moves, up at given times), for tests that drive the
/// engine headless: one home for the drags that tests used to build by hand.
public struct GestureScript {
    /// The lines so far: app time in ms, and the input.
    public private(set) var lines: [(milliseconds: Double, event: InputEvent)] = []

    /// An empty script.
    public init() {}

    /// Adds an input at `milliseconds` (app time, ms, not before the last line's).
    public mutating func add(_ event: InputEvent, at milliseconds: Double) {
        lines.append((milliseconds, event))
    }

    /// Adds a straight drag of pointer `id`: a down at `from`, `steps` moves `interval` ms apart
    /// to `to`, and the up `releaseDelay` ms after the last move.
    ///
    /// - Parameters:
    ///   - from: the down point, window px.
    ///   - to: the last move's and the up's point, window px.
    ///   - start: the down's time, ms.
    ///   - steps: moves, at least 1.
    ///   - interval: ms between moves (16 is a 60 Hz digitizer).
    ///   - releaseDelay: ms from the last move to the up.
    ///   - id: the pointer id (one per finger).
    ///   - device: touch by default.
    public mutating func drag(from: Point, to: Point, start: Double = 0, steps: Int = 8, interval: Double = 16,
                              releaseDelay: Double = 16, id: Int = 1, device: PointerDevice = .touch) {
        add(.pointer(PointerInput(phase: .down, id: id, device: device, position: from)), at: start)
        for step in 1...max(1, steps) {
            let f = Double(step) / Double(max(1, steps))
            let point = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            add(.pointer(PointerInput(phase: .move, id: id, device: device, position: point)), at: start + Double(step) * interval)
        }
        add(.pointer(PointerInput(phase: .up, id: id, device: device, position: to)),
            at: start + Double(max(1, steps)) * interval + releaseDelay)
    }

    /// The time of the last line, ms (0 for none).
    public var endMilliseconds: Double { lines.last?.milliseconds ?? 0 }

    /// The lines as a scenario's (line numbers from 2, after the header).
    public var scenarioLines: [ScenarioLine] {
        lines.enumerated().map { ScenarioLine(timeMilliseconds: $1.milliseconds, event: $1.event, lineNumber: $0 + 2) }
    }
}

/// Builds the small documents and models tests run: pages with no content of their own (plain
/// `PageDefinition`s) on one stack `main`.
public enum TestModels {
    /// A document of plain pages `ids`, with one stack `main` of `stack` (bottom to top).
    public static func document(pages ids: [String], stack: [String]) -> PagesDocument {
        PagesDocument(pages: Dictionary(uniqueKeysWithValues: ids.map { ($0, PageDefinition(id: $0)) }),
                      stacks: [StackDescription(id: "main", frame: nil, pages: stack)])
    }

    /// A scenario of an 800x600 window, left to right, default configuration, over `document`.
    public static func scenario(_ document: PagesDocument, _ script: GestureScript, layoutScale: Double = 1,
                                configuration: Configuration = Configuration()) -> Scenario {
        Scenario(windowWidth: 800, windowHeight: 600, direction: .leftToRight, configuration: configuration,
                 document: document, lines: script.scenarioLines, layoutScale: layoutScale)
    }

    /// A model of one stack `main` of `stack` (bottom to top) over `pages` (pages not given are
    /// plain), not yet started.
    ///
    /// - Parameters:
    ///   - pages: page definitions by id; ids in `stack` without one are plain pages.
    ///   - stack: the stack's page ids, bottom to top.
    ///   - width: the window's width, px.
    ///   - height: the window's height, px.
    ///   - direction: the layout direction.
    ///   - configuration: the tunables.
    ///   - measurer: lays out text and images (`FixedContentMeasurer` headless; the renderer's to draw).
    ///   - log: gets every record.
    public static func model(pages: [String: PageDefinition] = [:], stack: [String], width: Double = 800, height: Double = 600,
                             direction: LayoutDirection = .leftToRight, configuration: Configuration = Configuration(),
                             measurer: ContentMeasuring = FixedContentMeasurer(),
                             log: @escaping (TimedEvent) -> Void = { _ in }) -> AppModel {
        AppModel(configuration: configuration, windowWidth: width, windowHeight: height, direction: direction,
                 document: PagesDocument(pages: pages, stacks: [StackDescription(id: "main", frame: nil, pages: stack)]),
                 measurer: measurer, log: log)
    }

    /// Runs `scenario` headless; returns the model at its end and its log.
    public static func run(_ scenario: Scenario) -> (model: AppModel, log: [TimedEvent]) {
        var log: [TimedEvent] = []
        let model = ScenarioRunner.run(scenario, measurer: FixedContentMeasurer()) { log.append($0) }
        return (model, log)
    }

    /// The page ids of stack `id`, bottom to top (empty when there is no such stack).
    public static func pages(of model: AppModel, stack id: String = "main") -> [String] {
        model.stack(id: id)?.pages.map(\.pageID) ?? []
    }
}

import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `swipeback replay SCENARIO`: runs a scenario headless and prints its event log.
enum ReplayCommand {
    static func run(_ options: Options) throws -> Int32 {
        if let compare = options.compare { return try runCompare(options, configurations: compare) }
        guard options.positional.count == 1 else {
            throw CommandFailure.usage("replay expects one SCENARIO file; try: swipeback help replay")
        }
        var scenario = try ScenarioReader.read(path: options.positional[0], configuration: options.headlessConfiguration())
        try Options.checkImages(scenario.document, file: options.positional[0])
        if let size = options.windowSize {
            scenario.resizeWindow(width: size.width, height: size.height)
        }
        if options.rtl { scenario.direction = .rightToLeft }
        let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory ?? TextFile.folder(of: options.positional[0]))
        // The whole log is built first, so a failure leaves no half-written output.
        var output = ""
        ScenarioRunner.run(scenario, measurer: measurer) { record in
            output += EventLogWriter.line(record) + "\n"
        }
        if let path = options.eventLog, path != "-" {
            try EventLogSink.writeAtomically(output, to: path)
        } else {
            try printStandardOutput(output)
        }
        return 0
    }

    /// `replay SCENARIO... --compare A.json B.json`: each scenario under both configurations; one
    /// line per released swipe with the two decisions, then how many differ (SPEC section 5).
    /// Swipes pair up in order within each scenario.
    static func runCompare(_ options: Options, configurations: (String, String)) throws -> Int32 {
        guard !options.positional.isEmpty else {
            throw CommandFailure.usage("replay --compare expects one or more SCENARIO files; usage: swipeback replay SCENARIO... --compare A.json B.json")
        }
        guard options.configPath == nil else { throw CommandFailure.usage("replay --compare takes its two configurations instead of --config") }
        let a = try ConfigurationReader.read(path: configurations.0)
        let b = try ConfigurationReader.read(path: configurations.1)
        var output = "", differ = 0, total = 0
        for path in options.positional {
            let decisionsA = try decisions(path, configuration: a, options: options)
            let decisionsB = try decisions(path, configuration: b, options: options)
            for (x, y) in zip(decisionsA, decisionsB) {
                total += 1
                if x.decision != y.decision { differ += 1 }
                output += CompareReport.line(t: x.t, stack: x.stack, scenario: options.positional.count > 1 ? path : nil,
                                             a: x.decision, b: y.decision) + "\n"
            }
        }
        output += CompareReport.summary(differ: differ, total: total) + "\n"
        if let path = options.eventLog, path != "-" {
            try EventLogSink.writeAtomically(output, to: path)
        } else {
            try printStandardOutput(output)
        }
        return 0
    }

    /// The decisions of a scenario's released swipes under `configuration` (the scenario's own
    /// `config` still applies on top, SPEC section 4).
    private static func decisions(_ path: String, configuration: Configuration, options: Options) throws
        -> [(t: Double, stack: String, decision: String)] {
        var scenario = try ScenarioReader.read(path: path, configuration: configuration)
        try Options.checkImages(scenario.document, file: path)
        if let size = options.windowSize { scenario.resizeWindow(width: size.width, height: size.height) }
        if options.rtl { scenario.direction = .rightToLeft }
        let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory ?? TextFile.folder(of: path))
        var result: [(Double, String, String)] = []
        ScenarioRunner.run(scenario, measurer: measurer) { record in
            guard case .gesture(let stack, _, let step) = record.event, step.phase == .ended,
                  let decision = step.decision else { return }
            result.append((record.timeMilliseconds, stack, decision.rawValue))
        }
        return result
    }
}

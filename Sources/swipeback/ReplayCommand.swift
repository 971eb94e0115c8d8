// SPDX-License-Identifier: Apache-2.0
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
        let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory ?? TextFile.folder(of: options.positional[0]),
                                        fontFamily: scenario.configuration.fontFamily)
        // Everything is checked before the run, which cannot fail: the log is written as it is made
        // (a file through a temporary renamed into place at the end), in bounded memory.
        let output = try OutputFile.eventLog(options.eventLog)
        var failure: Error?
        ScenarioRunner.run(scenario, measurer: measurer) { record in
            guard failure == nil else { return }
            do { try output.write(EventLogWriter.line(record) + "\n") } catch { failure = error }
        }
        if let failure { throw failure }
        try output.finish()
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
        if let systemLogs = try SystemLogs.read(options.positional) {
            return try SystemLogs.compare(systemLogs, a: a, b: b, options: options)
        }
        // Every scenario is read before the first line is written.
        let scenarios = try options.positional.map { path in
            (path, try scenario(path, configuration: a, options: options), try scenario(path, configuration: b, options: options))
        }
        let output = try OutputFile.eventLog(options.eventLog)
        var differ = 0, total = 0
        for (path, scenarioA, scenarioB) in scenarios {
            let decisionsA = try decisions(scenarioA, path: path), decisionsB = try decisions(scenarioB, path: path)
            for (x, y) in zip(decisionsA, decisionsB) {
                total += 1
                if x.decision != y.decision { differ += 1 }
                try output.write(CompareReport.line(t: x.t, stack: x.stack, scenario: options.positional.count > 1 ? path : nil,
                                                    a: x.decision, b: y.decision) + "\n")
            }
        }
        try output.write(CompareReport.summary(differ: differ, total: total) + "\n")
        try output.finish()
        return 0
    }

    /// A scenario read under `configuration` (its own `config` still applies on top, SPEC section 4),
    /// its images checked, with `--window` and `--rtl` applied.
    private static func scenario(_ path: String, configuration: Configuration, options: Options) throws -> Scenario {
        var scenario = try ScenarioReader.read(path: path, configuration: configuration)
        try Options.checkImages(scenario.document, file: path)
        if let size = options.windowSize { scenario.resizeWindow(width: size.width, height: size.height) }
        if options.rtl { scenario.direction = .rightToLeft }
        return scenario
    }

    /// The decisions of a scenario's released swipes.
    private static func decisions(_ scenario: Scenario, path: String) throws -> [(t: Double, stack: String, decision: String)] {
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

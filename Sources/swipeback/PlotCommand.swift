// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `swipeback plot SCENARIO... -o OUT.png`: the decision map of every released swipe in the
/// scenarios, over the commit and cancel regions of the configuration (`--config`, else defaults);
/// with `--compare A.json B.json`, both configurations' regions on one map, each swipe replayed
/// under both and ringed where its decisions differ.
enum PlotCommand {
    static func run(_ options: Options) throws -> Int32 {
        guard !options.positional.isEmpty else {
            throw CommandFailure.usage("plot expects one or more SCENARIO files; usage: swipeback plot SCENARIO... -o OUT.png")
        }
        guard let out = options.output else { throw CommandFailure.usage("plot needs -o OUT.png") }
        guard out.lowercased().hasSuffix(".png") else { throw CommandFailure.usage("-o \(out): expected a .png file name") }
        var isDirectory = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), isDirectory {
            throw CommandFailure.usage("-o \(out): is a directory, expected a .png file")
        }
        let folder = TextFile.folder(of: out)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
            throw CommandFailure.usage("-o \(out): no folder \(folder)")
        }
        if let systemLogs = try SystemLogs.read(options.positional) {
            return try write(try SystemLogs.map(systemLogs, options: options), to: out)
        }
        if let compare = options.compare {
            guard options.configPath == nil else { throw CommandFailure.usage("plot --compare takes its two configurations instead of --config") }
            return try write(try comparedMap(options, configurations: compare), to: out)
        }
        let base = try options.headlessConfiguration()
        var points: [DecisionMap.Point] = []
        // The regions are one configuration's: every scenario must have been decided under it (a
        // scenario's own `config` keys apply on top of --config, SPEC section 4).
        var shared: (configuration: Configuration, path: String)?
        for path in options.positional {
            var scenario = try ScenarioReader.read(path: path, configuration: base)
            try Options.checkImages(scenario.document, file: path)
            if let size = options.windowSize { scenario.resizeWindow(width: size.width, height: size.height) }
            if let shared, shared.configuration != scenario.configuration {
                throw CommandFailure.usage("\(path): its header's config differs from \(shared.path)'s, so one map cannot shade both; plot them separately")
            }
            if shared == nil { shared = (scenario.configuration, path) }
            let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory)
            var ended: [(stack: String, progress: Double, velocity: Double?, decision: PopDecision)] = []
            let model = ScenarioRunner.run(scenario, measurer: measurer) { record in
                guard case .gesture(let stack, _, let step) = record.event, step.phase == .ended,
                      let decision = step.decision else { return }
                ended.append((stack, step.progress, step.velocityPixelsPerSecond, decision))
            }
            for swipe in ended {
                // Velocities in stack widths per second, so stacks of any width share the map.
                let width = max(model.stack(id: swipe.stack)?.frame.width ?? scenario.windowWidth, 1)
                points.append(DecisionMap.Point(progress: swipe.progress, velocity: swipe.velocity.map { $0 / width },
                                                decision: swipe.decision))
            }
        }
        return try write(try DecisionMap.render(points: points, configuration: shared?.configuration ?? base), to: out)
    }

    private static func write(_ image: ImageSurface, to out: String) throws -> Int32 {
        do {
            try image.writePNG(to: out)
        } catch {
            throw CommandFailure.runtime("-o \(out): cannot write it: \(error)")
        }
        return 0
    }

    /// The released swipes of a scenario under `configuration`: progress, velocity in widths/s, decision.
    private static func releases(_ scenario: Scenario, path: String) throws -> [DecisionMap.Point] {
        let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory)
        var ended: [(stack: String, progress: Double, velocity: Double?, decision: PopDecision)] = []
        let model = ScenarioRunner.run(scenario, measurer: measurer) { record in
            guard case .gesture(let stack, _, let step) = record.event, step.phase == .ended, let decision = step.decision else { return }
            ended.append((stack, step.progress, step.velocityPixelsPerSecond, decision))
        }
        return ended.map { swipe in
            let width = max(model.stack(id: swipe.stack)?.frame.width ?? scenario.windowWidth, 1)
            return DecisionMap.Point(progress: swipe.progress, velocity: swipe.velocity.map { $0 / width }, decision: swipe.decision)
        }
    }

    /// Both configurations' regions on one map; each swipe where configuration A released it,
    /// with A's decision and B's (swipes pair up in order within each scenario, as `replay --compare`'s).
    private static func comparedMap(_ options: Options, configurations: (String, String)) throws -> ImageSurface {
        let a = try ConfigurationReader.read(path: configurations.0)
        let b = try ConfigurationReader.read(path: configurations.1)
        var points: [DecisionMap.Point] = []
        for path in options.positional {
            func read(_ configuration: Configuration) throws -> Scenario {
                var scenario = try ScenarioReader.read(path: path, configuration: configuration)
                try Options.checkImages(scenario.document, file: path)
                if let size = options.windowSize { scenario.resizeWindow(width: size.width, height: size.height) }
                return scenario
            }
            let underA = try releases(try read(a), path: path), underB = try releases(try read(b), path: path)
            for (x, y) in zip(underA, underB) {
                var point = x
                point.comparedDecision = y.decision
                points.append(point)
            }
        }
        return try DecisionMap.render(points: points, configuration: a, compared: b)
    }
}

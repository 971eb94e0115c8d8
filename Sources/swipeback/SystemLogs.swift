// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `plot` and `replay --compare` on `swipeback system` event logs instead of scenarios: each
/// release as it was logged, decided again under the configurations given.
enum SystemLogs {
    /// The releases of each file when every file is a system event log; nil when none is (they
    /// are scenarios).
    ///
    /// - Throws: `CommandFailure.usage` when logs and scenarios are mixed; `FormatError` for a bad line.
    static func read(_ paths: [String]) throws -> [(path: String, releases: [SystemLogReader.Release])]? {
        let read = try paths.map { ($0, try SystemLogReader.read(path: $0)) }
        let logs = read.compactMap { path, releases in releases.map { (path, $0) } }
        guard !logs.isEmpty else { return nil }
        guard logs.count == read.count else {
            throw CommandFailure.usage("\(read.first { $0.1 == nil }!.0): a scenario among swipeback system event logs; give one kind")
        }
        return logs
    }

    /// A configuration whose `commitProgress` is `systemCommitDistance` on the first release's
    /// monitor, so the map's regions are the system swipe's.
    private static func shading(_ configuration: Configuration, _ first: SystemLogReader.Release?) -> Configuration {
        guard let first else { return configuration }
        return configuration.committing(atPixels: configuration.systemCommitDistance * first.pixelsPerMillimetre,
                                        widthPixels: first.widthPixels)
    }

    /// The decision map of the logs' releases (velocity in monitor widths/s), under `--config`
    /// (each dot's colour is the decision it got) or, with `--compare`, both configurations.
    static func map(_ logs: [(path: String, releases: [SystemLogReader.Release])], options: Options) throws -> ImageSurface {
        let releases = logs.flatMap(\.releases)
        func point(_ release: SystemLogReader.Release) -> DecisionMap.Point {
            DecisionMap.Point(progress: release.progress, velocity: release.velocityPixelsPerSecond.map { $0 / release.widthPixels },
                              decision: release.decision)
        }
        if let compare = options.compare {
            guard options.configPath == nil else { throw CommandFailure.usage("plot --compare takes its two configurations instead of --config") }
            let a = try ConfigurationReader.read(path: compare.0), b = try ConfigurationReader.read(path: compare.1)
            let points = releases.map { release in
                var p = point(release)
                p.decision = SystemLogReader.decide(release, configuration: a)
                p.comparedDecision = SystemLogReader.decide(release, configuration: b)
                return p
            }
            return try DecisionMap.render(points: points, configuration: shading(a, releases.first), compared: shading(b, releases.first))
        }
        return try DecisionMap.render(points: releases.map(point), configuration: shading(try options.headlessConfiguration(), releases.first))
    }

    /// One line per release with the decisions under A and B (`stack` is `system`), then how many differ.
    static func compare(_ logs: [(path: String, releases: [SystemLogReader.Release])], a: Configuration, b: Configuration,
                        options: Options) throws -> Int32 {
        let output = try OutputFile.eventLog(options.eventLog)
        var differ = 0, total = 0
        for (path, releases) in logs {
            for release in releases {
                let x = SystemLogReader.decide(release, configuration: a), y = SystemLogReader.decide(release, configuration: b)
                total += 1
                if x != y { differ += 1 }
                try output.write(CompareReport.line(t: release.timeMilliseconds, stack: "system", scenario: logs.count > 1 ? path : nil,
                                                    a: x.rawValue, b: y.rawValue) + "\n")
            }
        }
        try output.write(CompareReport.summary(differ: differ, total: total) + "\n")
        try output.finish()
        return 0
    }
}

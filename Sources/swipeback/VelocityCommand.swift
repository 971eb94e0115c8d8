// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats

/// `swipeback velocity SCENARIO`: the tracker's estimate at every pointer release, one JSON line each.
enum VelocityCommand {
    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.count == 1 else {
            throw CommandFailure.usage("velocity expects one SCENARIO file; usage: swipeback velocity SCENARIO")
        }
        let scenario = try ScenarioReader.read(path: options.positional[0], configuration: options.headlessConfiguration())
        let output = try OutputFile.eventLog(options.eventLog)
        for release in ReleaseVelocity.releases(in: scenario.lines) {
            let vx = release.velocity.map { LogValue.number($0.xPixelsPerSecond) } ?? .null
            let vy = release.velocity.map { LogValue.number($0.yPixelsPerSecond) } ?? .null
            try output.write(EventLogWriter.json(.object([("id", .number(Double(release.id))), ("t", .number(release.timeMilliseconds)),
                                                   ("vx", vx), ("vy", vy)])) + "\n")
        }
        try output.finish()
        return 0
    }
}

// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// The released swipes of a `swipeback system` event log (SPEC section 3, `system` lines), for
/// `plot` and `replay --compare`: what each release measured, and its decision.
public enum SystemLogReader {
    /// One released system swipe.
    public struct Release: Equatable, Sendable {
        /// When it was released, ms.
        public var timeMilliseconds: Double
        /// Its progress: the inward distance over the monitor's width, 0...1.
        public var progress: Double
        /// The inward release velocity, px/s; nil without an estimate.
        public var velocityPixelsPerSecond: Double?
        /// The monitor's width, px.
        public var widthPixels: Double
        /// The commit distance it was decided with, px.
        public var commitDistancePixels: Double
        /// px per mm on its monitor (the commit distance in px over the `started` line's mm).
        public var pixelsPerMillimetre: Double
        /// The decision it got.
        public var decision: PopDecision
    }

    /// Whether `text` is a `swipeback system` event log: its first line is a `system` `started` line.
    public static func isSystemLog(_ text: String) -> Bool {
        guard let first = text.split(separator: "\n", maxSplits: 1).first,
              case .object(let line)? = try? JSONValue.parse(String(first), file: "", line: 1) else { return false }
        return line["type"] == .string("system") && line["event"] == .string("started")
    }

    /// Reads the file at `path`: its releases when it is a system event log, nil when it is not
    /// (a scenario, say).
    ///
    /// - Throws: `FormatError` when it cannot be read (missing, too large, not text) or a line is bad.
    public static func read(path: String) throws -> [Release]? {
        let text = try TextFile.read(path, limit: InputLimits.scenarioBytes)
        return isSystemLog(text) ? try releases(text, file: path) : nil
    }

    /// Reads the releases (`committed` and `cancelled` lines) of a system event log.
    ///
    /// - Parameters:
    ///   - text: the log's text.
    ///   - file: its path, for messages.
    /// - Throws: `FormatError` naming the file and line of a line that is not JSON, or a release
    ///   line without its numbers.
    public static func releases(_ text: String, file: String) throws -> [Release] {
        var commitMillimetres: Double?
        var result: [Release] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !raw.isEmpty {
            guard case .object(let line) = try JSONValue.parse(String(raw), file: file, line: index + 1) else {
                throw FormatError(file: file, line: index + 1, message: "expected a JSON object per line")
            }
            guard line["type"] == .string("system"), case .string(let event)? = line["event"] else { continue }
            func number(_ key: String) throws -> Double {
                guard case .number(let n)? = line[key], n.isFinite else {
                    throw FormatError(file: file, line: index + 1, message: "a \(event) line needs the number \"\(key)\"")
                }
                return n
            }
            switch event {
            case "started":
                commitMillimetres = try number("commitDistance")
            case "committed", "cancelled":
                let velocity: Double?
                if line["velocity"] == .null { velocity = nil } else { velocity = try number("velocity") }
                let commitPixels = try number("commitDistance")
                guard let millimetres = commitMillimetres, millimetres > 0 else {
                    throw FormatError(file: file, line: index + 1, message: "a release before the started line")
                }
                result.append(Release(timeMilliseconds: try number("t"), progress: try number("progress"),
                                      velocityPixelsPerSecond: velocity, widthPixels: max(try number("width"), 1),
                                      commitDistancePixels: commitPixels, pixelsPerMillimetre: commitPixels / millimetres,
                                      decision: event == "committed" ? .commit : .cancel))
            default: continue
            }
        }
        return result
    }

    /// What `configuration` decides for `release`: its rule and fling velocity, its
    /// `systemCommitDistance` at the release's density (as `swipeback system` decides; a release
    /// logged with a retreat is not known to the log and is decided on its numbers alone).
    public static func decide(_ release: Release, configuration: Configuration) -> PopDecision {
        let decision = configuration.committing(atPixels: configuration.systemCommitDistance * release.pixelsPerMillimetre,
                                                widthPixels: release.widthPixels)
        return PopDecision.decide(progress: release.progress, velocityPixelsPerSecond: release.velocityPixelsPerSecond,
                                  widthPixels: release.widthPixels, configuration: decision)
    }
}

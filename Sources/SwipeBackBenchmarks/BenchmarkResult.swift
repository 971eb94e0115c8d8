// SPDX-License-Identifier: Apache-2.0
import Glibc
import SwipeBackFormats

/// One figure a benchmark measured: `swipeback bench` and `swipeback-live-bench` print these.
public struct BenchmarkResult: Sendable {
    /// The figure's name, as `event_ns` or `latency_p99_frames`.
    public var name: String
    /// The value, in `unit`.
    public var value: Double
    /// The unit: `ns`, `ms`, `ratio`, `frames`, `surfaces`.
    public var unit: String
    /// The goal the value should stay at or under (or equal, for counts), nil when there is none.
    public var goal: Double?

    /// A figure.
    ///
    /// - Parameters:
    ///   - name: the figure's name.
    ///   - value: the value, in `unit`.
    ///   - unit: the unit's short name.
    ///   - goal: the goal, or nil.
    public init(name: String, value: Double, unit: String, goal: Double?) {
        self.name = name
        self.value = value
        self.unit = unit
        self.goal = goal
    }
}

/// The text of a benchmark run: aligned columns for people, or one JSON object per line.
public enum BenchmarkReport {
    /// The report of `results`, then each note on a line of its own (notes are left out of JSON).
    ///
    /// - Parameters:
    ///   - results: the figures, in order.
    ///   - notes: why parts were skipped, one line each.
    ///   - json: one `{"name", "value", "unit", "goal"}` object per line instead of columns.
    public static func text(_ results: [BenchmarkResult], notes: [String], json: Bool) -> String {
        var text = ""
        let nameWidth = max(30, (results.map(\.name.count).max() ?? 0) + 2)
        for r in results {
            if json {
                text += EventLogWriter.json(.object([("name", .string(r.name)), ("value", .number(r.value)),
                                                     ("unit", .string(r.unit)), ("goal", r.goal.map(LogValue.number) ?? .null)])) + "\n"
            } else {
                let goal = r.goal.map { "  (goal \(formatted($0, "%g")))" } ?? ""
                let value = r.value == r.value.rounded() && abs(r.value) < 1e9 ? formatted(r.value, "%8.0f    ")
                    : formatted(r.value, "%12.3f")
                let name = r.name.count >= nameWidth ? r.name : r.name + String(repeating: " ", count: nameWidth - r.name.count)
                text += name + value + " " + r.unit + goal + "\n"
            }
        }
        if !json { for note in notes { text += note + "\n" } }
        return text
    }

    /// `value` through a printf format holding one `%g` or `%f` conversion.
    private static func formatted(_ value: Double, _ format: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(max(0, min(Int(length), buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Timing helpers shared by the benchmarks.
public enum BenchmarkTiming {
    /// `duration` in ns.
    public static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    /// The median of `values` (the upper one of an even count); `values` must not be empty.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

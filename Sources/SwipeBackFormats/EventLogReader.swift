// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// One line of an event log read back (SPEC section 3): its time, its type and its fields, typed.
public struct EventLogLine: Equatable, Sendable {
    /// Every field of the line, `t` and `type` included.
    public let fields: [String: JSONValue]

    /// A line of `fields`.
    ///
    /// - Parameter fields: the line's JSON object.
    public init(fields: [String: JSONValue]) { self.fields = fields }

    /// The line as JSON again (keys sorted), for messages.
    public var text: String { EventLogWriter.json(JSONValue.object(fields).logValue) }

    /// The line's field `key`, or nil.
    public subscript(key: String) -> JSONValue? { fields[key] }

    /// `t`: when it happened, ms on the app clock; nil when the line has none.
    public var t: Double? { number("t") }

    /// `type` (`gesture`, `stack`, `frame`, `system`, ...); "" when the line has none.
    public var type: String { string("type") ?? "" }

    /// The string field `key`, or nil when it is missing or not a string.
    public func string(_ key: String) -> String? { fields[key]?.stringValue }

    /// The number field `key`, or nil when it is missing or not a number.
    public func number(_ key: String) -> Double? { fields[key]?.numberValue }

    /// The boolean field `key`, or nil when it is missing or not a boolean.
    public func bool(_ key: String) -> Bool? { fields[key]?.boolValue }

    /// The array of strings `key` (a stack line's `pages`), or nil when it is missing or holds
    /// anything but strings.
    public func strings(_ key: String) -> [String]? { fields[key]?.stringsValue }
}

/// Reads event logs (SPEC section 3) back as typed lines, with the one strict JSON parser
/// (`JSONSyntax`): for the tests, the live bench and the tools that read logs.
public enum EventLogReader {
    /// Every line of a whole log.
    ///
    /// - Parameters:
    ///   - text: the log's text, one JSON object per line.
    ///   - file: its path, for messages.
    /// - Throws: `FormatError` naming the file and line of a line that is not a JSON object.
    public static func lines(_ text: String, file: String) throws -> [EventLogLine] {
        var result: [EventLogLine] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !raw.isEmpty {
            guard case .object(let fields) = try JSONValue.parse(String(raw), file: file, line: index + 1) else {
                throw FormatError(file: file, line: index + 1, message: "expected a JSON object per line")
            }
            result.append(EventLogLine(fields: fields))
        }
        return result
    }

    /// The whole lines of a log that is still being written: a last line cut short (no newline
    /// yet) is left for the next read, and so is any line that is not a JSON object.
    ///
    /// - Parameter text: the log's text so far.
    public static func linesSoFar(_ text: String) -> [EventLogLine] {
        text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { raw in
            guard case .object(let fields)? = try? JSONSyntax.parse(String(raw)) else { return nil }
            return EventLogLine(fields: fields)
        }
    }
}

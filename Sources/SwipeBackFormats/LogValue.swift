// SPDX-License-Identifier: Apache-2.0
/// A JSON-shaped value for event log lines, with object keys kept in order.
public enum LogValue: Equatable, Sendable {
    /// JSON null.
    case null
    /// true or false.
    case bool(Bool)
    /// A finite number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([LogValue])
    /// An object, keys in writing order.
    case object([(String, LogValue)])

    /// Deep equality; object fields compare in order.
    public static func == (a: LogValue, b: LogValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value as a string when it is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as a number when it is one.
    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The value as a boolean when it is one.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
}

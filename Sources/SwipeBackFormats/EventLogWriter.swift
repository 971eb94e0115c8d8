import SwipeBackCore

/// Writes event log lines (SPEC section 3) as JSON, fields in a fixed order: `t`, `type`, then the rest.
public enum EventLogWriter {
    /// One line of JSON, without the newline.
    public static func line(_ entry: EventLogEntry) -> String {
        var out = "{\"t\": " + number(entry.timeMilliseconds) + ", \"type\": " + string(entry.type)
        for (key, value) in entry.fields {
            out += ", " + string(key) + ": " + json(value)
        }
        return out + "}"
    }

    /// The line of an engine event: `EventLogEntry(record)` written as one line of JSON.
    public static func line(_ record: TimedEvent) -> String {
        line(EventLogEntry(record))
    }

    /// A value as JSON text.
    public static func json(_ value: LogValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return number(n)
        case .string(let s): return string(s)
        case .array(let items): return "[" + items.map(json).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.map { string($0.0) + ": " + json($0.1) }.joined(separator: ", ") + "}"
        }
    }

    /// A finite number: integers without a fraction, others as Swift's shortest round-trip form.
    static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
        return String(n)
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// Writes event log lines (SPEC section 3) as JSON, fields in a fixed order: `t`, `type`, then the rest.
public enum EventLogWriter {
    /// One line of JSON, without the newline.
    public static func line(_ entry: EventLogEntry) -> String {
        var out = "{\"t\": " + number(entry.timeMilliseconds) + ", \"type\": " + string(entry.type)
        for (key, value) in entry.fields {
            out += ", " + string(key) + ": "
            append(value, to: &out)
        }
        return out + "}"
    }

    /// The line of an engine event: `EventLogEntry(record)` written as one line of JSON.
    public static func line(_ record: TimedEvent) -> String {
        line(EventLogEntry(record))
    }

    /// A value as JSON text.
    public static func json(_ value: LogValue) -> String {
        var out = ""
        append(value, to: &out)
        return out
    }

    /// Appends `value` as JSON text to `out`, without building the pieces apart (a `stack` line of
    /// a deep stack lists every page).
    static func append(_ value: LogValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += number(n)
        case .string(let s):
            if needsEscape(s) {
                out += string(s)
            } else {
                out.append("\"")
                out.append(s)
                out.append("\"")
            }
        case .array(let items):
            out += "["
            var index = 0
            while index < items.count {
                if index > 0 { out += ", " }
                append(items[index], to: &out)
                index += 1
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { out += ", " }
                out += string(field.0) + ": "
                append(field.1, to: &out)
            }
            out += "}"
        }
    }

    /// A finite number: integers without a fraction, others as Swift's shortest round-trip form.
    static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
        return String(n)
    }

    static func string(_ s: String) -> String {
        // Most strings need no escape: copied whole.
        if !needsEscape(s) { return "\"" + s + "\"" }
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

    /// Whether `s` holds a quote, a backslash or a control character (a scan of its UTF-8 bytes,
    /// in place when the string is stored contiguously, as native strings are).
    static func needsEscape(_ s: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
                index += 1
            }
            return false
        }
        if let found = s.utf8.withContiguousStorageIfAvailable(scan) { return found }
        var copy = s
        return copy.withUTF8(scan)
    }
}

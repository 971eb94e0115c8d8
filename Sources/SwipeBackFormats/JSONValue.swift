// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import SwipeBackCore

/// A parsed JSON value, strict about kinds: `true` is never the number 1.
public enum JSONValue: Equatable, Sendable {
    /// null.
    case null
    /// true or false.
    case bool(Bool)
    /// Any JSON number, as a Double.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Parses one JSON text.
    ///
    /// - Parameters:
    ///   - text: the JSON text.
    ///   - file: the file's path, for messages.
    ///   - line: the text's line in the file (a scenario line), or nil when the text is the whole file.
    /// - Throws: `FormatError` naming the file, the line and column, and what was expected there.
    public static func parse(_ text: String, file: String, line: Int?) throws -> JSONValue {
        do {
            return try JSONSyntax.parse(text)
        } catch {
            // A scenario line is one line: its place is the column; a whole file gets line and column.
            if let line {
                throw FormatError(file: file, line: line, message: "not valid JSON at character \(error.column): \(error.message)")
            }
            throw FormatError(file: file, line: error.line, message: "not valid JSON at column \(error.column): \(error.message)")
        }
    }

    /// The string, or nil for any other kind.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, or nil for any other kind.
    public var numberValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The boolean, or nil for any other kind.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The array, or nil for any other kind.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The object, or nil for any other kind.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o } else { return nil } }
    /// An array of strings, or nil for any other value.
    public var stringsValue: [String]? {
        guard let values = arrayValue else { return nil }
        let strings = values.compactMap(\.stringValue)
        return strings.count == values.count ? strings : nil
    }

    /// The value as an event log value (object keys sorted).
    public var logValue: LogValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.logValue))
        case .object(let o): return .object(o.keys.sorted().map { ($0, o[$0]!.logValue) })
        }
    }

    /// A short name of the kind, for messages ("a number", "a string", ...).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Reads typed fields from a JSON object, with errors that name the file, the line and the place.
struct FieldReader {
    let object: [String: JSONValue]
    let file: String
    let line: Int?
    /// Where in the file the object sits, for messages (`page "home" element 2`), or empty.
    let place: String

    init(_ value: JSONValue, file: String, line: Int?, place: String) throws {
        guard case .object(let object) = value else {
            throw FormatError(file: file, line: line, message: "\(place.isEmpty ? "" : place + ": ")expected an object, found \(value.kindName)")
        }
        self.object = object
        self.file = file
        self.line = line
        self.place = place
    }

    func error(_ message: String) -> FormatError {
        FormatError(file: file, line: line, message: (place.isEmpty ? "" : place + ": ") + message)
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    func number(_ key: String) throws -> Double? {
        guard let value = object[key] else { return nil }
        guard case .number(let n) = value, n.isFinite else {
            throw error("\(FormatError.quoted(key)) must be a number, found \(value.kindName)")
        }
        return n
    }

    func requiredNumber(_ key: String) throws -> Double {
        guard let n = try number(key) else { throw error("missing \(FormatError.quoted(key)) (a number)") }
        return n
    }

    func string(_ key: String) throws -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let s) = value else { throw error("\(FormatError.quoted(key)) must be a string, found \(value.kindName)") }
        return s
    }

    func requiredString(_ key: String) throws -> String {
        guard let s = try string(key) else { throw error("missing \(FormatError.quoted(key)) (a string)") }
        return s
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let b) = value else { throw error("\(FormatError.quoted(key)) must be true or false, found \(value.kindName)") }
        return b
    }

    func array(_ key: String) throws -> [JSONValue]? {
        guard let value = object[key] else { return nil }
        guard case .array(let a) = value else { throw error("\(FormatError.quoted(key)) must be an array, found \(value.kindName)") }
        return a
    }

    func strings(_ key: String) throws -> [String]? {
        guard let items = try array(key) else { return nil }
        return try items.enumerated().map { index, item in
            guard case .string(let s) = item else {
                throw error("\(FormatError.quoted(key)) must hold strings, found \(item.kindName) at [\(index)]")
            }
            return s
        }
    }

    /// A `[x, y, width, height]` frame in px.
    func frame(_ key: String) throws -> Rect? {
        guard let items = try array(key) else { return nil }
        let numbers: [Double] = items.compactMap { if case .number(let n) = $0, n.isFinite { return n } else { return nil } }
        guard numbers.count == 4, items.count == 4, numbers[2] > 0, numbers[3] > 0 else {
            throw error("\(FormatError.quoted(key)) must be [x, y, width, height] in px with width and height more than 0")
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

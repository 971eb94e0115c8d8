// SPDX-License-Identifier: Apache-2.0
/// A strict JSON parser (RFC 8259) that says where a text goes wrong and what was expected
/// there. It refuses what lenient parsers let through: trailing commas, a key twice in one
/// object, numbers a Double cannot hold (too large, or too close to 0 to be told from it), lone
/// surrogate escapes, and nesting deeper than `maximumDepth`.
enum JSONSyntax {
    /// The deepest nesting of arrays and objects a text may have (a pages document inline in a
    /// scenario header needs 6).
    static let maximumDepth = 64

    /// A syntax error: 1-based line and column (in characters) in the text, and what was expected.
    struct Problem: Equatable, Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// Checks `text`; throws the first problem.
    static func check(_ text: String) throws(Problem) {
        _ = try parse(text)
    }

    /// Parses `text` into a value; throws the first problem.
    static func parse(_ text: String) throws(Problem) -> JSONValue {
        var scanner = Scanner(Array(text.utf8))
        scanner.skipSpace()
        let value = try scanner.value(depth: 0)
        scanner.skipSpace()
        if !scanner.atEnd { throw scanner.problem("the end of the text after the JSON value, found \(scanner.describeHere())") }
        return value
    }

    /// Reads the UTF-8 bytes of a text that is known to be valid UTF-8 (a Swift string's).
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }
        var here: UInt8? { atEnd ? nil : bytes[index] }

        func problem(_ expected: String, at position: Int? = nil) -> Problem {
            let end = min(position ?? index, bytes.count)
            var line = 1, column = 1
            for byte in bytes[..<end] where byte & 0xC0 != 0x80 { // one count per character's first byte
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            }
            return Problem(line: line, column: column, message: "expected " + expected)
        }

        func describeHere() -> String {
            guard let c = here else { return "the end of the text" }
            switch c {
            case UInt8(ascii: "\n"): return "a line break"
            case UInt8(ascii: "\""): return "a string"
            default:
                // The whole character that starts here (a continuation byte never starts one).
                var end = index + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                return FormatError.quoted(String(decoding: bytes[index..<end], as: UTF8.self))
            }
        }

        static func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }

        mutating func skipSpace() {
            while let c = here, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                index += 1
            }
        }

        mutating func value(depth: Int) throws(Problem) -> JSONValue {
            switch here {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < JSONSyntax.maximumDepth else {
                    throw problem("at most \(JSONSyntax.maximumDepth) levels of nested arrays and objects")
                }
                return here == UInt8(ascii: "{") ? try object(depth: depth) : try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case let c where c == UInt8(ascii: "-") || Self.isDigit(c): return .number(try number())
            default: throw problem("a value (an object, array, string, number, true, false or null), found \(describeHere())")
            }
        }

        mutating func literal(_ word: String) throws(Problem) {
            let start = index
            for expected in word.utf8 {
                guard here == expected else { throw problem("\(word)", at: start) }
                index += 1
            }
        }

        mutating func number() throws(Problem) -> Double {
            let start = index
            if here == UInt8(ascii: "-") { index += 1 }
            guard Self.isDigit(here) else { throw problem("a digit after \"-\"") }
            if here == UInt8(ascii: "0") { index += 1 } else { while Self.isDigit(here) { index += 1 } }
            var mantissaEnd = index
            if here == UInt8(ascii: ".") {
                index += 1
                guard Self.isDigit(here) else { throw problem("a digit after the decimal point") }
                while Self.isDigit(here) { index += 1 }
                mantissaEnd = index
            }
            if here == UInt8(ascii: "e") || here == UInt8(ascii: "E") {
                index += 1
                if here == UInt8(ascii: "+") || here == UInt8(ascii: "-") { index += 1 }
                guard Self.isDigit(here) else { throw problem("a digit in the exponent") }
                while Self.isDigit(here) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw problem("a number within ±1.8e308, found \(FormatError.shortened(text))", at: start)
            }
            // A nonzero mantissa that reads as 0 was too close to 0 for a Double.
            if value == 0, bytes[start..<mantissaEnd].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
                throw problem("a number a Double can hold, found \(FormatError.shortened(text)): too close to 0 to represent "
                              + "(the smallest is about 4.9e-324)", at: start)
            }
            return value
        }

        /// Four hex digits after `\u`, as a code unit.
        mutating func hexCodeUnit() throws(Problem) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard let h = here, let digit = Int(String(UnicodeScalar(h)), radix: 16) else {
                    throw problem("four hex digits after \\u")
                }
                code = code * 16 + UInt32(digit)
                index += 1
            }
            return code
        }

        /// Reads a string; returns its text, escapes decoded.
        mutating func string() throws(Problem) -> String {
            let start = index
            index += 1 // the opening quote
            var text = String.UnicodeScalarView()
            var runStart = index // plain bytes not yet copied
            func flush(_ end: Int) { text.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
            while true {
                guard let c = here else { throw problem("a closing \" for the string that starts here", at: start) }
                switch c {
                case UInt8(ascii: "\""):
                    flush(index)
                    index += 1
                    return String(text)
                case UInt8(ascii: "\\"):
                    flush(index)
                    index += 1
                    guard let e = here else { throw problem("an escape after \\") }
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(UnicodeScalar(e))
                    case UInt8(ascii: "b"): text.append("\u{8}")
                    case UInt8(ascii: "f"): text.append("\u{C}")
                    case UInt8(ascii: "n"): text.append("\n")
                    case UInt8(ascii: "r"): text.append("\r")
                    case UInt8(ascii: "t"): text.append("\t")
                    case UInt8(ascii: "u"):
                        let escapeStart = index - 2
                        let code = try hexCodeUnit()
                        let hex = "\\u" + String(bytes[escapeStart + 2..<escapeStart + 6].map { Character(UnicodeScalar($0)) })
                        if (0xDC00...0xDFFF).contains(code) {
                            throw problem("a character escape, found the lone low surrogate \(hex) (it must follow a high surrogate \\uD800...\\uDBFF)",
                                          at: escapeStart)
                        }
                        if (0xD800...0xDBFF).contains(code) {
                            guard here == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                                throw problem("a low surrogate escape \\uDC00...\\uDFFF after the high surrogate \(hex) (a lone surrogate is not a character)",
                                              at: escapeStart)
                            }
                            index += 2
                            let low = try hexCodeUnit()
                            guard (0xDC00...0xDFFF).contains(low) else {
                                throw problem("a low surrogate escape \\uDC00...\\uDFFF after the high surrogate \(hex) (a lone surrogate is not a character)",
                                              at: escapeStart)
                            }
                            text.append(UnicodeScalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!)
                        } else {
                            text.append(UnicodeScalar(code)!)
                        }
                    default:
                        throw problem("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u), found \\"
                                  + FormatError.escapingControlCharacters(String(Character(UnicodeScalar(e))), escapeQuotes: false), at: index - 2)
                    }
                    runStart = index
                default:
                    guard c >= 0x20 else { throw problem("no control characters or line breaks inside a string") }
                    index += 1
                }
            }
        }

        mutating func object(depth: Int) throws(Problem) -> JSONValue {
            index += 1 // {
            skipSpace()
            var fields: [String: JSONValue] = [:]
            if here == UInt8(ascii: "}") { index += 1; return .object(fields) }
            while true {
                guard here == UInt8(ascii: "\"") else { throw problem("a key in double quotes, found \(describeHere())") }
                let keyStart = index
                let key = try string()
                guard fields[key] == nil else {
                    throw problem("each key once in an object: \(FormatError.quoted(key)) is there twice", at: keyStart)
                }
                skipSpace()
                guard here == UInt8(ascii: ":") else { throw problem("\":\" after the key \(FormatError.quoted(key)), found \(describeHere())") }
                index += 1
                skipSpace()
                fields[key] = try value(depth: depth + 1)
                skipSpace()
                if here == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    if here == UInt8(ascii: "}") { throw problem("another key after the comma (JSON allows no trailing comma)") }
                    continue
                }
                guard here == UInt8(ascii: "}") else { throw problem("\",\" or \"}\" in the object, found \(describeHere())") }
                index += 1
                return .object(fields)
            }
        }

        mutating func array(depth: Int) throws(Problem) -> JSONValue {
            index += 1 // [
            skipSpace()
            var items: [JSONValue] = []
            if here == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                if here == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    if here == UInt8(ascii: "]") { throw problem("another value after the comma (JSON allows no trailing comma)") }
                    continue
                }
                guard here == UInt8(ascii: "]") else { throw problem("\",\" or \"]\" in the array, found \(describeHere())") }
                index += 1
                return .array(items)
            }
        }
    }
}

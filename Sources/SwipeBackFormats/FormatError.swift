// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// A problem in an input file: which file, which line (from 1) when known, and what was expected.
public struct FormatError: SwipeBackError, Equatable {
    /// The file's path as the user gave it.
    public var file: String
    /// The line, from 1, or nil for whole-document problems.
    public var line: Int?
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// 2: bad input (SPEC section 5).
    public var exitStatus: Int32 { 2 }

    /// `FILE:LINE: message`, or `FILE: message` without a line (SPEC section 5).
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

extension FormatError {
    /// The longest a quoted value gets in a message, in characters; longer ones are cut with "…".
    public static let quotedLengthLimit = 60

    /// `value` in double quotes for a message, as JSON writes it: control characters (C0, DEL, C1)
    /// escaped (`\n`, `\u001b`), so a message stays one line and cannot drive a terminal; cut after
    /// `quotedLengthLimit` characters with its full length named.
    ///
    /// - Parameter value: any text from an input file or the command line.
    /// - Returns: the quoted text, at most about 90 characters.
    public static func quoted(_ value: String) -> String {
        let count = value.count
        let shown = count > quotedLengthLimit ? String(value.prefix(quotedLengthLimit)) : value
        let body = escapingControlCharacters(shown, escapeQuotes: true)
        return "\"" + body + (count > quotedLengthLimit ? "…\" (\(count) characters)" : "\"")
    }

    /// `text` (a number as written, a word, a path) cut after `limit` characters with "…", control
    /// characters escaped.
    ///
    /// - Parameters:
    ///   - text: the text.
    ///   - limit: the most characters kept (a path gets more than a value).
    public static func shortened(_ text: String, limit: Int = quotedLengthLimit) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return escapingControlCharacters(cut, escapeQuotes: false)
    }

    /// `text` with every control character (C0, DEL, C1) written as a JSON escape (`\n`, `\t`,
    /// `\u001b`), the invisible and reordering ones too (`\u200b`, `\u202e`, `\u00a0`; above
    /// U+FFFF as `\u{e0001}`), and with `escapeQuotes` `"` and `\` too; everything else as it is.
    public static func escapingControlCharacters(_ text: String, escapeQuotes: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where escapeQuotes: out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\" where escapeQuotes: out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleOrReordering(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    let escaped = hex.count <= 4 ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex : "\\u{" + hex + "}"
                    out.append(contentsOf: escaped.unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    /// Format characters (zero-width spaces and joiners, the bidi overrides and isolates that
    /// would reorder the rest of a terminal line), line and paragraph separators, and spaces
    /// other than U+0020 that look like it (U+00A0): shown as escapes so a message says what the
    /// file holds.
    static func isInvisibleOrReordering(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        case .spaceSeparator: return scalar != " "
        default: return false
        }
    }
}

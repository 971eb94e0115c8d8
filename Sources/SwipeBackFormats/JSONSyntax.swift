/// A strict check of JSON syntax (RFC 8259) that says where a text goes wrong and what was
/// expected there, which Foundation's parser does not. It also refuses what Foundation lets
/// through: trailing commas, a key twice in one object, and numbers too large for a Double.
/// Foundation then decodes the checked text.
enum JSONSyntax {
    /// A syntax error: 1-based line and column (in characters) in the text, and what was expected.
    struct Problem: Equatable, Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// Checks `text`; throws the first problem.
    static func check(_ text: String) throws(Problem) {
        var scanner = Scanner(Array(text.unicodeScalars))
        scanner.skipSpace()
        try scanner.value(depth: 0)
        scanner.skipSpace()
        if !scanner.atEnd { throw scanner.problem("the end of the text after the JSON value, found \(scanner.describeHere())") }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        var here: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        func problem(_ expected: String, at position: Int? = nil) -> Problem {
            let end = min(position ?? index, scalars.count)
            var line = 1, column = 1
            for scalar in scalars[..<end] {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return Problem(line: line, column: column, message: "expected " + expected)
        }

        func describeHere() -> String {
            guard let c = here else { return "the end of the text" }
            switch c {
            case "\n": return "a line break"
            case "\"": return "a string"
            default: return "\"\(Character(c))\""
            }
        }

        mutating func skipSpace() {
            while let c = here, c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
        }

        mutating func value(depth: Int) throws(Problem) {
            guard depth < 512 else { throw problem("at most 512 levels of nesting") }
            switch here {
            case "{": try object(depth: depth)
            case "[": try array(depth: depth)
            case "\"": _ = try string()
            case "t": try literal("true")
            case "f": try literal("false")
            case "n": try literal("null")
            case let c? where c == "-" || ("0"..."9").contains(c): try number()
            default: throw problem("a value (an object, array, string, number, true, false or null), found \(describeHere())")
            }
        }

        mutating func literal(_ word: String) throws(Problem) {
            let start = index
            for expected in word.unicodeScalars {
                guard here == expected else { throw problem("\(word)", at: start) }
                index += 1
            }
        }

        mutating func number() throws(Problem) {
            let start = index
            if here == "-" { index += 1 }
            guard let first = here, ("0"..."9").contains(first) else { throw problem("a digit after \"-\"") }
            if first == "0" { index += 1 } else { while let c = here, ("0"..."9").contains(c) { index += 1 } }
            if here == "." {
                index += 1
                guard let c = here, ("0"..."9").contains(c) else { throw problem("a digit after the decimal point") }
                while let c = here, ("0"..."9").contains(c) { index += 1 }
            }
            if here == "e" || here == "E" {
                index += 1
                if here == "+" || here == "-" { index += 1 }
                guard let c = here, ("0"..."9").contains(c) else { throw problem("a digit in the exponent") }
                while let c = here, ("0"..."9").contains(c) { index += 1 }
            }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let value = Double(text), value.isFinite else {
                throw problem("a number within ±1.8e308, found \(text)", at: start)
            }
        }

        /// Reads a string; returns its text (escapes decoded) for duplicate-key checks.
        mutating func string() throws(Problem) -> String {
            let start = index
            index += 1 // the opening quote
            var text = String.UnicodeScalarView()
            while true {
                guard let c = here else { throw problem("a closing \" for the string that starts here", at: start) }
                index += 1
                switch c {
                case "\"":
                    return String(text)
                case "\\":
                    guard let e = here else { throw problem("an escape after \\") }
                    index += 1
                    switch e {
                    case "\"", "\\", "/": text.append(e)
                    case "b": text.append("\u{8}")
                    case "f": text.append("\u{C}")
                    case "n": text.append("\n")
                    case "r": text.append("\r")
                    case "t": text.append("\t")
                    case "u":
                        var code: UInt32 = 0
                        for _ in 0..<4 {
                            guard let h = here, let digit = Int(String(Character(h)), radix: 16) else {
                                throw problem("four hex digits after \\u")
                            }
                            code = code * 16 + UInt32(digit)
                            index += 1
                        }
                        text.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default:
                        throw problem("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u), found \\\(Character(e))", at: index - 2)
                    }
                default:
                    guard c.value >= 0x20 else { throw problem("no control characters or line breaks inside a string", at: index - 1) }
                    text.append(c)
                }
            }
        }

        mutating func object(depth: Int) throws(Problem) {
            index += 1 // {
            skipSpace()
            if here == "}" { index += 1; return }
            var keys = Set<String>()
            while true {
                guard here == "\"" else { throw problem("a key in double quotes, found \(describeHere())") }
                let keyStart = index
                let key = try string()
                guard keys.insert(key).inserted else { throw problem("each key once in an object: \"\(key)\" is there twice", at: keyStart) }
                skipSpace()
                guard here == ":" else { throw problem("\":\" after the key \"\(key)\", found \(describeHere())") }
                index += 1
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                if here == "," {
                    index += 1
                    skipSpace()
                    if here == "}" { throw problem("another key after the comma (JSON allows no trailing comma)") }
                    continue
                }
                guard here == "}" else { throw problem("\",\" or \"}\" in the object, found \(describeHere())") }
                index += 1
                return
            }
        }

        mutating func array(depth: Int) throws(Problem) {
            index += 1 // [
            skipSpace()
            if here == "]" { index += 1; return }
            while true {
                try value(depth: depth + 1)
                skipSpace()
                if here == "," {
                    index += 1
                    skipSpace()
                    if here == "]" { throw problem("another value after the comma (JSON allows no trailing comma)") }
                    continue
                }
                guard here == "]" else { throw problem("\",\" or \"]\" in the array, found \(describeHere())") }
                index += 1
                return
            }
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore

/// Reads configuration files and scenario `config` objects (SPEC section 4).
public enum ConfigurationReader {
    /// Applies the keys of a `config` object over `base`.
    ///
    /// - Parameters:
    ///   - value: the JSON object.
    ///   - base: the configuration to start from.
    ///   - file: the file's path, for messages.
    ///   - line: the line, from 1, or nil.
    ///   - checks: what the host reading it can send (its key names, its buttons), checked on
    ///     the keys each names after every key is read; none for a scenario or a window.
    /// - Throws: `FormatError` for an unknown key (naming the valid ones), a value of the wrong
    ///   kind, an out-of-range value (naming the key, the value and the range), an action, a
    ///   `systemAppActions` entry or a chord that does not read (naming the key, the entry and
    ///   the forms), or an action the host cannot send.
    public static func apply(_ value: JSONValue, over base: Configuration, file: String, line: Int?,
                             checks: [SystemActionCheck] = []) throws -> Configuration {
        let fields = try FieldReader(value, file: file, line: line, place: "config")
        var configuration = base
        for key in fields.object.keys.sorted() {
            guard let spec = Configuration.keys.first(where: { $0.name == key }) else {
                throw fields.error("unknown key \(FormatError.quoted(key)); valid keys: " + Configuration.keys.map(\.name).joined(separator: ", "))
            }
            let raw = fields.object[key]!
            let parsed: Configuration.Value
            switch spec.kind {
            case .number(let range, let unit):
                let n = try fields.requiredNumber(key)
                guard range.contains(n) else {
                    let unitText = unit.isEmpty ? "" : " \(unit)"
                    throw fields.error("\(FormatError.quoted(key)) is \(format(n)), outside \(format(range.lowerBound))...\(format(range.upperBound))\(unitText)")
                }
                guard !spec.isWhole || n == n.rounded() else {
                    throw fields.error("\"\(key)\" is \(format(n)); expected a whole number of \(unit)")
                }
                parsed = .number(n)
            case .boolean:
                parsed = .boolean(try fields.bool(key)!)
            case .choice(let choices):
                // A choice that includes "true" and "false" (reduceMotion) takes JSON's booleans too.
                let s: String
                if case .bool(let b) = raw, choices.contains("true"), choices.contains("false") {
                    s = b ? "true" : "false"
                } else {
                    s = try fields.requiredString(key)
                }
                guard choices.contains(s) else {
                    throw fields.error("\(FormatError.quoted(key)) is \(FormatError.quoted(s)); expected one of: \(choices.joined(separator: ", "))")
                }
                parsed = .string(s)
            case .strings:
                parsed = .strings(try fields.strings(key)!)
            case .integers:
                guard case .array(let items) = raw else { throw fields.error("\(FormatError.quoted(key)) must be an array of integers") }
                parsed = .integers(try items.map {
                    guard case .number(let n) = $0, n == n.rounded(), (1...255).contains(n) else {
                        throw fields.error("\(FormatError.quoted(key)) must hold button numbers 1...255, found \(EventLogWriter.json($0.logValue))")
                    }
                    return Int(n)
                })
            case .optionalString:
                if case .null = raw { parsed = .string(nil) } else { parsed = .string(try fields.requiredString(key)) }
            }
            if let problem = spec.problem(with: parsed) { throw fields.error(message(key, problem, number: spec.kind.isNumber)) }
            configuration.set(key, to: parsed)
        }
        // What only the host that reads the file knows: whether it has a chord's key or a button.
        for check in checks {
            guard let (key, problem) = check.firstProblem(in: configuration) else { continue }
            // Quoted as written in the file (a value left at its default as the default reads).
            var written = problem.text
            switch (fields.object[key], problem.index) {
            case (.string(let text)?, nil): written = text
            case (.array(let items)?, let index?) where items.indices.contains(index):
                if case .string(let text) = items[index] { written = text }
            default: break
            }
            throw fields.error(message(key, ValueProblem(index: problem.index, text: written, expected: problem.expected), number: false))
        }
        if let family = configuration.fontFamily, let problem = TextFont.familyProblem(family) {
            throw fields.error(family.allSatisfy(\.isWhitespace)
                ? "\"fontFamily\" is empty; expected a family name like \"Noto Sans\", or null for DejaVu Sans"
                : "\"fontFamily\" is \(FormatError.quoted(family)); expected \(problem), or null for DejaVu Sans")
        }
        // A key or button is a back command or a forward command, not both.
        if let button = configuration.backButtons.first(where: configuration.forwardButtons.contains) {
            throw fields.error("button \(button) is in both \"backButtons\" and \"forwardButtons\"; a button can only do one")
        }
        if let key = configuration.backKeys.first(where: configuration.forwardKeys.contains) {
            throw fields.error("\"\(key)\" is in both \"backKeys\" and \"forwardKeys\"; a key can only do one")
        }
        return configuration
    }

    /// Reads a configuration file over the built-in defaults.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - checks: what the host reading it can send (see `apply`).
    /// - Throws: `FormatError` when the file cannot be read, is not JSON, or has a bad key or value.
    public static func read(path: String, checks: [SystemActionCheck] = []) throws -> Configuration {
        let text = try TextFile.read(path, limit: InputLimits.configurationBytes)
        let value = try JSONValue.parse(text, file: path, line: nil)
        return try apply(value, over: Configuration(), file: path, line: nil, checks: checks)
    }

    /// `"KEY"[INDEX] is "TEXT"; expected ...`: a number's text unquoted.
    static func message(_ key: String, _ problem: ValueProblem, number: Bool) -> String {
        let place = FormatError.quoted(key) + (problem.index.map { "[\($0)]" } ?? "")
        return place + " is " + (number ? problem.text : FormatError.quoted(problem.text)) + "; expected " + problem.expected
    }

    static func format(_ n: Double) -> String { Configuration.numberText(n) }
}

/// Reading whole text files with errors a user can act on.
public enum TextFile {
    /// The folder holding `path`, `.` for a bare file name: what relative paths inside the file resolve against.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The first `bytes` bytes of a regular file (fewer when it is shorter), or nil when it cannot be read.
    static func head(of path: String, bytes: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: bytes)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, bytes) }
        return n < 0 ? nil : Array(buffer.prefix(n))
    }

    /// Reads a whole text file of at most `limit` bytes.
    ///
    /// Only a regular file is read (a symbolic link to one too): a FIFO, a device or a socket is
    /// refused at once, without waiting for a writer. The file is opened without blocking and then
    /// checked, so what is read is what was checked.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: the largest size accepted, in bytes.
    /// - Throws: `FormatError` naming the file: no such file, a directory, not a regular file,
    ///   unreadable, larger than `limit`, or not UTF-8 (with the line and column of the first bad byte).
    static func read(_ path: String, limit: Int) throws -> String {
        try text(of: bytes(path, limit: limit), file: path)
    }

    /// The bytes of a regular file of at most `limit` bytes; see `read(_:limit:)`.
    static func bytes(_ path: String, limit: Int, what: String = "file") throws -> [UInt8] {
        func failure(_ message: String) -> FormatError { FormatError(file: path, line: nil, message: message) }
        let a = "aeiou".contains(what.first ?? "f") ? "an" : "a"
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw failure("no such \(what)")
            default: throw failure("cannot read the \(what): \(String(cString: strerror(errno)))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot read the \(what): \(String(cString: strerror(errno)))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        // Devices, pipes and sockets are not files (and /dev/zero never ends, a FIFO waits for a writer).
        case S_IFDIR: throw failure("is a directory, expected \(a) \(what)")
        default: throw failure("is not a regular file, expected \(a) \(what)")
        }
        guard Int(info.st_size) <= limit else {
            throw failure("is \(info.st_size) bytes; \(a) \(what) here is at most \(limit) bytes (\(limit >> 20) MiB)")
        }
        var result = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == result.count {
                guard count <= limit else { throw failure("grew past \(limit) bytes while it was read") }
                result += [UInt8](repeating: 0, count: max(4096, count))
            }
            let n = result.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the \(what): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw failure("grew past \(limit) bytes while it was read") }
        result.removeSubrange(count...)
        return result
    }

    /// `bytes` as text, when they are UTF-8.
    ///
    /// - Parameters:
    ///   - bytes: a file's contents.
    ///   - file: the file to name in messages.
    /// - Throws: `FormatError` with the line and column (in characters, from 1) of the first byte
    ///   that is not UTF-8, and the byte.
    public static func text(of bytes: [UInt8], file: String) throws -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Find the first bad byte, counting lines and characters up to it.
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            guard length > 0 else {
                let byte = String(bytes[index], radix: 16, uppercase: true)
                throw FormatError(file: file, line: line, message: "not UTF-8 text at column \(column): the byte 0x"
                                  + (byte.count == 1 ? "0" : "") + byte + " starts no UTF-8 character here")
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing past U+10FFFF), or 0 when there is none.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 { return 1 }
        let length: Int, low: UInt8, high: UInt8
        switch first {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + k]) { return 0 }
        return length
    }
}

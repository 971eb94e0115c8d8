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
    /// - Throws: `FormatError` for an unknown key (naming the valid ones), a value of the wrong
    ///   kind, or an out-of-range value (naming the key, the value and the range).
    public static func apply(_ value: JSONValue, over base: Configuration, file: String, line: Int?) throws -> Configuration {
        let fields = try FieldReader(value, file: file, line: line, place: "config")
        var configuration = base
        for key in fields.object.keys.sorted() {
            guard let spec = Configuration.keys.first(where: { $0.name == key }) else {
                throw fields.error("unknown key \"\(key)\"; valid keys: " + Configuration.keys.map(\.name).joined(separator: ", "))
            }
            let raw = fields.object[key]!
            let parsed: Configuration.Value
            switch spec.kind {
            case .number(let range, let unit):
                let n = try fields.requiredNumber(key)
                guard range.contains(n) else {
                    let unitText = unit.isEmpty ? "" : " \(unit)"
                    throw fields.error("\"\(key)\" is \(format(n)), outside \(format(range.lowerBound))...\(format(range.upperBound))\(unitText)")
                }
                guard !spec.isWhole || n == n.rounded() else {
                    throw fields.error("\"\(key)\" is \(format(n)); expected a whole number of \(unit)")
                }
                parsed = .number(n)
            case .boolean:
                parsed = .boolean(try fields.bool(key)!)
            case .choice(let choices):
                let s = try fields.requiredString(key)
                guard choices.contains(s) else {
                    throw fields.error("\"\(key)\" is \"\(s)\"; expected one of: \(choices.joined(separator: ", "))")
                }
                parsed = .string(s)
            case .strings:
                parsed = .strings(try fields.strings(key)!)
            case .integers:
                guard case .array(let items) = raw else { throw fields.error("\"\(key)\" must be an array of integers") }
                parsed = .integers(try items.map {
                    guard case .number(let n) = $0, n == n.rounded(), (1...255).contains(n) else {
                        throw fields.error("\"\(key)\" must hold button numbers 1...255, found \(EventLogWriter.json($0.logValue))")
                    }
                    return Int(n)
                })
            case .optionalString:
                if case .null = raw { parsed = .string(nil) } else { parsed = .string(try fields.requiredString(key)) }
            }
            configuration.set(key, to: parsed)
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
    /// - Throws: `FormatError` when the file cannot be read, is not JSON, or has a bad key or value.
    public static func read(path: String) throws -> Configuration {
        let text = try TextFile.read(path)
        let value = try JSONValue.parse(text, file: path, line: nil)
        return try apply(value, over: Configuration(), file: path, line: nil)
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

    static func read(_ path: String) throws -> String {
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists else { throw FormatError(file: path, line: nil, message: "no such file") }
        guard !isDirectory else { throw FormatError(file: path, line: nil, message: "is a directory, expected a file") }
        // Devices, pipes and sockets are not files (and /dev/zero never ends).
        if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType,
           type != .typeRegular, type != .typeSymbolicLink {
            throw FormatError(file: path, line: nil, message: "is not a regular file, expected a file")
        }
        guard access(path, R_OK) == 0 else {
            throw FormatError(file: path, line: nil, message: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FormatError(file: path, line: nil, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FormatError(file: path, line: nil, message: "not UTF-8 text")
        }
        return text
    }
}

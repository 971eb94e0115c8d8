// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats

/// A failure with the exit status SPEC section 5 gives it: 2 for bad usage or input, 1 at run time.
struct CommandFailure: SwipeBackError {
    var message: String
    var status: Int32

    var description: String { message }
    var exitStatus: Int32 { status }

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 2) }
    static func runtime(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 1) }
}

/// Dispatches subcommands and turns failures into one line on standard error.
enum CommandLineTool {
    /// Whether `arguments` run a window (demo, tune, record, a kiosk that is not `--check`), whose
    /// SIGINT and SIGTERM close it as its close button does.
    static func closesOnSignals(_ arguments: [String]) -> Bool {
        switch arguments.first {
        case "demo", "tune", "record": return !arguments.contains("--help")
        case "kiosk": return !arguments.contains("--check") && !arguments.contains("--help")
        case "system", "input": return !arguments.contains("--help")
        default: return false
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let command = arguments.first else {
                throw CommandFailure.usage("missing COMMAND; try: swipeback help")
            }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "--version":
                guard rest.isEmpty else { throw CommandFailure.usage("--version takes no arguments, got \"\(rest[0])\"") }
                try printStandardOutput("swipeback \(CommandReference.version)\n")
                return 0
            case "help", "--help", "-h":
                // `help --man` and `help COMMAND --man` (or config): the one manual page, which has every
                // command's section.
                let topics = rest.filter { $0 != "--man" }
                guard topics.count <= 1, rest.count - topics.count <= 1 else {
                    throw CommandFailure.usage("help takes one COMMAND or config, and --man, got \"" + rest.joined(separator: " ") + "\"")
                }
                if let topic = topics.first, topic != "config", !CommandReference.commands.contains(where: { $0.name == topic }) {
                    throw CommandFailure.usage("no command \"\(topic)\"; commands: " + CommandReference.commands.map(\.name).joined(separator: ", ")
                                               + "; or help config, help --man")
                }
                if rest.contains("--man") {
                    try printStandardOutput(CommandReference.manualPage())
                    return 0
                }
                if rest.first == "config" {
                    try printStandardOutput(ConfigurationReference.plainText())
                    return 0
                }
                try printStandardOutput(CommandReference.usage(for: rest.first))
                return 0
            default: break
            }
            guard let reference = CommandReference.commands.first(where: { $0.name == command }) else {
                throw CommandFailure.usage("unknown command \"\(command)\"; try: swipeback help")
            }
            if rest.contains("--help") { try printStandardOutput(CommandReference.usage(for: command)); return 0 }
            let options = try Options.parse(rest, command: command, allowed: reference.flags)
            switch command {
            case "demo": return try DemoCommand.run(options)
            case "replay": return try ReplayCommand.run(options)
            case "velocity": return try VelocityCommand.run(options)
            case "kiosk": return try KioskCommand.run(options, check: options.check)
            case "tune": return try DemoCommand.run(options, tune: true)
            case "record":
                guard let out = options.positional.first else {
                    throw CommandFailure.usage("record expects OUT.jsonl; usage: swipeback record OUT.jsonl [demo options]")
                }
                return try DemoCommand.run(options, recordTo: out)
            case "plot": return try PlotCommand.run(options)
            case "render": return try RenderCommand.run(options)
            case "bench": return try BenchCommand.run(options)
            case "system": return try SystemCommand.run(options)
            case "input": return try InputCommand.run(options)
            default:
                throw CommandFailure.usage("unknown command \"\(command)\"; try: swipeback help")
            }
        } catch let error as SwipeBackError {
            printError(error.description)
            return error.exitStatus
        } catch {
            printError("\(error)")
            return 1
        }
    }
}

/// Writes one line `swipeback: message` to standard error, with any control character in it
/// escaped (`\n`, `\u001b`): whatever a message quotes, it stays one line and cannot drive the
/// terminal.
func printError(_ message: String) {
    let line = "swipeback: " + FormatError.escapingControlCharacters(message, escapeQuotes: false) + "\n"
    try? writeAll(Data(line.utf8), to: STDERR_FILENO)
}

/// Writes text to standard output unbuffered.
///
/// - Throws: `CommandFailure.runtime` when it cannot be written (a full disk, a closed pipe).
func printStandardOutput(_ text: String) throws {
    do {
        try writeAll(Data(text.utf8), to: STDOUT_FILENO)
    } catch {
        throw CommandFailure.runtime("cannot write to standard output: \(reason(error))")
    }
}

/// `text` followed by spaces up to `width` characters (as it is when longer).
func padded(_ text: String, to width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// A failed system call's errno, described in the system's words.
struct SystemCallError: SwipeBackError {
    /// The errno the call left.
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// Writes all of `data` to a file descriptor with write(2), which reports every error (a full
/// disk, a closed pipe).
///
/// - Throws: `SystemCallError` with the failing errno.
func writeAll(_ data: Data, to fd: Int32) throws {
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(code: errno)
            }
            offset += n
        }
    }
}

/// The system's words for a file error ("No space left on device"), without Foundation's wrapping.
func reason(_ error: Error) -> String {
    if let error = error as? SystemCallError { return error.description }
    if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
    if let error = error as? CocoaError {
        if let underlying = error.underlying { return reason(underlying) }
    }
    return "\(error)"
}

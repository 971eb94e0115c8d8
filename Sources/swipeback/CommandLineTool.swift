import Foundation
import SwipeBackCore
import SwipeBackFormats

/// A failure with the exit status SPEC section 5 gives it: 2 for bad usage or input, 1 at run time.
struct CommandFailure: Error {
    var message: String
    var status: Int32

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 2) }
    static func runtime(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 1) }
}

/// Dispatches subcommands and turns failures into one line on standard error.
enum CommandLineTool {
    static let commands: [(name: String, summary: String, usage: String)] = [
        ("demo", "the desktop demo app on the built-in pages",
         "swipeback demo [--pages FILE] [--open ID[,ID...]] [--window WxH] [--event-log FILE|-] [--config FILE] [--rtl] [--log-frames]"),
        ("replay", "run a scenario headless and print its event log",
         "swipeback replay SCENARIO [--config FILE] [--event-log FILE|-] [--window WxH] [--rtl] | swipeback replay SCENARIO... --compare A.json B.json"),
        ("kiosk", "a full-screen touchscreen navigator that cannot be escaped; --check validates the document",
         "swipeback kiosk PAGES [--check] [--config FILE] [--event-log FILE|-] [--rtl]"),
        ("tune", "the demo with the tuning overlay: change thresholds while swiping, S saves the configuration",
         "swipeback tune [--pages FILE] [--open ID[,ID...]] [--window WxH] [--config FILE] [--rtl] [--event-log FILE|-]"),
        ("record", "the demo, recording every input as a scenario that replay plays back",
         "swipeback record OUT.jsonl [--pages FILE] [--open ID[,ID...]] [--window WxH] [--config FILE] [--rtl] [--event-log FILE|-]"),
        ("plot", "the decision map: each released swipe by progress and velocity over the commit and cancel regions",
         "swipeback plot SCENARIO... -o OUT.png [--config FILE] [--window WxH]"),
        ("velocity", "print the velocity tracker's estimate at each pointer release of a scenario",
         "swipeback velocity SCENARIO [--config FILE] [--event-log FILE|-]"),
        ("render", "replay a scenario headless and write the frame at each time as PNG",
         "swipeback render SCENARIO --at MS... -o DIR [--config FILE] [--window WxH] [--rtl]"),
        ("bench", "measure the engine's cost per input event and per frame; prints, never fails",
         "swipeback bench [--json]"),
        ("help", "print usage", "swipeback help [COMMAND]"),
    ]

    static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let command = arguments.first else {
                throw CommandFailure.usage("missing COMMAND; try: swipeback help")
            }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "help", "--help", "-h":
                if let topic = rest.first, !commands.contains(where: { $0.name == topic }) {
                    throw CommandFailure.usage("no command \"\(topic)\"; commands: " + commands.map(\.name).joined(separator: ", "))
                }
                try printStandardOutput(usage(for: rest.first))
                return 0
            case "demo":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                return try DemoCommand.run(try Options.parse(rest, command: command, allowed: Options.window))
            case "replay":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                return try ReplayCommand.run(try Options.parse(rest, command: command, allowed: Options.common.union(["--compare"])))
            case "velocity":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                return try VelocityCommand.run(try Options.parse(rest, command: command, allowed: ["--config", "--event-log"]))
            case "kiosk":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                let check = rest.contains("--check")
                return try KioskCommand.run(try Options.parse(rest.filter { $0 != "--check" }, command: command,
                                                              allowed: ["--config", "--event-log", "--rtl"]), check: check)
            case "tune":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                return try DemoCommand.run(try Options.parse(rest, command: command, allowed: Options.window), tune: true)
            case "record":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                let options = try Options.parse(rest, command: command, allowed: Options.window)
                guard let out = options.positional.first else {
                    throw CommandFailure.usage("record expects OUT.jsonl; usage: swipeback record OUT.jsonl [demo options]")
                }
                return try DemoCommand.run(options, recordTo: out)
            case "plot":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                return try PlotCommand.run(try Options.parse(rest, command: command, allowed: ["--config", "--window", "-o", "--output"]))
            case "render":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                return try RenderCommand.run(try Options.parse(rest, command: command,
                                                               allowed: ["--config", "--window", "--rtl", "--at", "-o", "--output"]))
            case "bench":
                if rest.contains("--help") { try printStandardOutput(usage(for: command)); return 0 }
                return try BenchCommand.run(try Options.parse(rest, command: command, allowed: ["--json"]))
            default:
                throw CommandFailure.usage("unknown command \"\(command)\"; try: swipeback help")
            }
        } catch let failure as CommandFailure {
            printError(failure.message)
            return failure.status
        } catch let error as FormatError {
            printError(error.description)
            return 2
        } catch {
            printError("\(error)")
            return 1
        }
    }

    static func usage(for command: String? = nil) -> String {
        if let command, let entry = commands.first(where: { $0.name == command }) {
            return "usage: \(entry.usage)\n\n\(entry.summary)\n"
        }
        var text = "usage: swipeback COMMAND [OPTIONS]\n\ncommands:\n"
        for entry in commands {
            text += "  " + entry.name.padding(toLength: 10, withPad: " ", startingAt: 0) + entry.summary + "\n"
        }
        return text + "\nswipeback help COMMAND shows a command's options.\n"
    }
}

/// Writes one line `swipeback: message` to standard error.
func printError(_ message: String) {
    let line = "swipeback: " + message + "\n"
    FileHandle.standardError.write(Data(line.utf8))
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

/// Writes all of `data` to a file descriptor with write(2), which reports every error (Foundation's
/// `FileHandle.write` on Linux lets some, like a full disk, pass).
///
/// - Throws: an `NSError` in `NSPOSIXErrorDomain` with the failing errno.
func writeAll(_ data: Data, to fd: Int32) throws {
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
            }
            offset += n
        }
    }
}

/// The system's words for a file error ("No space left on device"), without Foundation's wrapping.
func reason(_ error: Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? Error { return reason(underlying) }
    return error.localizedDescription
}

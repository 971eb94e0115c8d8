// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
@_exported import SwipeBackXTesting
import XCTest
import SwipeBackTestSupport

extension DemoProcess {
    /// The built `swipeback demo` on `display` with `arguments`, logging frames to a temporary file.
    convenience init(display: String, arguments: [String], environment: [String: String] = [:]) throws {
        try self.init(executable: try Paths.swipeback, display: display, arguments: arguments, environment: environment)
    }
}

/// Paths of the repository and the built `swipeback` binary.
enum Paths {
    static let repository = TestPaths.repository

    /// The `swipeback` executable built beside the test bundle.
    static var swipeback: String {
        get throws { try binary("swipeback") }
    }

    /// An executable of the package built beside the test bundle.
    static func binary(_ name: String) throws -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = exe.deletingLastPathComponent()
        // The test runner may sit inside a `.xctest` folder.
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw HarnessError("the \(name) binary was not built beside \(exe.path)")
    }

    static func tool(_ name: String) -> String? { findTool(name) }
}

/// Failures of the harness are the X test tools' errors.
typealias HarnessError = XTestingError

/// The result of running a command to completion.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `executable` with `arguments` and waits; `environment` replaces the process environment.
func runCommand(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                         standardError: String(decoding: errData, as: UTF8.self))
}

/// Where a button of the built-in pages sits on `page` in a stack `width` px wide, from the same
/// layout code the app uses.
func builtInButtonCentre(page id: String, button: String, width: Double,
                         document path: String = Paths.repository.appendingPathComponent("Assets/pages.json").path) throws -> (Int, Int) {
    let document = try PagesDocumentReader.read(path: path)
    let page = document.page(id)
    let frames = PageLayout.frames(for: page, width: width, direction: .leftToRight, measurer: try TextMeasurer())
    guard let index = page.elements.firstIndex(where: { $0.id == button }) else { throw HarnessError("no button \(button) on \(id)") }
    let f = frames[index]
    return (Int(f.x + f.width / 2), Int(f.y + f.height / 2))
}


/// Runs `executable` with `arguments`, its standard output to `/dev/null` and standard error
/// to a file; waits with wait4(2) for its status and its peak resident memory in bytes.
func runMeasuringMemory(_ executable: String, _ arguments: [String]) throws -> (status: Int32, peakBytes: Int, standardError: String) {
    let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-stderr-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else { throw HarnessError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { throw HarnessError("wait4: \(String(cString: strerror(errno)))") }
    }
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, usage.ru_maxrss * 1024, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
}

/// Whether a frame that began after line `index` of `log` is on screen: frame lines are written
/// when the frame is shown (`t`), and their drawing began `ms` before, so a frame drawn before
/// that line may be written after it.
func frameShown(after index: Int, in log: ArraySlice<EventLogLine>) -> Bool {
    let t = log[index].number("t") ?? 0
    return log[(index + 1)...].contains {
        $0.string("type") == "frame" && ($0.number("t") ?? 0) - ($0.number("ms") ?? 0) > t
    }
}

/// `frameShown(after:in:)` for a whole log.
func frameShown(after index: Int, in log: [EventLogLine]) -> Bool { frameShown(after: index, in: log[...]) }

/// How many frame lines `log` has.
func frameLineCount(_ log: [EventLogLine]) -> Int { log.filter { $0.string("type") == "frame" }.count }

/// Waits until a transition that finished after line `before` of the demo's log has its last
/// frame on screen (every line of what led to it is written then); returns the lines after `before`.
///
/// - Throws: `XTestingError` when the demo exits or 10 s pass.
@discardableResult
func waitForSettled(_ demo: DemoProcess, after before: Int = 0, _ what: String = "the transition to settle") throws -> [EventLogLine] {
    Array(try demo.waitFor(what) { log in
        let recent = log.dropFirst(before)
        guard let finished = recent.firstIndex(where: { $0.string("type") == "transition" && $0.string("phase") == "finished" })
        else { return false }
        return frameShown(after: finished, in: recent)
    }.dropFirst(before))
}

/// The package `swipeback_<version>_<architecture>.deb` in the repository's top folder, of the
/// version the Makefile reads (`make test` builds the amd64 and arm64 ones as root, before the
/// tests); one older than the debug build is refused, as the source changed since.
///
/// - Parameter architecture: `amd64` or `arm64`.
/// - Throws: `HarnessError` naming the `make` command that builds it, when there is none or it is stale.
func builtPackage(architecture: String) throws -> URL {
    let top = Paths.repository
    let reference = try String(contentsOf: top.appendingPathComponent("Sources/swipeback/CommandReference.swift"), encoding: .utf8)
    guard let line = reference.split(separator: "\n").first(where: { $0.contains("static let version = \"") }),
          let version = line.split(separator: "\"").dropFirst().first else {
        throw HarnessError("no version in Sources/swipeback/CommandReference.swift")
    }
    let package = top.appendingPathComponent("swipeback_\(version)_\(architecture).deb")
    let make = architecture == "arm64" ? "make deb ARCH=arm64` as root" : "make deb`"
    let modified = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil }
    guard let built = modified(package.path) else {
        throw HarnessError("no package \(package.lastPathComponent) in \(top.path): run `\(make) (`make test` does, as root)")
    }
    if let debug = modified(try Paths.swipeback), debug.timeIntervalSince(built) > 60 {
        throw HarnessError("\(package.lastPathComponent) is older than the debug build: run `\(make) (`make test` does, as root)")
    }
    return package
}

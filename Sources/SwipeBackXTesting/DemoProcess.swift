// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import SwipeBackFormats

/// A running `swipeback demo` and its live event log.
public final class DemoProcess {
    /// The server or program process.
    public let process = Process()
    /// Where the demo writes its event log.
    public let logPath: String
    private let stderrPipe = Pipe()
    /// Whether the log is this object's to remove at the end (it chose the path).
    private let ownsLog: Bool

    /// Starts `executable COMMAND --event-log TMP --log-frames ARGUMENTS` on `display`, with no user config.
    ///
    /// - Parameters:
    ///   - command: the subcommand and its operands: `["demo"]`, `["record", OUT]` or `["kiosk", PAGES]`.
    ///   - logFrames: pass `--log-frames` (the kiosk takes no such option).
    ///   - environment: variables set for the program beside `DISPLAY` (`SWIPEBACK_NO_PRESENT`, say).
    ///   - logPath: the event log's path, the caller's to remove; nil for a temporary one removed at the end.
    /// - Throws: when the program cannot start.
    public init(executable: String, display: String, arguments: [String], command: [String] = ["demo"],
                logFrames: Bool = true, environment extra: [String: String] = [:], logPath: String? = nil) throws {
        ownsLog = logPath == nil
        self.logPath = logPath ?? FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-e2e-\(UUID().uuidString).jsonl").path
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = command + ["--event-log", self.logPath] + (logFrames ? ["--log-frames"] : []) + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["XDG_CONFIG_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-e2e-none").path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardError = stderrPipe
        // Not the test runner's output: a demo left behind by a crashed test must not hold it open.
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        if ownsLog { try? FileManager.default.removeItem(atPath: logPath) }
    }

    /// What the demo wrote on standard error, once it has exited.
    public func standardError() -> String {
        String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The log lines written so far, parsed (`EventLogReader.linesSoFar`).
    public func lines() -> [EventLogLine] {
        EventLogReader.linesSoFar((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
    }

    /// Waits until `condition` holds for the log, up to `timeout` seconds; returns the log then.
    ///
    /// - Throws: `XTestingError` when the demo exits or the time runs out, with the log so far.
    @discardableResult
    public func waitFor(_ what: String, timeout: TimeInterval = 10, _ condition: ([EventLogLine]) -> Bool) throws -> [EventLogLine] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let log = lines()
            if condition(log) { return log }
            if !process.isRunning {
                let err = String(decoding: stderrPipe.fileHandleForReading.availableData, as: UTF8.self)
                throw XTestingError("the demo exited with status \(process.terminationStatus) waiting for \(what): \(err)")
            }
            usleep(10_000)
        }
        throw XTestingError("timed out waiting for \(what); log so far:\n" + lines().map(\.text).joined(separator: "\n"))
    }
}


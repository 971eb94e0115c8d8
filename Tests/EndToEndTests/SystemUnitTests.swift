// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest

/// The systemd user unit of `swipeback system` (`packaging/swipeback-system.service.in`): it is
/// valid to systemd, not started without DISPLAY, and its restarts are bounded by a start limit
/// that can trip (it once restarted every 2 s forever when DISPLAY was missing).
final class SystemUnitTests: XCTestCase {
    /// The unit's `[Section] Key=value` lines, the `.in` file's markers filled in.
    private func unit() throws -> (text: String, keys: [String: String]) {
        let template = try String(contentsOf: Paths.repository.appendingPathComponent("packaging/swipeback-system.service.in"),
                                  encoding: .utf8)
        let folder = URL(fileURLWithPath: try Paths.swipeback).deletingLastPathComponent().path
        let text = template.replacingOccurrences(of: "@BINDIR@", with: folder)
            .replacingOccurrences(of: "@SYSTEMDUSERDIR@", with: "/usr/lib/systemd/user")
        var keys: [String: String] = [:], section = ""
        for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
            if line.hasPrefix("[") { section = line } else if let equals = line.firstIndex(of: "=") {
                keys[section + String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return (text, keys)
    }

    /// `systemd-analyze verify` reads the unit with no complaint (an unknown key or a value it
    /// cannot parse is a warning there, so the test wants no output at all).
    func testSystemdReadsTheUnitWithoutAWarning() throws {
        guard let analyze = Paths.tool("systemd-analyze") else {
            throw HarnessError("systemd-analyze is not installed: apt-get install systemd (make test installs it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("swipeback-system.service")
        try unit().text.write(to: file, atomically: true, encoding: .utf8)
        let result = try runCommand(analyze, ["verify", "--man=no", file.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError + result.standardOutput, "", "no warning")
    }

    /// The rule: with no DISPLAY the unit is not started (`ConditionEnvironment`), and the program
    /// says so with status 2, which is not restarted; any other failure is restarted after
    /// `RestartSec`, and `StartLimitBurst` such failures fit inside `StartLimitIntervalSec` even
    /// when each start takes as long as a failing start takes here plus a whole second, so the
    /// limit trips and the restarts end.
    func testRestartsAreBoundedAndAMissingDisplayIsNoStart() throws {
        let keys = try unit().keys
        // Either display starts it (a `|` condition is met when any of them is).
        XCTAssertTrue(try unit().text.contains("ConditionEnvironment=|DISPLAY\nConditionEnvironment=|WAYLAND_DISPLAY\n"))
        XCTAssertEqual(keys["[Service]Restart"], "on-failure")
        XCTAssertEqual(keys["[Service]RestartPreventExitStatus"], "2")
        let burst = try XCTUnwrap(keys["[Unit]StartLimitBurst"].flatMap { Int($0) })
        let interval = try XCTUnwrap(keys["[Unit]StartLimitIntervalSec"].flatMap { Double($0) })
        let restart = try XCTUnwrap(keys["[Service]RestartSec"].flatMap { Double($0) })
        XCTAssertGreaterThan(burst, 1)

        // A start that fails: an X display that is not there. Status 1 (restarted), one line.
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":65000"
        environment["XDG_CONFIG_HOME"] = "/nonexistent"
        let started = Date()
        let failed = try runCommand(try Paths.swipeback, ["system"], environment: environment)
        let failingStart = Date().timeIntervalSince(started)
        XCTAssertEqual(failed.status, 1, failed.standardError)
        XCTAssertEqual(failed.standardError.split(separator: "\n").count, 1, failed.standardError)
        // systemd counts starts within the interval: burst starts take (burst - 1) restart delays.
        XCTAssertLessThan(Double(burst - 1) * (restart + failingStart + 1), interval, "the start limit can trip")

        for display in [nil, ""] {
            environment["DISPLAY"] = display
            let result = try runCommand(try Paths.swipeback, ["system"], environment: environment)
            XCTAssertEqual(result.status, 2, "no DISPLAY is no start, not a failure to retry: \(result.standardError)")
            XCTAssertEqual(result.standardError, "swipeback: system: DISPLAY is \(display == nil ? "not set" : "empty"): swipeback system needs an X display (systemctl --user import-environment DISPLAY XAUTHORITY, then start it)\n")
        }

        // A Wayland session without the touchscreen's service: status 2, one line naming the unit to enable.
        environment["WAYLAND_DISPLAY"] = "wayland-65000"
        let wayland = try runCommand(try Paths.swipeback, ["system"], environment: environment)
        XCTAssertEqual(wayland.status, 2, wayland.standardError)
        XCTAssertEqual(wayland.standardError, "swipeback: system: a Wayland session, and swipeback input is not running (no /run/swipeback/session.sock): on Wayland the swipe back comes from the touchscreen's service; as root: systemctl enable --now swipeback-input\n")
    }
}

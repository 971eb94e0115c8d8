// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest

/// Every option of every command with a missing, empty, huge, negative, NaN or
/// control-character value (issue 19): status 0, 1 or 2, never a signal, within a bound, and on
/// failure exactly one line on standard error without control characters.
final class ArgumentTests: XCTestCase {
    func testEveryOptionWithAHostileValueEndsWithAStatusAndOneCleanLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-args-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios/flick-commit.jsonl").path
        let pages = Paths.repository.appendingPathComponent("Tests/Fixtures/kiosk/pages.json").path
        // Each command with arguments that work, so that the option under test is what fails.
        let commands: [(base: [String], options: [String])] = [
            (["replay", flick], ["--config", "--event-log", "--window", "--rtl", "--compare"]),
            (["velocity", flick], ["--config", "--event-log"]),
            (["render", flick, "--at", "100", "-o", "frames"], ["--config", "--window", "--rtl", "--at", "-o"]),
            (["plot", flick, "-o", "map.png"], ["--config", "--window", "-o"]),
            (["kiosk", pages, "--check"], ["--config", "--event-log", "--rtl"]),
            (["demo"], ["--pages", "--open", "--window", "--event-log", "--config", "--rtl", "--log-frames"]),
            (["tune"], ["--pages", "--open", "--window", "--event-log", "--config"]),
            (["record", "out.jsonl"], ["--pages", "--open", "--window", "--event-log", "--config"]),
            (["help"], ["--man"]),
        ]
        let values: [String?] = [nil, "", String(repeating: "9", count: 400), "-5", "NaN", "nan", "1e400", "0x10",
                                 "a\nb\u{1b}[2J\u{7}", "--rtl", "-"]
        var runs = 0
        for (base, options) in commands {
            for option in options {
                for value in values {
                    var arguments = base + [option]
                    if let value { arguments.append(value) }
                    if option == "--compare", let value { arguments.append(value) }
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: try Paths.swipeback)
                    process.arguments = arguments
                    // No display: a window command that gets that far fails with status 1.
                    process.environment = ["DISPLAY": ":999", "HOME": folder.path, "PATH": "/usr/bin:/bin"]
                    process.currentDirectoryURL = folder
                    let out = Pipe(), err = Pipe()
                    process.standardOutput = out
                    process.standardError = err
                    let started = Date()
                    try process.run()
                    let errorText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    _ = out.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    runs += 1
                    let what = "\(arguments.map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 })"
                    XCTAssertLessThan(Date().timeIntervalSince(started), 10, what)
                    XCTAssertEqual(process.terminationReason, .exit, what)
                    XCTAssertTrue([0, 1, 2].contains(process.terminationStatus), "\(what): \(process.terminationStatus)")
                    if process.terminationStatus != 0 {
                        XCTAssertEqual(errorText.filter { $0 == "\n" }.count, 1, "\(what): \(errorText)")
                        assertOneCleanLine(errorText)
                        XCTAssertLessThan(errorText.count, 2000, what)
                    }
                }
            }
        }
        XCTAssertEqual(runs, 396, "every command, option and value above")
    }
}

// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import SwipeBackCore
import XCTest
import SwipeBackFormats

/// `swipeback tune` under Xvfb: keys change the configuration live and S saves it atomically; a
/// bad configuration file stops it before the window opens and stays as it was.
final class TuneTests: XCTestCase {
    private func start(_ server: XvfbServer, config: String, log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.swipeback)
        process.arguments = ["tune", "--config", config, "--open", "home,message", "--window", "800x600", "--event-log", log, "--log-frames"]
        process.environment = ["DISPLAY": server.displayName, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func testKeysChangeTheConfigurationWhileRunningAndSSavesIt() throws {
        let server = try XvfbServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-tune-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.json").path, log = folder.appendingPathComponent("log.jsonl").path
        try #"{"edgeWidth": 30}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let process = try start(server, config: config, log: log)
        defer { if process.isRunning { process.terminate() } }
        func logText() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        // The first frame is on screen: the window is mapped and takes keys.
        guard waitUntil(timeout: 10, { logText().contains(#""type": "frame""#) }) else { return XCTFail("tune did not start") }
        server.move(to: 400, 300)
        // commitProgress is the third tunable: 0.5 up to 0.65, then save.
        server.key(XK_Down); server.key(XK_Down)
        for _ in 0..<3 { server.key(XK_Right) }
        server.key(XK_s)
        var saved = ""
        guard waitUntil(timeout: 5, {
            saved = (try? String(contentsOfFile: config, encoding: .utf8)) ?? ""
            return saved.contains("0.65")
        }) else { return XCTFail("not saved: \(saved)") }
        let values = try XCTUnwrap(EventLogReader.linesSoFar(saved).first)
        XCTAssertEqual(values.number("commitProgress") ?? 0, 0.65, accuracy: 1e-9)
        XCTAssertEqual(values.number("edgeWidth"), 30, "the file's own values are kept")
        XCTAssertEqual(Set(values.fields.keys), ["feel", "edgeWidth", "commitProgress"], "the feel and the keys given explicitly")
        // The new threshold is live: a slow release at 60 % now cancels.
        server.play(PointerStep.drag(from: (3, 300), to: (483, 300), steps: 12, every: 40, lift: false) + [.wait(150), .up])
        guard waitUntil(timeout: 10, { logText().contains("\"ended\"") }) else { return XCTFail("no release") }
        XCTAssertTrue(logText().contains("\"decision\": \"cancel\""), "60 % is short of the tuned 65 %")
        XCTAssertFalse(logText().contains("\"type\": \"back\""), "tuning keys never reach the app")
    }

    func testABadConfigurationFileStopsTuneAndStaysAsItWas() throws {
        let server = try XvfbServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-tune-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.json").path
        for (text, expected) in [(#"{"edgeWidht": 30}"#, "unknown key"), (#"{"commitProgress": 1.5}"#, "outside 0...1"),
                                 (#"{"commitProgress": 0.4"#, "not valid JSON"), ("", "not valid JSON")] {
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = server.displayName
            let result = try runCommand(try Paths.swipeback, ["tune", "--config", config], environment: environment)
            XCTAssertEqual(result.status, 2, text)
            XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(config) && result.standardError.contains(expected), result.standardError)
            XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), text, "left untouched")
            XCTAssertTrue(server.windows(titled: "SwipeBack").isEmpty, "no window opened")
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackFormats

/// `swipeback record` under Xvfb: a scripted session, recorded, replays to the same stack events
/// and decisions as the live run.
final class RecordReplayTests: XCTestCase {
    private func jsonLines(_ text: String) -> [EventLogLine] {
        EventLogReader.linesSoFar(text)
    }

    /// What must match: every stack event and every decision, in order.
    private func outcome(_ log: [EventLogLine]) -> [String] {
        log.compactMap { line in
            switch line.string("type") {
            case "stack": return "stack \(line.string("op") ?? "") \(line.string("page") ?? "") \((line.strings("pages"))?.joined(separator: ",") ?? "")"
            case "gesture" where line.string("phase") == "ended": return "decision \(line.string("decision") ?? "")"
            case "action": return "action \(line.string("element") ?? "back")"
            default: return nil
            }
        }
    }

    /// `swipeback record RECORDING --open OPEN --window 800x600 --event-log LIVE` on `server`.
    private func startRecorder(_ server: XvfbServer, recording: String, live: String, open: String, home: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.swipeback)
        process.arguments = ["record", recording, "--open", open, "--window", "800x600", "--event-log", live]
        process.environment = ["DISPLAY": server.displayName, "XDG_CONFIG_HOME": home, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    func testARecordedSessionReplaysToTheSameStackEventsAndDecisions() throws {
        let server = try XvfbServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = folder.appendingPathComponent("session.jsonl").path, live = folder.appendingPathComponent("live.jsonl").path
        let process = try startRecorder(server, recording: recording, live: live, open: "home,message,reply", home: folder.path)
        defer { if process.isRunning { process.terminate() } }
        func liveLog() -> [EventLogLine] { jsonLines((try? String(contentsOfFile: live, encoding: .utf8)) ?? "") }
        func waitFor(_ what: String, _ condition: ([EventLogLine]) -> Bool) throws {
            guard waitUntil(timeout: 10, { condition(liveLog()) }) else { throw HarnessError("timed out waiting for \(what)") }
        }
        func finished(_ n: Int) -> ([EventLogLine]) -> Bool {
            { $0.filter { $0.string("type") == "transition" && $0.string("phase") == "finished" }.count >= n }
        }
        try waitFor("the window") { $0.contains { $0.string("phase") == "didAppear" } }
        // 1. A fast swipe pops Reply.
        server.play(PointerStep.drag(from: (3, 300), to: (483, 300), steps: 8))
        try waitFor("the pop", finished(1))
        // 2. A slow, short swipe goes back.
        server.play(PointerStep.drag(from: (4, 400), to: (154, 400), every: 40, lift: false) + [.wait(100), .up])
        try waitFor("the cancel", finished(2))
        // 3. The Reply button pushes Reply again.
        let (x, y) = try builtInButtonCentre(page: "message", button: "reply", width: 800)
        server.play(PointerStep.click(x: x, y: y))
        try waitFor("the push", finished(3))
        let window = try XCTUnwrap(server.windows(titled: "SwipeBack").first)
        server.requestClose(window)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let replay = try runCommand(try Paths.swipeback, ["replay", recording])
        XCTAssertEqual(replay.status, 0, replay.standardError)
        let liveOutcome = outcome(liveLog()), replayOutcome = outcome(jsonLines(replay.standardOutput))
        XCTAssertEqual(liveOutcome, ["decision commit", "stack pop reply home,message", "decision cancel", "action reply",
                                     "stack push reply home,message,reply"])
        XCTAssertEqual(replayOutcome, liveOutcome)
    }

    func testAStopSignalClosesTheRecorderAndTheRecordingIsWritten() throws {
        let server = try XvfbServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = folder.appendingPathComponent("session.jsonl").path, live = folder.appendingPathComponent("live.jsonl").path
        let process = try startRecorder(server, recording: recording, live: live, open: "home,message", home: folder.path)
        guard waitUntil(timeout: 10, { ((try? String(contentsOfFile: live, encoding: .utf8)) ?? "").contains("didAppear") }) else {
            process.terminate()
            return XCTFail("record did not start")
        }
        server.play(PointerStep.drag(from: (3, 300), to: (483, 300), steps: 6, every: 10))
        // The release is in the live log: the recording has it too.
        _ = waitUntil { ((try? String(contentsOfFile: live, encoding: .utf8)) ?? "").contains(#""phase": "ended""#) }
        process.terminate() // SIGTERM, as a supervisor or Ctrl+C (SIGINT) would
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix(#"{"scenario": 1"#) == true)
        XCTAssertTrue(lines.contains { $0.contains(#""type": "up""#) }, "the swipe is in it")
        XCTAssertTrue(lines.last?.contains(#""type": "end""#) == true)
        let replay = try runCommand(try Paths.swipeback, ["replay", recording])
        XCTAssertEqual(replay.status, 0, replay.standardError)
        XCTAssertTrue(replay.standardOutput.contains(#""decision": "commit""#))
    }
}

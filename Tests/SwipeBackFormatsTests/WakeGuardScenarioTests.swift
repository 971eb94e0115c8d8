// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackCore
import SwipeBackFormats

/// `kioskWakeGuard` in a replay: a tap while the screen saver is on, or within the guard after it
/// ended, logs `wake` and acts on nothing; a later tap acts; a swipe that woke the screen never begins.
final class WakeGuardScenarioTests: XCTestCase {
    private let pages = #"{"root": "home", "pages": {"home": {"title": "Home", "elements": [{"type": "button", "id": "go", "label": "Go", "frame": [0, 100, 800, 100], "action": {"push": "next"}}]}, "next": {"title": "Next"}}}"#

    private func run(_ lines: [String], guard wakeGuard: Double? = nil) throws -> [String] {
        var header = #"{"scenario": 1, "window": {"width": 800, "height": 600}, "pages": \#(pages)"#
        if let wakeGuard { header += #", "config": {"kioskWakeGuard": \#(wakeGuard)}"# }
        let text = ([header + "}"] + lines).joined(separator: "\n") + "\n"
        let scenario = try ScenarioReader.parse(text, file: "wake.jsonl", baseDirectory: "/")
        var log: [String] = []
        ScenarioRunner.run(scenario, measurer: FixedContentMeasurer()) { event in
            switch event.event {
            case .wake: log.append("wake \(EventLogWriter.json(.number(event.timeMilliseconds)))")
            case .action(_, _, let element, _, _): log.append("action \(element ?? "back")")
            case .gesture(_, _, let step): log.append("gesture \(step.phase)")
            case .stack(_, let operation, _, _, _): log.append("stack \(operation)")
            default: break
            }
        }
        return log
    }

    private func tap(_ t: Double, id: Int = 1, device: String = "touch") -> [String] {
        [#"{"t": \#(t), "type": "down", "id": \#(id), "device": "\#(device)", "x": 400, "y": 150}"#,
         #"{"t": \#(t + 60), "type": "up", "id": \#(id), "device": "\#(device)", "x": 400, "y": 150}"#]
    }

    func testATapThatWakesTheScreenActsOnNothingAndOne400MsLaterActs() throws {
        // The server ends the saver at the waking touch, just before delivering it.
        let log = try run([#"{"t": 0, "type": "screenSaver", "value": true}"#, #"{"t": 1000, "type": "screenSaver", "value": false}"#]
                          + tap(1000) + tap(1400))
        XCTAssertEqual(log, ["wake 1000", "action go", "stack push"])
    }

    func testATapWhileTheSaverIsStillOnWakesAndAClickToo() throws {
        let log = try run([#"{"t": 0, "type": "screenSaver", "value": true}"#] + tap(500, device: "mouse"))
        XCTAssertEqual(log, ["wake 500"])
    }

    func testTheGuardEndsAfterItsTimeAndZeroTurnsItOff() throws {
        let saver = [#"{"t": 0, "type": "screenSaver", "value": true}"#, #"{"t": 1000, "type": "screenSaver", "value": false}"#]
        XCTAssertEqual(try run(saver + tap(1299)), ["wake 1299"], "299 ms after: still guarded")
        XCTAssertEqual(try run(saver + tap(1300)), ["action go", "stack push"], "300 ms after: acts")
        XCTAssertEqual(try run(saver + tap(1000), guard: 0), ["action go", "stack push"], "0 turns it off")
        XCTAssertEqual(try run([#"{"t": 0, "type": "screenSaver", "value": true}"#] + tap(10), guard: 0), ["action go", "stack push"])
        XCTAssertEqual(try run(tap(10)), ["action go", "stack push"], "no screen saver: no guard")
    }

    func testASwipeThatWakesTheScreenNeverBeginsUntilLifted() throws {
        var lines = [#"{"t": 0, "type": "push", "page": "next", "animated": false}"#,
                     #"{"t": 10, "type": "screenSaver", "value": true}"#, #"{"t": 1000, "type": "screenSaver", "value": false}"#,
                     #"{"t": 1000, "type": "down", "x": 3, "y": 300}"#]
        for step in 1...10 { lines.append(#"{"t": \#(1000 + step * 50), "type": "move", "x": \#(3 + step * 60), "y": 300}"#) }
        lines.append(#"{"t": 1600, "type": "up", "x": 603, "y": 300}"#)
        XCTAssertEqual(try run(lines), ["stack push", "wake 1000"], "moving past the guard time changes nothing: the sequence is the wake's")
    }

    func testTheScreenSaverLineIsReadAndWritten() throws {
        XCTAssertEqual(ScenarioWriter.line(.screenSaver(active: true), atMilliseconds: 5), #"{"t": 5, "type": "screenSaver", "value": true}"#)
        XCTAssertThrowsError(try ScenarioReader.parse(#"{"scenario": 1, "window": {"width": 8, "height": 6}}"# + "\n" + #"{"t": 0, "type": "screenSaver"}"#,
                                                      file: "s.jsonl", baseDirectory: "/")) { error in
            XCTAssertEqual("\(error)", "s.jsonl:2: missing \"value\" (true or false)")
        }
    }
}

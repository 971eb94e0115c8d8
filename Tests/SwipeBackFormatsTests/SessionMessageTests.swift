// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore
import SwipeBackFormats
import XCTest

/// The session channel's lines (SPEC section 6): what each message looks like written, that every
/// one reads back as itself, and the one-line errors for what a peer may send wrong.
final class SessionMessageTests: XCTestCase {
    let source = "swipeback input's socket"

    func testEachMessageIsWrittenAsSpecified() {
        XCTAssertEqual(SessionMessage.hello(version: 1).line, #"{"type": "hello", "version": 1}"#)
        XCTAssertEqual(SessionMessage.held(touch: 3, edge: .left, kind: .back, x: 0, y: 0.25).line,
                       #"{"type": "held", "touch": 3, "edge": "left", "kind": "back", "x": 0, "y": 0.25}"#)
        XCTAssertEqual(SessionMessage.progress(touch: 3, progress: 0.5, y: 0.75, stretch: 1.25, active: true).line,
                       #"{"type": "progress", "touch": 3, "progress": 0.5, "y": 0.75, "stretch": 1.25, "active": true}"#)
        XCTAssertEqual(SessionMessage.ended(touch: 3, outcome: .passed, sender: .service).line,
                       #"{"type": "ended", "touch": 3, "outcome": "passed", "sender": "service"}"#)
        XCTAssertEqual(SessionMessage.answer(touch: 3, app: "org.gnome.Nautilus", exclude: false, sender: .service, action: nil).line,
                       #"{"type": "answer", "touch": 3, "app": "org.gnome.Nautilus", "exclude": false, "sender": "service", "action": null}"#)
    }

    func testEveryMessageReadsBackAsItself() throws {
        let messages: [SessionMessage] = [
            .hello(version: 1), .hello(version: 7),
            .held(touch: 0, edge: .right, kind: .forward, x: 1, y: 1), .held(touch: Int(Int32.max), edge: .left, kind: .back, x: 0.001, y: 0.5),
            .progress(touch: 9, progress: 0.3333, y: 0.1, stretch: 0.5, active: false), .ended(touch: 9, outcome: .committed, sender: .session), .ended(touch: 9, outcome: .cancelled, sender: .service),
            .answer(touch: 2, app: "foot", exclude: true, sender: .session, action: SystemAction("key:alt+left")),
            .answer(touch: 2, app: nil, exclude: false, sender: .service, action: .button(8)),
        ]
        for (index, message) in messages.enumerated() {
            XCTAssertEqual(try SessionMessage.parse(message.line, source: source, line: index + 1), message, message.line)
        }
    }

    func testUnknownKeysAreIgnored() throws {
        XCTAssertEqual(try SessionMessage.parse(#"{"version": 1, "type": "hello", "features": ["arrow"]}"#, source: source, line: 1), .hello(version: 1))
    }

    func testBadLinesGetOneLineNamingThePlaceAndWhatWasExpected() {
        let cases: [(String, String)] = [
            ("[1]", "expected a JSON object"),
            (#"{"touch": 1}"#, #"expected "type", a string"#),
            (#"{"type": "bye"}"#, #""type" is "bye"; expected "hello", "held", "progress", "ended" or "answer""#),
            (#"{"type": "hello"}"#, #"a hello message needs "version", an integer in 1...2147483647"#),
            (#"{"type": "hello", "version": 1.5}"#, #"a hello message needs "version", an integer in 1...2147483647"#),
            (#"{"type": "held", "touch": -1, "edge": "left", "kind": "back", "x": 0, "y": 0}"#, #"a held message needs "touch", an integer in 0...2147483647"#),
            (#"{"type": "held", "touch": 1, "edge": "top", "kind": "back", "x": 0, "y": 0}"#, #"a held message needs "edge", one of "left", "right""#),
            (#"{"type": "held", "touch": 1, "edge": "left", "kind": "back", "x": 1.5, "y": 0}"#, #"a held message needs "x", a number in 0...1"#),
            (#"{"type": "progress", "touch": 1, "progress": 2, "y": 0, "stretch": 0, "active": false}"#, #"a progress message needs "progress", a number in 0...1"#),
            (#"{"type": "progress", "touch": 1, "progress": 0, "y": 0, "stretch": 11, "active": false}"#, #"a progress message needs "stretch", a number in 0...10"#),
            (#"{"type": "progress", "touch": 1, "progress": 0, "y": 0, "stretch": 1}"#, #"a progress message needs "active", true or false"#),
            (#"{"type": "ended", "touch": 1, "outcome": "done"}"#, #"an ended message needs "outcome", one of "committed", "cancelled", "passed""#),
            (#"{"type": "answer", "touch": 1, "sender": "service"}"#, #"an answer message needs "exclude", true or false"#),
            (#"{"type": "answer", "touch": 1, "exclude": false, "sender": "service", "app": ""}"#,
             #"an answer message's "app" is a string of 1 to 255 characters or null"#),
            (#"{"type": "answer", "touch": 1, "exclude": false, "sender": "them"}"#, #"an answer message needs "sender", one of "service", "session""#),
            (#"{"type": "answer", "touch": 1, "exclude": false, "sender": "service", "action": "command:rm -rf ~"}"#,
             #"an answer message's "action" is "command:rm -rf ~"; expected key:CHORD, button:N (1...255) or none, or null"#),
            (#"{"type": "answer", "touch": 1, "exclude": false, "sender": "service", "action": "key:Hyper+Q"}"#,
             #"an answer message's "action" is "key:Hyper+Q"; expected key:CHORD, button:N (1...255) or none, or null"#),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try SessionMessage.parse(text, source: source, line: 4), text) { error in
                XCTAssertEqual((error as? FormatError)?.description, "\(source):4: \(expected)", text)
            }
        }
        let long = #"{"type": "hello", "version": 1, "pad": ""# + String(repeating: "x", count: 1100) + #""}"#
        XCTAssertThrowsError(try SessionMessage.parse(long, source: source, line: 2)) { error in
            XCTAssertEqual((error as? FormatError)?.description, "\(source):2: a line of \(long.utf8.count) bytes; expected at most 1024")
        }
    }
}

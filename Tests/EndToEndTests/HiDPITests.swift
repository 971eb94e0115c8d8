// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackRender
import SwipeBackFormats

/// The layout scale from `Xft.dpi` in a real window: the header, the edge zone and a live
/// `xrdb -merge` (issue 18).
final class HiDPITests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }
    private func frames(_ log: [EventLogLine]) -> Int { log.filter { type($0) == "frame" }.count }

    /// Drags the mouse from (x, 300) 120 px toward popping and back to the start, released slowly
    /// (a cancel when it begins); returns the log lines it added.
    private func drag(from x: Int, _ server: XvfbServer, _ demo: DemoProcess) throws -> [EventLogLine] {
        let before = demo.lines().count
        server.play(PointerStep.drag(from: (x, 300), to: (x + 120, 300), steps: 6, every: 15, lift: false)
                    + (0..<6).reversed().flatMap { [.wait(15), .move(x: x + $0 * 20, y: 300)] } + [.wait(120), .up])
        // A refused drag logs nothing at all: there is nothing to wait for but the time a swipe's
        // lines would take.
        sleepMilliseconds(300)
        let log = try demo.waitFor("the drag's end") { log in
            !log.dropFirst(before).contains { self.type($0) == "transition" && $0.string("phase") == "started" }
                || log.dropFirst(before).contains { self.type($0) == "transition" && $0.string("phase") == "finished" }
        }
        return Array(log.dropFirst(before))
    }

    func testTheDemoAt192DpiIsTwiceAsLargeAndFollowsALiveXrdbMerge() throws {
        let server = try XvfbServer()
        try mergeResources("Xft.dpi: 192\n", display: server.displayName)
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "800x600"])
        try demo.waitFor("the first frame") { self.frames($0) >= 1 }
        _ = waitUntil { headerHeight(server, x: 790) == 112 }
        XCTAssertEqual(headerHeight(server, x: 790), 112, "the 56 px header at scale 2")

        // edgeWidth 20 is 40 px at scale 2: a drag from x = 41 is refused, one from x = 39 begins.
        let outside = try drag(from: 41, server, demo)
        XCTAssertFalse(outside.contains { type($0) == "gesture" }, "x = 41 is outside the 40 px edge: \(outside)")
        let inside = try drag(from: 39, server, demo)
        let began = try XCTUnwrap(inside.first { type($0) == "gesture" }, "x = 39 is inside the 40 px edge")
        XCTAssertEqual(began.string("phase"), "began")
        // The touch slop is 16 px at scale 2: the swipe begins at the first move of 20 px (the
        // 16th px), so its progress is 20 / 800.
        XCTAssertEqual(began.number("progress") ?? 0, 20.0 / 800, accuracy: 1e-9)

        // A live merge of Xft.dpi 144: the next frame is at scale 1.5.
        let before = frames(demo.lines())
        try mergeResources("Xft.dpi: 144\n", display: server.displayName)
        try demo.waitFor("a frame at the new scale") { self.frames($0) > before }
        _ = waitUntil { headerHeight(server, x: 790) == 84 }
        XCTAssertEqual(headerHeight(server, x: 790), 84, "the 56 px header at scale 1.5")
    }

    func testScaleOverridesXftDpiAndABadOneIsRefused() throws {
        let server = try XvfbServer()
        try mergeResources("Xft.dpi: 192\n", display: server.displayName)
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "800x600", "--scale", "1.5"])
        try demo.waitFor("the first frame") { self.frames($0) >= 1 }
        _ = waitUntil { headerHeight(server, x: 790) == 84 }
        XCTAssertEqual(headerHeight(server, x: 790), 84, "--scale 1.5 wins over Xft.dpi 192")
        // A merge changes nothing under an override.
        try mergeResources("Xft.dpi: 96\n", display: server.displayName)
        sleepMilliseconds(300) // nothing to wait for: no frame at another scale may come in this time
        XCTAssertEqual(headerHeight(server, x: 790), 84)

        let swipeback = try Paths.swipeback
        let bad = try runCommand(swipeback, ["demo", "--scale", "9"], environment: ["DISPLAY": server.displayName])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.standardError, "swipeback: --scale expects a layout scale of 0.5...4 (px per layout unit, like 2 for a 192 dpi screen); got \"9\"\n")
        let badEnvironment = try runCommand(swipeback, ["demo"], environment: ["DISPLAY": server.displayName, "SWIPEBACK_SCALE": "two"])
        XCTAssertEqual(badEnvironment.status, 2)
        XCTAssertEqual(badEnvironment.standardError,
                       "swipeback: SWIPEBACK_SCALE is \"two\"; expected a scale of 0.5...4 (px per layout unit, like 2 for a 192 dpi screen)\n")
    }

    /// Records a session on `server` (800x600, home and message): `during` runs once the first
    /// frame is shown, then a fast drag from x = 30 (inside the 40 px edge of scale 2 only) must
    /// pop. Returns the recording's lines and the replay's log; the temporary folder is removed.
    private func recordAPopFromX30(on server: XvfbServer, during: (DemoProcess) throws -> Void) throws -> (lines: [Substring], replay: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-hidpi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = folder.appendingPathComponent("session.jsonl").path
        let demo = try DemoProcess(executable: try Paths.swipeback, display: server.displayName,
                                   arguments: ["--open", "home,message", "--window", "800x600"], command: ["record", recording])
        try demo.waitFor("the first frame") { self.frames($0) >= 1 }
        try during(demo)
        server.play(PointerStep.drag(from: (30, 300), to: (510, 300), steps: 8))
        try demo.waitFor("the pop") { $0.contains { self.type($0) == "stack" } }
        // The replay ticks at 60 Hz from 0, the window at its own frames: its settle may end up to
        // a tick later than the session's, so the recording goes on a little past the pop: time
        // itself is what is waited for.
        sleepMilliseconds(100)
        demo.process.terminate()
        demo.process.waitUntilExit()
        XCTAssertEqual(demo.process.terminationStatus, 0)
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
        let replay = try runCommand(try Paths.swipeback, ["replay", recording])
        XCTAssertEqual(replay.status, 0, replay.standardError)
        return (lines, replay.standardOutput)
    }

    func testAChangeOfXftDpiDuringARecordingIsRecordedAndReplayed() throws {
        let server = try XvfbServer()
        // At scale 1 the session starts; then the desktop goes to 192 dpi.
        let (lines, replay) = try recordAPopFromX30(on: server) { demo in
            let before = self.frames(demo.lines())
            try mergeResources("Xft.dpi: 192\n", display: server.displayName)
            try demo.waitFor("a frame at the new scale") { self.frames($0) > before }
        }
        XCTAssertFalse(lines[0].contains("\"scale\""), "the session started at scale 1: \(lines[0])")
        XCTAssertTrue(lines.contains { $0.contains(#""type": "scale", "value": 2"#) }, "the change is an input line")
        XCTAssertTrue(replay.contains(#""op": "pop""#), "the replay pops at scale 2 as the session did: \(replay)")
    }

    func testARecordingAt192DpiReplaysAtScale2() throws {
        let server = try XvfbServer()
        try mergeResources("Xft.dpi: 192\n", display: server.displayName)
        let (lines, replay) = try recordAPopFromX30(on: server) { _ in }
        let fields = try XCTUnwrap(EventLogReader.linesSoFar(String(lines[0])).first)
        XCTAssertEqual(fields.number("scale"), 2)
        XCTAssertTrue(replay.contains(#""op":"pop""#) || replay.contains(#""op": "pop""#), "the replay pops as the session did: \(replay)")
    }
}

/// The header's height in px on screen: the first row of the page's white below the header's grey,
/// in the column at `x` (clear of the title and of every element); nil when the top is not the
/// header's grey or no white follows.
func headerHeight(_ server: XvfbServer, x: Int) -> Int? {
    let column = server.pixels(column: x, from: 0, to: 300)
    let header = [Theme.headerBackground.0, Theme.headerBackground.1, Theme.headerBackground.2].map { Int(($0 * 255).rounded()) }
    // Within 1 of the theme's colour: cairo rounds through 16 bits per channel.
    guard let top = column.first, zip(top, header).allSatisfy({ abs($0 - $1) <= 1 }) else { return nil }
    return column.firstIndex { $0 == [255, 255, 255] }
}

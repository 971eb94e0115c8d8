// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackFormats

/// Frames paced by the display (issue 17): under Xvfb's Present clock (a fake 60 Hz), a 1 kHz
/// flood of XTest moves presents about one frame per refresh and the drag still pops; without
/// Present (and without MIT-SHM) the window still presents, paced by the frame clock; a frame
/// where only a gesture readout changed sends only that rectangle.
final class PresentPacingTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }
    private func number(_ line: EventLogLine, _ key: String) -> Double? { line.number(key) }

    /// A 1 kHz drag of `moves` moves from the left edge, to `distance` px; returns once the
    /// release is sent.
    private func flood(_ server: XvfbServer, moves: Int, distance: Int, y: Int = 300) {
        // The server keeps the pace: one move a ms.
        let steps: [PointerStep] = (1...moves).flatMap { step -> [PointerStep] in [.wait(1), .move(x: 3 + step * distance / moves, y: y)] }
        server.play([.move(x: 3, y: y), .wait(30), .down] + steps + [.up])
    }

    /// Frames shown per second between the first and the last `changed` line of the drag.
    private func framesPerSecond(_ log: [EventLogLine], after start: Int) -> (rate: Double, frames: Int, moves: Int) {
        let recent = Array(log.dropFirst(start))
        let changed = recent.filter { $0.string("phase") == "changed" }.compactMap { number($0, "t") }
        guard let first = changed.first, let last = changed.last, last > first else { return (0, 0, changed.count) }
        let frames = recent.filter { type($0) == "frame" }.compactMap { number($0, "t") }.filter { $0 >= first && $0 <= last }
        return (Double(frames.count) * 1000 / (last - first), frames.count, changed.count)
    }

    func testAOneKilohertzFloodPresentsAboutOneFramePerRefreshAndStillPops() throws {
        let server = try XvfbServer()
        // Small enough that even a debug build draws far faster than 60 frames a second.
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "400x300"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        let before = demo.lines().count
        flood(server, moves: 1200, distance: 300, y: 150) // 1.2 s, to x = 303 of 400: a commit by distance
        let log = try demo.waitFor("the pop") { Array($0.dropFirst(before)).contains { self.type($0) == "stack" } }
        let (rate, frames, moves) = framesPerSecond(log, after: before)
        XCTAssertGreaterThan(moves, 600, "the flood reached the app as moves")
        XCTAssertGreaterThan(frames, 20, "the drag was shown as it went")
        XCTAssertLessThanOrEqual(rate, 66, "at most the display's 60 Hz plus 10 % (\(frames) frames for \(moves) moves)")
        let pop = try XCTUnwrap(Array(log.dropFirst(before)).first { type($0) == "stack" })
        XCTAssertEqual(pop.string("op"), "pop")
        XCTAssertEqual(pop.strings("pages"), ["home"])
    }

    func testWithoutPresentOrSharedMemoryTheWindowStillPresentsAndPops() throws {
        for environment in [["SWIPEBACK_NO_PRESENT": "1"], ["SWIPEBACK_NO_SHM": "1"]] {
            let server = try XvfbServer()
            let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "800x600"],
                                       environment: environment)
            try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
            let header = server.pixels(row: 30, from: 0, to: 800)
            XCTAssertTrue(server.pixels(row: 596, from: 0, to: 800).allSatisfy { $0 == [255, 255, 255] },
                          "\(environment): the message page is on screen")
            let before = demo.lines().count
            flood(server, moves: 600, distance: 600)
            let log = try demo.waitFor("the pop") { log in
                let recent = Array(log.dropFirst(before))
                guard let finished = recent.firstIndex(where: { self.type($0) == "transition" && $0.string("phase") == "finished" })
                else { return false }
                return frameShown(after: finished, in: recent)
            }
            let recent = Array(log.dropFirst(before))
            XCTAssertEqual(recent.first { type($0) == "stack" }?.strings("pages"), ["home"], "\(environment)")
            let (rate, frames, _) = framesPerSecond(log, after: before)
            XCTAssertGreaterThan(frames, 10, "\(environment): frames during the drag")
            XCTAssertLessThanOrEqual(rate, 66, "\(environment): paced by the frame clock")
            // The home page's header (its title) is on screen now.
            _ = waitUntil { server.pixels(row: 30, from: 0, to: 800) != header }
            XCTAssertNotEqual(server.pixels(row: 30, from: 0, to: 800), header, "\(environment): the home page is on screen")
        }
    }

    func testAFrameWhereOnlyTheGestureReadoutChangedSendsItsRectangle() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,status", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        let whole = 800.0 * 600 * 4
        XCTAssertEqual(demo.lines().first { type($0) == "frame" }.flatMap { number($0, "bytes") }, whole, "the first frame is sent whole")
        // Out past the slop and back to the edge: the swipe goes on at progress 0, so the page stays
        // where it is and only the readout's numbers change.
        server.play([.move(x: 3, y: 300), .wait(30), .down] + stride(from: 10, through: 60, by: 10).flatMap { [.wait(20), .move(x: $0, y: 300)] })
        // The last move out is on screen before the moves back are counted: their first frame
        // is then the one that moves the page back to the edge.
        try demo.waitFor("the move to 60 on screen") { log in
            guard let out = log.lastIndex(where: { abs((self.number($0, "progress") ?? -1) - 57.0 / 800) < 1e-9 }) else { return false }
            return frameShown(after: out, in: log)
        }
        let back = demo.lines().count
        // 20 ms apart (the server keeps the pace): well inside the tracker's 40 ms gap, so each
        // move has a velocity and the readout's numbers change.
        server.play([3, 2, 1, 0, 1, 0].flatMap { [.wait(20), .move(x: $0, y: 300)] })
        let log = try demo.waitFor("the moves at the edge shown") { log in
            guard let last = log.lastIndex(where: { $0.string("phase") == "changed" }), last >= back else { return false }
            return log.count - back >= 6 && frameShown(after: last, in: log)
        }
        server.button(false)
        let atEdge = Array(log.dropFirst(back))
        XCTAssertTrue(atEdge.filter { $0.string("phase") == "changed" }.allSatisfy { number($0, "progress") == 0 })
        // The first frame here moves the page back to the edge; the rest change only the readout.
        let sizes = atEdge.filter { type($0) == "frame" }.compactMap { number($0, "bytes") }.filter { $0 > 0 }.dropFirst()
        XCTAssertFalse(sizes.isEmpty, "the readout's changes were presented: \(atEdge)")
        for bytes in sizes {
            XCTAssertLessThan(bytes, whole / 8, "only the readout's rectangle is sent")
        }
    }

    func testA4KWindowShowsItsFirstFrame() throws {
        // A 4K window's first frame draws every page snapshot, close to or over the 100 ms after
        // which a frame's completion counts as lost. That time was counted from the start of its
        // drawing, so in a release build the frame was mostly given up before its completion was
        // read, and the window never logged (or drew) another; now it counts from the sending.
        let server = try XvfbServer(width: 3840, height: 2160)
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "3840x2160"])
        let log = try demo.waitFor("the first frame", timeout: 30) { $0.contains { self.type($0) == "frame" } }
        let first = try XCTUnwrap(log.first { type($0) == "frame" })
        XCTAssertEqual(number(first, "bytes"), 3840 * 2160 * 4, "sent whole")
        XCTAssertTrue(server.pixels(row: 2156, from: 0, to: 3840).allSatisfy { $0 == [255, 255, 255] }, "the message page is on screen")
    }
}


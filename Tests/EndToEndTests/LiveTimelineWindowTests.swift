// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackFormats

/// The live event log of a real window keeps one timeline: `t` never goes down, whether a line
/// comes from input (server time) or from a frame or tick (the app clock).
final class LiveTimelineWindowTests: XCTestCase {
    func testTimesNeverDecreaseOverSwipesThatSettleWhileTheFingerMoves() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        // Swipes that cancel and settle while the next drag already moves, so input
        // lines and frame lines interleave.
        for _ in 0..<4 {
            // Out and back: the release moves against the pop, so the swipe cancels and the page stays.
            let steps: [Int] = Array(1...25) + Array((0...24).reversed())
            let moves: [PointerStep] = steps.flatMap { step -> [PointerStep] in [.wait(3), .move(x: 3 + step * 6, y: 300 + step % 3)] }
            server.play([.move(x: 3, y: 300), .wait(10), .down] + moves + [.up, .wait(40)])
        }
        let log = try demo.waitFor("four swipes settled") { lines in
            lines.filter { $0.string("type") == "transition" && $0.string("phase") == "finished" }.count >= 4
        }
        let times = log.compactMap { $0.number("t") }
        XCTAssertEqual(times.count, log.count, "every line has a t")
        XCTAssertGreaterThan(log.filter { $0.string("type") == "gesture" }.count, 20)
        XCTAssertGreaterThan(log.filter { $0.string("type") == "frame" }.count, 10)
        for (index, pair) in zip(times, times.dropFirst()).enumerated() where pair.1 < pair.0 {
            XCTFail("line \(index + 2) at t \(pair.1) ms comes after t \(pair.0) ms: \(log[index]) then \(log[index + 1])")
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackFormats

/// Forward and the history menu in a real window: XTest under Xvfb, real touch under Xorg.
final class ForwardWindowTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }
    private func lines(_ log: [EventLogLine], _ type: String) -> [EventLogLine] { log.filter { self.type($0) == type } }
    private func finished(_ log: [EventLogLine], after start: Int) -> Bool {
        log.dropFirst(start).contains { type($0) == "transition" && $0.string("phase") == "finished" }
    }

    func testButtonNineGoesForwardAfterButtonEightWentBack() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message,reply", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        server.move(to: 400, 300)
        var before = demo.lines().count
        server.click(button: 8)
        try demo.waitFor("the pop") { self.finished($0, after: before) }
        before = demo.lines().count
        server.click(button: 9)
        let log = try demo.waitFor("the forward push") { self.finished($0, after: before) }
        let after = Array(log.dropFirst(before))
        XCTAssertEqual(lines(after, "forward").map { "\($0.string("source") ?? "") \($0.string("result") ?? "")" }, ["button handled"])
        let push = try XCTUnwrap(lines(after, "stack").first)
        XCTAssertEqual(push.string("op"), "push")
        XCTAssertEqual(push.string("page"), "reply")
        XCTAssertEqual(push.bool("forward"), true)
        XCTAssertEqual(push.strings("pages"), ["home", "message", "reply"])
        // The list is empty again: a second press is ignored.
        before = demo.lines().count
        server.click(button: 9)
        let again = try demo.waitFor("the ignored press") { self.lines(Array($0.dropFirst(before)), "forward").count == 1 }
        XCTAssertEqual(lines(Array(again.dropFirst(before)), "forward").first?.string("result"), "ignored")
    }

    func testARightClickOnTheBackButtonThenTheThirdRowPopsThreePagesInOneAnimation() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message,reply,chain", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        server.play([.move(x: 40, y: 28), .wait(30), .press(3), .release(3)])
        let opened = try demo.waitFor("the menu") { $0.contains { self.type($0) == "menu" } }
        XCTAssertEqual(lines(opened, "menu").first?.strings("items"), ["reply", "message", "home"])
        // The menu is on the screen: a hairline between its first two rows at y = 56 + 44.
        try demo.waitFor("a frame with the menu") { log in
            guard let menu = log.lastIndex(where: { self.type($0) == "menu" }) else { return false }
            return frameShown(after: menu, in: log)
        }
        let separator = server.pixels(row: 100, from: 20, to: 270)
        XCTAssertTrue(separator.allSatisfy { $0[0] < 240 && $0[0] == $0[1] }, "the hairline between the first two rows")
        let before = demo.lines().count
        server.play(PointerStep.click(x: 100, y: 56 + 2 * 44 + 22))
        let log = try demo.waitFor("the pop to home") { self.finished($0, after: before) }
        let after = Array(log.dropFirst(before))
        XCTAssertEqual(lines(after, "menu").first?.string("chosen"), "home")
        XCTAssertEqual(lines(after, "transition").map { "\($0.string("kind") ?? "") \($0.string("phase") ?? "")" }, ["pop started", "pop finished"],
                       "one animation")
        let stack = try XCTUnwrap(lines(after, "stack").first)
        XCTAssertEqual(stack.string("op"), "popTo")
        XCTAssertEqual(stack.string("page"), "home")
        XCTAssertEqual(stack.strings("pages"), ["home"], "three pages popped at once")
        XCTAssertEqual(lines(after, "lifecycle").compactMap { $0.string("page") }, ["chain", "home", "chain", "home"],
                       "only the top page and the target")
        XCTAssertTrue(lines(after, "action").isEmpty, "the click on the row tapped nothing beneath")
    }

    func testARealTouchLongPressOpensTheMenuAndATapOnARowPopsToIt() throws {
        let server = try XorgTouchServer()
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let demo = try DemoProcess(display: server.displayName,
                                   arguments: ["--open", "home,message,reply", "--window", "\(server.width)x\(server.height)"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        try touch.begin(1, x: 40, y: 28)
        sleepMilliseconds(250) // nothing to wait for: the menu must not come in this time
        XCTAssertTrue(lines(demo.lines(), "menu").isEmpty, "not before historyMenuDelay (500 ms)")
        let opened = try demo.waitFor("the long press", timeout: 5) { $0.contains { self.type($0) == "menu" } }
        try touch.end(1, x: 40, y: 28)
        let menu = try XCTUnwrap(lines(opened, "menu").first)
        XCTAssertEqual(menu.strings("items"), ["message", "home"])
        sleepMilliseconds(200) // nothing to wait for: no tap may come in this time
        XCTAssertTrue(lines(demo.lines(), "action").isEmpty, "lifting the long press did not tap the back button")
        let before = demo.lines().count
        try touch.play(TouchStep.tap(2, x: 100, y: 56 + 44 + 22))
        let log = try demo.waitFor("the pop to home") { self.finished($0, after: before) }
        let after = Array(log.dropFirst(before))
        XCTAssertEqual(lines(after, "menu").first?.string("chosen"), "home")
        let stack = try XCTUnwrap(lines(after, "stack").first)
        XCTAssertEqual(stack.string("op"), "popTo")
        XCTAssertEqual(stack.strings("pages"), ["home"])
    }
}

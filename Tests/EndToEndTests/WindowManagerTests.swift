// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackFormats

/// The demo under a real window manager (openbox), alone and with a compositing manager (picom):
/// decorated, reparented and moved, it still swipes; a screenshot mid-drag shows the page edge
/// at the drag distance; focus taken by the window manager cancels a swipe (issue 18).
final class WindowManagerTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }
    private func finished(_ log: [EventLogLine]) -> Int {
        log.filter { type($0) == "transition" && $0.string("phase") == "finished" }.count
    }

    func testTheDemoSwipesUnderAWindowManager() throws {
        try swipeUnderWindowManager(compositing: false)
    }

    func testTheDemoSwipesUnderAWindowManagerAndACompositor() throws {
        try swipeUnderWindowManager(compositing: true)
    }

    private func swipeUnderWindowManager(compositing: Bool) throws {
        let server = try XvfbServer(width: 1024, height: 768)
        let session = try WindowManagerSession(displayName: server.displayName, display: server.display, compositing: compositing)
        let display = server.display
        // Another client's window, for the window manager to give the focus to.
        let other = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 60, 60, 0, 0, 0xFF0000)
        XStoreName(display, other, "other")
        XMapWindow(display, other)
        XSync(display, 0)
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        let window = try XCTUnwrap(clientWindows(display, titled: "SwipeBack").first)
        _ = waitUntil { parentWindow(display, window) != XDefaultRootWindow(display) }
        XCTAssertNotEqual(parentWindow(display, window), XDefaultRootWindow(display), "openbox reparents the window into its frame")

        // What a taskbar reads, through xprop: WM_CLASS as the desktop file's StartupWMClass, the pid, the icon.
        let desktop = try String(contentsOf: Paths.repository.appendingPathComponent("packaging/swipeback.desktop.in"), encoding: .utf8)
        let startupClass = try XCTUnwrap(desktop.components(separatedBy: "\n").first { $0.hasPrefix("StartupWMClass=") }?.dropFirst(15))
        let id = String(format: "0x%lx", window)
        let props = try runTool("xprop", ["-id", id, "-notype", "WM_CLASS", "_NET_WM_PID"], display: server.displayName,
                                package: "x11-xserver-utils").output
        XCTAssertTrue(props.contains("WM_CLASS = \"swipeback\", \"\(startupClass)\""), props)
        XCTAssertTrue(props.contains("_NET_WM_PID = \(demo.process.processIdentifier)"), props)
        let icon = try runTool("xprop", ["-id", id, "-notype", "-len", "8", "_NET_WM_ICON"], display: server.displayName,
                               package: "x11-xserver-utils").output
        XCTAssertTrue(icon.hasPrefix("_NET_WM_ICON = \tIcon (48 x 48)"), icon)

        // The window manager moves it (as a pager would): the swipe follows the new place.
        let before = rootGeometry(display, window)
        sendRootMessage(display, window, "_NET_MOVERESIZE_WINDOW", [1 << 8 | 1 << 9 | 2 << 12, 150, 90])
        _ = waitUntil { rootGeometry(display, window).x != before.x }
        let place = rootGeometry(display, window)
        XCTAssertNotEqual(place.x, before.x, "the window manager moved the window")
        XCTAssertEqual([place.width, place.height], [800, 600], "decorations take nothing from the window")

        // 1. A slow drag of 100 px, a screenshot mid-drag: the top page's edge is 100 px in.
        let y = place.y + 300, downX = 5, dragged = 100
        let startLines = demo.lines().count
        server.play(PointerStep.drag(from: (place.x + downX, y), to: (place.x + downX + dragged, y), steps: 20, every: 20, lift: false))
        try demo.waitFor("the last move's frame") { log in
            let recent = Array(log.dropFirst(startLines))
            guard let last = recent.lastIndex(where: { ($0.number("progress")).map { abs($0 - Double(dragged) / 800) < 1e-9 } ?? false })
            else { return false }
            return frameShown(after: last, in: recent)
        }
        // The compositor paints the window's new contents on its next repaint.
        _ = waitUntil { server.pixels(row: place.y + 596, from: place.x, to: place.x + 800).firstIndex { $0 == [255, 255, 255] } == dragged }
        let row = server.pixels(row: place.y + 596, from: place.x, to: place.x + 800)
        let firstWhite = try XCTUnwrap(row.firstIndex { $0 == [255, 255, 255] }, "\(row.prefix(120))")
        XCTAssertEqual(firstWhite, dragged, "the top page's leading edge sits at the drag distance")
        XCTAssertTrue(row[dragged...].allSatisfy { $0 == [255, 255, 255] }, "the top page fills the rest of the row")
        XCTAssertTrue(row[..<dragged].allSatisfy { $0[0] > 150 && $0[0] < 255 }, "the page beneath is dimmed, never blank")
        server.play([.wait(120), .up])
        var log = try demo.waitFor("the cancel's settle") { self.finished($0) >= 1 }
        XCTAssertEqual(log.first { $0.string("phase") == "ended" }?.string("decision"), "cancel")

        // 2. The window manager gives the focus to the other window mid-swipe: the swipe is cancelled.
        let focusLines = log.count
        server.play(PointerStep.drag(from: (place.x + 4, y), to: (place.x + 204, y), steps: 5, every: 20, lift: false))
        try demo.waitFor("the swipe") { $0.dropFirst(focusLines).contains { $0.string("phase") == "began" } }
        sendRootMessage(display, other, "_NET_ACTIVE_WINDOW", [2, 0, 0])
        log = try demo.waitFor("the cancel") { self.finished($0) >= 2 }
        let focusCase = Array(log.dropFirst(focusLines))
        XCTAssertTrue(focusCase.contains { self.type($0) == "gesture" && $0.string("phase") == "cancelled" },
                      "focus taken by the window manager cancels the swipe: \(focusCase)")
        XCTAssertFalse(focusCase.contains { self.type($0) == "stack" })
        server.button(false)
        try waitForSettled(demo, after: focusLines, "the restore after the focus change")

        // 3. A fast drag pops the page.
        server.play(PointerStep.drag(from: (place.x + 3, y), to: (place.x + 403, y)))
        log = try demo.waitFor("the pop") { $0.contains { self.type($0) == "stack" } }
        let pop = try XCTUnwrap(log.first { self.type($0) == "stack" })
        XCTAssertEqual(pop.string("op"), "pop")
        XCTAssertEqual(pop.strings("pages"), ["home"])
        XCTAssertTrue(session.windowManager.isRunning)
        XCTAssertEqual(session.compositor?.isRunning ?? compositing, compositing)
    }
}

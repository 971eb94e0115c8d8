// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackRender
import SwipeBackFormats

/// The kiosk under a real window manager (openbox on Xorg with real touch): full screen through
/// `_NET_WM_STATE_FULLSCREEN`, above a panel, and covering the screen again after a RandR change.
final class KioskDesktopTests: XCTestCase {
    private let fixtures = Paths.repository.appendingPathComponent("Tests/Fixtures/kiosk")

    /// A panel, as a desktop's taskbar is: a red dock window across the top that reserves 40 px.
    private func makePanel(_ display: OpaquePointer, width: Int) -> Window {
        let panel = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, UInt32(width), 40, 0, 0, 0xFF0000)
        XStoreName(display, panel, "panel")
        let dock = [UInt(XInternAtom(display, "_NET_WM_WINDOW_TYPE_DOCK", 0))]
        dock.withUnsafeBytes { bytes in
            _ = XChangeProperty(display, panel, XInternAtom(display, "_NET_WM_WINDOW_TYPE", 0), XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        // left, right, top, bottom, then the start and end of each: 40 px at the top, full width.
        let strut: [UInt] = [0, 0, 40, 0, 0, 0, 0, 0, 0, UInt(width - 1), 0, 0]
        strut.withUnsafeBytes { bytes in
            _ = XChangeProperty(display, panel, XInternAtom(display, "_NET_WM_STRUT_PARTIAL", 0), XA_CARDINAL, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 12)
        }
        // Where it asks to be: the top-left (a user-given position, which the window manager keeps).
        let hints = XAllocSizeHints()!
        hints.pointee.flags = USPosition | USSize
        XSetWMNormalHints(display, panel, hints)
        XFree(hints)
        XMapWindow(display, panel)
        XSync(display, 0)
        return panel
    }

    func testTheKioskGoesFullScreenThroughTheWindowManagerAboveAPanelAndFollowsRandR() throws {
        let server = try XorgTouchServer()
        let session = try WindowManagerSession(displayName: server.displayName, display: server.display, compositing: false)
        let display = server.display
        _ = makePanel(display, width: server.width)
        _ = waitUntil { server.pixelsAt(x: 1000, y: 20) == [255, 0, 0] }
        XCTAssertEqual(server.pixelsAt(x: 1000, y: 20), [255, 0, 0], "the panel shows before the kiosk")
        // The kiosk's header at (1000, 20): right of its title, inside the panel's 40 px.
        let header = [Theme.headerBackground.0, Theme.headerBackground.1, Theme.headerBackground.2].map { Int(($0 * 255).rounded()) }
        func showsHeader() -> Bool { zip(server.pixelsAt(x: 1000, y: 20), header).allSatisfy { abs($0 - $1) <= 1 } }
        let kiosk = try DemoProcess(executable: try Paths.swipeback, display: server.displayName,
                                    arguments: ["--config", fixtures.appendingPathComponent("config.json").path],
                                    command: ["kiosk", fixtures.appendingPathComponent("pages.json").path], logFrames: false)
        try kiosk.waitFor("the kiosk") { $0.contains { $0.string("phase") == "didAppear" } }
        let window = try XCTUnwrap(clientWindows(display, titled: "SwipeBack kiosk").first)
        let id = String(format: "0x%lx", window)
        // The window manager's answer, read back as a pager reads it.
        var state = ""
        _ = try waitUntil(every: 50) {
            state = try runTool("xprop", ["-id", id, "_NET_WM_STATE"], display: server.displayName, package: "x11-xserver-utils").output
            return state.contains("_NET_WM_STATE_FULLSCREEN")
        }
        XCTAssertTrue(state.contains("_NET_WM_STATE_FULLSCREEN"), state)
        func covers(_ width: Int, _ height: Int) -> Bool {
            let g = rootGeometry(display, window)
            let frame: [Int] = [g.x, g.y, g.width, g.height]
            return frame == [0, 0, width, height]
        }
        _ = waitUntil { covers(server.width, server.height) }
        XCTAssertTrue(covers(server.width, server.height), "the kiosk covers the screen: \(rootGeometry(display, window))")
        _ = waitUntil { showsHeader() }
        // Above the panel: the top rows are the kiosk's header, not the panel's red.
        XCTAssertTrue(showsHeader(), "the kiosk stays above the panel: \(server.pixelsAt(x: 1000, y: 20))")
        // Touch reaches it under the window manager: a tap on its button pushes the menu.
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let (bx, by) = try builtInButtonCentre(page: "home", button: "menu", width: Double(server.width),
                                               document: fixtures.appendingPathComponent("pages.json").path)
        try touch.play(TouchStep.tap(1, x: Double(bx), y: Double(by)))
        try kiosk.waitFor("the tap's push") { $0.contains { $0.string("type") == "stack" } }
        // A RandR change of the screen's size: the kiosk covers the new screen.
        let smaller = try server.shrinkScreen()
        _ = waitUntil { covers(smaller.width, smaller.height) }
        XCTAssertTrue(covers(smaller.width, smaller.height), "the kiosk covers the resized screen: \(rootGeometry(display, window))")
        _ = waitUntil { showsHeader() }
        XCTAssertTrue(showsHeader(), "still above the panel: \(server.pixelsAt(x: 1000, y: 20))")
        XCTAssertTrue(kiosk.process.isRunning)
        XCTAssertTrue(session.windowManager.isRunning)
    }
}

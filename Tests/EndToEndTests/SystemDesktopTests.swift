// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import SwipeBackFormats
import SwipeBackX11
import SwipeBackXTesting
import XCTest

/// `swipeback system` on a desktop: a real window manager (openbox, alone and under picom) on Xorg
/// with the inputtest touchscreen (1280 x 800 px, 96 dpi: the strip is 22.7 px), several windows
/// and a dock, observed from outside the program by `TouchClient` windows, which record the
/// touches, buttons and keys that reach them.
final class SystemDesktopTests: XCTestCase {
    private final class Desktop {
        let server: XorgTouchServer
        let session: WindowManagerSession
        let touch: TouchInjector
        var clients: [TouchClient] = []
        var system: DemoProcess?

        init(compositing: Bool) throws {
            server = try XorgTouchServer()
            session = try WindowManagerSession(displayName: server.displayName, display: server.display, compositing: compositing)
            touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        }

        /// A client window; the window manager manages it unless `placement` says otherwise.
        func client(_ name: String, colour: UInt, _ placement: TouchClient.Placement) throws -> TouchClient {
            let client = try TouchClient(displayName: server.displayName, colour: colour, instance: name.lowercased(), className: name,
                                         placement: placement)
            clients.append(client)
            return client
        }

        /// Starts `swipeback system` with `configuration` and waits for its grab.
        func startSystem(_ configuration: String = "{}") throws -> DemoProcess {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-desktop-\(UUID().uuidString).json").path
            try configuration.write(toFile: path, atomically: true, encoding: .utf8)
            let system = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: ["--config", path],
                                         command: ["system"], logFrames: false)
            try system.waitFor("the grab") { $0.contains { $0.string("event") == "started" } }
            self.system = system
            return system
        }

        /// The client window the root's `_NET_ACTIVE_WINDOW` names, or 0.
        var activeWindow: UInt {
            WindowProperty.items(server.display, XDefaultRootWindow(server.display), "_NET_ACTIVE_WINDOW", type: XA_WINDOW)?.first ?? 0
        }

        /// Where the pointer is, root px.
        var pointer: (x: Int, y: Int) {
            var root: Window = 0, child: Window = 0, rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0, mask: UInt32 = 0
            XQueryPointer(server.display, XDefaultRootWindow(server.display), &root, &child, &rootX, &rootY, &x, &y, &mask)
            return (Int(rootX), Int(rootY))
        }

        // Clients close before the server goes (Xlib ends a process whose server vanished under an open connection).
        deinit {
            system = nil
            clients.removeAll()
        }
    }

    private func keys(_ received: [TouchClient.Received]) -> [Int] {
        received.compactMap { if case .key(let code) = $0 { code } else { nil } }
    }

    private func buttons(_ received: [TouchClient.Received]) -> [Int] {
        received.compactMap { if case .button(let b) = $0 { b } else { nil } }
    }

    private func touches(_ received: [TouchClient.Received], type: Int32) -> [(x: Double, y: Double)] {
        received.compactMap { if case .touch(let t, _, let x, let y) = $0, t == type { (x, y) } else { nil } }
    }

    private func systemLines(_ log: [EventLogLine], _ event: String) -> [EventLogLine] {
        log.filter { $0.string("type") == "system" && $0.string("event") == event }
    }

    /// Two windows side by side, the right one focused (mapped last); a left-edge swipe over the
    /// left one with a key action: the left window gets the keys, the right one nothing. (The keys
    /// once went out with the activation request, before the window manager had moved the focus,
    /// and typed into the right window.)
    private func keyActionGoesToTheWindowUnderTheSwipe(compositing: Bool) throws {
        let desktop = try Desktop(compositing: compositing)
        let left = try desktop.client("Left", colour: 0xD0D0F0, .init(x: 0, y: 0, width: 630, height: 760))
        let right = try desktop.client("Right", colour: 0xF0D0D0, .init(x: 650, y: 0, width: 620, height: 760))
        XCTAssertTrue(waitUntil { desktop.activeWindow == UInt(right.window) }, "openbox focuses the window mapped last")
        let system = try desktop.startSystem(#"{"systemBackAction": "key:Alt+Left"}"#)
        try desktop.touch.play(TouchStep.line(1, from: (3, 400), to: (250, 400), steps: 10, every: 8))
        let log = try system.waitFor("the key") { !self.systemLines($0, "sent").isEmpty || !self.systemLines($0, "failed").isEmpty }
        XCTAssertEqual(systemLines(log, "sent").first?.string("class"), "Left", "\(log)")
        XCTAssertEqual(keys(left.waitFor { self.keys($0).count >= 2 }).count, 2, "Alt and Left pressed in the left window")
        XCTAssertEqual(keys(right.collect(forMilliseconds: 200)), [], "the right window gets no key")
        XCTAssertEqual(desktop.activeWindow, UInt(left.window), "the left window is active")
    }

    func testAKeyActionGoesToTheWindowUnderTheSwipe() throws { try keyActionGoesToTheWindowUnderTheSwipe(compositing: false) }

    func testAKeyActionGoesToTheWindowUnderTheSwipeUnderACompositor() throws {
        try keyActionGoesToTheWindowUnderTheSwipe(compositing: true)
    }

    /// A window whose frame's border is the screen's first column, and a swipe that comes down on
    /// that border: the client gets the button (pressed inside it, not on openbox's frame), and the
    /// pointer is back where the finger left it (not at the screen edge).
    private func buttonReachesTheClientThroughItsFrame(compositing: Bool) throws {
        let desktop = try Desktop(compositing: compositing)
        let left = try desktop.client("Left", colour: 0xD0D0F0, .init(x: 0, y: 0, width: 630, height: 760))
        _ = try desktop.client("Right", colour: 0xF0D0D0, .init(x: 650, y: 0, width: 620, height: 760))
        XCTAssertEqual(rootGeometry(desktop.server.display, parentWindow(desktop.server.display, left.window)).x, 0, "the frame at the edge")
        XCTAssertGreaterThan(rootGeometry(desktop.server.display, left.window).x, 0, "the client inside it, right of x = 0")
        let system = try desktop.startSystem()
        try desktop.touch.play(TouchStep.line(1, from: (0, 400), to: (250, 400), steps: 10, every: 8, lift: false))
        _ = try system.waitFor("the accept") { !self.systemLines($0, "accepted").isEmpty }
        // The touch moves the pointer as it goes: where it is at the release is where it must stay.
        XCTAssertTrue(waitUntil { desktop.pointer.x == 249 }, "the pointer follows the finger: \(desktop.pointer)")
        let before = desktop.pointer
        try desktop.touch.end(1, x: 250, y: 400)
        let log = try system.waitFor("the back") { !self.systemLines($0, "sent").isEmpty || !self.systemLines($0, "failed").isEmpty }
        XCTAssertEqual(systemLines(log, "sent").first?.string("action"), "button:8", "\(log)")
        XCTAssertEqual(buttons(left.waitFor { !self.buttons($0).isEmpty }), [8], "the client gets the back button")
        XCTAssertTrue(waitUntil { desktop.pointer == before }, "the pointer is back at \(before), not \(desktop.pointer)")
    }

    func testAButtonReachesTheClientThroughItsFrame() throws { try buttonReachesTheClientThroughItsFrame(compositing: false) }

    func testAButtonReachesTheClientThroughItsFrameUnderACompositor() throws {
        try buttonReachesTheClientThroughItsFrame(compositing: true)
    }

    /// A dock (`_NET_WM_WINDOW_TYPE_DOCK`) along the left edge over an app: a drag out of it
    /// reaches the dock whole, from its first point, and nothing is sent.
    private func dockKeepsItsTouches(compositing: Bool) throws {
        let desktop = try Desktop(compositing: compositing)
        let app = try desktop.client("App", colour: 0xF0F0F0, .init(x: 0, y: 0, width: 1280, height: 760))
        let dock = try desktop.client("Dock", colour: 0x303030, .init(x: 0, y: 0, width: 64, height: 800,
                                                                       windowType: "_NET_WM_WINDOW_TYPE_DOCK"))
        let system = try desktop.startSystem()
        try desktop.touch.play(TouchStep.line(1, from: (3, 400), to: (250, 400), steps: 10, every: 8))
        let got = dock.waitFor { !self.touches($0, type: XI_TouchEnd).isEmpty }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 3, accuracy: 0.5, "the dock gets the touch from its first point")
        XCTAssertEqual(touches(got, type: XI_TouchUpdate).count, 10, "and every move")
        let log = try system.waitFor("the reject") { !self.systemLines($0, "rejected").isEmpty }
        XCTAssertEqual(systemLines(log, "rejected").first?.string("reason"), "dock")
        XCTAssertEqual(systemLines(log, "rejected").first?.string("class"), "Dock")
        XCTAssertTrue(buttons(app.collect(forMilliseconds: 200)).isEmpty, "no back sent")
        XCTAssertTrue(systemLines(system.lines(), "accepted").isEmpty)
    }

    func testADockAtTheLeftEdgeKeepsItsTouches() throws { try dockKeepsItsTouches(compositing: false) }

    func testADockAtTheLeftEdgeKeepsItsTouchesUnderACompositor() throws { try dockKeepsItsTouches(compositing: true) }

    /// A window over the edge whose input shape leaves out a 40 px margin (a client-side shadow):
    /// a touch in the margin is the window beneath's, as the server gives it, and so is the back.
    func testATouchOnAWindowsShadowIsTheWindowBeneaths() throws {
        let desktop = try Desktop(compositing: false)
        let beneath = try desktop.client("Beneath", colour: 0xF0F0F0, .init(x: 0, y: 0, width: 1280, height: 800, managed: false))
        let shadowed = try desktop.client("Shadowed", colour: 0x808080, .init(x: 0, y: 100, width: 600, height: 600, managed: false,
                                                                              inputMargin: 40))
        let system = try desktop.startSystem()
        try desktop.touch.play(TouchStep.line(1, from: (3, 400), to: (250, 400), steps: 10, every: 8))
        let log = try system.waitFor("the back") { !self.systemLines($0, "sent").isEmpty }
        XCTAssertEqual(systemLines(log, "accepted").first?.string("class"), "Beneath", "\(log)")
        XCTAssertEqual(buttons(beneath.waitFor { !self.buttons($0).isEmpty }), [8])
        XCTAssertTrue(buttons(shadowed.collect(forMilliseconds: 200)).isEmpty)
    }

    /// A compositor started after `swipeback system`, then stopped: the arrow's window follows,
    /// ARGB (depth 32) while picom runs and the screen's depth 24 after.
    func testTheArrowFollowsACompositorThatComesAndGoes() throws {
        let desktop = try Desktop(compositing: false)
        _ = try desktop.client("App", colour: 0xF0F0F0, .init(x: 0, y: 0, width: 1280, height: 800, managed: false))
        let system = try desktop.startSystem()
        func indicatorDepth(swipe id: UInt32) throws -> Int32 {
            try desktop.touch.play(TouchStep.line(id, from: (3, 400), to: (120, 400), steps: 10, every: 8, lift: false))
            _ = try system.waitFor("swipe \(id)") { self.systemLines($0, "accepted").count == Int(id) }
            var depth: Int32 = 0
            _ = waitUntil {
                guard let window = clientWindows(desktop.server.display, titled: "SwipeBack system indicator").first else { return false }
                var attributes = XWindowAttributes()
                XGetWindowAttributes(desktop.server.display, window, &attributes)
                depth = attributes.depth
                return attributes.map_state == IsViewable
            }
            try desktop.touch.end(id, x: 120, y: 400)
            _ = try system.waitFor("back \(id)") { self.systemLines($0, "sent").count == Int(id) }
            return depth
        }
        XCTAssertEqual(try indicatorDepth(swipe: 1), 24, "no compositor at start")
        try desktop.session.startCompositor()
        XCTAssertEqual(try indicatorDepth(swipe: 2), 32, "ARGB once picom runs")
        desktop.session.stopCompositor()
        XCTAssertEqual(try indicatorDepth(swipe: 3), 24, "opaque again once it has gone")
    }
}

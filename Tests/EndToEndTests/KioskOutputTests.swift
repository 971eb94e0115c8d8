// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackFormats

/// `kioskOutput` on a two-monitor Xorg (the dummy driver's DUMMY0 and DUMMY1 side by side): the
/// kiosk covers the primary output by default, the named one when set, and touch reaches it there.
final class KioskOutputTests: XCTestCase {
    private let pages = Paths.repository.appendingPathComponent("Tests/Fixtures/kiosk/pages.json").path

    func testTheKioskCoversThePrimaryOutputOrTheNamedOne() throws {
        let server = try XorgTouchServer(width: 1280, height: 800, virtualWidth: 2560)
        try server.enableSecondOutput()
        let monitors = try runTool("xrandr", ["--listmonitors"], display: server.displayName, package: "x11-xserver-utils").output
        XCTAssertTrue(monitors.hasPrefix("Monitors: 2"), monitors)
        func start(_ config: String) throws -> (DemoProcess, Window) {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-output-\(UUID().uuidString).json").path
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
            let kiosk = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: ["--config", path],
                                        command: ["kiosk", pages], logFrames: false)
            try kiosk.waitFor("the kiosk") { $0.contains { $0.string("phase") == "didAppear" } }
            let window = try XCTUnwrap(clientWindows(server.display, titled: "SwipeBack kiosk").last)
            return (kiosk, window)
        }
        func place(_ window: Window) -> [Int] {
            let g = rootGeometry(server.display, window)
            return [g.x, g.y, g.width, g.height]
        }
        func stop(_ kiosk: DemoProcess) {
            kiosk.process.terminate()
            kiosk.process.waitUntilExit()
        }
        // Default: the primary output, not the whole 2560 px screen.
        let (primary, primaryWindow) = try start("{}")
        XCTAssertEqual(place(primaryWindow), [0, 0, 1280, 800])
        stop(primary)
        // kioskOutput DUMMY1: that monitor, right of the first; a tap there pushes.
        let (second, secondWindow) = try start(#"{"kioskOutput": "DUMMY1"}"#)
        XCTAssertEqual(place(secondWindow), [1280, 0, 1280, 800])
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: 2560, screenHeight: server.height)
        let (x, y) = try builtInButtonCentre(page: "home", button: "menu", width: 1280, document: pages)
        try touch.play(TouchStep.tap(1, x: Double(1280 + x), y: Double(y)))
        try second.waitFor("the tap's push") { $0.contains { $0.string("type") == "stack" } }
        stop(second)
        // An output that is not connected: a warning, and the primary output until it is.
        let (missing, missingWindow) = try start(#"{"kioskOutput": "HDMI-9"}"#)
        XCTAssertEqual(place(missingWindow), [0, 0, 1280, 800])
        stop(missing)
        XCTAssertEqual(missing.process.terminationStatus, 0)
        XCTAssertEqual(missing.standardError(),
                       "swipeback: kioskOutput \"HDMI-9\" is not connected (connected: DUMMY0, DUMMY1); covering the primary output until it is\n")
    }

    func testUnderAWindowManagerTheKioskIsFullScreenOnTheNamedOutput() throws {
        let server = try XorgTouchServer(width: 1280, height: 800, virtualWidth: 2560)
        try server.enableSecondOutput()
        let session = try WindowManagerSession(displayName: server.displayName, display: server.display, compositing: false)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-output-\(UUID().uuidString).json").path
        try #"{"kioskOutput": "DUMMY1"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let kiosk = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: ["--config", path],
                                    command: ["kiosk", pages], logFrames: false)
        try kiosk.waitFor("the kiosk") { $0.contains { $0.string("phase") == "didAppear" } }
        let window = try XCTUnwrap(clientWindows(server.display, titled: "SwipeBack kiosk").first)
        func place() -> [Int] {
            let g = rootGeometry(server.display, window)
            return [g.x, g.y, g.width, g.height]
        }
        _ = waitUntil { place() == [1280, 0, 1280, 800] }
        XCTAssertEqual(place(), [1280, 0, 1280, 800], "openbox makes it full screen on DUMMY1")
        let state = try runTool("xprop", ["-id", String(format: "0x%lx", window), "_NET_WM_STATE"], display: server.displayName,
                                package: "x11-xserver-utils").output
        XCTAssertTrue(state.contains("_NET_WM_STATE_FULLSCREEN"), state)
        XCTAssertTrue(session.windowManager.isRunning)
    }
}

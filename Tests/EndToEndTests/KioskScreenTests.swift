// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackFormats

/// The kiosk's screen (issue 18) under Xorg with real touch: `kioskScreenBlanking: inhibit` turns
/// the server's screen saver off while it runs and gives the earlier settings back at SIGTERM;
/// `kioskWakeGuard` keeps the tap that wakes the screen from acting.
final class KioskScreenTests: XCTestCase {
    private let pages = Paths.repository.appendingPathComponent("Tests/Fixtures/kiosk/pages.json").path

    private func config(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-kiosk-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func kiosk(_ server: XorgTouchServer, config: String) throws -> DemoProcess {
        let kiosk = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: ["--config", config],
                                    command: ["kiosk", pages], logFrames: false)
        try kiosk.waitFor("the kiosk") { $0.contains { $0.string("phase") == "didAppear" } }
        return kiosk
    }

    private func xsetQuery(_ server: XorgTouchServer) throws -> String {
        try runTool("xset", ["q"], display: server.displayName, package: "x11-xserver-utils").output
    }

    /// `xset q`'s screen saver timeout and cycle, in s.
    private func saverTimes(_ server: XorgTouchServer) throws -> [Int] {
        let line = try XCTUnwrap(try xsetQuery(server).split(separator: "\n").first { $0.contains("timeout:") })
        return line.split(separator: " ").compactMap { Int($0) }
    }

    private func saverIsOn(_ server: XorgTouchServer) -> Bool {
        guard let info = XScreenSaverAllocInfo() else { return false }
        defer { XFree(info) }
        return XScreenSaverQueryInfo(server.display, XDefaultRootWindow(server.display), info) != 0 && info.pointee.state == ScreenSaverOn
    }

    func testInhibitTurnsTheSaverOffUntilSIGTERMAndTheWakeTapActsOnNothing() throws {
        let server = try XorgTouchServer()
        // 1. inhibit: the saver's timeout is 0 while the kiosk runs, the earlier 120 s / 30 s after SIGTERM.
        try runTool("xset", ["s", "120", "30"], display: server.displayName, package: "x11-xserver-utils")
        XCTAssertEqual(try saverTimes(server), [120, 30])
        let inhibiting = try kiosk(server, config: try config(#"{"kioskScreenBlanking": "inhibit"}"#))
        XCTAssertEqual(try saverTimes(server), [0, 30], "no screen saver while the kiosk runs")
        // DPMS: the dummy driver (and Xvfb) have no DPMS extension, so there is none to turn off here.
        let dpms = try xsetQuery(server)
        XCTAssertTrue(dpms.contains("Server does not have the DPMS Extension") || dpms.contains("DPMS is Disabled"), dpms)
        inhibiting.process.terminate()
        inhibiting.process.waitUntilExit()
        XCTAssertEqual(inhibiting.process.terminationStatus, 0)
        XCTAssertEqual(try saverTimes(server), [120, 30], "the server's own settings are back after SIGTERM")
        // And after the exit chord.
        let chorded = try kiosk(server, config: try config(#"{"kioskScreenBlanking": "inhibit", "kioskExitChord": "Ctrl+Alt+Q"}"#))
        XCTAssertEqual(try saverTimes(server), [0, 30])
        let keys = [XK_Control_L, XK_Alt_L, XK_q].map { XKeysymToKeycode(server.display, KeySym($0)) }
        for key in keys { XTestFakeKeyEvent(server.display, UInt32(key), 1, 0) }
        for key in keys.reversed() { XTestFakeKeyEvent(server.display, UInt32(key), 0, 0) }
        XSync(server.display, 0)
        XCTAssertTrue(waitUntil { !chorded.process.isRunning }, "the chord quits")
        if chorded.process.isRunning { chorded.process.terminate() }
        chorded.process.waitUntilExit()
        XCTAssertEqual(chorded.process.terminationStatus, 0)
        XCTAssertEqual(try saverTimes(server), [120, 30], "the server's own settings are back after the exit chord")

        // 2. The wake guard (default 300 ms): a tap while `xset s activate` holds the screen only wakes it.
        let guarded = try kiosk(server, config: try config(#"{"kioskIdleTimeout": 0}"#))
        try runTool("xset", ["s", "activate"], display: server.displayName, package: "x11-xserver-utils")
        XCTAssertTrue(waitUntil { saverIsOn(server) }, "xset s activate turned the screen saver on")
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let (x, y) = try builtInButtonCentre(page: "home", button: "menu", width: Double(server.width), document: pages)
        func tap() throws {
            try touch.play(TouchStep.tap(1, x: Double(x), y: Double(y)))
        }
        try tap()
        let woken = try guarded.waitFor("the wake") { $0.contains { $0.string("type") == "wake" } }
        XCTAssertFalse(saverIsOn(server), "the touch woke the screen")
        sleepMilliseconds(400) // nothing to wait for: the waking tap must press nothing in this time
        XCTAssertFalse(guarded.lines().contains { ["action", "stack"].contains($0.string("type")) },
                       "the waking tap pressed nothing: \(woken)")
        // 3. A second tap 400 ms later acts.
        try tap()
        let log = try guarded.waitFor("the second tap's push") { $0.contains { $0.string("type") == "stack" } }
        XCTAssertEqual(log.filter { $0.string("type") == "wake" }.count, 1)
        XCTAssertEqual(log.first { $0.string("type") == "action" }?.string("element"), "menu")
    }
}

// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import SwipeBackRender
import SwipeBackXTesting
import XCTest

/// The example app (public API only) in a real window under Xvfb.
final class ExampleAppTests: XCTestCase {
    func testTheExampleAppShowsItsPagesAndSwipesBack() throws {
        let server = try XvfbServer(width: 1024, height: 640)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.binary("SwipeBackExample"))
        process.environment = ["DISPLAY": server.displayName, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        func isBlue(_ pixel: [Int]) -> Bool { pixel[2] > 200 && pixel[0] < 60 }
        // The folder page (Swift) shows its custom Done button, blue, at the top of the main stack.
        guard waitUntil(timeout: 10, every: 50, { (server.pixels(row: 92, from: 400, to: 401).first.map(isBlue) ?? false) || !process.isRunning }),
              process.isRunning else {
            return XCTFail("the example never showed its folder page: \(server.pixels(row: 92, from: 400, to: 401)), running \(process.isRunning)")
        }
        // The app's own WM_CLASS and icon, not SwipeBack's.
        let display = try XCTUnwrap(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        let window = try XCTUnwrap(topLevelWindows(display, titled: "SwipeBack example").first)
        var hint = XClassHint()
        XCTAssertNotEqual(XGetClassHint(display, window, &hint), 0)
        XCTAssertEqual(hint.res_name.map { String(cString: $0) }, "swipeback-example")
        XCTAssertEqual(hint.res_class.map { String(cString: $0) }, "SwipeBackExample")
        if let name = hint.res_name { XFree(name) }
        if let name = hint.res_class { XFree(name) }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window, XInternAtom(display, "_NET_WM_ICON", 0), 0, 1 << 20, 0, XA_CARDINAL,
                           &type, &format, &count, &remaining, &data)
        if let data { XFree(data) }
        let small: UInt = 2 + 48 * 48, large: UInt = 2 + 128 * 128
        let expected = small + large
        XCTAssertEqual(count, expected, "two icon sizes, each width, height and pixels")
        // A fast drag from the main stack's left edge (x = 320) pops it.
        server.play(PointerStep.drag(from: (323, 400), to: (823, 400), lift: false) + [.up])
        _ = waitUntil { !isBlue(server.pixels(row: 92, from: 400, to: 401)[0]) }
        XCTAssertFalse(isBlue(server.pixels(row: 92, from: 400, to: 401)[0]), "the document's About page is back")
        XCTAssertTrue(process.isRunning)
        process.terminate()
        process.waitUntilExit()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(printed.components(separatedBy: "will swipe back").count - 1, 1, "willSwipeBack ran once: \(printed)")
    }

    /// The example with a loop of its own (`--own-loop`: `Navigator.openWindow`, `eventDescriptor()`,
    /// `step()`, `NavigatorWindow.closeOnSignals()`): the same edge drag pops, and SIGTERM closes
    /// the window, so the app's loop ends and it exits with 0.
    func testTheExampleAppDrivenFromItsOwnLoopSwipesBackAndEndsOnSigterm() throws {
        let server = try XvfbServer(width: 1024, height: 640)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.binary("SwipeBackExample"))
        process.arguments = ["--own-loop"]
        process.environment = ["DISPLAY": server.displayName, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        func isBlue(_ pixel: [Int]) -> Bool { pixel[2] > 200 && pixel[0] < 60 }
        guard waitUntil(timeout: 10, every: 50, { (server.pixels(row: 92, from: 400, to: 401).first.map(isBlue) ?? false) || !process.isRunning }),
              process.isRunning else {
            return XCTFail("the example never showed its folder page from its own loop, running \(process.isRunning)")
        }
        server.play(PointerStep.drag(from: (323, 400), to: (823, 400), lift: false) + [.up])
        _ = waitUntil { !isBlue(server.pixels(row: 92, from: 400, to: 401)[0]) }
        XCTAssertFalse(isBlue(server.pixels(row: 92, from: 400, to: 401)[0]), "the document's About page is back")
        XCTAssertTrue(process.isRunning)
        process.terminate() // SIGTERM
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "SIGTERM closed the window instead of killing the app")
        XCTAssertEqual(process.terminationStatus, 0)
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(printed.contains("own loop: the window closed after"), printed)
        XCTAssertEqual(printed.components(separatedBy: "will swipe back").count - 1, 1, "willSwipeBack ran once: \(printed)")
    }

    func testTheExampleAppTakesItsScaleFromXftDpiAndFollowsIt() throws {
        let server = try XvfbServer(width: 1024, height: 640)
        try mergeResources("Xft.dpi: 192\n", display: server.displayName)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.binary("SwipeBackExample"))
        process.environment = ["DISPLAY": server.displayName, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        // Navigator.run lays out at Xft.dpi / 96 = 2: the main stack's header is 112 px high.
        func waitForHeader(_ height: Int) throws {
            guard waitUntil(timeout: 10, every: 50, { headerHeight(server, x: 1015) == height || !process.isRunning }), process.isRunning else {
                return XCTFail("the header never became \(height) px: \(headerHeight(server, x: 1015).map(String.init) ?? "none")")
            }
        }
        try waitForHeader(112)
        try mergeResources("Xft.dpi: 120\n", display: server.displayName)
        try waitForHeader(70)
    }
}

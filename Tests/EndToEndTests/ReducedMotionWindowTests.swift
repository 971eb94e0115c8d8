// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import XCTest
import SwipeBackX11
import SwipeBackXTesting
import SwipeBackFormats

/// A tiny XSETTINGS manager, as gnome-settings-daemon or xsettingsd is: it owns `_XSETTINGS_S0`,
/// announces itself with the `MANAGER` client message, and publishes `_XSETTINGS_SETTINGS` on its
/// window, on its own connection.
final class XSettingsManager {
    private let display: OpaquePointer
    private let window: Window
    private let property: Atom
    private var serial: UInt32 = 0

    /// Takes the selection on `displayName` and publishes `settings`.
    init(displayName: String, settings: [String: XSettings.Value]) throws {
        guard let display = XOpenDisplay(displayName) else { throw XTestingError("cannot open \(displayName)") }
        self.display = display
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        publish(settings)
        let selection = XInternAtom(display, "_XSETTINGS_S0", 0)
        XSetSelectionOwner(display, selection, window, UInt(CurrentTime))
        guard XGetSelectionOwner(display, selection) == window else { throw XTestingError("another XSETTINGS manager runs") }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = root
        event.xclient.message_type = XInternAtom(display, "MANAGER", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(CurrentTime)
        event.xclient.data.l.1 = Int(selection)
        event.xclient.data.l.2 = Int(window)
        XSendEvent(display, root, 0, StructureNotifyMask, &event)
        XSync(display, 0)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Replaces the published settings (a new serial), as a manager does when the user changes one.
    func publish(_ settings: [String: XSettings.Value]) {
        serial += 1
        let bytes = XSettings.encode(settings, serial: serial)
        XChangeProperty(display, window, property, property, 8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(display, 0)
    }
}

/// `reduceMotion` `auto` follows the desktop's `Gtk/EnableAnimations` live, in a running demo.
final class ReducedMotionWindowTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }
    private func phase(_ line: EventLogLine) -> String { line.string("phase") ?? "" }

    func testTheXSettingsFormatRoundTripsAndRefusesTruncatedBytes() {
        let settings: [String: XSettings.Value] = ["Gtk/EnableAnimations": .integer(0), "Net/ThemeName": .string("Adwaita"),
                                                   "Gtk/Color": .color(red: 1, green: 2, blue: 3, alpha: 65535)]
        let bytes = XSettings.encode(settings, serial: 7)
        XCTAssertEqual(XSettings.parse(bytes), settings)
        XCTAssertEqual(bytes.count % 4, 0)
        XCTAssertNil(XSettings.parse(Array(bytes.dropLast())), "truncated")
        var big = bytes
        big[0] = 2
        XCTAssertNil(XSettings.parse(big), "no such byte order")
        // The same settings written most significant byte first, as a big-endian manager would.
        let msb: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 1, 0, 0, 0, 20] + Array("Gtk/EnableAnimations".utf8)
            + [0, 0, 0, 9, 0, 0, 0, 1]
        XCTAssertEqual(XSettings.parse(msb), ["Gtk/EnableAnimations": .integer(1)])
    }

    /// The time from a transition's start line to its finish line after log index `start`, in ms,
    /// and the frames presented between them.
    private func transition(after start: Int, in log: [EventLogLine]) throws -> (milliseconds: Double, frames: Int) {
        let recent = Array(log.dropFirst(start))
        let began = try XCTUnwrap(recent.firstIndex { type($0) == "transition" && phase($0) == "started" })
        let ended = try XCTUnwrap(recent.firstIndex { type($0) == "transition" && phase($0) == "finished" })
        let t = { (line: EventLogLine) in line.number("t") ?? .nan }
        return (t(recent[ended]) - t(recent[began]), recent[began..<ended].filter { type($0) == "frame" }.count)
    }

    func testARunningDemoChangesFromSlideToCrossfadeWhenEnableAnimationsChanges() throws {
        let server = try XvfbServer()
        let manager = try XSettingsManager(displayName: server.displayName, settings: ["Gtk/EnableAnimations": .integer(1)])
        // A soft spring: a slide takes well over a second, so a screenshot catches it mid-way.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-reduced-\(UUID().uuidString).json")
        try #"{"springStiffness": 30}"#.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let demo = try DemoProcess(display: server.displayName,
                                   arguments: ["--open", "home,message", "--window", "800x600", "--config", config.path])
        var log = try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        let white = server.pixels(row: 560, from: 0, to: 20)
        XCTAssertEqual(white.first, [255, 255, 255], "the message page's background")

        // 1. Animations on: Escape pops with a slide; the page beneath shows at the leading side, dimmed.
        var start = log.count
        server.key(Int32(XK_Escape))
        try demo.waitFor("the pop to start") { $0.dropFirst(start).contains { self.type($0) == "transition" } }
        _ = waitUntil(every: 5) { (server.pixels(row: 560, from: 0, to: 20).first?[0] ?? 255) < 250 }
        let sliding = server.pixels(row: 560, from: 0, to: 20)
        XCTAssertLessThan(sliding.first?[0] ?? 255, 250, "mid-slide, the dimmed page beneath: \(sliding.first ?? [])")
        log = try demo.waitFor("the slide to finish") { $0.dropFirst(start).contains { self.phase($0) == "finished" } }
        let slide = try transition(after: start, in: log)
        XCTAssertGreaterThan(slide.milliseconds, 1000, "the soft spring's slide")

        // Back to the message page, with the desktop's animations still on.
        let (bx, by) = try builtInButtonCentre(page: "home", button: "open-message", width: 800)
        start = log.count
        server.play(PointerStep.click(x: bx, y: by))
        log = try demo.waitFor("the push to finish") { $0.dropFirst(start).contains { self.phase($0) == "finished" } }

        // 2. The desktop turns animations off, live: the same key now crossfades in 150 ms, and the
        // page beneath is never seen dimmed at the side.
        // The window reads the new settings on their PropertyNotify, which the server queues
        // before the key below.
        manager.publish(["Gtk/EnableAnimations": .integer(0)])
        start = log.count
        server.key(Int32(XK_Escape))
        var darkest = 255
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, !demo.lines().dropFirst(start).contains(where: { phase($0) == "finished" }) {
            darkest = min(darkest, server.pixels(row: 560, from: 0, to: 20).first?[0] ?? 255)
        }
        log = try demo.waitFor("the crossfade to finish") { $0.dropFirst(start).contains { self.phase($0) == "finished" } }
        let fade = try transition(after: start, in: log)
        XCTAssertLessThan(fade.milliseconds, 600, "150 ms and a frame or so, not the spring's \(slide.milliseconds) ms")
        XCTAssertGreaterThanOrEqual(fade.milliseconds, 150 - 1000.0 / 60)
        // Animated, not instant: a frame between its start and its end (a debug build's blend can
        // take most of the 150 ms, so one frame is all this asks).
        XCTAssertGreaterThanOrEqual(fade.frames, 1, "animated: a frame between its start and its end")
        XCTAssertGreaterThanOrEqual(darkest, 250, "no slide: both pages stand at x = 0")
        XCTAssertEqual(log.last { type($0) == "stack" }?.strings("pages"), ["home"])
    }
}

// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import SwipeBackRender
import SwipeBackX11
import XCTest
import SwipeBackFormats

/// The demo in a Wayland session: weston 10 nested in a private Xvfb (x11 backend, pixman), the
/// demo an X client of its Xwayland, driven by XTest into Xwayland. Frames are paced by weston's
/// repaint clock here, not by a fake one.
final class XwaylandTests: XCTestCase {
    func testAnEdgeDragPopsUnderXwaylandAtMostOneFramePerCompositorFrame() throws {
        let outer = try XvfbServer(width: 1280, height: 800)
        let weston = try WestonSession(nestedIn: outer.displayName, width: 1024, height: 700)
        let demo = try DemoProcess(executable: try Paths.swipeback, display: weston.displayName,
                                   arguments: ["--open", "home,message,reply", "--window", "900x600"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        guard let display = XOpenDisplay(weston.displayName) else { return XCTFail("cannot open Xwayland's display") }
        defer { XCloseDisplay(display) }
        // Xwayland's outputs are a display's: the fake-clock shortcut is never taken here.
        let outputs = Monitor.current(on: display).flatMap(\.outputs)
        XCTAssertTrue(outputs.allSatisfy { $0.hasPrefix("XWAYLAND") } && !outputs.isEmpty, "\(outputs)")
        XCTAssertFalse(X11Window.isDisplayless(outputs: outputs.map { ($0, 270, 169) }))
        let window = try XCTUnwrap(topLevelWindows(display, titled: "SwipeBack").first ?? framedWindow(display))
        let (x, y) = try placedWindow(window, weston: weston, display: display)
        // A key reaches it: Escape pops the top page.
        let escape = XKeysymToKeycode(display, KeySym(XK_Escape))
        XTestFakeKeyEvent(display, UInt32(escape), 1, 0)
        XTestFakeKeyEvent(display, UInt32(escape), 0, 0)
        XFlush(display)
        let keyed = try demo.waitFor("the key's pop") { $0.contains { $0.string("type") == "stack" && $0.string("op") == "pop" } }
        XCTAssertEqual(keyed.first { $0.string("type") == "back" }?.string("source"), "key")
        let afterKey = keyed.count
        edgeDrag(display, x: x, y: y)
        let log = Array(try demo.waitFor("the swipe's pop") {
            $0.dropFirst(afterKey).contains { $0.string("type") == "stack" && $0.string("op") == "pop" }
        }.dropFirst(afterKey))
        XCTAssertEqual(log.last { $0.string("type") == "stack" }?.strings("pages"), ["home"])
        let gestures = log.filter { $0.string("type") == "gesture" }
        XCTAssertEqual(gestures.last?.string("decision"), "commit")
        let began = try XCTUnwrap(gestures.first?.number("t")), ended = try XCTUnwrap(gestures.last?.number("t"))
        let frames = log.filter { $0.string("type") == "frame" && ($0.number("t") ?? 0) > began && ($0.number("t") ?? 0) <= ended }
        let perSecond = Double(frames.count) / ((ended - began) / 1000)
        XCTAssertGreaterThan(frames.count, 5, "frames follow the drag")
        // N frames 16.7 ms apart span (N - 1) refreshes: a 400 ms drag may hold 25 frames (62.5 per
        // s) and still be one per refresh. One more frame is allowed for weston's clock jitter
        // (intervals of 16.3 to 17.5 ms seen); a frame per move (100 Hz) would be about 40.
        let refreshes = Int(((ended - began) / (1000.0 / 60)).rounded(.down))
        XCTAssertLessThanOrEqual(frames.count, refreshes + 2,
                                 "at most one frame per compositor frame (60 Hz): \(frames.count) in \(Int(ended - began)) ms")
        let latencies = frames.compactMap { $0.number("ms") }.sorted()
        // A move is coalesced when the next move came before any frame showed it: moves come at
        // 100 Hz and frames at most at the compositor's 60 Hz, so at least 15 of 39 are.
        let times = log.compactMap { line -> (Double, Bool)? in
            guard let t = line.number("t") else { return nil }
            if line.string("type") == "frame" { return (t, true) }
            if line.string("type") == "gesture", line.string("phase") == "changed" { return (t, false) }
            return nil
        }
        var coalesced = 0
        for (index, item) in times.enumerated() where !item.1 {
            if let next = times[(index + 1)...].first, !next.1 { coalesced += 1 }
        }
        // Refreshes of the drag that presented no new frame, though a move was waiting (one came every 10 ms).
        let missed = max(0, Int(((ended - began) / (1000.0 / 60)).rounded()) - frames.count)
        print("xwayland: \(missed) refreshes without a frame; \(coalesced) moves of \(times.filter { !$0.1 }.count) coalesced; ",
              terminator: "")
        print("xwayland: \(frames.count) frames in \(Int(ended - began)) ms (\(Int(perSecond)) per s), draw to screen median "
              + "\(latencies[latencies.count / 2]) ms, max \(latencies.last ?? 0) ms")
    }

    /// Where weston's shell placed `window`, its origin in Xwayland's root coordinates, once weston
    /// shows it there with its pointer and the keyboard focus in it. Until then X may still have
    /// it where its client mapped it (an XTest drag at its edge then lands beside it) and weston's
    /// pointer entering it would move X's pointer mid-drag (`WestonSession.focusPointer`).
    private func placedWindow(_ window: Window, weston: WestonSession, display: OpaquePointer) throws -> (x: Int32, y: Int32) {
        // The output's centre lies in a 900 x 600 window wherever the shell puts it on 1024 x 700.
        try weston.focusPointer(at: 512, 350, xwayland: display)
        let frame = rootGeometry(display, window)
        XCTAssertTrue((frame.x..<frame.x + frame.width).contains(512) && (frame.y..<frame.y + frame.height).contains(350),
                      "weston's pointer is in the window: \(frame)")
        XCTAssertTrue(waitUntil {
            var focus: Window = 0, revert: Int32 = 0
            XGetInputFocus(display, &focus, &revert)
            return focus == window
        }, "weston gives the window the keyboard focus")
        return (Int32(frame.x), Int32(frame.y))
    }

    /// An XTest drag from (x + 3, y + 300) in Xwayland's root: 40 moves 10 ms apart, 15 px each,
    /// longer than 20 of weston's frames.
    private func edgeDrag(_ display: OpaquePointer, x: Int32, y: Int32) {
        // The drag's pace (kept by the server) is what the frames are measured against.
        let left = Int(x) + 3, row = Int(y) + 300
        let moves: [PointerStep] = (1...40).flatMap { step -> [PointerStep] in [.wait(10), .move(x: left + step * 15, y: row)] }
        playPointerScript([.move(x: left, y: row), .down] + moves + [.up], on: display)
    }

    /// `tune` under Xwayland: its window opens with the overlay and an edge drag pops.
    func testTuneUnderXwayland() throws {
        let outer = try XvfbServer(width: 1280, height: 800)
        let weston = try WestonSession(nestedIn: outer.displayName, width: 1024, height: 700)
        let tune = try DemoProcess(executable: try Paths.swipeback, display: weston.displayName,
                                   arguments: ["--open", "home,message", "--window", "900x600"], command: ["tune"])
        try tune.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        guard let display = XOpenDisplay(weston.displayName) else { return XCTFail("cannot open Xwayland's display") }
        defer { XCloseDisplay(display) }
        let window = try XCTUnwrap(topLevelWindows(display, titled: "SwipeBack").first ?? framedWindow(display))
        let (x, y) = try placedWindow(window, weston: weston, display: display)
        edgeDrag(display, x: x, y: y)
        let log = try tune.waitFor("the pop") { $0.contains { $0.string("type") == "stack" && $0.string("op") == "pop" } }
        XCTAssertEqual(log.last { $0.string("type") == "gesture" }?.string("decision"), "commit")
    }

    /// HiDPI under Xwayland: `Xft.dpi: 192` in Xwayland's resources lays the demo out at scale 2
    /// (its 56 px header is 112 px), read from the window's own pixels.
    func testXftDpiScalesTheDemoUnderXwayland() throws {
        let outer = try XvfbServer(width: 1280, height: 800)
        let weston = try WestonSession(nestedIn: outer.displayName, width: 1024, height: 700)
        guard let display = XOpenDisplay(weston.displayName) else { return XCTFail("cannot open Xwayland's display") }
        defer { XCloseDisplay(display) }
        try mergeResources("Xft.dpi: 192\n", display: weston.displayName)
        let demo = try DemoProcess(executable: try Paths.swipeback, display: weston.displayName,
                                   arguments: ["--open", "home,message", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        let window = try XCTUnwrap(clientWindows(display, titled: "SwipeBack").first)
        let header = [Theme.headerBackground.0, Theme.headerBackground.1, Theme.headerBackground.2].map { Int(($0 * 255).rounded()) }
        var height: Int?
        waitUntil {
            let column = screenPixels(display, x: 790, y: 0, width: 1, height: 300, window: window)
            guard let top = column.first, zip(top, header).allSatisfy({ abs($0 - $1) <= 1 }) else { return false }
            height = column.firstIndex { $0 == [255, 255, 255] }
            return height == 112
        }
        XCTAssertEqual(height, 112, "the 56 px header at scale 2")
    }

    /// The kiosk under weston's kiosk shell: Xwayland's window made full screen by the compositor,
    /// covering its output.
    func testTheKioskCoversTheOutputUnderAWaylandKioskShell() throws {
        let outer = try XvfbServer(width: 1280, height: 800)
        let weston = try WestonSession(nestedIn: outer.displayName, width: 1024, height: 700, shell: "kiosk-shell.so")
        let kiosk = try DemoProcess(executable: try Paths.swipeback, display: weston.displayName, arguments: [],
                                    command: ["kiosk", Paths.repository.appendingPathComponent("Assets/pages.json").path], logFrames: false)
        try kiosk.waitFor("the kiosk") { $0.contains { $0.string("phase") == "didAppear" } }
        guard let display = XOpenDisplay(weston.displayName) else { return XCTFail("cannot open Xwayland's display") }
        defer { XCloseDisplay(display) }
        let window = try XCTUnwrap(clientWindows(display, titled: "SwipeBack kiosk").first)
        var geometry = rootGeometry(display, window)
        waitUntil {
            geometry = rootGeometry(display, window)
            let frame: [Int] = [geometry.x, geometry.y, geometry.width, geometry.height]
            return frame == [0, 0, 1024, 700]
        }
        XCTAssertEqual([geometry.x, geometry.y, geometry.width, geometry.height], [0, 0, 1024, 700], "the kiosk covers the output")
    }

    /// The first top-level window that holds a window named SwipeBack (weston's frame around it).
    private func framedWindow(_ display: OpaquePointer) -> Window? {
        var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
        guard XQueryTree(display, XDefaultRootWindow(display), &rootReturn, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for index in 0..<Int(count) {
            var innerRoot: Window = 0, innerParent: Window = 0, inner: UnsafeMutablePointer<Window>?, innerCount: UInt32 = 0
            guard XQueryTree(display, children[index], &innerRoot, &innerParent, &inner, &innerCount) != 0, let inner else { continue }
            defer { XFree(inner) }
            for j in 0..<Int(innerCount) {
                var name: UnsafeMutablePointer<CChar>?
                if XFetchName(display, inner[j], &name) != 0, let name {
                    defer { XFree(name) }
                    if String(cString: name) == "SwipeBack" { return inner[j] }
                }
            }
        }
        return nil
    }

}

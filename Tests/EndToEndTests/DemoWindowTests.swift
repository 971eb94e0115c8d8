// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// The demo in a real X11 window under its own Xvfb, driven by XTest: the end-to-end checks.
final class DemoWindowTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }
    private func field(_ line: EventLogLine, _ key: String) -> String? { line.string(key) }

    /// Lines after index `start` of a log.
    private func after(_ log: [EventLogLine], _ start: Int) -> [EventLogLine] { Array(log.dropFirst(start)) }

    private func frameCount(_ log: [EventLogLine]) -> Int { log.filter { type($0) == "frame" }.count }

    func testSwipeBackPopCancelAndTapInARealWindow() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "800x600"])
        try demo.waitFor("the first frame") { self.frameCount($0) >= 1 }

        // 1. A fast drag from the left edge pops the page.
        server.play(PointerStep.drag(from: (3, 300), to: (403, 300)))
        var log = try demo.waitFor("the pop") { $0.contains { self.type($0) == "stack" } }
        let gesture = log.filter { type($0) == "gesture" }
        XCTAssertEqual(gesture.first.flatMap { field($0, "phase") }, "began")
        let ended = try XCTUnwrap(gesture.first { field($0, "phase") == "ended" })
        XCTAssertEqual(field(ended, "decision"), "commit")
        XCTAssertGreaterThan(ended.number("velocity") ?? 0, 800, "a fast drag has a fling velocity")
        let stack = try XCTUnwrap(log.first { type($0) == "stack" })
        XCTAssertEqual(field(stack, "op"), "pop")
        XCTAssertEqual(field(stack, "page"), "message")
        XCTAssertEqual(stack.strings("pages"), ["home"])
        log = try demo.waitFor("the end of the pop") { $0.contains { self.type($0) == "transition" && self.field($0, "phase") == "finished" } }

        // 2. A click on a button pushes a page.
        let (bx, by) = try builtInButtonCentre(page: "home", button: "open-message", width: 800)
        let beforeClick = log.count
        server.play(PointerStep.click(x: bx, y: by))
        log = try demo.waitFor("the push") { self.after($0, beforeClick).contains { self.type($0) == "stack" } }
        let action = try XCTUnwrap(after(log, beforeClick).first { type($0) == "action" })
        XCTAssertEqual(field(action, "element"), "open-message")
        let push = try XCTUnwrap(after(log, beforeClick).first { type($0) == "stack" })
        XCTAssertEqual(field(push, "op"), "push")
        XCTAssertEqual(push.strings("pages"), ["home", "message"])
        log = try demo.waitFor("the end of the push") {
            self.after($0, beforeClick).contains { self.type($0) == "transition" && self.field($0, "phase") == "finished" }
        }

        // 3. A short slow drag, with a screenshot mid-drag, puts the page back.
        let beforeDrag = log.count
        let downX = 5, dragged = 100
        server.play(PointerStep.drag(from: (downX, 300), to: (downX + dragged, 300), steps: 20, every: 25, lift: false))
        // Wait for the last move's line and a frame presented after it, then look at the screen.
        log = try demo.waitFor("the last move's frame") { log in
            let recent = self.after(log, beforeDrag)
            guard let last = recent.lastIndex(where: { ($0.number("progress")).map { abs($0 - Double(dragged) / 800) < 1e-9 } ?? false })
            else { return false }
            return frameShown(after: last, in: recent)
        }
        let row = server.pixels(row: 596, from: 0, to: 800) // below every element of both pages
        let firstWhite = try XCTUnwrap(row.firstIndex { $0 == [255, 255, 255] })
        XCTAssertEqual(firstWhite, dragged, "the top page's leading edge sits at the pointer's x minus the down x")
        XCTAssertTrue(row[dragged...].allSatisfy { $0 == [255, 255, 255] }, "the top page fills the rest of the row")
        XCTAssertLessThan(row[dragged - 1][0], 230, "the shadow darkens the page beneath at the edge")
        XCTAssertGreaterThan(row[dragged - 1][0], 150, "no gap between the pages shows the cleared back buffer")
        XCTAssertTrue(row[..<dragged].allSatisfy { $0[0] > 150 && $0[0] < 255 }, "the page beneath is dimmed, never blank")
        server.play([.wait(120), .up]) // a pause: the tracker has no velocity at the release
        log = try demo.waitFor("the cancel to settle") {
            self.after($0, beforeDrag).contains { self.type($0) == "transition" && self.field($0, "phase") == "finished" }
        }
        let cancelLines = after(log, beforeDrag)
        let cancelEnded = try XCTUnwrap(cancelLines.first { field($0, "phase") == "ended" })
        XCTAssertEqual(field(cancelEnded, "decision"), "cancel")
        XCTAssertFalse(cancelLines.contains { type($0) == "stack" }, "a cancelled swipe changes no stack")
        let finished = try XCTUnwrap(cancelLines.first { type($0) == "transition" && field($0, "phase") == "finished" })
        XCTAssertEqual(finished.bool("completed"), false)

        // After settling, the whole row is the message page again.
        XCTAssertTrue(waitUntil { server.pixels(row: 596, from: 0, to: 800).allSatisfy { $0 == [255, 255, 255] } })

        // 4. A key reaches the app: Escape is a back key and pops the message.
        let beforeKey = demo.lines().count
        server.move(to: 400, 300)
        server.key(XK_Escape)
        // The pop's last frame is on screen too (frame lines are written when shown).
        let back = try demo.waitFor("the back key's pop") {
            let recent = self.after($0, beforeKey)
            guard let finished = recent.firstIndex(where: { self.type($0) == "transition" && self.field($0, "phase") == "finished" })
            else { return false }
            return frameShown(after: finished, in: recent)
        }
        let backLine = try XCTUnwrap(after(back, beforeKey).first { type($0) == "back" })
        XCTAssertEqual(field(backLine, "source"), "key")
        XCTAssertEqual(field(backLine, "result"), "handled")
        XCTAssertEqual(after(back, beforeKey).first { type($0) == "stack" }?.strings("pages"), ["home"])
        // Hovering changes nothing on screen and presents no frame.
        let framesBeforeHover = frameCount(demo.lines())
        server.play(stride(from: 300, to: 500, by: 20).flatMap { [.move(x: $0, y: 200), .wait(5)] })
        sleepMilliseconds(100) // nothing to wait for: no frame may come in this time
        XCTAssertEqual(frameCount(demo.lines()), framesBeforeHover, "hover draws no frames")

        // 5. The window manager's close request (WM_DELETE_WINDOW) ends the demo with status 0.
        let windows = server.windows(titled: "SwipeBack")
        XCTAssertEqual(windows.count, 1)
        server.requestClose(try XCTUnwrap(windows.first))
        guard waitUntil(timeout: 5, { !demo.process.isRunning }) else { return XCTFail("the demo did not exit on WM_DELETE_WINDOW") }
        XCTAssertEqual(demo.process.terminationStatus, 0)
    }
}

/// Pointer-side X11 faults under Xvfb: a window away from the origin, a resize mid-drag, a dead server.
final class WindowFaultTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }

    /// Drags with XTest from (x0, y) by `distance` px in `steps`, slowly, without releasing.
    private func drag(_ server: XvfbServer, from x0: Int, y: Int, by distance: Int, steps: Int = 10) {
        server.play(PointerStep.drag(from: (x0, y), to: (x0 + distance, y), steps: steps, every: 20, lift: false))
    }

    /// Waits for a frame presented after the last gesture line with `progress`, and returns the log.
    @discardableResult
    private func waitForFrame(_ demo: DemoProcess, progress: Double) throws -> [EventLogLine] {
        try demo.waitFor("a frame at progress \(progress)") { log in
            guard let last = log.lastIndex(where: { ($0.number("progress")).map { abs($0 - progress) < 1e-9 } ?? false })
            else { return false }
            return frameShown(after: last, in: log)
        }
    }

    func testAWindowAwayFromTheScreenOriginTracksTheFinger() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "600x500"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        let window = try XCTUnwrap(server.windows(titled: "SwipeBack").first)
        XMoveWindow(server.display, window, 200, 120)
        XSync(server.display, 0)
        // Down 3 px inside the window's left edge (root x = 203), then 240 px to the right.
        drag(server, from: 203, y: 400, by: 240)
        try waitForFrame(demo, progress: 240.0 / 600)
        let row = server.pixels(row: 120 + 490, from: 200, to: 800)
        XCTAssertEqual(row.firstIndex { $0 == [255, 255, 255] }, 240, "the page edge is 240 px into the window")
        server.button(false)
    }

    func testAResizeInTheMiddleOfADragKeepsThePageUnderTheFinger() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        let window = try XCTUnwrap(server.windows(titled: "SwipeBack").first)
        drag(server, from: 3, y: 300, by: 150, steps: 5)
        try waitForFrame(demo, progress: 150.0 / 800)
        let framesBeforeResize = frameLineCount(demo.lines())
        XResizeWindow(server.display, window, 600, 600)
        XSync(server.display, 0)
        // The resize's frame: the demo has the new width before the drag goes on.
        try demo.waitFor("the resize's frame") { frameLineCount($0) > framesBeforeResize }
        server.play((1...5).flatMap { [.wait(20), .move(x: 3 + 150 + $0 * 30, y: 300)] })
        // The finger is 300 px from where it went down; the window is now 600 px wide.
        try waitForFrame(demo, progress: 300.0 / 600)
        let row = server.pixels(row: 596, from: 0, to: 600)
        XCTAssertEqual(row.firstIndex { $0 == [255, 255, 255] }, 300, "the page edge stays under the finger")
        server.button(false)
    }

    func testMouseButtonEightAndAltLeftEachPopExactlyOnePage() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message,reply,home", "--window", "800x600"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        server.move(to: 400, 300)
        func field(_ line: EventLogLine, _ key: String) -> String? { line.string(key) }
        func popped(by what: String, _ action: () -> Void) throws -> [EventLogLine] {
            let before = demo.lines().count
            action()
            return try waitForSettled(demo, after: before, "the pop by \(what)")
        }
        let byButton = try popped(by: "button 8") { server.click(button: 8) }
        XCTAssertEqual(byButton.filter { type($0) == "stack" }.map { $0.strings("pages") }, [["home", "message", "reply"]])
        XCTAssertEqual(byButton.first { type($0) == "back" }.flatMap { field($0, "source") }, "button")
        let byKey = try popped(by: "Alt+Left") { server.key(XK_Left, modifiers: [XK_Alt_L]) }
        XCTAssertEqual(byKey.filter { type($0) == "stack" }.map { $0.strings("pages") }, [["home", "message"]])
        XCTAssertEqual(byKey.first { type($0) == "back" }.flatMap { field($0, "source") }, "key")
        // Two presses in a row: the second arrives during the first one's pop and is ignored.
        let twice = try popped(by: "button 8 twice") { server.click(button: 8); server.click(button: 8) }
        XCTAssertEqual(twice.filter { type($0) == "back" }.compactMap { field($0, "result") }, ["handled", "ignored"])
        XCTAssertEqual(twice.filter { type($0) == "stack" }.map { $0.strings("pages") }, [["home"]])
    }

    func testLosingTheXServerExitsWithinASecondWithOneLine() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        kill(server.process.processIdentifier, SIGKILL)
        let killed = Date()
        _ = waitUntil(timeout: 3, every: 5) { !demo.process.isRunning }
        let elapsed = Date().timeIntervalSince(killed)
        guard !demo.process.isRunning else { return XCTFail("the demo kept running after its X server died") }
        XCTAssertLessThan(elapsed, 1.0)
        XCTAssertEqual(demo.process.terminationStatus, 1)
        let error = demo.standardError()
        XCTAssertEqual(error.filter { $0 == "\n" }.count, 1, error)
        XCTAssertTrue(error.hasPrefix("swipeback: "), error)
    }
}

/// More pointer-side faults: focus loss mid-swipe, a drag leaving the window, input at 1000 Hz.
final class WindowInputFaultTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }

    private func start(_ server: XvfbServer, window: String = "600x500") throws -> DemoProcess {
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", window])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        return demo
    }

    func testFocusMovingToAnotherWindowCancelsTheSwipe() throws {
        let server = try XvfbServer()
        let demo = try start(server)
        let ours = try XCTUnwrap(server.windows(titled: "SwipeBack").first)
        let other = XCreateSimpleWindow(server.display, XDefaultRootWindow(server.display), 700, 0, 100, 100, 0, 0, 0)
        XMapWindow(server.display, other)
        XSetInputFocus(server.display, ours, RevertToParent, 0)
        XSync(server.display, 0)
        server.play(PointerStep.drag(from: (3, 300), to: (203, 300), steps: 5, every: 20, lift: false))
        try demo.waitFor("the swipe") { $0.contains { $0.string("phase") == "began" } }
        XSetInputFocus(server.display, other, RevertToParent, 0)
        XSync(server.display, 0)
        let log = try demo.waitFor("the cancel") { log in
            log.contains { self.type($0) == "transition" && $0.string("phase") == "finished" }
        }
        XCTAssertTrue(log.contains { $0.string("phase") == "cancelled" }, "focus loss cancels the swipe")
        XCTAssertFalse(log.contains { self.type($0) == "stack" })
        server.button(false)
    }

    func testAGrabThatTakesTheMouseMidDragCancelsTheSwipe() throws {
        let server = try XvfbServer()
        let demo = try start(server)
        server.play(PointerStep.drag(from: (3, 300), to: (203, 300), steps: 5, every: 20, lift: false))
        try demo.waitFor("the swipe") { $0.contains { $0.string("phase") == "began" } }
        // Another client grabs the XTest pointer: the rest of the drag and the release go to it.
        guard let other = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
        defer { XCloseDisplay(other) }
        var major: Int32 = 2, minor: Int32 = 2
        XIQueryVersion(other, &major, &minor)
        var count: Int32 = 0
        let devices = try XCTUnwrap(XIQueryDevice(other, XIAllDevices, &count))
        let xtest = (0..<Int(count)).first { String(cString: devices[$0].name).contains("XTEST pointer") }.map { devices[$0].deviceid }
        XIFreeDeviceInfo(devices)
        var mask = [UInt8](repeating: 0, count: Int(swipeback_xi_mask_len(XI_LASTEVENT)))
        for event in [XI_ButtonPress, XI_ButtonRelease, XI_Motion] { swipeback_xi_set_mask(&mask, event) }
        let status = mask.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var eventMask = XIEventMask(deviceid: try! XCTUnwrap(xtest), mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabDevice(other, eventMask.deviceid, XDefaultRootWindow(other), 0, 0, XIGrabModeAsync, XIGrabModeAsync, 0, &eventMask)
        }
        XSync(other, 0)
        XCTAssertEqual(status, 0, "the grab succeeds")
        let log = try demo.waitFor("the cancel") { log in
            log.contains { self.type($0) == "transition" && $0.string("phase") == "finished" }
        }
        XCTAssertTrue(log.contains { $0.string("phase") == "cancelled" }, "the broken grab cancels the swipe")
        XCTAssertFalse(log.contains { self.type($0) == "stack" })
        // The release goes to the grabbing client; after the grab a new swipe pops exactly once.
        server.button(false)
        XIUngrabDevice(other, try XCTUnwrap(xtest), 0)
        XSync(other, 0)
        // The server's master pointer never saw that release, so it delivers the next click as a
        // lone release (seen with Xvfb 21): one click to square it, away from every element.
        server.play([.move(x: 300, y: 480), .down, .up, .wait(100)])
        let before = demo.lines().count
        server.play(PointerStep.drag(from: (3, 300), to: (503, 300), every: 8, lift: false) + [.up])
        let later = try waitForSettled(demo, after: before, "the pop")
        XCTAssertEqual(later.filter { $0.string("phase") == "began" }.count, 1)
        XCTAssertEqual(later.filter { self.type($0) == "stack" }.map { $0.strings("pages") }, [["home"]])
    }

    func testADragLeavingTheWindowClampsProgress() throws {
        let server = try XvfbServer()
        let demo = try start(server)
        // To x = 903, past the 600 px window.
        server.play(PointerStep.drag(from: (3, 300), to: (903, 300), every: 20, lift: false))
        let log = try demo.waitFor("the move past the edge") { $0.contains { ($0.number("progress")) == 1 } }
        let progresses = log.compactMap { $0.number("progress") }
        XCTAssertTrue(progresses.allSatisfy { (0...1).contains($0) })
        server.button(false)
    }

    func testInputAtOneThousandHertzIsCoalescedAndThePageKeepsUp() throws {
        let server = try XvfbServer()
        let demo = try start(server, window: "800x600")
        server.play([.move(x: 3, y: 300), .wait(30), .down])
        let before = demo.lines().filter { type($0) == "frame" }.count
        // 400 moves, one every ms (the server keeps the pace): half a px each, 200 px in all.
        server.play((1...400).flatMap { [.wait(1), .move(x: 3 + $0 / 2, y: 300)] })
        // The last position (200 px from the down) shows up in a frame soon after the last move.
        let log = try demo.waitFor("a frame at the last position", timeout: 2) { log in
            guard let last = log.lastIndex(where: { ($0.number("progress")).map { abs($0 - 200.0 / 800) < 1e-9 } ?? false })
            else { return false }
            return frameShown(after: last, in: log)
        }
        let moves = log.filter { $0.string("phase") == "changed" }.count
        let frames = log.filter { type($0) == "frame" }.count - before
        XCTAssertLessThan(frames, moves, "many moves share one frame")
        XCTAssertEqual(server.pixels(row: 596, from: 0, to: 800).firstIndex { $0 == [255, 255, 255] }, 200,
                       "the page is at the finger, not behind it")
        server.button(false)
    }
}

/// What the window tells the window manager, how it presents, and that it sleeps when idle.
final class WindowPropertiesTests: XCTestCase {
    private func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return (Double(fields[11])! + Double(fields[12])!) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func testPidMinimumSizeSharedMemoryAndNoCPUWhenIdle() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "640x480"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        let window = try XCTUnwrap(server.windows(titled: "SwipeBack").first)

        // _NET_WM_PID is the demo's process id.
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(server.display, window, XInternAtom(server.display, "_NET_WM_PID", 0), 0, 1, 0, XA_CARDINAL,
                           &type, &format, &count, &after, &data)
        let pid = data.map { UnsafeRawPointer($0).load(as: UInt.self) }
        if let data { XFree(data) }
        XCTAssertEqual(pid, UInt(demo.process.processIdentifier))

        // A minimum size in WM_NORMAL_HINTS.
        let hints = XAllocSizeHints()!
        defer { XFree(hints) }
        var supplied: Int = 0
        XGetWMNormalHints(server.display, window, hints, &supplied)
        XCTAssertNotEqual(hints.pointee.flags & PMinSize, 0)
        XCTAssertEqual(hints.pointee.min_width, 320)
        XCTAssertEqual(hints.pointee.min_height, 240)

        // Frames go through MIT-SHM on Xvfb: the demo holds a System V shared memory segment.
        let maps = try String(contentsOfFile: "/proc/\(demo.process.processIdentifier)/maps", encoding: .utf8)
        XCTAssertTrue(maps.contains("SYSV"), "presenting through shared memory")

        // Idle: no frames and next to no CPU over a second. Two sleeps: idleness takes time to show.
        sleepMilliseconds(300) // idle work (the snapshot ahead) ends 150 ms after the last frame
        let frames = demo.lines().filter { $0.string("type") == "frame" }.count
        let before = try cpuSeconds(demo.process.processIdentifier)
        sleepMilliseconds(1000) // the second of idleness measured
        let used = try cpuSeconds(demo.process.processIdentifier) - before
        XCTAssertLessThanOrEqual(used, 0.02, "an idle demo sleeps in poll")
        XCTAssertEqual(demo.lines().filter { $0.string("type") == "frame" }.count, frames)
    }
}

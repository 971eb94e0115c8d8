// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import XCTest
import SwipeBackFormats

/// The demo under Xorg with real XI2 touch events from the inputtest driver.
final class TouchWindowTests: XCTestCase {
    private func type(_ line: EventLogLine) -> String { line.string("type") ?? "" }
    private func count(_ log: [EventLogLine], _ type: String) -> Int { log.filter { self.type($0) == type }.count }

    private struct Rig {
        let server: XorgTouchServer
        let touch: TouchInjector
        let demo: DemoProcess
    }

    /// A fresh Xorg, its touch injector, and the demo filling the screen on `pages`.
    private func rig(pages: String) throws -> Rig {
        let server = try XorgTouchServer()
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let demo = try DemoProcess(display: server.displayName,
                                   arguments: ["--open", pages, "--window", "\(server.width)x\(server.height)"])
        try demo.waitFor("the first frame") { $0.contains { self.type($0) == "frame" } }
        return Rig(server: server, touch: touch, demo: demo)
    }

    /// A touch from (x0, y) to (x1, y) in `steps` moves `interval` ms apart.
    private func swipe(_ touch: TouchInjector, id: UInt32, from x0: Double, to x1: Double, y: Double = 400,
                       steps: Int = 10, interval: Double = 8, lift: Bool = true) throws {
        try touch.play(TouchStep.line(id, from: (x0, y), to: (x1, y), steps: steps, every: interval, lift: lift))
    }

    /// A 40 ms touch on the centre of a built-in page's element.
    private func tap(_ rig: Rig, id: UInt32, page: String, element: String) throws {
        let (x, y) = try builtInButtonCentre(page: page, button: element, width: Double(rig.server.width))
        try rig.touch.play(TouchStep.tap(id, x: Double(x), y: Double(y)))
    }

    private func finished(_ log: [EventLogLine], after start: Int = 0) -> Bool {
        log.dropFirst(start).contains { type($0) == "transition" && $0.string("phase") == "finished" }
    }

    func testATouchSwipePopsThePage() throws {
        let rig = try rig(pages: "home,message")
        try swipe(rig.touch, id: 1, from: 3, to: 603)
        let log = try rig.demo.waitFor("the pop") { self.finished($0) }
        let ended = log.first { $0.string("phase") == "ended" }
        XCTAssertEqual(ended?.string("decision"), "commit")
        let stack = try XCTUnwrap(log.first { type($0) == "stack" })
        XCTAssertEqual(stack.strings("pages"), ["home"])
    }

    func testATouchTapOnAButtonPushesExactlyOnePage() throws {
        let rig = try rig(pages: "home")
        try tap(rig, id: 3, page: "home", element: "open-message")
        try rig.demo.waitFor("the push") { self.finished($0) }
        sleepMilliseconds(500) // nothing to wait for: a second, emulated activation must not come in this time
        let log = rig.demo.lines()
        XCTAssertEqual(count(log, "action"), 1, "the tap acts once, not again through pointer emulation")
        XCTAssertEqual(count(log, "stack"), 1)
        XCTAssertEqual(log.first { type($0) == "stack" }?.strings("pages"), ["home", "message"])
    }

    func testATouchTapOnAToggleActsOnce() throws {
        // A toggle starts no transition, so a second activation from the server's pointer
        // emulation would show as a second action and the switch flipping back.
        let rig = try rig(pages: "home,settings")
        try tap(rig, id: 4, page: "settings", element: "swipe")
        try rig.demo.waitFor("the toggle") { $0.contains { self.type($0) == "action" } }
        sleepMilliseconds(500) // nothing to wait for: a second, emulated toggle must not come in this time
        let actions = rig.demo.lines().filter { type($0) == "action" }
        XCTAssertEqual(actions.count, 1)
        XCTAssertEqual(actions.first?.bool("value"), false)
    }

    func testASecondTouchDuringASwipeChangesNothing() throws {
        let rig = try rig(pages: "home,message")
        // Finger 1 swipes 200 px and rests; finger 2 taps the Reply button, then drags across the page.
        try swipe(rig.touch, id: 1, from: 3, to: 203, lift: false)
        let (x, y) = try builtInButtonCentre(page: "message", button: "reply", width: Double(rig.server.width))
        try rig.touch.play(TouchStep.tap(2, x: Double(x), y: Double(y), holding: 30))
        try swipe(rig.touch, id: 3, from: 5, to: 900, y: 600)
        // Finger 1 lifts slowly, short of halfway: the page goes back.
        try rig.touch.play([.wait(120), .up(1, x: 203, y: 400)])
        let log = try rig.demo.waitFor("the cancel to settle") { self.finished($0) }
        XCTAssertEqual(log.filter { $0.string("phase") == "began" }.count, 1)
        XCTAssertEqual(log.first { $0.string("phase") == "ended" }?.string("decision"), "cancel")
        XCTAssertEqual(count(log, "action"), 0, "the second finger's tap never reached the button")
        XCTAssertEqual(count(log, "stack"), 0)
    }

    func testTouchKeepsWorkingAfterTheDeviceIsFloatedAndReattached() throws {
        let rig = try rig(pages: "home,message,reply,home")
        let master = try rig.server.touchDevice().master
        // Each change, then a swipe that must pop exactly one page.
        let changes: [(String, () throws -> Void)] = [
            ("floated and reattached", { try rig.server.setTouchAttached(to: nil); try rig.server.setTouchAttached(to: master) }),
            ("floated and reattached again", { try rig.server.setTouchAttached(to: nil); try rig.server.setTouchAttached(to: master) }),
        ]
        var expected = ["home", "message", "reply", "home"]
        for (name, change) in changes {
            // The server has made the change (a round trip), and the window reads its
            // hierarchy notice before the touches that follow.
            try change()
            let before = rig.demo.lines().count
            try swipe(rig.touch, id: 1, from: 3, to: 703)
            let log = try rig.demo.waitFor("the pop after the device was \(name)") { self.finished($0, after: before) }
            expected.removeLast()
            let stack = log.dropFirst(before).first { type($0) == "stack" }
            XCTAssertEqual(stack?.strings("pages"), expected, name)
        }
    }

    func testATouchHeldWhileTheDeviceIsDisabledLeavesNoGhostAndTheDeviceWorksWhenEnabled() throws {
        let rig = try rig(pages: "home,message,reply")
        // Finger 1 starts a swipe; the touchscreen is disabled under it, so its end never comes.
        try swipe(rig.touch, id: 1, from: 3, to: 303, lift: false)
        try rig.demo.waitFor("the swipe") { $0.contains { $0.string("phase") == "began" } }
        try rig.server.setTouchEnabled(false)
        try rig.demo.waitFor("the swipe to be cancelled") { $0.contains { $0.string("phase") == "cancelled" } }
        try rig.demo.waitFor("the restore to finish") { self.finished($0) }
        // Enabled again, the device takes a new client, and a new swipe pops exactly once.
        try rig.server.setTouchEnabled(true)
        let touch = try TouchInjector(socketPath: rig.server.touchSocket, screenWidth: rig.server.width, screenHeight: rig.server.height)
        let before = rig.demo.lines().count
        try swipe(touch, id: 2, from: 3, to: 703)
        let after = try waitForSettled(rig.demo, after: before, "the pop")
        XCTAssertEqual(after.filter { $0.string("phase") == "began" }.count, 1)
        XCTAssertEqual(after.filter { type($0) == "stack" }.map { $0.strings("pages") }, [["home", "message"]])
    }

    func testATouchpadSmoothScrollSwipeAndAGestureSwipeEachPopAPage() throws {
        let rig = try rig(pages: "home,message,reply,home")
        let touchpad = try TouchInjector(socketPath: rig.server.touchpadSocket, screenWidth: rig.server.width,
                                         screenHeight: rig.server.height)
        // Two fingers moving right: the content scrolls toward the left edge, a run of negative dx
        // (15 valuator units are one 48 px wheel step), then the fingers lift (no movement).
        try touchpad.play((0..<10).flatMap { _ in [TouchStep.scroll(dx: -15, dy: 0), .wait(8)] } + [.scroll(dx: 0, dy: 0)])
        var log = try waitForSettled(rig.demo, "the smooth-scroll pop")
        XCTAssertEqual(log.first { $0.string("phase") == "ended" }?.string("decision"), "commit")
        XCTAssertEqual(log.filter { type($0) == "stack" }.map { $0.strings("pages") }, [["home", "message", "reply"]])
        // A three-finger swipe gesture (XI 2.4).
        var before = rig.demo.lines().count
        try touchpad.play(TouchStep.touchpadSwipe(steps: 10, dx: 40))
        let after = try waitForSettled(rig.demo, after: before, "the gesture pop")
        XCTAssertEqual(after.first { type($0) == "back" }?.string("source"), "swipe")
        XCTAssertEqual(after.filter { type($0) == "stack" }.map { $0.strings("pages") }, [["home", "message"]])
        // A gesture the driver cancels puts the page back, even past halfway.
        before = rig.demo.lines().count
        try touchpad.play(TouchStep.touchpadSwipe(steps: 12, dx: 40, cancelled: true))
        log = try rig.demo.waitFor("the cancelled gesture to settle") { self.finished($0, after: before) }
        XCTAssertTrue(log.dropFirst(before).contains { $0.string("phase") == "cancelled" })
        XCTAssertFalse(log.dropFirst(before).contains { type($0) == "stack" })
    }

    func testATouchHeldThroughUnmappingLeavesNoGhostFinger() throws {
        let rig = try rig(pages: "home,message,reply")
        let window = try XCTUnwrap(topLevelWindows(rig.server.display, titled: "SwipeBack").first)
        // Finger 1 starts a swipe; the window is unmapped under it; its end goes nowhere.
        try swipe(rig.touch, id: 1, from: 3, to: 303, lift: false)
        XUnmapWindow(rig.server.display, window)
        XSync(rig.server.display, 0)
        try rig.demo.waitFor("the swipe to be cancelled") { $0.contains { $0.string("phase") == "cancelled" } }
        try rig.touch.end(1, x: 303, y: 400)
        XMapWindow(rig.server.display, window)
        XSync(rig.server.display, 0)
        try waitForSettled(rig.demo, "the restore")
        let before = rig.demo.lines().count
        // A new swipe pops exactly once.
        try swipe(rig.touch, id: 2, from: 3, to: 703)
        let after = try waitForSettled(rig.demo, after: before, "the pop")
        XCTAssertEqual(after.filter { $0.string("phase") == "began" }.count, 1, "\(after.count) lines")
        XCTAssertEqual(count(after, "stack"), 1)
        XCTAssertEqual(after.first { type($0) == "stack" }?.strings("pages"), ["home", "message"])
    }
    /// Another client's passive touch grab on the root window, which accepts (takes) each touch.
    private final class TouchGrabber {
        let display: OpaquePointer
        let root: Window
        init(displayName: String) throws {
            guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open \(displayName)") }
            self.display = display
            root = XDefaultRootWindow(display)
            // Touch grabs and touch acceptance exist only for clients that announce XI 2.2.
            var major: Int32 = 2, minor: Int32 = 2
            XIQueryVersion(display, &major, &minor)
            var mask = [UInt8](repeating: 0, count: Int(swipeback_xi_mask_len(XI_LASTEVENT)))
            for event in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { swipeback_xi_set_mask(&mask, event) }
            var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
            let status = mask.withUnsafeMutableBufferPointer { buffer -> Int32 in
                var eventMask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                return XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &eventMask, 1, &modifiers)
            }
            XSync(display, 0)
            guard status == 0 else { throw HarnessError("XIGrabTouchBegin failed: \(status)") }
        }
        deinit { XCloseDisplay(display) }

        /// Waits for the grab's next TouchBegin; returns (device, touch id).
        func nextBegin(timeout: Double = 5) throws -> (Int32, UInt32) {
            var begin: (Int32, UInt32)?
            _ = waitUntil(timeout: timeout, every: 5) {
                while begin == nil, XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    guard event.type == GenericEvent, XGetEventData(display, &event.xcookie) != 0 else { continue }
                    defer { XFreeEventData(display, &event.xcookie) }
                    if event.xcookie.evtype == XI_TouchBegin {
                        let device = event.xcookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                        begin = (device.deviceid, UInt32(bitPattern: device.detail))
                    }
                }
                return begin != nil
            }
            guard let begin else { throw HarnessError("the grab saw no TouchBegin") }
            return begin
        }

        /// Accepts (takes) or rejects (passes on) the touch.
        func respond(device: Int32, touch: UInt32, mode: Int32) {
            XIAllowTouchEvents(display, device, touch, root, mode)
            XFlush(display)
        }
    }

    func testATouchTakenByAnotherClientCancelsTheSwipe() throws {
        let rig = try rig(pages: "home,message")
        let grabber = try TouchGrabber(displayName: rig.server.displayName)
        // The window listens before it owns the touch, so the swipe follows the finger at once.
        try swipe(rig.touch, id: 1, from: 3, to: 303, lift: false)
        let (device, touch) = try grabber.nextBegin()
        try rig.demo.waitFor("the swipe to begin") { $0.contains { $0.string("phase") == "began" } }
        grabber.respond(device: device, touch: touch, mode: XIAcceptTouch)
        try rig.demo.waitFor("the swipe to be cancelled") { $0.contains { $0.string("phase") == "cancelled" } }
        // A fast 300 px swipe would commit if its end counted as a release.
        try rig.touch.end(1, x: 303, y: 400)
        let log = try waitForSettled(rig.demo, "the restore")
        XCTAssertEqual(count(log, "stack"), 0, "\(log.count) lines")
    }

    func testATouchRejectedByAnotherClientsGrabStaysTheWindows() throws {
        let rig = try rig(pages: "home,message")
        let grabber = try TouchGrabber(displayName: rig.server.displayName)
        try swipe(rig.touch, id: 1, from: 3, to: 303, lift: false)
        let (device, touch) = try grabber.nextBegin()
        grabber.respond(device: device, touch: touch, mode: XIRejectTouch)
        try rig.touch.play([.wait(50)] + stride(from: 363.0, through: 603, by: 60).flatMap { [TouchStep.wait(8), .move(1, x: $0, y: 400)] }
                           + [.up(1, x: 603, y: 400)])
        let log = try rig.demo.waitFor("the pop") { self.finished($0) }
        XCTAssertEqual(log.first { $0.string("phase") == "ended" }?.string("decision"), "commit")
        XCTAssertEqual(log.first { type($0) == "stack" }?.strings("pages"), ["home"])
    }
}

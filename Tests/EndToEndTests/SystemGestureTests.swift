// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import Synchronization
import SwipeBackCore
import SwipeBackPosix
import SwipeBackSystem
import XCTest
import SwipeBackFormats

/// `swipeback system` on a real XI2 touchscreen (Xorg, dummy video, inputtest), observed from
/// outside the program: a `TouchClient` window over the whole screen shows what an app receives.
/// The screen is 1280 x 800 px; Xorg's dummy reports 96 dpi, so the 6 mm strip is 22.7 px and the
/// 20 mm commit distance 75.6 px.
final class SystemGestureTests: XCTestCase {
    private final class Rig {
        let server: XorgTouchServer
        let touch: TouchInjector
        private var clientConnection: TouchClient?
        let system: DemoProcess
        var client: TouchClient { clientConnection! }

        init(server: XorgTouchServer, touch: TouchInjector, client: TouchClient, system: DemoProcess) {
            self.server = server
            self.touch = touch
            clientConnection = client
            self.system = system
        }

        // The client's connection closes before the server goes (Xlib ends a process whose
        // server vanished under an open connection).
        deinit { clientConnection = nil }
    }

    private func rig(configuration: String? = nil, arguments: [String] = []) throws -> Rig {
        let server = try XorgTouchServer()
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let client = try TouchClient(displayName: server.displayName)
        var extra = arguments
        if let configuration {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-system-\(UUID().uuidString).json").path
            try configuration.write(toFile: path, atomically: true, encoding: .utf8)
            extra += ["--config", path]
        }
        let system = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: extra,
                                     command: ["system"], logFrames: false)
        try system.waitFor("the grab") { $0.contains { $0.string("event") == "started" } }
        return Rig(server: server, touch: touch, client: client, system: system)
    }

    /// A touch from `start` through `steps` moves `interval` ms apart to `end`, lifted unless `lift` is false.
    private func drag(_ touch: TouchInjector, id: UInt32 = 1, from start: (Double, Double), to end: (Double, Double),
                      steps: Int = 10, interval: Double = 8, lift: Bool = true) throws {
        try touch.play(TouchStep.line(id, from: start, to: end, steps: steps, every: interval, lift: lift))
    }

    private func systemLines(_ log: [EventLogLine], _ event: String) -> [EventLogLine] {
        log.filter { $0.string("type") == "system" && $0.string("event") == event }
    }

    private func touches(_ received: [TouchClient.Received], type: Int32? = nil) -> [(x: Double, y: Double)] {
        received.compactMap {
            if case .touch(let t, _, let x, let y) = $0, type == nil || t == type { return (x, y) }
            return nil
        }
    }

    private func buttons(_ received: [TouchClient.Received]) -> [Int] {
        received.compactMap { if case .button(let b) = $0 { return b } else { return nil } }
    }

    func testTapsAndDragsInTheMiddleReachTheAppWhole() throws {
        let rig = try rig()
        try drag(rig.touch, from: (640, 400), to: (700, 460), steps: 12)
        let got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 1 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).count, 1)
        XCTAssertEqual(touches(got, type: XI_TouchUpdate).count, 12, "every update")
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 640, accuracy: 0.5)
        XCTAssertEqual(touches(got, type: XI_TouchUpdate).last?.x ?? 0, 700, accuracy: 0.5)
        let log = try rig.system.waitFor("the reject") { !self.systemLines($0, "rejected").isEmpty }
        XCTAssertEqual(systemLines(log, "rejected").first?.string("reason"), "outside")
        XCTAssertTrue(buttons(got).isEmpty)
    }

    /// 300 taps back to back, each injected as soon as the app has the last one's end: every one
    /// reaches the app. (The grab loop once slept with a TouchBegin in Xlib's queue, read there
    /// by a flush, and about one such tap in a hundred waited for the next event.)
    func testTapsBackToBackAllReachTheApp() throws {
        let rig = try rig()
        for i in 0..<300 {
            rig.client.reset()
            let id = UInt32(i % 4 + 1)
            try rig.touch.begin(id, x: 640, y: 400)
            let began = rig.client.readUntil(timeout: 1) { !self.touches($0, type: XI_TouchBegin).isEmpty }
            XCTAssertTrue(began, "tap \(i) reached the app")
            try rig.touch.end(id, x: 640, y: 400)
            guard began, rig.client.readUntil(timeout: 1, { !self.touches($0, type: XI_TouchEnd).isEmpty }) else { return }
        }
    }

    func testAFastEdgeSwipeIsNoTouchAndOneBack() throws {
        let rig = try rig()
        try drag(rig.touch, from: (3, 400), to: (250, 405))
        let log = try rig.system.waitFor("the back") { !self.systemLines($0, "sent").isEmpty }
        let got = rig.client.waitFor { self.buttons($0).count == 1 }
        XCTAssertEqual(buttons(got), [8], "one back: button 8")
        XCTAssertTrue(touches(got).isEmpty, "the app sees no touch of an accepted swipe: \(got)")
        let committed = try XCTUnwrap(systemLines(log, "committed").first)
        XCTAssertEqual(committed.string("class"), "TouchClient")
        XCTAssertGreaterThan(committed.number("velocity") ?? 0, 1280, "a fling")
        XCTAssertEqual(systemLines(log, "sent").first?.string("action"), "button:8")
        XCTAssertEqual(systemLines(log, "accepted").first?.string("edge"), "left")

        // The log is what `replay --compare` and `plot` read: under a configuration whose fling
        // needs 20 widths/s and whose commit distance is 100 mm, the same release cancels.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-syslog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.json").path, b = folder.appendingPathComponent("b.json").path
        try "{}".write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"flingVelocity": 20, "systemCommitDistance": 100}"#.write(toFile: b, atomically: true, encoding: .utf8)
        let compared = try runCommand(try Paths.swipeback, ["replay", rig.system.logPath, "--compare", a, b])
        XCTAssertEqual(compared.status, 0, compared.standardError)
        let lines = compared.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, compared.standardOutput)
        XCTAssertTrue(lines.first?.contains(#""stack": "system", "a": "commit", "b": "cancel""#) == true, compared.standardOutput)
        XCTAssertEqual(lines.last, #"{"differ": 1, "total": 1}"#)
        let png = folder.appendingPathComponent("map.png").path
        let plotted = try runCommand(try Paths.swipeback, ["plot", rig.system.logPath, "-o", png, "--compare", a, b])
        XCTAssertEqual(plotted.status, 0, plotted.standardError)
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0, 1000)
    }

    func testAShortSlowEdgeDragAndADragBackToTheEdgeSendNothing() throws {
        let rig = try rig()
        // Accepted at once (a quick first 27 px), then slow to 50 px: under the 75.6 px commit distance.
        try rig.touch.play(TouchStep.line(1, from: (3, 300), to: (30, 300), steps: 3, lift: false)
                           + TouchStep.line(1, from: (30, 300), to: (50, 300), steps: 5, every: 60, lift: false).dropFirst()
                           + [.wait(100), .up(1, x: 50, y: 300)])
        // Out to 150 px, then back to 10 px from the edge.
        try rig.touch.play(TouchStep.line(2, from: (3, 500), to: (150, 500), steps: 10, every: 20, lift: false)
                           + TouchStep.line(2, from: (150, 500), to: (10, 500), steps: 10, every: 20).dropFirst())
        let log = try rig.system.waitFor("two cancels") { self.systemLines($0, "cancelled").count == 2 }
        XCTAssertEqual(systemLines(log, "accepted").count, 2)
        XCTAssertTrue(systemLines(log, "sent").isEmpty)
        let got = rig.client.collect(forMilliseconds: 200)
        XCTAssertTrue(buttons(got).isEmpty, "nothing sent: \(got)")
        XCTAssertTrue(touches(got).isEmpty, "accepted swipes are the grab's")
    }

    func testAVerticalDragAndATapInTheStripReachTheAppFromTheirFirstPoint() throws {
        let rig = try rig()
        try drag(rig.touch, from: (8, 300), to: (10, 420), steps: 12)
        var got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 1 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 8, accuracy: 0.5)
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.y ?? 0, 300, accuracy: 0.5)
        XCTAssertEqual(touches(got, type: XI_TouchUpdate).count, 12, "the updates held while undecided are replayed")
        rig.client.reset()
        try rig.touch.play(TouchStep.tap(2, x: 5, y: 600))
        got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 1 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 5, accuracy: 0.5, "an edge tap reaches the app")
        let log = try rig.system.waitFor("two rejects") { self.systemLines($0, "rejected").count == 2 }
        XCTAssertEqual(systemLines(log, "rejected").map { $0.string("reason") }, ["vertical", "tap"])
    }

    func testASecondFingerPasses() throws {
        let rig = try rig()
        try rig.touch.begin(1, x: 640, y: 400)
        try drag(rig.touch, id: 2, from: (3, 300), to: (200, 300))
        try rig.touch.end(1, x: 640, y: 400)
        let got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 2 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).count, 2, "both fingers reach the app")
        XCTAssertTrue(buttons(got).isEmpty)
        let log = try rig.system.waitFor("the second finger's reject") { $0.contains { $0.string("reason") == "secondFinger" } }
        XCTAssertTrue(systemLines(log, "accepted").isEmpty)
    }

    func testTheArrowIsOnScreenMidSwipe() throws {
        let rig = try rig()
        try drag(rig.touch, from: (3, 400), to: (120, 400), steps: 10, lift: false)
        _ = try rig.system.waitFor("the accept") { !self.systemLines($0, "accepted").isEmpty }
        // A flung finger past the commit distance: the panel is active, its chevron blue, at the
        // finger's height by the edge, over the client's light grey.
        var blue = 0
        waitUntil {
            blue = (0..<60).filter { x in
                let pixel = rig.server.pixelsAt(x: x, y: 400)
                return pixel.count == 3 && pixel[2] > pixel[0] + 80
            }.count
            return blue > 0
        }
        XCTAssertGreaterThan(blue, 2, "the indicator's chevron at the left edge")
        XCTAssertEqual(rig.server.pixelsAt(x: 5, y: 200), [240, 240, 240], "and nothing far above the finger")
        try rig.touch.end(1, x: 120, y: 400)
        _ = try rig.system.waitFor("the back") { !self.systemLines($0, "sent").isEmpty }
    }

    /// With no compositor the arrow shows the screen beneath it around the panel: by the top and
    /// the bottom of the screen too, where its window reaches off the screen (the backdrop's read
    /// once failed there, and the arrow showed a black box).
    func testTheArrowByTheTopAndBottomShowsTheAppAroundIt() throws {
        let rig = try rig()
        for (id, y, probe) in [(UInt32(1), 20.0, 70), (UInt32(2), 780.0, 730)] {
            try drag(rig.touch, id: id, from: (3, y), to: (120, y), steps: 10, lift: false)
            _ = try rig.system.waitFor("the accept at \(y)") { self.systemLines($0, "accepted").count == Int(id) }
            XCTAssertTrue(waitUntil {
                (0..<60).contains { x in let pixel = rig.server.pixelsAt(x: x, y: Int(y)); return pixel.count == 3 && pixel[2] > pixel[0] + 80 }
            }, "the chevron at y \(y)")
            // The indicator's window is 112 px tall, its panel 64: 24 px of backdrop above and below the panel.
            XCTAssertEqual(rig.server.pixelsAt(x: 66, y: probe), [240, 240, 240], "the app's grey beside the panel at y \(y), not black")
            try rig.touch.end(id, x: 120, y: y)
            _ = try rig.system.waitFor("the back at \(y)") { self.systemLines($0, "sent").count == Int(id) }
        }
    }

    /// A `command:` action runs with SIGPIPE at its default action (swipeback system ignores it
    /// itself, and an ignored signal passes through exec), with the window and class set.
    func testACommandActionRunsWithDefaultSignals() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-command-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let command = "grep SigIgn /proc/self/status > \(output).part; echo \\\"$SWIPEBACK_CLASS\\\" >> \(output).part; mv \(output).part \(output)"
        let rig = try rig(configuration: #"{"systemBackAction": "command:"# + command + #""}"#)
        try drag(rig.touch, from: (3, 400), to: (250, 400))
        _ = try rig.system.waitFor("the command") { !self.systemLines($0, "sent").isEmpty }
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: output) }, "the command ran")
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "TouchClient")
        let ignored = try XCTUnwrap(lines.first.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) })
        XCTAssertEqual(ignored & (1 << (UInt64(SIGPIPE) - 1)), 0, "SIGPIPE is not ignored in the command: \(lines)")
    }

    func testSigkillMidSwipeLeavesTheNextTapWorking() throws {
        let rig = try rig()
        try drag(rig.touch, from: (3, 400), to: (100, 400), steps: 6, lift: false)
        _ = try rig.system.waitFor("the accept") { !self.systemLines($0, "accepted").isEmpty }
        kill(rig.system.process.processIdentifier, SIGKILL)
        rig.system.process.waitUntilExit()
        try rig.touch.end(1, x: 100, y: 400)
        rig.client.reset()
        try rig.touch.begin(2, x: 600, y: 300)
        try rig.touch.end(2, x: 600, y: 300)
        let got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 1 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 600, accuracy: 0.5, "the next tap reaches the app")
    }

    func testASecondGrabberRefusesWithOneLineAndSigtermEndsWithZero() throws {
        let rig = try rig()
        let second = try runCommand(try Paths.swipeback, ["system"], environment: ["DISPLAY": rig.server.displayName])
        XCTAssertEqual(second.status, 2)
        XCTAssertEqual(second.standardError.split(separator: "\n").count, 1, second.standardError)
        XCTAssertTrue(second.standardError.contains("another client holds the root window's touch grab"), second.standardError)
        rig.system.process.terminate()
        rig.system.process.waitUntilExit()
        XCTAssertEqual(rig.system.process.terminationStatus, 0)
        // With the grab gone, an edge drag reaches the app whole.
        try drag(rig.touch, from: (3, 400), to: (200, 400))
        let got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 1 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 3, accuracy: 0.5)
    }

    func testTheTrailingEdgeSendsForwardWhenTurnedOnAndBackUnderRTL() throws {
        let rig = try rig(configuration: #"{"systemForward": true}"#)
        try drag(rig.touch, from: (1277, 400), to: (1000, 400))
        XCTAssertEqual(buttons(rig.client.waitFor { self.buttons($0).count == 1 }), [9], "forward: button 9")
        let log = try rig.system.waitFor("the forward") { !self.systemLines($0, "sent").isEmpty }
        XCTAssertEqual(systemLines(log, "accepted").first?.string("kind"), "forward")
        XCTAssertEqual(systemLines(log, "accepted").first?.string("edge"), "right")

        let rtl = try self.rig(arguments: ["--rtl"])
        try drag(rtl.touch, from: (1277, 400), to: (1000, 400))
        XCTAssertEqual(buttons(rtl.client.waitFor { self.buttons($0).count == 1 }), [8], "right to left: the right edge is back")
    }

    func testAnAppsOwnActionIsSent() throws {
        let rig = try rig(configuration: #"{"systemAppActions": ["touchclient=key:Alt+Left"]}"#)
        try drag(rig.touch, from: (3, 400), to: (250, 400))
        let got = rig.client.waitFor { $0.contains { if case .key = $0 { true } else { false } } }
        let keys = got.compactMap { if case .key(let code) = $0 { code } else { nil } }
        XCTAssertEqual(keys.count, 2, "Alt, then Left, pressed in the focused app: \(got)")
        XCTAssertTrue(buttons(got).isEmpty, "no button 8 for an app with its own action")
        let log = try rig.system.waitFor("the key") { !self.systemLines($0, "sent").isEmpty }
        XCTAssertEqual(systemLines(log, "sent").first?.string("action"), "key:Alt+Left")
    }

    func testExcludedAppsKeepTheirEdgeTouches() throws {
        let rig = try rig(configuration: #"{"systemExclude": ["TouchClient"]}"#)
        try drag(rig.touch, from: (3, 400), to: (250, 400))
        let got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 1 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 3, accuracy: 0.5)
        XCTAssertTrue(buttons(got).isEmpty)
        let log = try rig.system.waitFor("the reject") { !self.systemLines($0, "rejected").isEmpty }
        XCTAssertEqual(systemLines(log, "rejected").first?.string("reason"), "excluded")
    }

    func testThePageStyleSlidesTheAppOverADimmedBackdrop() throws {
        let rig = try rig(configuration: #"{"systemStyle": "page"}"#)
        try drag(rig.touch, from: (3, 400), to: (300, 400), steps: 10, interval: 16, lift: false)
        _ = try rig.system.waitFor("the accept") { !self.systemLines($0, "accepted").isEmpty }
        // Left of the page: the backdrop, the app's grey dimmed; on the page, the app's own grey.
        var backdrop = 255
        waitUntil {
            backdrop = rig.server.pixelsAt(x: 100, y: 400).first ?? 255
            return backdrop <= 230
        }
        XCTAssertLessThan(backdrop, 230, "the dimmed backdrop beside the page")
        XCTAssertEqual(rig.server.pixelsAt(x: 900, y: 400), [240, 240, 240], "the page itself")
        try rig.touch.end(1, x: 300, y: 400)
        let log = try rig.system.waitFor("the back") { !self.systemLines($0, "sent").isEmpty }
        XCTAssertEqual(systemLines(log, "committed").count, 1)
        XCTAssertEqual(rig.client.waitFor { self.buttons($0).count == 1 }.compactMap { if case .button(let b) = $0 { b } else { nil } }, [8])
        // The slide's window goes (the app drew nothing: the redraw timeout ends it).
        XCTAssertTrue(waitUntil { rig.server.pixelsAt(x: 100, y: 400) == [240, 240, 240] }, "the app shows again after the slide")
    }

    /// Under Xwayland (weston's headless session) no X client can take other apps' touches: one
    /// line that says so and what works instead, status 2.
    func testXwaylandRefusesWithOneLine() throws {
        let weston = try WestonSession()
        let result = try runCommand(try Paths.swipeback, ["system"], environment: ["DISPLAY": weston.displayName])
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("Xwayland"), result.standardError)
        XCTAssertTrue(result.standardError.contains("in-window swipe"), result.standardError)
    }

    /// SwipeBack's own window keeps its own swipe: the grab gives its edge touch back at once,
    /// and the demo pops its page by it.
    func testSwipeBacksOwnWindowKeepsItsSwipe() throws {
        let rig = try rig()
        let demo = try DemoProcess(executable: try Paths.swipeback, display: rig.server.displayName,
                                   arguments: ["--open", "home,message", "--window", "\(rig.server.width)x\(rig.server.height)"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        try drag(rig.touch, from: (3, 400), to: (600, 400))
        let log = try rig.system.waitFor("the reject") { !self.systemLines($0, "rejected").isEmpty }
        XCTAssertEqual(systemLines(log, "rejected").first?.string("reason"), "ownWindow")
        let demoLog = try demo.waitFor("the pop") { $0.contains { $0.string("type") == "stack" && $0.string("op") == "pop" } }
        XCTAssertEqual(demoLog.first { $0.string("phase") == "ended" }?.string("decision"), "commit")
        XCTAssertTrue(systemLines(rig.system.lines(), "sent").isEmpty, "no back sent: the demo's own swipe did it")
    }

    /// The watchdog on a real touchscreen: a grab loop stuck in a pass that has not decided a
    /// finger's down is reported as stalled about 1 s after; one that keeps up never is, and
    /// neither is one waiting idle in `poll` (the touch went to a client's pointer grab).
    func testTheWatchdogSeesAStalledGrabLoop() throws {
        let server = try XorgTouchServer()
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let stalls = Mutex<[Double]>([])
        // Stuck since it started: the raw begin's time is past anything it decided.
        let stuckSince = MonotonicClock.milliseconds()
        let stalled = try SystemWatchdog(displayName: server.displayName) { GrabProgress(decidedServerTime: 0, busySince: stuckSince) }
        stalled.start { length in stalls.withLock { $0.append(length) } }
        // A loop that keeps up: it has always decided the newest server time.
        let otherStalls = Mutex(0)
        let healthy = try SystemWatchdog(displayName: server.displayName) { GrabProgress(decidedServerTime: UInt32.max / 2) }
        healthy.start { _ in otherStalls.withLock { $0 += 1 } }
        let idle = try SystemWatchdog(displayName: server.displayName) { GrabProgress(decidedServerTime: 0, busySince: nil) }
        idle.start { _ in otherStalls.withLock { $0 += 1 } }
        let down = MonotonicClock.milliseconds()
        try touch.play(TouchStep.tap(1, x: 640, y: 400, holding: 0))
        waitUntil { !stalls.withLock { $0.isEmpty } }
        let reportedAt = MonotonicClock.milliseconds()
        let reported = stalls.withLock { $0 }
        XCTAssertEqual(reported.count, 1)
        XCTAssertEqual(reportedAt - down, SystemWatchdog.stallLimitMilliseconds, accuracy: 300, "a finger waited the limit")
        XCTAssertGreaterThanOrEqual(reported.first ?? 0, reportedAt - down - 50, "the stall's length is the stuck pass's")
        sleepMilliseconds(300) // nothing to wait for: the idle watchdog must not report in this time
        XCTAssertEqual(otherStalls.withLock { $0 }, 0)
        withExtendedLifetime((stalled, healthy, idle, server)) {}
    }

    /// The stall rule with times given: a stall is a finger waiting while the loop is stuck in one
    /// pass for the limit, never an idle loop, never a loop that has decided past the finger, and
    /// the limit counts from the later of the down and the pass's start.
    func testTheStallRule() {
        var rule = StallRule(limitMilliseconds: 1000)
        XCTAssertNil(rule.nextCheck(GrabProgress()), "no finger: no wake-ups")
        rule.fingerDown(serverTime: 5000, seenMilliseconds: 100)
        // A pass began at 600, after the down: the limit counts from there.
        let stuck = GrabProgress(decidedServerTime: 4999, busySince: 600)
        XCTAssertNil(rule.check(stuck, nowMilliseconds: 1200))
        XCTAssertEqual(rule.nextCheck(stuck), 1600)
        XCTAssertEqual(rule.check(stuck, nowMilliseconds: 1600), 1000)
        XCTAssertTrue(rule.waiting.isEmpty, "reported once")
        // Decided at the down's time (or later, across the 32-bit wrap): reached.
        rule.fingerDown(serverTime: UInt32.max - 10, seenMilliseconds: 2000)
        XCTAssertNil(rule.check(GrabProgress(decidedServerTime: 20, busySince: 0), nowMilliseconds: 5000))
        XCTAssertTrue(rule.waiting.isEmpty)
        // Idle in poll: never a stall, and the finger is forgotten after the limit.
        rule.fingerDown(serverTime: 9000, seenMilliseconds: 6000)
        XCTAssertNil(rule.check(GrabProgress(decidedServerTime: 0), nowMilliseconds: 7500))
        XCTAssertTrue(rule.waiting.isEmpty)
    }

    /// The X server killed under it: status 1 and one line, within a second or two, no hang.
    func testLosingTheXServerExitsWithOneLine() throws {
        let server = try XorgTouchServer()
        let system = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: [], command: ["system"],
                                     logFrames: false)
        try system.waitFor("the grab") { $0.contains { $0.string("event") == "started" } }
        kill(server.process.processIdentifier, SIGKILL)
        let killed = Date()
        waitUntil(every: 10) { !system.process.isRunning }
        guard !system.process.isRunning else { return XCTFail("swipeback system kept running after its X server died") }
        XCTAssertLessThan(Date().timeIntervalSince(killed), 2)
        XCTAssertEqual(system.process.terminationStatus, 1)
        let error = system.standardError()
        XCTAssertEqual(error.filter { $0 == "\n" }.count, 1, error)
        XCTAssertTrue(error.hasPrefix("swipeback: lost the connection to the X server"), error)
    }

    /// A bad configuration is one line naming the file and the key, status 2, before any display.
    func testABadConfigurationIsOneLineBeforeAnyDisplay() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-system-bad-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (text, expected) in [(#"{"systemAppActions": ["Firefox=button:8", "x"]}"#, #"config: "systemAppActions"[1] is "x""#),
                                 (#"{"systemBackAction": "click"}"#, #"config: "systemBackAction" is "click""#),
                                 (#"{"systemStyle": "blink"}"#, #""systemStyle" is "blink"; expected one of: arrow, page"#),
                                 (#"{"systemEdgeWidth": 0}"#, #""systemEdgeWidth" is 0, outside 1...30 mm"#),
                                 (#"{"systemAppActions": ["Evince=key:ctrl+Lfet"]}"#,
                                  #"config: "systemAppActions"[0] is "Evince=key:ctrl+Lfet"; expected modifiers (Ctrl, Alt, Shift, Super) and one X key name joined by +, with a key X knows by name ("Lfet" is not one)"#),
                                 (#"{"systemForwardAction": "key:Alt+Right", "systemBackAction": "key:XF86Bcak"}"#,
                                  #"config: "systemBackAction" is "key:XF86Bcak"; expected"#)] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try runCommand(try Paths.swipeback, ["system", "--config", path], environment: ["DISPLAY": ":65000"])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.hasPrefix("swipeback: \(path): "), result.standardError)
            XCTAssertTrue(result.standardError.contains(expected), result.standardError)
        }
    }

    /// `swipeback input`'s reader refuses what its virtual keyboard and mouse cannot send (and a
    /// command, which would run as root) in one line naming the file and the key, status 2,
    /// before it opens a device.
    func testInputsBadConfigurationIsOneLineBeforeAnyDevice() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-input-bad-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (text, expected) in [(#"{"inputBackAction": "command:reboot"}"#,
                                  #"config: "inputBackAction" is "command:reboot"; expected key:CHORD, button:N or none: swipeback input refuses a command"#),
                                 (#"{"inputForwardAction": "button:5"}"#, #"config: "inputForwardAction" is "button:5"; expected a button the virtual mouse has"#),
                                 (#"{"inputBackAction": "key:Alt+XF86Bcak"}"#, #"the virtual keyboard has ("XF86Bcak" is not one)"#),
                                 (#"{"inputBackAction": "key"}"#, #"config: "inputBackAction" is "key"; expected key:CHORD, button:N or none (swipeback input runs no command"#),
                                 (#"{"inputForwardAction": "key:alt+XF86Bcak"}"#, #"config: "inputForwardAction" is "key:alt+XF86Bcak"; expected"#),
                                 (#"{"inputRotation": 45}"#, #"config: "inputRotation" is 45; expected 0, 90, 180 or 270"#)] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try runCommand(try Paths.swipeback, ["input", "--config", path], environment: [:])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.hasPrefix("swipeback: \(path): "), result.standardError)
            XCTAssertTrue(result.standardError.contains(expected), result.standardError)
        }
    }

    /// A finger held still at the edge goes to the app after the decision timeout (200 ms), from
    /// its first point (the bounds allow for a loaded machine: never sooner, and within 1 s).
    func testAFingerHeldStillAtTheEdgeReachesTheAppAfterTheTimeout() throws {
        let rig = try rig()
        let start = Date()
        try rig.touch.begin(1, x: 5, y: 400)
        XCTAssertTrue(rig.client.readUntil { !self.touches($0, type: XI_TouchBegin).isEmpty }, "the held touch reaches the app")
        let waited = Date().timeIntervalSince(start) * 1000
        XCTAssertGreaterThanOrEqual(waited, 190, "held for the decision timeout first")
        XCTAssertLessThan(waited, 1000)
        XCTAssertEqual(touches(rig.client.received, type: XI_TouchBegin).first?.x ?? 0, 5, accuracy: 0.5)
        try rig.touch.end(1, x: 5, y: 400)
        let log = try rig.system.waitFor("the timeout") { !self.systemLines($0, "rejected").isEmpty }
        XCTAssertEqual(systemLines(log, "rejected").first?.string("reason"), "timeout")
    }

    /// SIGTERM mid-swipe: status 0, and the next tap reaches the app.
    func testSigtermMidSwipeEndsWithZeroAndTheNextTapWorks() throws {
        let rig = try rig()
        try drag(rig.touch, from: (3, 400), to: (100, 400), steps: 6, lift: false)
        _ = try rig.system.waitFor("the accept") { !self.systemLines($0, "accepted").isEmpty }
        rig.system.process.terminate()
        rig.system.process.waitUntilExit()
        XCTAssertEqual(rig.system.process.terminationStatus, 0)
        try rig.touch.end(1, x: 100, y: 400)
        rig.client.reset()
        try rig.touch.play(TouchStep.tap(2, x: 600, y: 300, holding: 0))
        let got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 1 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).first?.x ?? 0, 600, accuracy: 0.5, "the next tap reaches the app")
    }

    /// SIGTERM in the page style, idle and with an excluded app under it: status 0 and nothing on
    /// standard error (the feedback's window once outlived its display: a crash at exit).
    func testSigtermEndsCleanlyInBothStyles() throws {
        for configuration in [#"{"systemStyle": "page"}"#, #"{"systemExclude": ["TouchClient"]}"#] {
            let rig = try rig(configuration: configuration)
            try drag(rig.touch, from: (3, 400), to: (200, 400))
            _ = try rig.system.waitFor("a decision") { !self.systemLines($0, "rejected").isEmpty || !self.systemLines($0, "accepted").isEmpty }
            rig.system.process.terminate()
            rig.system.process.waitUntilExit()
            XCTAssertEqual(rig.system.process.terminationStatus, 0, configuration)
            XCTAssertEqual(rig.system.standardError(), "", configuration)
        }
    }

    /// Taps whose down and up come at once (no wait between): each reaches the app, and touch
    /// keeps working after them.
    func testTapsWithNoTimeBetweenDownAndUpAllReachTheApp() throws {
        let rig = try rig()
        for i in 0..<30 {
            let id = UInt32(i % 4 + 1)
            try rig.touch.begin(id, x: 640, y: 400)
            try rig.touch.end(id, x: 640, y: 400)
        }
        let got = rig.client.waitFor { self.touches($0, type: XI_TouchEnd).count == 30 }
        XCTAssertEqual(touches(got, type: XI_TouchBegin).count, 30)
        XCTAssertEqual(touches(got, type: XI_TouchEnd).count, 30)
    }

    /// The event log after two starts on one file: mode 0600, both runs' lines (appended, not
    /// truncated), no position for a touch outside the strips; and a log at its size limit moves to
    /// `FILE.1` and starts again.
    func testTheEventLogIsPrivateAppendedAndRotated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-syslog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("system.jsonl").path
        let server = try XorgTouchServer()
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let client = try TouchClient(displayName: server.displayName)
        for run in 1...2 {
            let system = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: [], command: ["system"],
                                         logFrames: false, logPath: path)
            try system.waitFor("start \(run)") { $0.filter { $0.string("event") == "started" }.count == run }
            try touch.play(TouchStep.tap(UInt32(run), x: 640, y: 400, holding: 0))
            try touch.play(TouchStep.tap(UInt32(run), x: 5, y: 300, holding: 0))
            try system.waitFor("the two rejects of run \(run)") { $0.filter { $0.string("event") == "rejected" }.count == 2 * run }
            system.process.terminate()
            system.process.waitUntilExit()
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "the user's alone")
        let log = EventLogReader.linesSoFar(try String(contentsOfFile: path, encoding: .utf8))
        XCTAssertEqual(log.filter { $0.string("event") == "started" }.count, 2, "both runs")
        let outside = log.filter { $0.string("reason") == "outside" }
        XCTAssertEqual(outside.count, 2)
        XCTAssertTrue(outside.allSatisfy { $0.number("x") == nil && $0.number("y") == nil }, "no position outside the strip: \(outside)")
        let tap = log.filter { $0.string("reason") == "tap" }
        XCTAssertEqual(tap.first?.number("x") ?? 0, 5, accuracy: 0.5, "a touch in the strip keeps its point")

        // A log 100 bytes short of its limit: the next start moves it aside and begins a new one.
        let full = String(repeating: "#", count: (1 << 20) - 101) + "\n"
        try full.write(toFile: path, atomically: false, encoding: .utf8)
        let system = try DemoProcess(executable: try Paths.swipeback, display: server.displayName, arguments: [], command: ["system"],
                                     logFrames: false, logPath: path)
        try system.waitFor("the start") { $0.contains { $0.string("event") == "started" } }
        XCTAssertEqual(try String(contentsOfFile: path + ".1", encoding: .utf8), full, "the full log kept as FILE.1")
        XCTAssertEqual(EventLogReader.linesSoFar(try String(contentsOfFile: path, encoding: .utf8)).count, 1, "a new log")
        withExtendedLifetime((client, system)) {}
    }
}

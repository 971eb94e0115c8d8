// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore

/// The system swipe's gate and decision (`SystemSwipe`), on a 1280 x 800 monitor of 339 mm
/// (96 dpi: 3.78 px/mm, so the 6 mm strip is 22.7 px and 20 mm commit 75.6 px).
final class SystemSwipeTests: XCTestCase {
    let monitor = ScreenArea(x: 0, y: 0, width: 1280, height: 800, widthMillimetres: 1280 / (96 / 25.4), heightMillimetres: 800 / (96 / 25.4))
    var settings = SystemSwipeSettings(configuration: Configuration())

    private func begin(_ x: Double, _ y: Double = 400, at t: Double = 0, others: Int = 0,
                       areas: [ScreenArea]? = nil) -> Result<SystemSwipe, SystemRejectReasonError> {
        SystemSwipe.begin(at: Point(x: x, y: y), timeMilliseconds: t, areas: areas ?? [monitor], screen: monitor,
                          settings: settings, otherFingersDown: others)
    }

    private func swipe(_ x: Double = 5, _ y: Double = 400) throws -> SystemSwipe {
        try begin(x, y).get()
    }

    func testStripIsMillimetresWithAPixelMinimum() {
        XCTAssertEqual(SystemEdges.stripPixels(millimetres: 6, on: monitor), 6 * 96 / 25.4, accuracy: 0.01)
        XCTAssertEqual(SystemEdges.stripPixels(millimetres: 1, on: monitor), SystemEdges.minimumStripPixels)
        let dense = ScreenArea(x: 0, y: 0, width: 2560, height: 1600, widthMillimetres: 339, heightMillimetres: 212)
        XCTAssertEqual(SystemEdges.stripPixels(millimetres: 6, on: dense), 6 * 2560 / 339, accuracy: 0.01)
        // No physical size: 96 dpi.
        XCTAssertEqual(ScreenArea(x: 0, y: 0, width: 800, height: 600).pixelsPerMillimetre, 96 / 25.4, accuracy: 1e-9)
    }

    func testTouchesOutsideTheStripAreRejectedAtDown() {
        XCTAssertEqual(begin(640).failureReason, .outside)
        XCTAssertEqual(begin(23.5).failureReason, .outside)
        XCTAssertNil(begin(22).failureReason)
        XCTAssertNil(begin(0).failureReason)
    }

    func testTrailingEdgeIsForwardAndOffByDefault() throws {
        XCTAssertEqual(begin(1275).failureReason, .forwardOff)
        settings.configuration.systemForward = true
        let forward = try begin(1275).get()
        XCTAssertEqual(forward.edge, .right)
        XCTAssertEqual(forward.kind, .forward)
        settings.rightToLeft = true
        XCTAssertEqual(try begin(1275).get().kind, .back)
        XCTAssertEqual(try begin(3).get().kind, .forward)
    }

    func testOnlyOuterEdgesCount() {
        let left = ScreenArea(x: 0, y: 0, width: 1280, height: 800), right = ScreenArea(x: 1280, y: 0, width: 1280, height: 800)
        settings.configuration.systemForward = true
        XCTAssertEqual(begin(1275, areas: [left, right]).failureReason, .outside, "the seam between two monitors is no edge")
        XCTAssertEqual(begin(1283, areas: [left, right]).failureReason, .outside)
        XCTAssertEqual(try begin(2555, areas: [left, right]).get().edge, .right)
        XCTAssertEqual(try begin(2, areas: [left, right]).get().edge, .left)
        // A lower monitor beside a taller one: its left edge is outer below the other's bottom.
        let tall = ScreenArea(x: 0, y: 0, width: 1280, height: 800), short = ScreenArea(x: 1280, y: 0, width: 1280, height: 400)
        XCTAssertEqual(begin(1275, 600, areas: [tall, short]).map(\.edge).successValue, .right)
    }

    func testASecondFingerRejects() throws {
        XCTAssertEqual(begin(5, others: 1).failureReason, .secondFinger)
        var s = try swipe()
        XCTAssertEqual(s.otherFingerDown(), .reject(.secondFinger))
        var accepted = try swipe()
        XCTAssertEqual(accepted.move(to: Point(x: 30, y: 402), at: 20), .accept)
        XCTAssertNil(accepted.otherFingerDown(), "once accepted, a new finger is its own touch")
    }

    func testInwardPastTwoSlopsMostlyHorizontalAccepts() throws {
        var s = try swipe()
        XCTAssertNil(s.move(to: Point(x: 15, y: 403), at: 10), "10 px is under the 16 px accept distance")
        XCTAssertEqual(s.move(to: Point(x: 21, y: 405), at: 20), .accept)
        XCTAssertEqual(s.verdict, .accept)
        XCTAssertNil(s.move(to: Point(x: 21, y: 500), at: 30), "decided once")
    }

    func testVerticalOutwardAndTimeoutReject() throws {
        var vertical = try swipe()
        XCTAssertNil(vertical.move(to: Point(x: 8, y: 410), at: 10))
        XCTAssertEqual(vertical.move(to: Point(x: 10, y: 413), at: 20), .reject(.vertical))
        var outward = try swipe(12)
        XCTAssertEqual(outward.move(to: Point(x: 3, y: 400), at: 10), .reject(.outward))
        var held = try swipe()
        XCTAssertNil(held.expire(at: 199))
        XCTAssertEqual(held.expire(at: 200), .reject(.timeout))
        var late = try swipe()
        XCTAssertEqual(late.move(to: Point(x: 40, y: 400), at: 250), .reject(.timeout), "a move after the deadline does not accept")
    }

    func testAnUndecidedEndIsATap() throws {
        var s = try swipe()
        XCTAssertEqual(s.end(at: 80).verdict, .reject(.tap))
        XCTAssertNil(s.end(at: 80).release)
    }

    func testFastSwipeCommitsSlowShortOneCancels() throws {
        var fast = try swipe()
        for i in 1...10 { _ = fast.move(to: Point(x: 5 + Double(i) * 12, y: 400), at: Double(i) * 8) }
        let fastRelease = try XCTUnwrap(fast.end(at: 80).release)
        XCTAssertEqual(fastRelease.decision, .commit)
        XCTAssertEqual(fastRelease.distancePixels, 120, accuracy: 1e-9)
        XCTAssertGreaterThan(fastRelease.velocityPixelsPerSecond ?? 0, 1280, "flung faster than one width per second")

        var slow = try swipe()
        for i in 1...20 { _ = slow.move(to: Point(x: 5 + Double(i) * 2.5, y: 400), at: Double(i) * 25) }
        let slowRelease = try XCTUnwrap(slow.end(at: 600).release)
        XCTAssertEqual(slowRelease.distancePixels, 50, accuracy: 1e-9)
        XCTAssertEqual(slowRelease.decision, .cancel, "50 px is under the 20 mm (75.6 px) commit distance")
        XCTAssertEqual(slowRelease.commitDistancePixels, 20 * 96 / 25.4, accuracy: 1e-9)
    }

    func testSlowReleasePastTheCommitDistanceCommitsUnlessItRetreated() throws {
        var far = try swipe()
        for i in 1...40 { _ = far.move(to: Point(x: 5 + Double(i) * 2.5, y: 400), at: Double(i) * 25) }
        XCTAssertEqual(far.end(at: 1100).release?.decision, .commit)
        var back = try swipe()
        for i in 1...40 { _ = back.move(to: Point(x: 5 + Double(i) * 2.5, y: 400), at: Double(i) * 25) }
        for i in 1...10 { _ = back.move(to: Point(x: 105 - Double(i) * 2, y: 400), at: 1000 + Double(i) * 25) }
        XCTAssertTrue(back.hasRetreated)
        XCTAssertEqual(back.end(at: 1300).release?.decision, .cancel, "85 px inward but 20 px back toward the edge")
    }
}

private extension Result where Failure == SystemRejectReasonError {
    var failureReason: SystemRejectReason? { if case .failure(let e) = self { e.reason } else { nil } }
    var successValue: Success? { try? get() }
}

final class SystemActionTests: XCTestCase {
    /// A chord as written.
    private func key(_ text: String) -> SystemAction { .key(KeyChord(text)!) }

    func testActionsReadAndWrite() {
        XCTAssertEqual(SystemAction("button:8"), .button(8))
        XCTAssertEqual(SystemAction("key:Alt+Left"), key("Alt+Left"))
        XCTAssertEqual(SystemAction("key:shift+alt+left")?.description, "key:Alt+Shift+left", "modifiers in the written order")
        XCTAssertEqual(SystemAction("command:xdotool key alt+Left"), .command("xdotool key alt+Left"))
        XCTAssertEqual(SystemAction("none"), SystemAction.none)
        for bad in ["button:0", "button:256", "button:x", "button:+8", "button:08", "button:", "key:", "key:Alt+", "key:Hyper+Q", "key:Alt Left", "command:  ", "click", ""] {
            XCTAssertNil(SystemAction(bad), bad)
        }
        XCTAssertEqual(SystemAction.button(9).description, "button:9")
        XCTAssertEqual(key("Alt+Left").forwardTwin, key("Alt+Right"))
        XCTAssertEqual(key("XF86Back").forwardTwin, key("XF86Forward"))
    }

    func testAppTableOrder() {
        var configuration = Configuration()
        XCTAssertEqual(SystemAction.action(for: .back, classNames: ["navigator", "firefox-esr"], configuration: configuration), .button(8))
        XCTAssertEqual(SystemAction.action(for: .forward, classNames: ["chromium", "Chromium"], configuration: configuration), .button(9))
        XCTAssertEqual(SystemAction.action(for: .back, classNames: ["emacs", "Emacs"], configuration: configuration), SystemAction.none)
        configuration.systemAppActions = ["chromium=key:XF86Back", "EMACS=key:Alt+Left|none"].compactMap(SystemAppAction.init)
        XCTAssertEqual(configuration.systemAppActions.count, 2)
        XCTAssertEqual(SystemAction.action(for: .back, classNames: ["chromium", "Chromium"], configuration: configuration), key("XF86Back"))
        XCTAssertEqual(SystemAction.action(for: .forward, classNames: ["chromium"], configuration: configuration), key("XF86Forward"))
        XCTAssertEqual(SystemAction.action(for: .back, classNames: ["emacs"], configuration: configuration), key("Alt+Left"))
        XCTAssertEqual(SystemAction.action(for: .forward, classNames: ["emacs"], configuration: configuration), SystemAction.none)
        XCTAssertTrue(SystemAction.isExcluded(classNames: ["xterm", "XTerm"], configuration: configuration))
        XCTAssertFalse(SystemAction.isExcluded(classNames: ["chromium"], configuration: configuration))
    }

    /// An app entry reads once into its two actions and writes back as an entry that reads the same.
    func testAppEntriesReadAndWriteBack() {
        for text in ["Firefox=button:8", "Code=key:Ctrl+Alt+minus|key:Ctrl+Shift+minus", "Evince=command:echo a=b|c", "Gimp=none|none"] {
            let entry = SystemAppAction(text)
            XCTAssertNotNil(entry, text)
            XCTAssertEqual(entry.flatMap { SystemAppAction($0.description) }, entry, text)
        }
        XCTAssertEqual(SystemAppAction("Firefox=button:8")?.forward, .button(9), "the back's twin")
        XCTAssertEqual(SystemAppAction("Evince=command:echo a=b|c")?.back, .command("echo a=b|c"), "a command keeps its pipe")
        for bad in ["nothing", "=none", "X=key:Alt+Left|key:Alt+Right|none", "X=click", "X=button:8|click"] { XCTAssertNil(SystemAppAction(bad), bad) }
    }

    /// The keys' checks, which the reader asks of every value: they name the entry and what was expected.
    func testTheKeysChecksNameTheEntryAndTheForms() throws {
        func problem(_ name: String, _ value: Configuration.Value) throws -> ValueProblem? {
            try XCTUnwrap(Configuration.keys.first { $0.name == name }).problem(with: value)
        }
        XCTAssertNil(try problem("systemBackAction", .string("key:Alt+Left")))
        XCTAssertNil(try problem("systemBackAction", .string(nil)), "null is none")
        XCTAssertEqual(try problem("systemBackAction", .string("click")), ValueProblem(text: "click", expected: SystemAction.forms))
        XCTAssertEqual(try problem("inputForwardAction", .string("key:")), ValueProblem(text: "key:", expected: SystemAction.deviceForms))
        XCTAssertEqual(try problem("systemAppActions", .strings(["Firefox=button:8", "nothing", "=none"])),
                       ValueProblem(index: 1, text: "nothing", expected: SystemAppAction.syntax))
        XCTAssertEqual(try problem("kioskExitChord", .string("Ctrl++Q"))?.text, "Ctrl++Q")
        XCTAssertNil(try problem("kioskExitChord", .string(nil)))
        XCTAssertEqual(try problem("inputRotation", .number(45)), ValueProblem(text: "45", expected: "0, 90, 180 or 270"))
        XCTAssertNil(try problem("inputRotation", .number(270)))
        var configuration = Configuration()
        XCTAssertTrue(configuration.set("systemAppActions", to: .strings(["Firefox=key:alt+Left"])))
        XCTAssertEqual(configuration.value(of: "systemAppActions"), .strings(["Firefox=key:Alt+Left|key:Alt+Right"]))
        XCTAssertTrue(configuration.set("kioskExitChord", to: .string("ctrl+alt+q")))
        XCTAssertEqual(configuration.kioskExitChord?.description, "Ctrl+Alt+Q")
        XCTAssertTrue(configuration.set("kioskExitChord", to: .string(nil)))
        XCTAssertNil(configuration.kioskExitChord)
    }
}

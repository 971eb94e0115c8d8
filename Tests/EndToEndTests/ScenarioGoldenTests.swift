// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackCore
import XCTest
import SwipeBackFormats

/// Every scenario in `Tests/Fixtures/scenarios/engine` replayed by `swipeback replay` gives exactly
/// its checked-in event log (`NAME.log.jsonl`). Each log was read line by line against DESIGN.md's
/// contracts when it was recorded. Set `SWIPEBACK_RECORD=1` to write the logs anew (then read the
/// diff before committing it).
final class ScenarioGoldenTests: XCTestCase {
    private let folder = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios/engine")
    private var recording: Bool { ProcessInfo.processInfo.environment["SWIPEBACK_RECORD"] == "1" }

    func testEveryEngineScenarioReplaysToItsLog() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".log.jsonl") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20)
        for name in names {
            let scenario = folder.appendingPathComponent(name).path
            let expectedPath = folder.appendingPathComponent(name.replacingOccurrences(of: ".jsonl", with: ".log.jsonl")).path
            let result = try runCommand(try Paths.swipeback, ["replay", scenario])
            XCTAssertEqual(result.status, 0, "\(name): \(result.standardError)")
            if recording {
                try result.standardOutput.write(toFile: expectedPath, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
            if result.standardOutput != expected {
                let got = result.standardOutput.split(separator: "\n"), want = expected.split(separator: "\n")
                let first = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
                XCTFail("\(name): log differs at line \(first + 1)\n  got:  \(first < got.count ? String(got[first]) : "(end)")\n  want: \(first < want.count ? String(want[first]) : "(end)")")
            }
        }
    }

    /// Facts the logs must show, checked on the logs themselves so a careless re-record cannot lose them.
    func testTheLogsShowTheContracts() throws {
        func log(_ name: String) throws -> [EventLogLine] {
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".log.jsonl"), encoding: .utf8)
            return try EventLogReader.lines(text, file: name)
        }
        func types(_ lines: [EventLogLine]) -> Set<String> { Set(lines.compactMap { $0.string("type") }) }
        func decision(_ lines: [EventLogLine]) -> String? {
            lines.first { $0.string("phase") == "ended" }?.string("decision")
        }
        func final(_ lines: [EventLogLine]) -> [String: [String]] { lines.last!["stacks"]!.objectValue!.compactMapValues(\.stringsValue) }

        for refusal in ["refuse-root", "refuse-disabled", "refuse-off-edge", "refuse-vertical-first", "refuse-wrong-direction"] {
            XCTAssertEqual(types(try log(refusal)), ["lifecycle", "final"], refusal)
        }
        XCTAssertEqual(types(try log("refuse-vetoed")), ["lifecycle", "veto", "final"])
        XCTAssertFalse(types(try log("refuse-during-push")).contains("gesture"))
        XCTAssertEqual(decision(try log("commit-distance")), "commit")
        XCTAssertEqual(decision(try log("commit-fast-flick")), "commit")
        XCTAssertEqual(decision(try log("cancel-reverse-flick")), "cancel")
        XCTAssertEqual(decision(try log("release-at-zero")), "cancel")
        XCTAssertEqual(decision(try log("release-at-one")), "commit")
        let beyond = try log("release-beyond-window")
        XCTAssertEqual(beyond.first { $0.string("phase") == "ended" }?.number("progress"), 1)
        let second = try log("second-finger")
        XCTAssertFalse(types(second).contains("action"), "the second finger's tap is not delivered")
        XCTAssertEqual(second.filter { $0.string("type") == "stack" }.count, 1)
        let cancelled = try log("system-cancel")
        XCTAssertTrue(cancelled.contains { $0.string("phase") == "cancelled" })
        XCTAssertFalse(cancelled.contains { $0.string("phase") == "ended" }, "the stray release is ignored")
        XCTAssertEqual(final(cancelled), ["main": ["A", "B"]])
        XCTAssertEqual(final(try log("settle-taps-and-pushes")), ["main": ["A", "B", "D"]])
        XCTAssertEqual(final(try log("per-page-disable")), ["main": ["A"]])
        let two = try log("two-stacks")
        XCTAssertEqual(final(two), ["left": ["A"], "right": ["C"]])
        for line in two where line.string("type") == "gesture" {
            XCTAssertEqual(line.string("stack"), line.t! < 1000 ? "right" : "left")
        }
        for line in try log("duplicate-timestamps-and-spikes") {
            if let v = line.number("velocity") { XCTAssertLessThanOrEqual(abs(v), 8000) }
        }
        XCTAssertEqual(decision(try log("rtl-commit")), "commit")
        XCTAssertEqual(types(try log("slider-claims-the-edge")), ["lifecycle", "control", "final"])
        // Back keys and buttons pop like the back button, never during a transition or swipe, never below the root.
        let back = try log("back-commands").filter { $0.string("type") == "back" }
        XCTAssertEqual(back.map { $0.string("result") }, ["handled", "ignored", "handled", "ignored", "ignored", "ignored", "ignored"])
        XCTAssertEqual(try log("back-commands").filter { $0.string("type") == "stack" }.map { $0.string("page") }, ["D", "C", "B"])
        // The content swipe: mid-page drags toward popping pop; a slider, a carousel that can move that
        // way, and vertical-first drags keep theirs.
        let content = try log("content-swipe")
        XCTAssertEqual(content.filter { $0.string("type") == "gesture" && $0.string("phase") == "ended" }
                        .compactMap { $0.string("decision") }, ["commit", "cancel", "commit"])
        XCTAssertEqual(content.filter { $0.string("type") == "control" && $0.string("element") == "photos" }
                        .compactMap { $0.number("value") }, [1, 0])
        // Right to left: the left edge does nothing, the right edge pops; a direction change in the
        // middle of a swipe leaves it as it began, and the next swipe takes the new direction.
        let rtl = try log("rtl-both-edges-and-direction-change")
        XCTAssertEqual(rtl.filter { $0.string("type") == "stack" }.compactMap { $0.string("page") }, ["D", "C", "B"])
        XCTAssertEqual(rtl.filter { $0.string("type") == "gesture" && $0.string("phase") == "began" }.count, 3)
        // Touchpad: two-finger runs ended by a zero delta or by the end timeout, a run the wrong way,
        // a vertical run for the content, a 3-finger gesture, and a gesture the driver cancelled.
        let touchpad = try log("touchpad")
        XCTAssertEqual(touchpad.filter { $0.string("type") == "gesture" && ["ended", "cancelled"].contains($0.string("phase")) }
                        .map { ($0.string("decision")) ?? "cancelled" }, ["commit", "cancel", "commit", "commit", "cancelled"])
        XCTAssertEqual(touchpad.last?["stacks"]?.objectValue?.compactMapValues(\.stringsValue), ["main": ["A", "B", "C"]])
        // A settle is interrupted by a horizontal drag on the moving page: began again where the page
        // is, with no new lifecycle or transition lines; a tap and a vertical-first drag do nothing.
        let regrab = try log("regrab-during-settle")
        let phases = regrab.filter { $0.string("type") == "gesture" }.compactMap { $0.string("phase") }
        XCTAssertEqual(phases.filter { $0 == "began" }.count, 3)
        XCTAssertEqual(phases.filter { $0 == "ended" }.count, 3)
        XCTAssertEqual(regrab.filter { $0.string("type") == "lifecycle" }.count, 6, "2 at start, 2 as the swipe began, 2 at the end")
        XCTAssertEqual(regrab.filter { $0.string("type") == "transition" }.count, 2, "one transition from the first began to the pop")
        XCTAssertEqual(try log("back-commands-and-touchpad").filter { $0.string("type") == "back" }.count, 3)
    }

    /// The feels: a slow release decided differently by two of them, a fast flick the same by all six.
    func testTheFeelLogsShowTheirDecisions() throws {
        func decision(_ name: String) throws -> String? {
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".log.jsonl"), encoding: .utf8)
            return try EventLogReader.lines(text, file: name)
                .first { $0.string("phase") == "ended" }?.string("decision")
        }
        XCTAssertEqual(try decision("feel-slow-release-uikit"), "cancel", "0.3 of the width, at rest: under half")
        XCTAssertEqual(try decision("feel-slow-release-android"), "commit", "Android arms after 16 dp")
        for feel in Feel.allCases { XCTAssertEqual(try decision("feel-fast-flick-\(feel.rawValue)"), "commit", feel.rawValue) }
    }

    /// Forward and the history menu (issue "Forward and history"), checked on the logs themselves.
    func testTheForwardAndHistoryLogsShowTheirContracts() throws {
        func log(_ name: String) throws -> [EventLogLine] {
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".log.jsonl"), encoding: .utf8)
            return try EventLogReader.lines(text, file: name)
        }
        func lines(_ log: [EventLogLine], _ type: String) -> [EventLogLine] { log.filter { $0.string("type") == type } }
        func results(_ log: [EventLogLine]) -> [String] { lines(log, "forward").compactMap { $0.string("result") } }
        func pushes(_ log: [EventLogLine]) -> [String] {
            lines(log, "stack").filter { $0.string("op") == "push" }
                .map { "\($0.string("page") ?? "")\($0.bool("forward") == true ? " forward" : "")" }
        }
        func final(_ lines: [EventLogLine]) -> [String] { (lines.last!["stacks"]!.objectValue!.compactMapValues(\.stringsValue))["main"]! }

        // Forward after a pop of every kind (back key, back button, swipe, system back button, app
        // code); ignored with an empty list and during a transition.
        let keys = try log("forward-keys-and-buttons")
        XCTAssertEqual(results(keys), ["ignored", "ignored", "handled", "handled", "handled", "handled", "handled"])
        XCTAssertEqual(lines(keys, "forward").compactMap { $0.string("source") }, ["key", "key", "key", "button", "key", "button", "key"])
        XCTAssertEqual(pushes(keys), Array(repeating: "D forward", count: 5))
        XCTAssertEqual(lines(keys, "stack").filter { $0.string("op") == "pop" }.count, 5)
        XCTAssertEqual(final(keys), ["A", "B", "C", "D"])
        // Another push clears the list; a pop after it fills it again.
        let cleared = try log("forward-cleared-by-push")
        XCTAssertEqual(results(cleared), ["ignored", "ignored", "handled"])
        XCTAssertEqual(pushes(cleared), ["D", "D forward"])
        // popToRoot puts every page it removes in the list, nearest first; the bound keeps the nearest.
        XCTAssertEqual(pushes(try log("forward-after-pop-to-root")), ["B forward", "C forward"])
        let bound = try log("forward-history-bound")
        XCTAssertEqual(results(bound), ["handled", "handled", "ignored"])
        XCTAssertEqual(final(bound), ["A", "B", "C"])
        // The forward swipe, both directions: committed (a forward push), then cancelled (the page
        // goes back to the list: a key brings it after); its gesture lines say so.
        for name in ["forward-swipe-ltr", "forward-swipe-rtl"] {
            let swipe = try log(name)
            let gestures = lines(swipe, "gesture")
            XCTAssertFalse(gestures.isEmpty, name)
            XCTAssertTrue(gestures.allSatisfy { $0.string("kind") == "forward" && $0.string("page") == "C" }, name)
            XCTAssertEqual(gestures.compactMap { $0.string("decision") }, ["commit", "cancel"], name)
            XCTAssertEqual(lines(swipe, "transition").filter { $0.string("kind") == "interactiveForward" }.compactMap { $0.bool("completed") },
                           [true, false], name)
            XCTAssertEqual(lines(swipe, "forward").compactMap { $0.string("source") }, ["swipe", "swipe", "key"], name)
            XCTAssertEqual(pushes(swipe), ["C forward", "C forward"], name)
        }
        XCTAssertTrue(lines(try log("forward-swipe-off"), "gesture").isEmpty, "forwardSwipe off: the trailing edge does nothing")
        // The page under the finger's veto and switch apply to the forward swipe; a second finger changes nothing.
        let guarded = try log("forward-swipe-veto-switch-second-finger")
        XCTAssertEqual(lines(guarded, "veto").compactMap { $0.bool("result") }, [false, true])
        XCTAssertEqual(lines(guarded, "gesture").filter { $0.string("phase") == "began" }.count, 1, "only the third drag swipes")
        XCTAssertTrue(lines(guarded, "gesture").allSatisfy { $0.string("kind") == "forward" }, "the second finger started no back swipe")
        XCTAssertEqual(pushes(guarded), ["C forward"])
        // A long press opens the menu at down + historyMenuDelay; its release taps nothing; a row
        // pops to its page in one animation with popToViewController's lifecycle.
        let long = try log("history-menu-long-press")
        let menus = lines(long, "menu")
        XCTAssertEqual(menus.first?.number("t"), 500)
        XCTAssertEqual(menus.first?.strings("items"), ["C", "B", "A"])
        XCTAssertTrue(menus.last?.string("chosen") == "B")
        XCTAssertTrue(lines(long, "action").isEmpty, "the long press's release does not tap the back button")
        let popTo = try XCTUnwrap(lines(long, "stack").first)
        XCTAssertEqual(popTo.string("op"), "popTo")
        XCTAssertEqual(popTo.string("page"), "B")
        XCTAssertEqual(popTo.strings("pages"), ["A", "B"])
        let chosenAt = menus.last!.t!, poppedAt = popTo.t!
        let lifecycle = lines(long, "lifecycle").filter { $0.t! >= chosenAt && $0.t! <= poppedAt }
        XCTAssertEqual(lifecycle.map { "\($0.string("page")!) \($0.string("phase")!)" }, ["D willDisappear", "B willAppear", "D didDisappear", "B didAppear"])
        XCTAssertEqual(lines(long, "transition").count, 2 * 3, "one pop, then two forward pushes")
        XCTAssertEqual(pushes(long), ["C forward", "D forward"], "the pages between went to the forward list, nearest first")
        // A short press taps the back button; a press that slides off opens nothing and taps nothing.
        let shortPress = try log("history-menu-short-press")
        XCTAssertTrue(lines(shortPress, "menu").isEmpty)
        XCTAssertEqual(lines(shortPress, "action").count, 1)
        // A right-click opens it; Escape (with no pop), a tap outside, a back key and a swipe close it.
        let right = try log("history-menu-right-click")
        XCTAssertEqual(lines(right, "menu").compactMap { $0.string("phase") }, Array(repeating: ["opened", "closed"], count: 4).flatMap { $0 })
        XCTAssertTrue(lines(right, "menu").allSatisfy { $0.string("phase") == "opened" || $0["chosen"] == .null })
        XCTAssertEqual(lines(right, "back").count, 1, "Escape closed the menu and did not pop")
        XCTAssertTrue(lines(right, "action").isEmpty, "the tap outside the menu tapped nothing beneath")
        XCTAssertEqual(final(right), ["A", "B"])
        // A long press still held after the last line opens the menu: the clock runs on for its timer.
        XCTAssertEqual(lines(try log("history-menu-held-at-end"), "menu").first?.number("t"), 500)
        // No menu on a stack too short for a row; a drag outside the menu closes it and goes on (the
        // slider moves); losing focus closes it.
        let short = try log("history-menu-short-stack-drag-and-focus")
        XCTAssertEqual(lines(short, "menu").map { "\(Int($0.t!)) \($0.string("stack")!) \($0.string("phase")!)" },
                       ["100 main opened", "316 main closed", "500 main opened", "600 main closed"])
        XCTAssertEqual(lines(short, "control").count, 1)
    }
}

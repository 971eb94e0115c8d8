// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

final class TunerTests: XCTestCase {
    func testTheDecisionIsExplainedInWords() {
        let c = Configuration()
        XCTAssertEqual(PopDecision.explain(progress: 0.2, velocityPixelsPerSecond: 1450, widthPixels: 800, configuration: c),
                       "velocity 1450 px/s >= fling 800 px/s: commit")
        XCTAssertEqual(PopDecision.explain(progress: 0.7, velocityPixelsPerSecond: -900, widthPixels: 800, configuration: c),
                       "velocity -900 px/s <= -fling -800 px/s: cancel")
        XCTAssertEqual(PopDecision.explain(progress: 0.62, velocityPixelsPerSecond: 300, widthPixels: 800, configuration: c),
                       "|velocity| 300 px/s < fling 800 px/s, progress 62 % >= 50 %: commit")
        XCTAssertEqual(PopDecision.explain(progress: 0.3, velocityPixelsPerSecond: nil, widthPixels: 800, configuration: c),
                       "no velocity, progress 30 % < 50 %: cancel")
        var projection = c
        projection.policy = .projection
        // 0.3 + (600 / 1000) * 0.998 / 0.002 / 800 = 0.674
        XCTAssertEqual(PopDecision.explain(progress: 0.3, velocityPixelsPerSecond: 600, widthPixels: 800, configuration: projection),
                       "projected 67 % (progress 30 %, velocity 600 px/s) >= 50 %: commit")
    }

    func testKeysSelectChangeWithinRangeAndSave() {
        var tuner = Tuner(configuration: Configuration())
        XCTAssertEqual(tuner.handleKey("Escape"), .ignored, "not a tuning key: it goes on to the app")
        XCTAssertEqual(tuner.handleKey("Down"), .selected)
        XCTAssertEqual(tuner.handleKey("Down"), .selected)
        XCTAssertEqual(Tuner.tunables[tuner.selected].key, "commitProgress")
        XCTAssertEqual(tuner.handleKey("Right"), .changed)
        XCTAssertEqual(tuner.configuration.commitProgress, 0.55, accuracy: 1e-12)
        for _ in 0..<20 { _ = tuner.handleKey("Right") }
        XCTAssertEqual(tuner.configuration.commitProgress, 1, "clamped to the key's range")
        XCTAssertEqual(tuner.handleKey("Right"), .ignored, "nothing left to change")
        XCTAssertEqual(tuner.display(Tuner.tunables[tuner.selected]), "1.00")
        _ = tuner.handleKey("Down"); _ = tuner.handleKey("Down")
        XCTAssertEqual(Tuner.tunables[tuner.selected].key, "policy")
        XCTAssertEqual(tuner.handleKey("Right"), .changed)
        XCTAssertEqual(tuner.configuration.policy, .projection)
        XCTAssertEqual(tuner.handleKey("Up"), .selected)
        XCTAssertEqual(tuner.display(Tuner.tunables[tuner.selected]), "1.00 widths/s")
        XCTAssertEqual(tuner.handleKey("Up"), .selected)
        XCTAssertEqual(tuner.handleKey("Up"), .selected)
        XCTAssertEqual(tuner.handleKey("Up"), .selected)
        XCTAssertEqual(Tuner.tunables[tuner.selected].key, "edgeWidth")
        XCTAssertEqual(tuner.handleKey("minus"), .changed)
        XCTAssertEqual(tuner.display(Tuner.tunables[tuner.selected]), "15 px")
        XCTAssertEqual(tuner.handleKey("S"), .save)
    }

    func testTheTraceFollowsOneFingerAndTheReleaseGivesTheVerdict() {
        var tuner = Tuner(configuration: Configuration())
        func pointer(_ phase: PointerPhase, _ id: Int, _ x: Double) -> InputEvent {
            .pointer(PointerInput(phase: phase, id: id, device: .touch, position: Point(x: x, y: 300)))
        }
        tuner.observe(pointer(.down, 1, 4))
        tuner.observe(pointer(.move, 1, 40))
        tuner.observe(pointer(.down, 2, 500)) // a second finger does not join the trace
        tuner.observe(pointer(.move, 2, 520))
        tuner.observe(pointer(.move, 1, 90))
        XCTAssertEqual(tuner.trace.map(\.x), [4, 40, 90])
        func gesture(_ t: Double, _ phase: GesturePhase, _ progress: Double, _ velocity: Double?) -> TimedEvent {
            TimedEvent(timeMilliseconds: t, event: .gesture(stack: "main", page: "B", step: GestureReadout(
                phase: phase, progress: progress, velocityPixelsPerSecond: velocity, decision: nil)))
        }
        tuner.observe(gesture(16, .began, 0.05, nil), widthPixels: 800)
        tuner.observe(gesture(32, .changed, 0.11, 2800), widthPixels: 800)
        tuner.observe(gesture(48, .ended, 0.11, 2800), widthPixels: 800)
        XCTAssertEqual(tuner.history.map(\.progress), [0.05, 0.11, 0.11])
        XCTAssertEqual(tuner.verdict, "velocity 2800 px/s >= fling 800 px/s: commit")
    }
}

/// The feels: each sets the same keys, to values within their ranges, and keys given explicitly win.
final class FeelTests: XCTestCase {
    func testEveryFeelSetsTheSameKeysWithinTheirRanges() {
        let keys = Feel.uikit.settings.map(\.key)
        for feel in Feel.allCases {
            XCTAssertEqual(feel.settings.map(\.key), keys, "\(feel): the same keys, in the same order")
            for setting in feel.settings {
                let key = Configuration.keys.first { $0.name == setting.key }!
                if case .number(let range, _) = key.kind, case .number(let n) = setting.value {
                    XCTAssertTrue(range.contains(n), "\(feel) \(setting.key) \(n) outside \(range)")
                }
                var configuration = Configuration()
                XCTAssertTrue(configuration.set(setting.key, to: setting.value), "\(feel) \(setting.key) has the key's kind")
                XCTAssertFalse(setting.source.isEmpty)
            }
        }
    }

    func testUIKitIsTodaysDefaultsAndAFeelLeavesExplicitKeysAlone() {
        var uikit = Configuration()
        uikit.set("feel", to: .string("uikit"))
        for key in Configuration.keys where key.name != "feel" {
            XCTAssertEqual(uikit.value(of: key.name), Configuration().value(of: key.name), key.name)
        }
        var configuration = Configuration()
        configuration.set("edgeWidth", to: .number(33))
        configuration.set("feel", to: .string("libadwaita"))
        XCTAssertEqual(configuration.edgeWidth, 33, "given explicitly")
        XCTAssertEqual(configuration.touchSlop, 16)
        XCTAssertEqual(configuration.parallax, 0)
        XCTAssertTrue(configuration.contentSwipe)
        configuration.set("feel", to: .string("reactNavigation"))
        XCTAssertEqual(configuration.policy, .projection)
        XCTAssertEqual(configuration.touchSlop, 5)
        configuration.set("feel", to: .string("flutter"))
        XCTAssertEqual(configuration.policy, .velocityOrDistance, "every feel sets every key any feel covers")
        XCTAssertEqual(configuration.projectionDeceleration, 0.998)
        XCTAssertEqual(configuration.edgeWidth, 33)
    }
}

extension FeelTests {
    func testPCyclesTheFeelsAndKeysTunedByHandStay() {
        var tuner = Tuner(configuration: Configuration())
        XCTAssertEqual(tuner.feelSummary, "feel uikit")
        XCTAssertEqual(tuner.handleKey("P"), .changed)
        XCTAssertEqual(tuner.configuration.feel, .libadwaita)
        XCTAssertEqual(tuner.configuration.touchSlop, 16)
        // Edge width (the first tunable) one step up, by hand: it stays through the next feels.
        XCTAssertEqual(tuner.handleKey("Right"), .changed)
        XCTAssertEqual(tuner.configuration.edgeWidth, 25)
        XCTAssertEqual(tuner.feelSummary, "feel libadwaita · own: edgeWidth")
        for _ in 0..<5 { _ = tuner.handleKey("P") }
        XCTAssertEqual(tuner.configuration.feel, .uikit, "six presses go round")
        XCTAssertEqual(tuner.configuration.edgeWidth, 25)
        XCTAssertEqual(tuner.configuration.touchSlop, 8)
    }
}

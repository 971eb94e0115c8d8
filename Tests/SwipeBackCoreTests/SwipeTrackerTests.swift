// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

/// The one swipe tracker (`SwipeTracker`, its gates, its decision and `SwipeSettle`) and the hosts'
/// use of it: the window's recognizer and the system swipe are its two gate policies.
final class SwipeTrackerTests: XCTestCase {
    private func tracker(_ gate: SwipeGate, sign: Double = 1, commit: Double? = nil) -> SwipeTracker {
        SwipeTracker(gate: gate, start: Point(x: 100, y: 300), timeMilliseconds: 0, inwardSign: sign, widthPixels: 1000,
                     slopPixels: 8, commitDistancePixels: commit)
    }

    func testEachGateDecidesAtItsOwnSlops() {
        let window = SwipeGate.touchSlop, system = SwipeGate.system
        // The window: one slop across, more than down; a tie goes to vertical; one slop outward.
        XCTAssertNil(window.verdict(inward: 7.9, vertical: 0, slop: 8))
        XCTAssertEqual(window.verdict(inward: 8, vertical: -7.9, slop: 8), .begin)
        XCTAssertEqual(window.verdict(inward: 8, vertical: 8, slop: 8), .vertical)
        XCTAssertEqual(window.verdict(inward: -8, vertical: 0, slop: 8), .outward)
        // The system's measured policy: two slops in at more than twice the vertical travel, one
        // and a half slops down when more than inward, one slop out.
        XCTAssertNil(system.verdict(inward: 15.9, vertical: 0, slop: 8))
        XCTAssertEqual(system.verdict(inward: 16, vertical: 7.9, slop: 8), .begin)
        XCTAssertNil(system.verdict(inward: 16, vertical: 8, slop: 8), "not more than twice the vertical travel")
        XCTAssertEqual(system.verdict(inward: 11, vertical: -12, slop: 8), .vertical)
        XCTAssertNil(system.verdict(inward: 12, vertical: 12, slop: 8), "a tie is not vertical here")
        XCTAssertEqual(system.verdict(inward: -8, vertical: 0, slop: 8), .outward)
    }

    func testProgressStretchAndVelocityFollowTheInwardSide() {
        var left = tracker(.touchSlop), right = tracker(.touchSlop, sign: -1)
        for step in 1...10 {
            let t = Double(step) * 10
            _ = left.move(to: Point(x: 100 + Double(step) * 20, y: 300), at: t)
            _ = right.move(to: Point(x: 100 - Double(step) * 20, y: 300), at: t)
        }
        XCTAssertEqual(left.inwardPixels, 200)
        XCTAssertEqual(right.inwardPixels, 200)
        XCTAssertEqual(left.progress, 0.2, accuracy: 1e-12)
        XCTAssertEqual(left.stretch, 0.2, accuracy: 1e-12, "over the width without a commit distance")
        // 20 px every 10 ms: 2000 px/s inward, whichever edge.
        XCTAssertEqual(try XCTUnwrap(left.inwardVelocity(at: 100)), 2000, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(right.inwardVelocity(at: 100)), 2000, accuracy: 1e-6)
        XCTAssertNil(left.inwardVelocity(at: 141), "stopped: more than 40 ms since the last sample")
    }

    func testACommitDistanceInPixelsIsTheCommitPoint() {
        XCTAssertEqual(Configuration().committing(atPixels: 200, widthPixels: 1000).commitProgress, 0.2, accuracy: 1e-12)
        XCTAssertEqual(Configuration().committing(atPixels: 2000, widthPixels: 1000).commitProgress, 1)
        var configuration = Configuration()
        configuration.policy = .velocityOrDistance
        // A slow drag (no estimate at the release): only the distance decides.
        for (distance, expected) in [(190.0, PopDecision.cancel), (210, .commit)] {
            var swipe = tracker(.system, commit: 200)
            _ = swipe.move(to: Point(x: 100 + distance, y: 300), at: 10)
            let release = swipe.release(at: 500, configuration: configuration)
            XCTAssertNil(release.velocityPixelsPerSecond)
            XCTAssertEqual(release.decision, expected, "\(distance) px against 200 px")
            XCTAssertEqual(swipe.stretch, distance / 200, accuracy: 1e-12)
        }
        // Without a commit distance the configuration's commitProgress (0.5) decides: 210 px of 1000 cancels.
        var window = tracker(.touchSlop)
        _ = window.move(to: Point(x: 310, y: 300), at: 10)
        XCTAssertEqual(window.release(at: 500, configuration: configuration).decision, .cancel)
    }

    func testOnlyTheSystemGateCancelsAFingerThatCameBack() {
        var configuration = Configuration()
        configuration.policy = .velocityOrDistance
        for gate in [SwipeGate.system, .touchSlop] {
            var swipe = tracker(gate, commit: 100)
            _ = swipe.move(to: Point(x: 400, y: 300), at: 10)
            _ = swipe.move(to: Point(x: 383, y: 300), at: 20)
            XCTAssertTrue(swipe.hasRetreated, "17 px back from the farthest is more than two slops")
            XCTAssertEqual(swipe.release(at: 500, configuration: configuration).decision, gate == .system ? .cancel : .commit)
        }
    }

    /// The window's recognizer is the tracker with the `touchSlop` gate: the same path gives the same
    /// outcomes, progress and velocity (from the arena's samples).
    func testTheWindowsRecognizerIsTheTrackersTouchSlopPolicy() {
        var recognizer = ScreenEdgePanGestureRecognizer(downPoint: Point(x: 5, y: 300), direction: .leftToRight,
                                                        widthPixels: 800, touchSlop: 8)
        var samples = VelocityTracker()
        samples.addSample(timeMilliseconds: 0, position: Point(x: 5, y: 300))
        var outcomes: [ScreenEdgePanGestureRecognizer.MoveOutcome] = []
        for step in 1...6 {
            let point = Point(x: 5 + Double(step * step) * 3, y: 300 + Double(step))
            samples.addSample(timeMilliseconds: Double(step) * 16, position: point)
            let outcome = recognizer.move(to: point)
            if outcome == .wouldBegin { recognizer.begin() }
            outcomes.append(outcome)
        }
        XCTAssertEqual(outcomes, [.none, .wouldBegin, .changed, .changed, .changed, .changed])
        XCTAssertEqual(recognizer.swipe.gate, .touchSlop)
        XCTAssertEqual(recognizer.progress, 108.0 / 800, accuracy: 1e-12)
        let velocity = try? XCTUnwrap(recognizer.popVelocity(samples: samples, atMilliseconds: 96, maxVelocity: 1e9))
        XCTAssertEqual(velocity ?? 0, samples.velocity(atMilliseconds: 96)!.xPixelsPerSecond, accuracy: 1e-9)
        XCTAssertEqual(recognizer.popVelocity(samples: samples, atMilliseconds: 96, maxVelocity: 100), 100, "limited")
    }

    /// The system swipe is the tracker with the `system` gate and the commit point in mm.
    func testTheSystemSwipeIsTheTrackersSystemPolicy() throws {
        let monitor = ScreenArea(x: 0, y: 0, width: 1280, height: 800, widthMillimetres: 1280 / (96 / 25.4),
                                 heightMillimetres: 800 / (96 / 25.4))
        var swipe = try SystemSwipe.begin(at: Point(x: 5, y: 400), timeMilliseconds: 0, areas: [monitor], screen: monitor,
                                          settings: SystemSwipeSettings(configuration: Configuration()), otherFingersDown: 0).get()
        XCTAssertEqual(swipe.tracker.gate, .system)
        XCTAssertEqual(swipe.tracker.slopPixels, 8)
        XCTAssertEqual(swipe.commitDistancePixels, 20 * 96 / 25.4, accuracy: 1e-9)
        XCTAssertNil(swipe.move(to: Point(x: 20, y: 400), at: 10))
        XCTAssertEqual(swipe.move(to: Point(x: 21, y: 400), at: 20), .accept, "16 px in")
        XCTAssertEqual(swipe.inwardVelocity(at: 20), swipe.tracker.inwardVelocity(at: 20))
    }

    func testTheSettleIsTheConfigurationsSpringToWithinASnap() {
        let configuration = Configuration()
        let settle = SwipeSettle(from: 0, to: 1, at: 1000, configuration: configuration)
        // Critically damped, stiffness 1000: within 0.001 of the target after 9.23 / sqrt(1000) s.
        XCTAssertEqual(settle.durationMilliseconds, 292, accuracy: 1)
        XCTAssertFalse(SwipeSettle.isNear(settle.spring, afterMilliseconds: settle.durationMilliseconds - 1))
        XCTAssertTrue(SwipeSettle.isNear(settle.spring, afterMilliseconds: settle.durationMilliseconds))
        XCTAssertFalse(settle.isDone(at: 1000 + settle.durationMilliseconds - 1))
        XCTAssertTrue(settle.isDone(at: 1000 + settle.durationMilliseconds))
        XCTAssertEqual(settle.value(at: 5000), 1)
        XCTAssertEqual(settle.fraction(at: 1000 + settle.durationMilliseconds / 2), 0.5, accuracy: 1e-9)
        // A softer spring (Flutter's feel, stiffness 341) settles in about half a second.
        var flutter = configuration
        flutter.springStiffness = 341
        XCTAssertEqual(SwipeSettle(from: 0, to: 1, at: 0, configuration: flutter).durationMilliseconds, 500, accuracy: 2)
        // A very soft spring: the system's feedback cuts it short, so the app's back never waits long.
        var soft = configuration
        soft.springStiffness = 20
        XCTAssertGreaterThan(SwipeSettle(from: 0, to: 1, at: 0, configuration: soft).durationMilliseconds, 2000)
        XCTAssertEqual(SwipeSettle(from: 0, to: 1, at: 0, configuration: soft,
                                   longestMilliseconds: SwipeSettle.systemLongestMilliseconds).durationMilliseconds, 500)
        // The page's settle in the window is the same spring (it may bounce; the arrow's may not).
        var bouncy = configuration
        bouncy.springDampingRatio = 0.5
        XCTAssertEqual(SwipeSettle.spring(from: 0, to: 1, velocityPerSecond: 0, configuration: bouncy).dampingRatio, 0.5)
        XCTAssertEqual(SwipeSettle(from: 0, to: 1, at: 0, configuration: bouncy).spring.dampingRatio, 1)
    }
}

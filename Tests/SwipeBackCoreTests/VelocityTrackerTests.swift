// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
@testable import SwipeBackCore
import SwipeBackFormats

/// The tracker against strokes recorded on phones, with the velocities Flutter's and Android's
/// trackers are tested to give (Tests/Fixtures/velocity, copied from shared/data/velocity).
final class VelocityTrackerTests: XCTestCase {
    /// Feeds a stroke as both projects' tests do: down and moves are samples, the up is not;
    /// the estimate is asked at the up's time.
    private func estimate(_ stroke: [String: JSONValue]) -> Velocity? {
        var tracker = VelocityTracker()
        var upTime = 0.0
        for case let event? in (stroke["events"]?.arrayValue ?? []).map(\.objectValue) {
            let t = event["t"]!.numberValue!
            let p = Point(x: event["x"]!.numberValue!, y: event["y"]!.numberValue!)
            if event["phase"]?.stringValue == "up" { upTime = t } else { tracker.addSample(timeMilliseconds: t, position: p) }
        }
        return tracker.velocity(atMilliseconds: upTime)
    }

    func testFlutterStrokesWithinOneTenthPercentPerAxis() throws {
        let strokes = try XCTUnwrap(try Fixtures.json("velocity/flutter-recorded.json")["strokes"]?.arrayValue?.compactMap(\.objectValue))
        XCTAssertEqual(strokes.count, 7)
        var worst = 0.0
        for stroke in strokes {
            let id = stroke["id"]?.stringValue ?? "?"
            let expected = try XCTUnwrap(stroke["expected_velocity"]?.objectValue)
            let v = try XCTUnwrap(estimate(stroke), "\(id): no estimate")
            for (axis, actual) in [("x", v.xPixelsPerSecond), ("y", v.yPixelsPerSecond)] {
                let target = try XCTUnwrap(expected[axis]?.numberValue)
                let relative = abs((actual - target) / target)
                worst = max(worst, relative)
                XCTAssertLessThan(relative, 0.001, "\(id) \(axis): \(actual) px/s, expected \(target)")
            }
        }
        print("Flutter strokes: worst relative error \(worst)")
    }

    func testAndroidLsq2TargetsWithinTwentyPercent() throws {
        let strokes = try XCTUnwrap(try Fixtures.json("velocity/android-recorded.json")["strokes"]?.arrayValue?.compactMap(\.objectValue))
        XCTAssertEqual(strokes.count, 12)
        var worst = (0.0, "")
        var checked = 0
        for stroke in strokes {
            let id = stroke["id"]?.stringValue ?? "?"
            let expected = try XCTUnwrap(stroke["expected_velocity"]?.objectValue?["lsq2"]?.objectValue).compactMapValues(\.numberValue)
            let v = try XCTUnwrap(estimate(stroke), "\(id): no estimate")
            for (axis, target) in expected {
                let actual = axis == "x" ? v.xPixelsPerSecond : v.yPixelsPerSecond
                let relative = abs(actual - target) / abs(target)
                if relative > worst.0 { worst = (relative, "\(id) \(axis)") }
                XCTAssertLessThanOrEqual(relative, 0.2, "\(id) \(axis): \(actual) px/s, expected \(target)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 19) // 7 strokes check both axes, 5 only y
        print("Android lsq2: worst relative error \(worst.0) at \(worst.1)")
    }

    func testStraightLineFromTwoSamplesAndNoneFromOne() {
        var tracker = VelocityTracker()
        tracker.addSample(timeMilliseconds: 0, position: Point(x: 0, y: 0))
        XCTAssertNil(tracker.velocity(atMilliseconds: 0))
        tracker.addSample(timeMilliseconds: 10, position: Point(x: 20, y: -5))
        let v = tracker.velocity(atMilliseconds: 10)
        XCTAssertEqual(v?.xPixelsPerSecond ?? 0, 2000, accuracy: 1e-9)
        XCTAssertEqual(v?.yPixelsPerSecond ?? 0, -500, accuracy: 1e-9)
    }

    func testQuadraticMotionGivesTheExactDerivative() {
        // x = 3 t^2 + 2 t (t in ms): at t = 50 the velocity is 6*50 + 2 = 302 px/ms.
        var tracker = VelocityTracker()
        for t in stride(from: 0.0, through: 50, by: 5) {
            tracker.addSample(timeMilliseconds: t, position: Point(x: 3 * t * t + 2 * t, y: 0))
        }
        XCTAssertEqual(tracker.velocity(atMilliseconds: 50)!.xPixelsPerSecond, 302_000, accuracy: 1e-6)
    }

    func testNoEstimateAfterAFortyMillisecondStop() {
        var tracker = VelocityTracker()
        for t in stride(from: 0.0, through: 30, by: 10) {
            tracker.addSample(timeMilliseconds: t, position: Point(x: t * 2, y: 0))
        }
        XCTAssertNotNil(tracker.velocity(atMilliseconds: 70))
        XCTAssertNil(tracker.velocity(atMilliseconds: 70.5))
    }

    func testOnlySamplesAfterTheLastLongGapAndWithinTheHorizonCount() {
        var tracker = VelocityTracker()
        // A fast early motion, a 50 ms gap, then a slow steady one: only the slow one counts.
        tracker.addSample(timeMilliseconds: 0, position: Point(x: 0, y: 0))
        tracker.addSample(timeMilliseconds: 10, position: Point(x: 500, y: 0))
        for (i, t) in stride(from: 60.0, through: 90, by: 10).enumerated() {
            tracker.addSample(timeMilliseconds: t, position: Point(x: 500 + Double(i), y: 0))
        }
        XCTAssertEqual(tracker.velocity(atMilliseconds: 90)!.xPixelsPerSecond, 100, accuracy: 1e-6)
    }

    func testSameTimestampReplacesThePreviousSampleAndHistoryIsTwenty() {
        var tracker = VelocityTracker()
        tracker.addSample(timeMilliseconds: 0, position: Point(x: 0, y: 0))
        tracker.addSample(timeMilliseconds: 10, position: Point(x: 999, y: 0))
        tracker.addSample(timeMilliseconds: 10, position: Point(x: 10, y: 0))
        XCTAssertEqual(tracker.velocity(atMilliseconds: 10)!.xPixelsPerSecond, 1000, accuracy: 1e-9)
        // 30 samples 1 ms apart: a linear motion stays exact with only the last 20 kept.
        var long = VelocityTracker()
        for t in 0..<30 { long.addSample(timeMilliseconds: Double(t), position: Point(x: Double(t * t), y: 0)) }
        XCTAssertEqual(long.velocity(atMilliseconds: 29)!.xPixelsPerSecond, 58_000, accuracy: 1e-6)
    }
}

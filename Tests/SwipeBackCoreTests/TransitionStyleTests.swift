// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore
import XCTest
import SwipeBackTestSupport

/// The timed settles: the `card` style's 450 ms emphasized finish and reduced motion's 150 ms
/// crossfade, and the card's geometry.
final class TransitionStyleTests: XCTestCase {
    func testTheEasingCurvesGoFromZeroToOneAndTheEmphasizedOnePassesItsJoint() {
        for curve in [EasingCurve.linear, .emphasized, .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1), CardGeometry.gestureCurve] {
            XCTAssertEqual(curve.value(at: 0), 0, accuracy: 1e-9, "\(curve)")
            XCTAssertEqual(curve.value(at: 1), 1, accuracy: 1e-9, "\(curve)")
            let samples = stride(from: 0.0, through: 1, by: 0.01).map(curve.value(at:))
            XCTAssertEqual(samples, samples.sorted(), "\(curve) never goes back")
        }
        // AOSP's EMPHASIZED path joins its two cubics at (0.166666, 0.4).
        XCTAssertEqual(EasingCurve.emphasized.value(at: 0.166666), 0.4, accuracy: 1e-6)
        // The gesture curve (0.1, 0.1, 0, 1) has done most of its work by the middle: about 0.895.
        XCTAssertEqual(CardGeometry.gestureCurve.value(at: 0.5), 0.895, accuracy: 0.002)
        let timed = TimedCurve(from: 0.3, to: 1, durationMilliseconds: 450, curve: .emphasized)
        XCTAssertEqual(timed.value(afterMilliseconds: 450), 1)
        XCTAssertEqual(timed.value(afterMilliseconds: 9000), 1)
        XCTAssertGreaterThan(timed.velocityPerSecond(afterMilliseconds: 100), 0)
        XCTAssertEqual(timed.velocityPerSecond(afterMilliseconds: 450), 0)
    }

    private func model(_ configure: (inout Configuration) -> Void, log: @escaping (TimedEvent) -> Void) -> AppModel {
        var configuration = Configuration()
        configure(&configuration)
        let b = PageDefinition(id: "B", elements: [
            PageElement(id: "back", kind: .button(label: "Back", action: .pop), frame: Rect(x: 40, y: 200, width: 200, height: 48)),
        ])
        return TestModels.model(pages: ["B": b], stack: ["A", "B"], width: 400, height: 300, configuration: configuration, log: log)
    }

    private func finishTime(_ lines: [TimedEvent]) -> Double? {
        lines.last { if case .transition(_, _, .finished) = $0.event { true } else { false } }?.timeMilliseconds
    }

    func testACommittedCardSwipeFinishesAlongTheEmphasizedCurveIn450Milliseconds() throws {
        var lines: [TimedEvent] = []
        let model = model({ $0.transition = .card }, log: { lines.append($0) })
        let touch = { (phase: PointerPhase, x: Double, t: Double) in
            model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: 150))), atMilliseconds: t)
        }
        touch(.down, 2, 0)
        touch(.move, 22, 16)
        touch(.move, 240, 500) // slowly, past half: commits
        touch(.up, 240, 1000)
        let transition = try XCTUnwrap(model.stack(id: "main")?.transition)
        XCTAssertEqual(transition.progress, 0.595, accuracy: 1e-9)
        XCTAssert(transition.settle?.motion is TimedCurve)
        let clock = ManualFrameClock(model: model, startMilliseconds: 1000)
        clock.advance(to: 1225)
        // Halfway in time, the emphasized curve is past its joint.
        let halfway = try XCTUnwrap(model.stack(id: "main")?.transition?.progress)
        XCTAssertEqual(halfway, 0.595 + 0.405 * EasingCurve.emphasized.value(at: (1225 - 1000) / 450), accuracy: 0.01)
        clock.settle()
        let finished = try XCTUnwrap(finishTime(lines))
        // The curve's tail is flat: it comes within the snap distance (0.001) some 50 ms before its end.
        XCTAssertGreaterThanOrEqual(finished, 1350, "not sooner than the curve's tail")
        XCTAssertLessThanOrEqual(finished, 1450 + 1000.0 / 60, "and at the latest at the first frame after it")
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A"])
        // A cancel still springs back.
        model.handle(.push(stack: "main", page: "B", animated: false), atMilliseconds: 1900)
        touch(.down, 2, 2000)
        touch(.move, 22, 2016)
        touch(.move, 60, 2500)
        touch(.up, 60, 3000)
        XCTAssert(model.stack(id: "main")?.transition?.settle?.motion is SpringSimulation)
    }

    func testUnderReducedMotionAButtonPopCrossfadesIn150MillisecondsAndASwipeStillSlides() throws {
        for setting in [ReduceMotion.always, .auto] {
            var lines: [TimedEvent] = []
            let model = model({ $0.reduceMotion = setting }, log: { lines.append($0) })
            if setting == .auto {
                XCTAssertFalse(model.reducesMotion, "no desktop setting: full motion")
                model.desktopReducesMotion = true
            }
            XCTAssertTrue(model.reducesMotion)
            model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .mouse, position: Point(x: 100, y: 220))), atMilliseconds: 0)
            model.handle(.pointer(PointerInput(phase: .up, id: 1, device: .mouse, position: Point(x: 100, y: 220))), atMilliseconds: 10)
            let transition = try XCTUnwrap(model.stack(id: "main")?.transition)
            XCTAssertEqual(transition.style, .crossfade)
            XCTAssertEqual(model.scene().stacks[0].style, .crossfade)
            ManualFrameClock(model: model, startMilliseconds: 10).settle()
            let finished = try XCTUnwrap(finishTime(lines))
            XCTAssertEqual(finished, 160, accuracy: 1000.0 / 60 + 1e-9, "\(setting)")
            XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A"])
        }
        // `false` ignores the desktop; and a swipe under reduced motion is not a crossfade.
        let model = model({ $0.reduceMotion = .never }, log: { _ in })
        model.desktopReducesMotion = true
        XCTAssertFalse(model.reducesMotion)
        var configuration = model.configuration
        configuration.reduceMotion = .always
        model.reconfigure(configuration)
        model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 2, y: 150))), atMilliseconds: 0)
        model.handle(.pointer(PointerInput(phase: .move, id: 1, device: .touch, position: Point(x: 100, y: 150))), atMilliseconds: 16)
        XCTAssertNil(model.stack(id: "main")?.transition?.style, "the swipe follows the finger in the configured style")
        model.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 100, y: 150))), atMilliseconds: 32)
        XCTAssert(model.stack(id: "main")?.transition?.settle?.motion is SpringSimulation, "and its settle still animates")
    }

    func testTheCardGeometryKeepsItsMarginsAndMirrors() {
        let rest = CardGeometry.at(progress: 0, width: 400, height: 300, scale: 2, direction: .leftToRight)
        for (value, expected) in [(rest.upper.x, 0.0), (rest.upper.y, 0), (rest.upper.width, 400), (rest.upper.height, 300)] {
            XCTAssertEqual(value, expected, accuracy: 1e-9, "at rest the top page is the whole stack")
        }
        XCTAssertEqual(rest.scrim, 0.2)
        let half = CardGeometry.at(progress: 0.5, width: 400, height: 300, scale: 2, verticalTravel: 1000, direction: .leftToRight)
        let shrink = CardGeometry.gestureCurve.value(at: 0.5)
        XCTAssertEqual(half.upper.width, 400 * (1 - 0.1 * shrink), accuracy: 1e-9)
        XCTAssertEqual(half.upper.maxX, 400 - 16 * shrink, accuracy: 1e-9, "8 dp from the trailing edge at scale 2")
        XCTAssertEqual(half.upper.maxY, (300 + half.upper.height) / 2, accuracy: 1e-9,
                       "a short stack: the shrink leaves less room than the margin, so the card does not follow")
        let tall = CardGeometry.at(progress: 0.5, width: 400, height: 800, scale: 2, verticalTravel: 1000, direction: .leftToRight)
        XCTAssertLessThanOrEqual(tall.upper.maxY, 800 - 16 * shrink, "a finger far down: the card stays within the margin")
        XCTAssertGreaterThan(tall.upper.maxY, (800 + tall.upper.height) / 2 + 10, "but follows it down")
        let up = CardGeometry.at(progress: 0.5, width: 400, height: 800, scale: 2, verticalTravel: -1000, direction: .leftToRight)
        XCTAssertEqual(up.upper.y, 800 - tall.upper.maxY, accuracy: 1e-9, "and up the same")
        XCTAssertEqual(half.lower.width, 360, accuracy: 1e-9, "the page beneath is a 90 % card")
        let mirrored = CardGeometry.at(progress: 0.5, width: 400, height: 300, scale: 2, verticalTravel: 1000, direction: .rightToLeft)
        XCTAssertEqual(mirrored.upper.x, 400 - half.upper.maxX, accuracy: 1e-9)
        XCTAssertEqual(mirrored.lower.x, 400 - half.lower.maxX, accuracy: 1e-9)
        let done = CardGeometry.at(progress: 1, width: 400, height: 300, scale: 2, direction: .leftToRight)
        XCTAssertEqual(done.upper.x, 400, "gone past the trailing edge")
        XCTAssertEqual(done.lower, Rect(x: 0, y: 0, width: 400, height: 300), "the page beneath fills the stack")
        XCTAssertEqual(done.scrim, 0)
    }
}

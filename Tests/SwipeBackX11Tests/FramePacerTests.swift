import XCTest
@testable import SwipeBackX11

/// The pacing rules (`FramePacer`), on a simulated display: when a frame starts, and what a
/// server whose refresh counter rounds to the nearest (Xvfb's fake Present clock) teaches it.
final class FramePacerTests: XCTestCase {
    private let interval = 1000.0 / 60

    func testWithNoFrameShownAFrameStartsAtOnce() {
        let pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        XCTAssertEqual(pacer.frameStart(after: 123), 123)
        XCTAssertNil(pacer.aimedMsc(began: 123, lead: pacer.leadMilliseconds))
    }

    func testAFrameStartsTheLeadBeforeTheNextRefreshOrAtOnceWhenLate() {
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        pacer.didShow(at: 100, msc: 6, aimed: nil)
        XCTAssertEqual(pacer.leadMilliseconds, 4 * 1.5 + 1, accuracy: 1e-9, "the first drawing estimate is 4 ms")
        XCTAssertEqual(pacer.frameStart(after: 101), 100 + interval - 7, accuracy: 1e-9)
        XCTAssertEqual(pacer.aimedMsc(began: 100 + interval - 7, lead: 7), 7)
        // Past the start time: at once, aiming at the same refresh, but not counted as on time.
        XCTAssertEqual(pacer.frameStart(after: 112), 112)
        XCTAssertNil(pacer.aimedMsc(began: 114, lead: 7))
        // A refresh later on the same grid.
        XCTAssertEqual(pacer.frameStart(after: 100 + interval + 1), 100 + 2 * interval - 7, accuracy: 1e-9)
        // Long after the last frame the grid is stale: at once.
        XCTAssertEqual(pacer.frameStart(after: 200), 200)
    }

    func testTheDrawingEstimateRisesAtOnceAndDecays() {
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        pacer.didDraw(milliseconds: 10)
        XCTAssertEqual(pacer.drawingEstimateMilliseconds, 10)
        pacer.didDraw(milliseconds: 1)
        XCTAssertEqual(pacer.drawingEstimateMilliseconds, 9, accuracy: 1e-9)
        XCTAssertEqual(pacer.leadMilliseconds, 9 * 1.5 + 1, accuracy: 1e-9)
        pacer.didDraw(milliseconds: 40)
        XCTAssertEqual(pacer.leadMilliseconds, interval, "never more than an interval")
    }

    func testAMissTeachesAnEighthOfAnIntervalAndAHitGivesBackA4000th() {
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        pacer.didShow(at: 0, msc: 10, aimed: nil)
        pacer.didShow(at: 2 * interval, msc: 12, aimed: 11)
        XCTAssertEqual(pacer.missAllowanceMilliseconds, interval / 8, accuracy: 1e-9)
        pacer.didShow(at: 3 * interval, msc: 13, aimed: 13)
        XCTAssertEqual(pacer.missAllowanceMilliseconds, interval / 8 - interval / 4000, accuracy: 1e-9)
        XCTAssertEqual(pacer.lastShownMsc, 13)
    }

    func testAFrameThatChangedNothingHoldsTheNextUntilTheNextRefresh() {
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        pacer.didShow(at: 100, msc: 6, aimed: nil)
        pacer.didDrawNothing(at: 110)
        // It would have been shown at the refresh after 110, 100 + interval: the next frame aims at the one after.
        XCTAssertEqual(pacer.frameStart(after: 110.5), 100 + 2 * interval - 7, accuracy: 1e-9)
        XCTAssertEqual(pacer.frameStart(after: 100 + interval + 0.5), 100 + 2 * interval - 7, accuracy: 1e-9)
    }

    func testWithoutPresentFramesFollowTheFrameClock() {
        var pacer = FramePacer(paced: false, intervalMilliseconds: interval)
        XCTAssertEqual(pacer.frameStart(after: 5), 5)
        pacer.didShow(at: 100, msc: nil, aimed: nil)
        XCTAssertEqual(pacer.frameStart(after: 101), 100 + interval - 1, accuracy: 1e-9)
        XCTAssertEqual(pacer.frameStart(after: 120), 120)
        XCTAssertNil(pacer.aimedMsc(began: 110, lead: 7))
    }

    /// Frames back to back, each drawn for `draw` ms from its start and shown at the refresh the
    /// server picks for when it arrived; returns how many of the last 120 took one refresh each.
    private func run(frames: Int, draw: Double, shownRefresh: (Double) -> UInt64) -> (everyRefresh: Int, pacer: FramePacer) {
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        var shown = 0.0, msc: UInt64 = 0
        pacer.didShow(at: shown, msc: msc, aimed: nil)
        var steps: [UInt64] = []
        for _ in 0..<frames {
            let start = pacer.frameStart(after: shown + 0.5) // the completion is read half a ms after the refresh
            let lead = pacer.leadMilliseconds
            let aimed = pacer.aimedMsc(began: start, lead: lead)
            pacer.didDraw(milliseconds: draw)
            let next = shownRefresh(start + draw)
            steps.append(next - msc)
            msc = next
            shown = Double(next) * interval
            pacer.didShow(at: shown, msc: msc, aimed: aimed)
        }
        return (steps.suffix(120).filter { $0 == 1 }.count, pacer)
    }

    func testOnAClockThatRoundsToTheNearestTheLeadLearnsToSendInTheFirstHalf() {
        // present_fake.c: the counter at time t is round(t / interval); a frame goes out at that plus 1.
        let fake = { (t: Double) -> UInt64 in UInt64((t / self.interval).rounded()) + 1 }
        let (everyRefresh, pacer) = run(frames: 400, draw: 2, shownRefresh: fake)
        XCTAssertGreaterThanOrEqual(everyRefresh, 110, "after learning, nearly every frame takes one refresh")
        XCTAssertGreaterThan(pacer.leadMilliseconds, interval / 2, "it sends before the middle of the interval")
    }

    func testOnAnExactClockTheLeadStaysTheDrawingTime() {
        let exact = { (t: Double) -> UInt64 in UInt64((t / self.interval).rounded(.down)) + 1 }
        let (everyRefresh, pacer) = run(frames: 400, draw: 2, shownRefresh: exact)
        XCTAssertEqual(everyRefresh, 120)
        XCTAssertEqual(pacer.missAllowanceMilliseconds, 0)
        XCTAssertEqual(pacer.leadMilliseconds, 2 * 1.5 + 1, accuracy: 1e-9, "drawn as late as it can be")
    }
}

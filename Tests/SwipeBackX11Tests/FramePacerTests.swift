// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackX11
import SwipeBackTestSupport

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

    func testWithoutPresentFramesGoWithinTheBudgetOfTheFrameClock() {
        var pacer = FramePacer(paced: false, intervalMilliseconds: interval)
        XCTAssertTrue(pacer.usesBudget)
        XCTAssertFalse(pacer.isOnFakeClock, "no PresentOptionAsync without Present")
        XCTAssertEqual(pacer.frameStart(after: 5), 5)
        pacer.didPut(at: 103, began: 100)
        XCTAssertEqual(pacer.budget(at: 100), 0.5, accuracy: 1e-9)
        XCTAssertEqual(pacer.frameStart(after: 104), 100 + interval / 2, accuracy: 1e-9)
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

    // MARK: The fake clock (no display): copied at once, within a budget of a frame per interval

    func testOnTheFakeClockAFrameGoesAtOnceWhileTheBudgetHoldsOne() {
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        pacer.didShow(at: 90, msc: 5, aimed: nil)
        XCTAssertFalse(pacer.isOnFakeClock)
        pacer.didShowOnFakeClock(at: 102, began: 100, msc: 6, interval: interval)
        XCTAssertTrue(pacer.isOnFakeClock)
        XCTAssertNil(pacer.aimedMsc(began: 110, lead: 7), "no refresh to aim at")
        // 1.5 less the frame's one: half a frame left at 100, so the next may start half an interval later.
        XCTAssertEqual(pacer.budget(at: 100), 0.5, accuracy: 1e-9)
        XCTAssertEqual(pacer.frameStart(after: 101), 100 + interval / 2, accuracy: 1e-9)
        XCTAssertEqual(pacer.frameStart(after: 130), 130, "at once once the budget holds a frame")
        // A frame that began at 130 is in flight: its completion is read when the budget, less
        // its frame, holds one again.
        XCTAssertEqual(pacer.inFlightWake(began: 130), 130 + interval / 2, accuracy: 1e-9)
        XCTAssertEqual(pacer.budget(at: 1000), FramePacer.budgetBurst, "it holds 1.5 at most")
        // A frame that drew nothing spends one too, so an animation at rest does not spin.
        pacer.didDrawNothing(at: 1000)
        XCTAssertEqual(pacer.frameStart(after: 1000), 1000 + interval / 2, accuracy: 1e-9)
        // A display's completion ends it.
        pacer.didShow(at: 1010, msc: 7, aimed: nil)
        XCTAssertFalse(pacer.isOnFakeClock)
        XCTAssertEqual(pacer.inFlightWake(began: 1010), 1010 + interval + 0.3, accuracy: 1e-9)
    }

    /// Frames on the fake clock for input at `inputTimes` (ms): each starts when the pacer lets
    /// it (late by `overshoot`, as a wake is) and takes `draw` ms; returns how long after its
    /// input each frame started.
    private func fakeClockStarts(inputTimes: [Double], draw: Double, overshoot: Double) -> [Double] {
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        pacer.didShowOnFakeClock(at: -1000, began: -1000, msc: 1, interval: interval)
        var free = -Double.infinity
        var delays: [Double] = []
        for input in inputTimes {
            let ready = max(input, free)
            let start = pacer.frameStart(after: ready)
            let began = start > ready ? start + overshoot : ready
            delays.append(began - input)
            free = began + draw
            pacer.didShowOnFakeClock(at: free, began: began, msc: 1, interval: interval)
        }
        return delays
    }

    func testOnTheFakeClockSixtyHertzInputIsDrawnAsItComesWithoutDrifting() {
        // Input every interval, up to 0.9 ms early or late (a sender's timer), 3 ms of drawing, and
        // a wake 0.6 ms late when a frame had to wait: frames never drift behind the input.
        var random = SplitMix64(seed: 17)
        let inputs = (1...600).map { Double($0) * interval + (Double(random.next() % 1800) / 1000 - 0.9) }
        let delays = fakeClockStarts(inputTimes: inputs, draw: 3, overshoot: 0.6)
        XCTAssertLessThanOrEqual(delays.max()!, 2.5, "each frame starts within the timer's jitter of its input")
        XCTAssertLessThan(delays.reduce(0, +) / Double(delays.count), 0.3)
    }

    func testOnTheFakeClockAFloodGetsTheClocksRate() {
        // Something to draw at every moment for 2 s, 2 ms a frame: frames as often as the budget allows.
        var pacer = FramePacer(paced: true, intervalMilliseconds: interval)
        var starts: [Double] = []
        var t = 0.0
        while true {
            t = pacer.frameStart(after: t)
            guard t < 2000 else { break }
            starts.append(t)
            pacer.didShowOnFakeClock(at: t + 2, began: t, msc: 1, interval: interval)
            t += 2
        }
        // The first at once, the second when the half frame left has grown to one, then one an
        // interval: 121 in 2 s.
        XCTAssertEqual(starts[1], interval / 2, accuracy: 1e-9)
        XCTAssertEqual(starts.count, 121)
        XCTAssertEqual(starts.last! - starts[starts.count - 2], interval, accuracy: 1e-9)
    }
}

// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore

/// The one pacing interface's strategies without a display: the timer at the refresh (which a
/// RandR change retunes) and the frame callback.
final class FramePacingTests: XCTestCase {
    func testTheTimerLetsOneFramePerRefreshAndFollowsANewRate() {
        var pacer = FeedbackPacer(TimerPacing(intervalMilliseconds: 1000.0 / 60))
        var drawn: [Double] = []
        XCTAssertNil(pacer.drawIfDue(at: 0, animating: false) { drawn.append(0); return 1 }, "nothing changed: no frame")
        pacer.dirty = true
        XCTAssertNil(pacer.drawIfDue(at: 0, animating: false) { drawn.append(0); return 1 })
        pacer.dirty = true
        // 5 ms later: the frame waits for the refresh after the last one.
        XCTAssertEqual(try XCTUnwrap(pacer.drawIfDue(at: 5, animating: false) { drawn.append(5); return 1 }), 1000.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(pacer.drawIfDue(at: 17, animating: true) { drawn.append(17); return 1 }, 17 + 1000.0 / 60, "settling: due again a refresh on")
        XCTAssertEqual(drawn, [0, 17])
        // The display went to 120 Hz (RandR): frames follow at once.
        pacer.pacing.intervalMilliseconds = 1000.0 / 120
        pacer.dirty = true
        XCTAssertEqual(try XCTUnwrap(pacer.drawIfDue(at: 20, animating: false) { drawn.append(20); return 1 }), 17 + 1000.0 / 120, accuracy: 1e-9)
        XCTAssertNil(pacer.drawIfDue(at: 25.4, animating: false) { drawn.append(25.4); return 1 })
        XCTAssertEqual(drawn, [0, 17, 25.4])
    }

    func testTheFrameCallbackHoldsTheNextFrameUntilTheLastIsShown() {
        var pacing = FrameCallbackPacing()
        XCTAssertEqual(pacing.nextFrameStart(after: 3), 3)
        pacing.frameSent(at: 3, costMilliseconds: 0.5)
        XCTAssertTrue(pacing.isWaiting)
        XCTAssertNil(pacing.nextFrameStart(after: 500), "no frame goes before the compositor's done, however long")
        pacing.frameShown()
        XCTAssertEqual(pacing.nextFrameStart(after: 501), 501)
        var pacer = FeedbackPacer(pacing)
        pacer.dirty = true
        XCTAssertEqual(pacer.drawIfDue(at: 502, animating: true) { 0.5 }, 502 + 1000.0 / 60, "drawn; settling, look again a refresh on")
        XCTAssertTrue(pacer.pacing.isWaiting)
        pacer.dirty = true
        var drew = false
        XCTAssertNil(pacer.drawIfDue(at: 510, animating: true) { drew = true; return 0.5 }, "waits for the callback")
        XCTAssertFalse(drew)
        XCTAssertTrue(pacer.dirty)
    }
}

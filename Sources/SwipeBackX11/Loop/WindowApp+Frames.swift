// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials
import Glibc
import SwipeBackCore

/// A frame sent on the Present path, until its `PresentCompleteNotify`.
struct QueuedFrame {
    /// Its serial (`PresentOutcome.queued`).
    var serial: UInt32
    /// When its drawing began, app clock ms.
    var began: Double
    /// The same on the log's timeline (`LiveTimeline`), ms.
    var logBegan: Double
    /// When it was sent, app clock ms (it is overdue `FrameScheduler.overdueIntervals` after).
    var sent: Double
    /// The bytes of pixels it sent.
    var bytes: Int
    /// The refresh it aimed at, when it started on time (`FramePacer.aimedMsc`).
    var aimedMsc: UInt64?
    /// Whether it went with `PresentOptionAsync`.
    var asynchronous: Bool
    /// A probe of the clock (`PresentSurface.probePresentClock`): no frame line.
    var isProbe = false
}

/// A frame on screen, as `WindowApp.Hooks.onFrame` reports it.
public struct FrameReport: Sendable {
    /// The frame's number, from 1.
    public var number: Int
    /// ms from the start of its drawing until it was shown.
    public var productionMilliseconds: Double
    /// When it was shown, ms on the log's one timeline (see `LiveTimeline`): the app clock then
    /// (on the Present path, the server's time of the completion), or the last time handed out
    /// when that is later.
    public var shownMilliseconds: Double
    /// The bytes of pixels it sent: the rectangle where it differed from the frame before, times 4
    /// (0 when it equalled it).
    public var bytesSent: Int
}

/// Drawing a frame, and its completion: the frame log's times, the pacer, the fake clock.
extension WindowApp {
    /// A frame queued by Present reached the screen (or was skipped): report it.
    func frameShown(_ completion: PresentCompletion) {
        // The refresh itself, from the server's time of it (µs on CLOCK_MONOTONIC), not from when
        // its notice was read: the server copies the frame and then tells, and the loop may read
        // the notice a refresh later (with the input that came meanwhile).
        let age = completion.ust > 0 ? (AppClock.monotonicMicroseconds - Double(completion.ust)) / 1000 : nil
        guard let (queued, shownAt) = scheduler.frameShown(completion, now: nowMilliseconds, ageMilliseconds: age) else { return }
        if !queued.isProbe { reportFrame(began: queued.logBegan, bytes: queued.bytes, shownAt: shownAt) }
    }

    /// Tells `onFrame` that a frame is on screen: its log time is `shownAt` (now when not given)
    /// on the one timeline, and its `ms` reaches back to `began`, when its drawing began on the timeline.
    func reportFrame(began: Double, bytes: Int, shownAt: Double? = nil) {
        scheduler.framesShown += 1
        let shown = timeline.appTime(nowMilliseconds: shownAt ?? nowMilliseconds)
        hooks.onFrame?(FrameReport(number: scheduler.framesShown, productionMilliseconds: max(0, shown - began),
                                   shownMilliseconds: shown, bytesSent: bytes))
    }

    /// Notes an event or a frame: idle work waits a while after it.
    func didAct() {
        scheduler.didAct(at: nowMilliseconds)
    }

    /// Draws `scene` into the back buffer and presents it.
    func drawFrame(_ scene: Scene) throws {
        didAct()
        // On the log's timeline: the frame shows what was handed the model before this.
        let began = nowMilliseconds
        let leadAtStart = scheduler.pacer.leadMilliseconds
        // A µs after every line written so far, so a line is shown by this frame if and only if
        // its `t` is before the frame's start (`t - ms` of its frame line).
        let logBegan = timeline.appTime(nowMilliseconds: max(began, timeline.lastMilliseconds + 0.001))
        try renderer.draw(scene, into: try window.surface.backBuffer())
        let asynchronous = scheduler.pacer.isOnFakeClock
        let outcome = try window.surface.present(whole: renderer.lastFrameMovedPages, asynchronous: asynchronous)
        let drawn = nowMilliseconds - began
        scheduler.pacer.frameSent(at: began + drawn, costMilliseconds: drawn)
        switch outcome {
        case .queued(let serial, let box):
            scheduler.queuedFrame = QueuedFrame(serial: serial, began: began, logBegan: logBegan, sent: began + drawn, bytes: box.byteCount,
                                                aimedMsc: scheduler.pacer.aimedMsc(began: began, lead: leadAtStart), asynchronous: asynchronous)
        case .shown(let box):
            scheduler.pacer.didPut(at: nowMilliseconds, began: began)
            reportFrame(began: logBegan, bytes: box.byteCount)
        case .unchanged:
            scheduler.pacer.didDrawNothing(at: nowMilliseconds)
            reportFrame(began: logBegan, bytes: 0)
        }
    }
}

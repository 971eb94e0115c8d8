// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore
import SwipeBackX11

/// When the system swipe's feedback draws: at most once per refresh of the display (`TimerPacing`:
/// its frames are plain puts and copies the server shows at once), only when something changed,
/// every refresh while it settles, and at the display's new rate once RandR says it changed.
struct IndicatorPacer {
    private var pacer: FeedbackPacer<TimerPacing>
    private let display: OpaquePointer
    private let screenChanges: ScreenChanges
    /// Called after each frame is sent: its time and how long drawing and sending it took, ms.
    var frameDrawn: ((_ timeMilliseconds: Double, _ costMilliseconds: Double) -> Void)?

    /// Paces frames on `display` at its refresh rate, following its RandR changes.
    init(display: OpaquePointer) {
        self.display = display
        let root = X11Screen(display).root
        screenChanges = ScreenChanges(display: display, window: root)
        pacer = FeedbackPacer(TimerPacing(intervalMilliseconds: Self.interval(display)))
    }

    private static func interval(_ display: OpaquePointer) -> Double {
        1000 / (DisplayRate.read(display: display, window: X11Screen(display).root) ?? DisplayRate.fallbackHertz)
    }

    /// Whether something changed since the last frame.
    var dirty: Bool {
        get { pacer.dirty }
        set { pacer.dirty = newValue }
    }

    /// One refresh, ms, as last read.
    var frameInterval: Double { pacer.pacing.intervalMilliseconds }

    /// Draws now when a frame is due and something changed.
    ///
    /// - Parameters:
    ///   - timeMilliseconds: the app clock now.
    ///   - settling: whether an animation runs (then the next frame is due a refresh later).
    ///   - draw: draws and sends one frame.
    /// - Returns: when to come back, ms; nil when nothing more is to draw.
    mutating func drawIfDue(at timeMilliseconds: Double, settling: Bool, _ draw: () -> Void) -> Double? {
        let report = frameDrawn
        return pacer.drawIfDue(at: timeMilliseconds, animating: settling) {
            let cost = elapsedMilliseconds(draw)
            report?(timeMilliseconds, cost)
            return cost
        }
    }

    /// A frame drawn outside `drawIfDue` (the first, before the window maps) at `timeMilliseconds`.
    mutating func drew(at timeMilliseconds: Double, cost: Double) {
        frameDrawn?(timeMilliseconds, cost)
        pacer.drew(at: timeMilliseconds, costMilliseconds: cost)
    }

    /// Follows the display: a RandR change reads its refresh rate again.
    ///
    /// - Returns: whether `event` was a RandR change.
    mutating func follow(_ event: inout XEvent) -> Bool {
        guard screenChanges.isChange(&event) else { return false }
        pacer.pacing.intervalMilliseconds = Self.interval(display)
        return true
    }
}

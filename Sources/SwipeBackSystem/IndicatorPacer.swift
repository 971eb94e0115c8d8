// SPDX-License-Identifier: Apache-2.0
/// When the system swipe's feedback draws: at most once per refresh of the display, only when
/// something changed, and every refresh while it settles.
struct IndicatorPacer {
    /// One refresh, ms (the display's rate, `DisplayRate`).
    let frameInterval: Double
    /// Whether something changed since the last frame.
    var dirty = false
    private var lastFrame = -Double.infinity
    /// Called after each frame is sent: its time and how long drawing and sending it took, ms.
    var frameDrawn: ((_ timeMilliseconds: Double, _ costMilliseconds: Double) -> Void)?

    init(frameInterval: Double) { self.frameInterval = frameInterval }

    /// Draws now when a frame is due and something changed.
    ///
    /// - Parameters:
    ///   - timeMilliseconds: the app clock now.
    ///   - settling: whether an animation runs (then the next frame is due a refresh later).
    ///   - draw: draws and sends one frame.
    /// - Returns: when to come back, ms; nil when nothing more is to draw.
    mutating func drawIfDue(at timeMilliseconds: Double, settling: Bool, _ draw: () -> Void) -> Double? {
        guard dirty else { return nil }
        if timeMilliseconds - lastFrame < frameInterval { return lastFrame + frameInterval }
        let cost = elapsedMilliseconds(draw)
        frameDrawn?(timeMilliseconds, cost)
        lastFrame = timeMilliseconds
        dirty = false
        return settling ? timeMilliseconds + frameInterval : nil
    }

    /// A frame drawn outside `drawIfDue` (the first, before the window maps) at `timeMilliseconds`.
    mutating func drew(at timeMilliseconds: Double, cost: Double) {
        frameDrawn?(timeMilliseconds, cost)
        lastFrame = timeMilliseconds
        dirty = false
    }
}

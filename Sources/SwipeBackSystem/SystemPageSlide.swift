// SPDX-License-Identifier: Apache-2.0
import CCairo
import CX11
import SwipeBackCore
import SwipeBackRender
import SwipeBackX11

/// The `page` style of `swipeback system`: the app itself slides with the finger. On accept, a
/// snapshot of the app's top-level window (the screen there, on its monitor) is shown in an
/// override-redirect window over it, with an empty input shape; the snapshot moves inward with the
/// finger over a dimmed copy of itself (as `PageSlidePainter` draws it). On cancel it springs back
/// and the window goes; on commit it springs out, then the window goes and the back is sent.
///
/// The snapshot stays in the X server and the frames are composed there (`PageSlideComposer`):
/// a frame costs this process a few requests whatever the window's size.
///
/// The back waits for the window to go: Chromium ignored a back button or key sent while the
/// slide's window covered it (measured on Xorg; the same back with the window gone navigated), so
/// the app's old page shows for the time it takes to draw its previous one (30-40 ms in Chromium,
/// the project notes). Frames are drawn at most once per refresh.
public final class SystemPageSlide: SystemFeedback {
    private let display: OpaquePointer
    private let settings: SystemSwipeSettings
    /// The last swipe's window, while it shows.
    private var overlay: OverlayWindow?
    private var composer: PageSlideComposer?
    private var edge = SystemEdge.left
    private var offset = 0.0, progress = 0.0
    private var settle: (motion: SwipeSettle, send: (() -> Void)?)?
    private var pacer: IndicatorPacer
    /// Called after each frame is sent: its time and how long drawing and sending it took, ms
    /// (`--log-frames`).
    public var frameDrawn: ((_ timeMilliseconds: Double, _ costMilliseconds: Double) -> Void)? {
        get { pacer.frameDrawn }
        set { pacer.frameDrawn = newValue }
    }

    /// Prepares the style on `display` (the window is made per swipe, the size of the app's).
    public init(display: OpaquePointer, settings: SystemSwipeSettings) {
        self.display = display
        self.settings = settings
        pacer = IndicatorPacer(display: display)
    }

    deinit {
        guard !X11ErrorTrap.isConnectionLost(display) else { return }
        close()
    }

    /// The app's top-level window's rectangle on its monitor, root px.
    private func rectangle(of app: AppWindow, on area: ScreenArea) -> (x: Int, y: Int, width: Int, height: Int) {
        var x = Int(area.x), y = Int(area.y), right = x + Int(area.width), bottom = y + Int(area.height)
        var attributes = XWindowAttributes()
        if app.topLevel != 0, X11ErrorTrap.succeeds(display, { _ = XGetWindowAttributes(display, Window(app.topLevel), &attributes) }) {
            x = max(x, Int(attributes.x))
            y = max(y, Int(attributes.y))
            right = min(right, Int(attributes.x) + Int(attributes.width) + 2 * Int(attributes.border_width))
            bottom = min(bottom, Int(attributes.y) + Int(attributes.height) + 2 * Int(attributes.border_width))
        }
        return (x, y, max(right - x, 1), max(bottom - y, 1))
    }

    public func began(_ swipe: SystemSwipe, app: AppWindow, at timeMilliseconds: Double) {
        finish()
        edge = swipe.edge
        let rect = rectangle(of: app, on: swipe.area)
        // The snapshot: the screen there (the app as shown), copied in the server.
        composer = try? PageSlideComposer(display: display, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        guard composer != nil else { return }
        let overlay = OverlayWindow(display: display, x: rect.x, y: rect.y, width: rect.width, height: rect.height,
                                    name: "SwipeBack system page")
        self.overlay = overlay
        offset = max(swipe.inwardPixels, 0)
        progress = swipe.progress
        // Mapped first: a copy into an unmapped window is lost.
        overlay.mapRaised()
        let cost = elapsedMilliseconds { draw() }
        pacer.drew(at: timeMilliseconds, cost: cost)
    }

    public func moved(_ swipe: SystemSwipe, wouldCommit: Bool, at timeMilliseconds: Double) {
        guard settle == nil, overlay != nil else { return }
        offset = max(swipe.inwardPixels, 0)
        progress = swipe.progress
        pacer.dirty = true
    }

    public func ended(_ swipe: SystemSwipe, decision: PopDecision, at timeMilliseconds: Double, send: @escaping () -> Void) {
        guard overlay != nil, let composer else {
            send()
            return
        }
        // In progress (a full slide is 1), so it ends as the window's page does.
        // The back waits for it: at most `SwipeSettle.systemLongestMilliseconds`.
        settle = (SwipeSettle(from: offset / Double(composer.width), to: decision == .commit ? 1 : 0, at: timeMilliseconds,
                              configuration: settings.configuration, longestMilliseconds: SwipeSettle.systemLongestMilliseconds), send)
        pacer.dirty = true
    }

    public func handle(_ event: inout XEvent, at timeMilliseconds: Double) { _ = pacer.follow(&event) }

    /// Ends the last swipe's slide: its window goes, then a pending back is sent.
    private func finish() {
        let send = settle?.send
        settle = nil
        close()
        send?()
    }

    public func tick(at timeMilliseconds: Double) -> Double? {
        guard overlay != nil, let composer else { return nil }
        if let settle {
            progress = settle.motion.value(at: timeMilliseconds)
            offset = progress * Double(composer.width)
            pacer.dirty = true
            if settle.motion.isDone(at: timeMilliseconds) {
                finish()
                return nil
            }
        }
        return pacer.drawIfDue(at: timeMilliseconds, settling: settle != nil) { draw() }
    }

    /// Composes the frame in the server and copies it to the window (requests only, flushed).
    private func draw() {
        guard let composer, let overlay else { return }
        let configuration = settings.configuration
        composer.compose(offset: offset, edge: edge, backdropDim: PageSlidePainter.backdropDim(progress: progress, configuration: configuration),
                         shadowWidth: configuration.shadowWidth)
        composer.present(on: overlay.window, gc: overlay.gc)
        overlay.flush()
    }

    /// Unmaps and destroys the window of the last swipe.
    private func close() {
        overlay = nil
        composer = nil
        XFlush(display)
    }
}

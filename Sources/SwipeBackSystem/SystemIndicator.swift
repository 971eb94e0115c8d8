// SPDX-License-Identifier: Apache-2.0
import CCairo
import CX11
import SwipeBackCore
import SwipeBackRender
import SwipeBackX11

/// The on-screen feedback of `swipeback system` in its `arrow` style: an override-redirect window
/// with an empty input shape (a later tap on it must reach the app beneath, the project notes),
/// mapped on accept at the finger's height, redrawn at most once per refresh while the finger
/// moves, and settled by the configuration's spring after the release (back into the edge on
/// cancel; out and fading on commit). ARGB when a compositor runs (`_NET_WM_CM_Sn` has an owner);
/// otherwise it shows the screen beneath, read when it maps, under the arrow. It follows the
/// compositor: when one starts or stops (the selection's owner changes, XFixes tells), the window
/// is made again of the right kind, at once when it is not shown, else when it next goes.
public final class SystemIndicator: SystemFeedback {
    private let display: OpaquePointer
    private let settings: SystemSwipeSettings
    /// The window as made now, of the kind the compositor's presence asks for.
    private var shell: OverlayWindow
    /// Whether a compositor owns `_NET_WM_CM_Sn` now (the last XFixes news of it).
    private var compositorRuns: Bool
    private let compositorSelection: Atom
    /// XFixes' first event number, nil without XFixes (then the kind is fixed at start).
    private let fixesEventBase: Int32?
    private let scale: Double
    private let width: Int, height: Int
    private let surface: ImageSurface
    private var backdrop: ImageSurface?
    private var pacer: IndicatorPacer
    /// Called after each frame is sent: its time and how long drawing and sending it took, ms
    /// (`--log-frames`).
    public var frameDrawn: ((_ timeMilliseconds: Double, _ costMilliseconds: Double) -> Void)? {
        get { pacer.frameDrawn }
        set { pacer.frameDrawn = newValue }
    }
    /// What is drawn: the stretch, look and settle.
    private var motion = ArrowMotion()

    /// Creates the (unmapped) window on `display`.
    ///
    /// - Parameters:
    ///   - display: the drawing connection.
    ///   - settings: the spring and layout.
    public init(display: OpaquePointer, settings: SystemSwipeSettings) throws {
        self.display = display
        self.settings = settings
        let x11Screen = X11Screen(display), screen = x11Screen.number, root = x11Screen.root
        // The indicator's size follows the screen's density, like the in-window layout scale.
        let density = x11Screen.densityScale
        scale = min(max(density.isFinite ? density : 1, LayoutScale.range.lowerBound), LayoutScale.range.upperBound)
        width = Int((BackArrowPainter.size.width * scale).rounded(.up))
        height = Int((BackArrowPainter.size.height * scale).rounded(.up))
        compositorSelection = XInternAtom(display, "_NET_WM_CM_S\(screen)", 0)
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        if XFixesQueryExtension(display, &eventBase, &errorBase) != 0 {
            fixesEventBase = eventBase
            XFixesSelectSelectionInput(display, root, compositorSelection,
                                       UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
                                            | XFixesSelectionClientCloseNotifyMask))
        } else {
            fixesEventBase = nil
        }
        compositorRuns = XGetSelectionOwner(display, compositorSelection) != 0
        shell = Self.window(display, width: width, height: height, composited: compositorRuns)
        surface = try ImageSurface(width: width, height: height)
        pacer = IndicatorPacer(display: display)
        XFlush(display)
    }

    /// The window: ARGB (depth 32, a colormap of its own) under a compositor, else the screen's
    /// default visual.
    private static func window(_ display: OpaquePointer, width: Int, height: Int, composited: Bool) -> OverlayWindow {
        let window = OverlayWindow(display: display, width: width, height: height, name: "SwipeBack system indicator", argb: composited)
        window.flush()
        return window
    }

    /// Makes the window again when the compositor came or went since it was made (only while it
    /// is not shown).
    private func followCompositor() {
        guard !shell.isMapped, shell.isARGB != compositorRuns else { return }
        shell = Self.window(display, width: width, height: height, composited: compositorRuns)
    }

    private func place(edge: SystemEdge, area: ScreenArea, y fingerY: Double) {
        let x = edge == .left ? Int(area.x) : Int(area.x + area.width) - width
        let y = Int(fingerY) - height / 2
        shell.move(x: x, y: y)
        if !shell.isARGB { backdrop = ScreenImages.screenImage(display, x: x, y: y, width: width, height: height) }
        shell.mapRaised()
    }

    public func began(_ swipe: SystemSwipe, app: AppWindow, at timeMilliseconds: Double) {
        began(edge: swipe.edge, area: swipe.area, y: swipe.start.y, stretch: swipe.stretch)
    }

    /// Shows the arrow for a swipe known by its numbers (a session side's, from the service).
    ///
    /// - Parameters:
    ///   - edge: the edge it grows from.
    ///   - area: the monitor (root px) whose edge that is.
    ///   - y: the finger's height, root px.
    ///   - stretch: inward distance over the commit distance, 0 up.
    public func began(edge: SystemEdge, area: ScreenArea, y: Double, stretch: Double) {
        // The last swipe's settle may still show: it goes, and the window is made again if the
        // compositor came or went meanwhile.
        shell.unmap()
        followCompositor()
        motion.begin(stretch: stretch, edge: edge)
        place(edge: edge, area: area, y: y)
        pacer.dirty = true
    }

    /// The finger moved (a session side's swipe): `stretch` out, `active` when a release commits.
    public func moved(stretch: Double, active: Bool) {
        guard !motion.isSettling else { return }
        motion.move(stretch: stretch, active: active)
        pacer.dirty = true
    }

    /// The finger lifted (a session side's swipe): the settle begins at `timeMilliseconds`.
    public func ended(commit: Bool, at timeMilliseconds: Double) {
        motion.end(commit: commit, at: timeMilliseconds, configuration: settings.configuration)
        pacer.dirty = true
    }

    public func moved(_ swipe: SystemSwipe, wouldCommit: Bool, at timeMilliseconds: Double) {
        moved(stretch: swipe.stretch, active: wouldCommit)
    }

    public func ended(_ swipe: SystemSwipe, decision: PopDecision, at timeMilliseconds: Double, send: @escaping () -> Void) {
        // The arrow covers only the edge: the back goes at once.
        send()
        ended(commit: decision == .commit, at: timeMilliseconds)
    }

    public func handle(_ event: inout XEvent, at timeMilliseconds: Double) {
        if pacer.follow(&event) { return }
        guard let fixesEventBase, event.type == fixesEventBase + XFixesSelectionNotify else { return }
        let notice = withUnsafePointer(to: &event) {
            $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee }
        }
        guard notice.selection == compositorSelection else { return }
        compositorRuns = notice.subtype == XFixesSetSelectionOwnerNotify && notice.owner != 0
        followCompositor()
    }

    public func tick(at timeMilliseconds: Double) -> Double? {
        if motion.isSettling {
            guard motion.step(at: timeMilliseconds) else {
                shell.unmap()
                followCompositor()
                return nil
            }
            pacer.dirty = true
        }
        guard shell.isMapped else { return nil }
        return pacer.drawIfDue(at: timeMilliseconds, settling: motion.isSettling) { draw() }
    }

    private func draw() {
        _ = try? surface.draw { cr in
            if let backdrop {
                cairo_set_source_surface(cr, backdrop.surface, 0, 0)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                cairo_push_group(cr)
            }
            BackArrowPainter.draw(cr, stretch: motion.stretch, active: motion.active, edge: motion.edge, opacity: motion.opacity, scale: scale)
            if backdrop != nil {
                cairo_pop_group_to_source(cr)
                cairo_paint(cr)
            }
        }
        surface.flush()
        shell.put(pixels: UnsafeMutableRawPointer(surface.data), width: surface.width, height: surface.height, stride: surface.stride)
    }
}

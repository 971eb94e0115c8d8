// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix
import SwipeBackSession
import SwipeBackX11

/// The session side's host on an X11 session whose root touch grab another client holds (GNOME
/// Shell does): `swipeback input` decides at the touchscreen, and this names the app under the
/// touch as `swipeback system` does (`AppWindow`: docks, the desktop and SwipeBack's own windows
/// keep their edges), shows the same arrow (`SystemIndicator`), and sends every action itself as
/// `swipeback system` does (`ActionDelivery`: the app activated, then XTest or a command).
public final class X11SessionHost: SessionHost {
    private let display: OpaquePointer
    private var indicator: SystemIndicator?
    private let delivery: ActionDelivery
    private let log: (SystemEvent) -> Void
    /// Each held touch's app and point (root px).
    private var apps: [Int: (app: AppWindow, point: Point)] = [:]

    /// Opens the display and makes the (hidden) arrow.
    ///
    /// - Parameters:
    ///   - displayName: the X display (nil: `DISPLAY`).
    ///   - settings: the configuration (the arrow's look and spring).
    ///   - log: gets the host's own `system` lines (`sent`, `failed`).
    /// - Throws: `X11Error` when the display cannot be opened.
    public init(displayName: String?, settings: SystemSwipeSettings, log: @escaping (SystemEvent) -> Void) throws {
        display = try X11Connection.open(displayName)
        delivery = ActionDelivery(display: display)
        indicator = try SystemIndicator(display: display, settings: settings)
        self.log = log
    }

    deinit {
        // The indicator's window lives on this display: it goes before it closes.
        indicator = nil
        X11Connection.close(display)
    }

    /// The X connection's descriptor.
    public var descriptor: Int32 { X11Connection.descriptor(display) }
    /// It shows the arrow (the `arrow` style; the `page` style is not offered here).
    public var drawsArrow: Bool { true }
    /// It names the app under the touch.
    public var knowsApps: Bool { true }

    /// Handles the events the X server sent: the arrow's and the actions' waits.
    public func dispatch() throws {
        if X11ErrorTrap.isConnectionLost(display) { throw X11Error.connectionLost }
        X11Connection.drain(display) { event in
            indicator?.handle(&event, at: MonotonicClock.milliseconds())
            for outcome in delivery.handle(event) { log(outcome.event) }
            return true
        }
    }

    /// Gives up actions that waited too long, and sends what is queued.
    public func flush() throws {
        for outcome in delivery.expire(at: MonotonicClock.milliseconds()) { log(outcome.event) }
        XFlush(display)
        if X11ErrorTrap.isConnectionLost(display) { throw X11Error.connectionLost }
    }

    /// The app window under the point (fractions of the root window).
    public func app(for touch: Int, x: Double, y: Double) -> SessionApp {
        let screen = X11Screen(display)
        let point = Point(x: x * Double(screen.width), y: y * Double(screen.height))
        let app = AppWindow.at(display, x: Int(point.x), y: Int(point.y))
        apps[touch] = (app, point)
        return SessionApp(names: app.classNames, keepsEdges: app.role != .app || app.isSwipeBack)
    }

    /// Every action but `none`: X11 lets a client send keys and buttons to another app.
    public func sendsItself(_ action: SystemAction) -> Bool { action != .none }

    /// Sends `action` to the touch's app once it is active (or logs why not).
    public func send(_ action: SystemAction, for touch: Int) {
        guard let held = apps[touch] else { return }
        if let outcome = delivery.request(action, to: held.app, at: held.point, touch: touch, serverTime: 0, now: MonotonicClock.milliseconds()) {
            log(outcome.event)
        }
    }

    /// Forgets a touch that ended.
    public func forget(_ touch: Int) { apps[touch] = nil }

    /// Shows the arrow at the root's edge, at height `y` (a fraction of the root's).
    public func arrowBegin(edge: SystemEdge, y: Double, stretch: Double) {
        let screen = X11Screen(display)
        let width = Double(screen.width), height = Double(screen.height)
        indicator?.began(edge: edge, area: ScreenArea(x: 0, y: 0, width: width, height: height), y: y * height, stretch: stretch)
    }

    /// The finger moved.
    public func arrowMove(y: Double, stretch: Double, active: Bool) { indicator?.moved(stretch: stretch, active: active) }

    /// The finger lifted.
    public func arrowEnd(commit: Bool) { indicator?.ended(commit: commit, at: MonotonicClock.milliseconds()) }

    /// Draws the arrow's frame when due (one per refresh).
    public func tick() -> Double? { indicator?.tick(at: MonotonicClock.milliseconds()) }
}

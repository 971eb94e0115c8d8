// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// The app where a held touch came down, as the session sees it.
public struct SessionApp: Equatable, Sendable {
    /// Its names, matched against `systemExclude` and `systemAppActions`: a Wayland app_id, or an
    /// X11 window's `WM_CLASS` instance and class; empty when unknown.
    public var names: [String]
    /// Whether it keeps its edge touches whatever the configuration says (a dock or panel, the
    /// desktop, one of SwipeBack's own windows).
    public var keepsEdges: Bool

    /// Creates an app.
    ///
    /// - Parameters:
    ///   - names: its app_id, or `WM_CLASS` instance and class (may be empty).
    ///   - keepsEdges: whether it keeps its edge touches in any case.
    public init(names: [String], keepsEdges: Bool = false) {
        self.names = names
        self.keepsEdges = keepsEdges
    }

    /// The name for the channel and the log: the last that is not empty (an X11 class, else its
    /// instance; or the app_id); nil when unknown.
    public var name: String? { names.last { !$0.isEmpty } }
}

/// What a session side (`SessionSide`) stands on: the session's display, which names the app where
/// a touch came down, shows the arrow, and sends an action where the session can. One for Wayland
/// (`SwipeBackWayland`), one for X11 when another client holds the root touch grab
/// (`SwipeBackSystem`). Driven from the session side's loop: poll `descriptor`, `dispatch()` when
/// it is readable, `flush()` before waiting, `tick()` when it asked to be called.
public protocol SessionHost: AnyObject {
    /// The display connection's descriptor, to poll for reading.
    var descriptor: Int32 { get }
    /// Whether it shows an arrow (for the log).
    var drawsArrow: Bool { get }
    /// Whether it can name apps (for the log).
    var knowsApps: Bool { get }
    /// Reads and handles what the display sent.
    ///
    /// - Throws: when the display's connection is lost.
    func dispatch() throws
    /// Handles what was read and sends what is queued.
    ///
    /// - Throws: when the display's connection is lost.
    func flush() throws
    /// The app where held touch `touch` came down (the host may keep it until `forget`).
    ///
    /// - Parameters:
    ///   - touch: the touch's number on the channel.
    ///   - x, y: where it came down, fractions 0...1 of the screen's width and height.
    func app(for touch: Int, x: Double, y: Double) -> SessionApp
    /// Whether the session sends `action` itself (else the service's keyboard and mouse do; a
    /// command the session does not run itself is not run at all).
    func sendsItself(_ action: SystemAction) -> Bool
    /// Sends `action` for held touch `touch`'s app (one `sendsItself` took), logging its outcome.
    func send(_ action: SystemAction, for touch: Int)
    /// Held touch `touch` has ended: what was kept of it can go.
    func forget(_ touch: Int)
    /// An accepted swipe's arrow appears at height `y` (0...1) from `edge`, `stretch` (inward
    /// distance over the commit distance) out.
    func arrowBegin(edge: SystemEdge, y: Double, stretch: Double)
    /// The finger moved; `active` says a release now commits.
    func arrowMove(y: Double, stretch: Double, active: Bool)
    /// The finger lifted: the arrow settles (`commit`: on and out; else back into the edge).
    func arrowEnd(commit: Bool)
    /// Draws what is due.
    ///
    /// - Returns: when it next wants a call, ms on `CLOCK_MONOTONIC`; nil when idle.
    func tick() -> Double?
}

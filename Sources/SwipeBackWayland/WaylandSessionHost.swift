// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix
import SwipeBackSession

/// The session side's host on a Wayland session: the app is the activated toplevel's app_id
/// (`zwlr_foreign_toplevel_manager_v1`, wlroots compositors; unknown elsewhere), the arrow a
/// layer-shell overlay (`OverlayArrow`; none without layer-shell), and of the actions only a
/// `command:` is sent here (run as the user, `SWIPEBACK_APP` set): a Wayland client cannot send
/// keys to another app, so keys and buttons go out through the service's keyboard and mouse.
public final class WaylandSessionHost: SessionHost {
    private let connection: WaylandConnection
    private let arrow: OverlayArrow?
    private let log: (SystemEvent) -> Void
    private var apps: [Int: SessionApp] = [:]

    /// Called with each arrow frame's time, ms on `CLOCK_MONOTONIC` (`--log-frames`), or nil.
    public var frameCommitted: ((Double) -> Void)? {
        get { arrow?.frameCommitted }
        set { arrow?.frameCommitted = newValue }
    }

    /// Connects to the compositor.
    ///
    /// - Parameters:
    ///   - configuration: the spring of the arrow's settle.
    ///   - frameCommitted: as the property, from the start.
    ///   - log: gets the host's own `system` lines (`sent`, `failed`).
    /// - Throws: `WaylandError` when no compositor answers.
    public init(configuration: Configuration, frameCommitted: ((Double) -> Void)?, log: @escaping (SystemEvent) -> Void) throws {
        connection = try WaylandConnection()
        arrow = connection.hasLayerShell ? try OverlayArrow(connection: connection, configuration: configuration, clock: MonotonicClock.milliseconds) : nil
        arrow?.frameCommitted = frameCommitted
        self.log = log
    }

    /// The compositor connection's descriptor.
    public var descriptor: Int32 { connection.descriptor }
    /// Whether the compositor offers layer-shell.
    public var drawsArrow: Bool { arrow != nil }
    /// Whether the compositor offers the foreign-toplevel list.
    public var knowsApps: Bool { connection.hasToplevels }
    /// Handles what the compositor sent.
    public func dispatch() throws { try connection.dispatch() }
    /// Sends what is queued.
    public func flush() throws { try connection.flush() }

    /// The activated toplevel's app (the point is not used: Wayland does not say what is where).
    public func app(for touch: Int, x: Double, y: Double) -> SessionApp {
        let app = SessionApp(names: connection.activatedAppID.map { [$0] } ?? [])
        apps[touch] = app
        return app
    }

    /// Only a `command:` (run here, as the user).
    public func sendsItself(_ action: SystemAction) -> Bool {
        if case .command = action { return true }
        return false
    }

    /// Runs a `command:` action.
    public func send(_ action: SystemAction, for touch: Int) {
        guard case .command(let line) = action else { return }
        let started = CommandSpawner.spawn(line, environment: ["SWIPEBACK_APP": apps[touch]?.name ?? ""])
        log(.action(.touch(touch), target: .app(apps[touch]?.name), action: action, failure: started ? nil : "notSent"))
    }

    /// Forgets a touch that ended.
    public func forget(_ touch: Int) { apps[touch] = nil }
    /// Shows the overlay's arrow.
    public func arrowBegin(edge: SystemEdge, y: Double, stretch: Double) { arrow?.begin(edge: edge, y: y, stretch: stretch) }
    /// The finger moved.
    public func arrowMove(y: Double, stretch: Double, active: Bool) { arrow?.move(y: y, stretch: stretch, active: active) }
    /// The finger lifted.
    public func arrowEnd(commit: Bool) { arrow?.end(commit: commit) }
    /// Moves the settle on and draws what is due (paced by frame callbacks).
    public func tick() -> Double? { arrow?.tick() }
}

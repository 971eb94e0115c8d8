// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore
import SwipeBackFormats
import SwipeBackX11

/// Sends each committed swipe's action once its app is active, on the drawing connection.
///
/// `_NET_ACTIVE_WINDOW` is a request to the window manager, answered later; XTest keys go to
/// whichever window has the focus when the server reads them. So an action waits until the root's
/// `_NET_ACTIVE_WINDOW` names the app (its PropertyNotify) or the app's window gets FocusIn, for at
/// most `activationLimitMilliseconds`; past that it is not sent, and reported as failed.
final class ActionDelivery {
    /// How long an action waits for its app to become active, ms: far past a window manager's
    /// answer (openbox and xfwm4 answer within a few ms), short enough to feel like the swipe's.
    static let activationLimitMilliseconds = 150.0

    /// What became of one action.
    struct Outcome {
        /// The touch of the swipe that asked for it.
        var touch: Int
        /// The app it was for.
        var app: AppWindow
        /// The action.
        var action: SystemAction
        /// nil when sent; else why not (`notActive`: the app did not become active in time;
        /// `notSent`: XTest is missing, a key is unknown, or a command did not start).
        var failure: String?

        /// Its `sent` or `failed` line (with the `reason` of a failure).
        var event: SystemEvent {
            .action(.touch(touch), target: .window(appClass: app.logClass, id: app.window), action: action, failure: failure)
        }
    }

    private struct Pending {
        var id: Int
        var touch: Int
        var app: AppWindow
        var action: SystemAction
        var point: Point
        var deadline: Double
    }

    private let display: OpaquePointer
    private let sender: ActionSender
    private let activeWindowAtom: Atom
    private var pending: [Pending] = []
    private var lastID = 0

    /// Sends on `display` (the drawing connection), whose root's property changes it watches
    /// only while an action waits (idle, the desktop's own property changes wake nothing).
    init(display: OpaquePointer) {
        self.display = display
        sender = ActionSender(display: display)
        activeWindowAtom = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
    }

    /// Selects the root's property changes while an action waits, and none after; `done`'s
    /// windows no longer report their focus.
    private func watchRoot(done: [Pending] = []) {
        XSelectInput(display, X11Screen(display).root, pending.isEmpty ? NoEventMask : PropertyChangeMask)
        for entry in done where !pending.contains(where: { $0.app.window == entry.app.window }) {
            _ = X11ErrorTrap.succeeds(display) { XSelectInput(display, Window(entry.app.window), NoEventMask) }
        }
    }

    /// When the oldest waiting action gives up, ms on the app clock; nil when none waits.
    var nextDeadline: Double? { pending.map(\.deadline).min() }

    /// Activates `app` and sends `action` now if it is active, else once it is.
    ///
    /// - Parameters:
    ///   - action: what to send (`none` is done at once, with no activation).
    ///   - app: the window under the touch-down point.
    ///   - point: the touch-down point, root px.
    ///   - touch: the swipe's touch id, for the log.
    ///   - serverTime: the X server time of the release, ms.
    ///   - now: the app clock, ms.
    /// - Returns: the outcome when it was decided now; nil while it waits.
    func request(_ action: SystemAction, to app: AppWindow, at point: Point, touch: Int, serverTime: UInt, now: Double) -> Outcome? {
        if case .none = action { return Outcome(touch: touch, app: app, action: action, failure: nil) }
        lastID += 1
        let entry = Pending(id: lastID, touch: touch, app: app, action: action, point: point,
                            deadline: now + Self.activationLimitMilliseconds)
        // Watching starts before the request goes, so its answer cannot come unseen.
        pending.append(entry)
        watchRoot()
        // FocusIn on the client as well: some window managers set the focus before the property.
        _ = X11ErrorTrap.succeeds(display) { XSelectInput(display, Window(app.window), FocusChangeMask) }
        switch sender.activate(app, time: serverTime) {
        case .active:
            pending.removeAll { $0.id == entry.id }
            watchRoot(done: [entry])
            return send(entry)
        case .requested:
            return nil
        }
    }

    /// An event of the drawing connection: a change of the active window sends what waited for it.
    ///
    /// - Returns: the outcomes of the actions it sent.
    func handle(_ event: XEvent) -> [Outcome] {
        guard !pending.isEmpty else { return [] }
        let ready: [Pending]
        switch event.type {
        case PropertyNotify where event.xproperty.atom == activeWindowAtom && event.xproperty.window == X11Screen(display).root:
            ready = pending.filter { sender.isActive($0.app) }
        case FocusIn where event.xfocus.mode == NotifyNormal || event.xfocus.mode == NotifyWhileGrabbed:
            ready = pending.filter { $0.app.window == UInt(event.xfocus.window) }
        default:
            return []
        }
        let ids = Set(ready.map(\.id))
        pending.removeAll { ids.contains($0.id) }
        if !ready.isEmpty { watchRoot(done: ready) }
        return ready.map(send)
    }

    /// Gives up on the actions whose app has not become active by `now` (ms).
    ///
    /// - Returns: their outcomes (`notActive`).
    func expire(at now: Double) -> [Outcome] {
        let late = pending.filter { $0.deadline <= now }
        guard !late.isEmpty else { return [] }
        pending.removeAll { $0.deadline <= now }
        watchRoot(done: late)
        return late.map { Outcome(touch: $0.touch, app: $0.app, action: $0.action, failure: "notActive") }
    }

    private func send(_ entry: Pending) -> Outcome {
        let sent = sender.send(entry.action, to: entry.app, at: entry.point)
        return Outcome(touch: entry.touch, app: entry.app, action: entry.action, failure: sent ? nil : "notSent")
    }
}

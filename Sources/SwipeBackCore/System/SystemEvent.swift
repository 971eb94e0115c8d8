// SPDX-License-Identifier: Apache-2.0
/// What `swipeback system`, `swipeback input` and the session side tell the event log, as typed
/// values: the `system` lines of SPEC section 3, one case per `event`. `SwipeBackFormats` writes
/// them (`EventLogEntry.init(_:)`, the one place that names the log's fields), as it writes the
/// window's events.
public enum SystemEvent: Equatable, Sendable {
    /// The host started: its style and strips.
    case started(SystemStart)
    /// The host stopped (SIGTERM or SIGINT).
    case stopped
    /// An edge or other touch went to the apps at once: where it came down (nil for a touch
    /// outside the strips, which is the user's own business), why, and the app's class when known.
    case rejected(SystemTouch, point: Point?, reason: SystemRejectReason, appClass: String?)
    /// A touch became a swipe: where it came down, its edge and kind, the app's class (X11).
    case accepted(SystemTouch, start: Point, edge: SystemEdge, kind: SystemSwipeKind, appClass: String?)
    /// A swipe was released and decided (written `committed` or `cancelled`).
    case released(SystemTouch, kind: SystemSwipeKind, appClass: String?, release: SystemRelease)
    /// An action was sent, or failed (`failure` says why: `notActive`, `notSent`; nil when sent).
    case action(SystemTouch, target: SystemActionTarget, action: SystemAction, failure: String?)
    /// `swipeback input`: a touchscreen is waited for (a finger is on it), taken, refused (with
    /// the reason) or released (`gone`, `removed`).
    case device(SystemDevicePhase, name: String, path: String, reason: String?)
    /// `swipeback input` with a session side: a touch in a strip is asked about (where it came down).
    case held(SystemTouch, start: Point)
    /// `swipeback input`: the session side's answer about a held touch.
    case answered(SystemTouch, app: String?, exclude: Bool, sender: SystemActionSender)
    /// `swipeback input`: an answer came past the decision timeout and is ignored.
    case late(SystemTouch)
    /// `swipeback input`: a committed swipe's action is the session side's to send.
    case leftToSession(SystemTouch)
    /// `swipeback input`'s session channel: a session side connected, was refused, went away,
    /// or the channel could not be offered.
    case session(SystemSessionPhase)
    /// The session side reached the service's socket.
    case connected(socket: String)
    /// The session side lost (or could not reach) the service.
    case disconnected(reason: String)
    /// The session side was asked about a held touch and answered: the app, whether it is
    /// excluded, the height it came down at (a fraction of the screen's) and who sends the action
    /// (written `held`).
    case asked(touch: Int, app: String?, exclude: Bool, y: Double, sender: SystemActionSender)
    /// The service said how a held touch ended (written as the outcome: `committed`,
    /// `cancelled`, `passed`).
    case ended(touch: Int, outcome: SystemTouchOutcome, sender: SystemActionSender)
}

/// How a system host started, for its `started` line.
public enum SystemStart: Equatable, Sendable {
    /// `swipeback system`'s grab: its style, edge width and commit distance (mm).
    case grab(style: SystemStyle, edgeWidth: Double, commitDistance: Double)
    /// `swipeback input` at the devices (style `input`): edge width and commit distance (mm).
    case input(edgeWidth: Double, commitDistance: Double)
    /// A session side (style `session`): whether it draws the arrow and knows the apps.
    case session(drawsArrow: Bool, knowsApps: Bool)
}

/// Whose touch a system line is about.
public enum SystemTouch: Equatable, Sendable {
    /// A touch of `swipeback system` (the X touch id) or of a session side (the service's number).
    case touch(Int)
    /// A touch at a touchscreen (`swipeback input`): the device's name and the touch's slot.
    case device(name: String, touch: Int)
}

/// Where an action went, for its `sent` or `failed` line.
public enum SystemActionTarget: Equatable, Sendable {
    /// An X11 window: its WM_CLASS class and its id.
    case window(appClass: String, id: UInt)
    /// A Wayland app (a session side's command): its app id, nil when unknown.
    case app(String?)
    /// `swipeback input`'s own virtual keyboard or mouse: no app named.
    case devices
}

/// What happened to a touchscreen `swipeback input` follows.
public enum SystemDevicePhase: String, Sendable, CaseIterable {
    /// A finger is on it: it is taken once none is.
    case waiting
    /// Grabbed, with its twin in its place.
    case taken
    /// It could not be taken (the reason says why).
    case refused
    /// Let go (`gone`: unplugged; `removed`: no longer a touchscreen).
    case released
}

/// What happened on `swipeback input`'s session channel.
public enum SystemSessionPhase: Equatable, Sendable {
    /// A session side of user `uid` connected.
    case connected(uid: Int)
    /// A session side was refused (its uid when known).
    case refused(uid: Int?, reason: String)
    /// The session side went away.
    case disconnected(reason: String)
    /// The channel could not be offered.
    case unavailable(reason: String)
}

/// Who sends a committed swipe's action when `swipeback input` has a session side.
public enum SystemActionSender: String, Sendable, CaseIterable {
    /// The service, through its own virtual keyboard and mouse.
    case service
    /// The session side itself (on X11, into the window under the touch).
    case session
}

/// How a touch held by `swipeback input` ended.
public enum SystemTouchOutcome: String, Sendable, CaseIterable {
    /// An accepted swipe committed: the action is sent.
    case committed
    /// An accepted swipe cancelled: nothing is sent.
    case cancelled
    /// The touch was given to the compositor from its first point (rejected, or excluded).
    case passed
}

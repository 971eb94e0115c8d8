/// One line of the event log (SPEC section 3): a time, a type and the type's fields in order.
public struct EventLogEntry: Equatable, Sendable {
    /// When it happened, in ms on the scenario or app clock.
    public var timeMilliseconds: Double
    /// The line's `type`: `veto`, `gesture`, `lifecycle`, `stack`, `transition`, `action`, `control`, `back`, `final`, `frame`.
    public var type: String
    /// The other fields, in the order they are written.
    public var fields: [(String, LogValue)]

    /// Creates an entry.
    public init(timeMilliseconds: Double, type: String, fields: [(String, LogValue)]) {
        self.timeMilliseconds = timeMilliseconds
        self.type = type
        self.fields = fields
    }

    /// The field named `name`, or nil.
    public subscript(name: String) -> LogValue? {
        fields.first { $0.0 == name }?.1
    }

    /// Equal time, type and fields (in order).
    public static func == (a: EventLogEntry, b: EventLogEntry) -> Bool {
        a.timeMilliseconds == b.timeMilliseconds && a.type == b.type
            && LogValue.object(a.fields) == LogValue.object(b.fields)
    }
}

/// Lifecycle callbacks, in UIKit's words.
public enum LifecyclePhase: String, Sendable {
    /// The page is about to come into view.
    case willAppear
    /// The page is in view.
    case didAppear
    /// The page is about to leave view.
    case willDisappear
    /// The page left view.
    case didDisappear
}

/// The phases a gesture line reports (UIKit's recognizer states that observers see).
public enum GesturePhase: String, Sendable {
    /// The swipe began (the move that crossed the touch slop).
    case began
    /// A later move.
    case changed
    /// The release, with its decision.
    case ended
    /// The system interrupted it; the page is restored.
    case cancelled
}

/// Kinds of transition in the log.
public enum TransitionKind: String, Sendable {
    /// An animated push.
    case push
    /// An animated pop or popToRoot (a back button, a back command, app code).
    case pop
    /// A pop driven by the finger.
    case interactivePop
}

/// Stack operations in the log.
public enum StackOperation: String, Sendable {
    /// A page was pushed.
    case push
    /// The top page was popped.
    case pop
    /// The stack was popped to its root.
    case popToRoot
}

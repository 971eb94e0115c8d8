// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// One message of the session channel (SPEC section 6): between `swipeback input`, the system
/// service at the touchscreens, and its session side (`swipeback system` in the user's session),
/// which shows the arrow and names the app under the touch. JSON Lines over a Unix stream socket,
/// one object per line with a `type`; each side's first line is `hello`.
public enum SessionMessage: Equatable, Sendable {
    /// The version of the channel this build speaks.
    public static let version = 1

    /// The longest line either side sends or accepts, bytes without the newline. A longer one is
    /// an error that ends the connection (the service then decides alone).
    public static let lineLimitBytes = 1024

    /// The longest app id an answer may carry, characters (a Wayland app_id or an X11 WM_CLASS
    /// class is far shorter).
    public static let appLimitCharacters = 255
    /// The largest `stretch` a progress message carries (the service holds it there).
    public static let stretchLimit = 10.0

    /// Which screen edge a touch came down at (`SystemEdge`: left, right).
    public typealias Edge = SystemEdge

    /// What a swipe does when it commits (`SystemSwipeKind`: back, forward).
    public typealias Kind = SystemSwipeKind

    /// How a held touch ended (`SystemTouchOutcome`: committed, cancelled, passed).
    public typealias Outcome = SystemTouchOutcome

    /// Who sends a committed swipe's action (`SystemActionSender`: service, session).
    public typealias Sender = SystemActionSender

    /// The first message each way: the channel version the sender speaks. A side that gets
    /// another version ends the connection.
    case hello(version: Int)
    /// Service to session: a touch came down in an edge strip and is held undecided.
    /// `touch` is unique on the connection (0...2^31-1); `x`, `y` are where it came down, as a
    /// fraction of the touchscreen's width and height after its rotation (0...1).
    case held(touch: Int, edge: Edge, kind: Kind, x: Double, y: Double)
    /// Service to session: an accepted swipe moved. `progress` is its inward distance over the
    /// screen's width (0...1), `y` its height as a fraction of the screen's (0...1), `stretch` its
    /// inward distance over the commit distance (0...`stretchLimit`: the arrow's stretch), and
    /// `active` whether a release now commits (distance or fling).
    case progress(touch: Int, progress: Double, y: Double, stretch: Double, active: Bool)
    /// Service to session: a held touch ended (`outcome`); no more messages name it. `sender` says
    /// who sends a commit's action: `session` only when the session's answer said so, came in
    /// time, and this line reached it; otherwise the service has sent its own.
    case ended(touch: Int, outcome: Outcome, sender: Sender)
    /// Session to service: what it knows of a held touch, within the decision timeout
    /// (`systemDecisionTimeout`; a later answer is ignored). `app` is the id of the app under the
    /// touch (a Wayland app_id, an X11 WM_CLASS class; nil when unknown); `exclude` gives the touch
    /// to the compositor whole (`systemExclude`); `sender` says who sends the action; `action` is
    /// the app's own action (`systemAppActions`: `key:CHORD`, `button:N` or `none`), nil for the
    /// service's configured one.
    case answer(touch: Int, app: String?, exclude: Bool, sender: Sender, action: SystemAction?)

    /// The message as one line of JSON, without the newline; keys in a fixed order, `type` first.
    public var line: String {
        let fields: [(String, LogValue)]
        switch self {
        case .hello(let version):
            fields = [("type", .string("hello")), ("version", .number(Double(version)))]
        case .held(let touch, let edge, let kind, let x, let y):
            fields = [("type", .string("held")), ("touch", .number(Double(touch))), ("edge", .string(edge.rawValue)),
                      ("kind", .string(kind.rawValue)), ("x", .number(x)), ("y", .number(y))]
        case .progress(let touch, let progress, let y, let stretch, let active):
            fields = [("type", .string("progress")), ("touch", .number(Double(touch))), ("progress", .number(progress)), ("y", .number(y)),
                      ("stretch", .number(stretch)), ("active", .bool(active))]
        case .ended(let touch, let outcome, let sender):
            fields = [("type", .string("ended")), ("touch", .number(Double(touch))), ("outcome", .string(outcome.rawValue)),
                      ("sender", .string(sender.rawValue))]
        case .answer(let touch, let app, let exclude, let sender, let action):
            fields = [("type", .string("answer")), ("touch", .number(Double(touch))), ("app", app.map(LogValue.string) ?? .null),
                      ("exclude", .bool(exclude)), ("sender", .string(sender.rawValue)), ("action", action.map { .string($0.description) } ?? .null)]
        }
        return EventLogWriter.json(.object(fields))
    }

    /// Reads one line of the channel.
    ///
    /// - Parameters:
    ///   - text: the line, without its newline; at most `lineLimitBytes` bytes of UTF-8.
    ///   - source: who sent it, for messages (like `swipeback input's socket`).
    ///   - line: its number on the connection, from 1.
    /// - Returns: the message. Keys it does not know are ignored (a later version may add some).
    /// - Throws: `FormatError` naming `source`, `line` and what was expected: a line that is too
    ///   long, not a JSON object, of an unknown `type`, or missing a field or with one out of range.
    public static func parse(_ text: String, source: String, line: Int) throws -> SessionMessage {
        func fail(_ message: String) -> FormatError { FormatError(file: source, line: line, message: message) }
        guard text.utf8.count <= lineLimitBytes else {
            throw fail("a line of \(text.utf8.count) bytes; expected at most \(lineLimitBytes)")
        }
        guard case .object(let object) = try JSONValue.parse(text, file: source, line: line) else {
            throw fail("expected a JSON object")
        }
        guard case .string(let type)? = object["type"] else { throw fail("expected \"type\", a string") }
        let named = (type.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + type
        func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int {
            guard case .number(let n)? = object[key], n.rounded() == n, n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                throw fail("\(named) message needs \"\(key)\", an integer in \(range.lowerBound)...\(range.upperBound)")
            }
            return Int(n)
        }
        func fraction(_ key: String, upTo limit: Double = 1) throws -> Double {
            guard case .number(let n)? = object[key], n >= 0, n <= limit else {
                throw fail("\(named) message needs \"\(key)\", a number in 0...\(Int(limit))")
            }
            return n
        }
        func flag(_ key: String) throws -> Bool {
            guard case .bool(let value)? = object[key] else { throw fail("\(named) message needs \"\(key)\", true or false") }
            return value
        }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws -> T where T.RawValue == String {
            guard case .string(let s)? = object[key], let value = T(rawValue: s) else {
                throw fail("\(named) message needs \"\(key)\", one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            return value
        }
        func optionalString(_ key: String, limit: Int) throws -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let s)? where s.count <= limit && !s.isEmpty: return s
            default: throw fail("\(named) message's \"\(key)\" is a string of 1 to \(limit) characters or null")
            }
        }
        func action(_ key: String) throws -> SystemAction? {
            guard let text = try optionalString(key, limit: 64) else { return nil }
            // A session side runs its commands itself: what it gives the service is a key, a button or none.
            guard let action = SystemAction(text), action.isSentByDevices else {
                throw fail("\(named) message's \"\(key)\" is \(FormatError.quoted(text)); expected key:CHORD, button:N (1...255) or none, or null")
            }
            return action
        }
        let touchRange = 0...Int(Int32.max)
        switch type {
        case "hello":
            return .hello(version: try integer("version", in: 1...Int(Int32.max)))
        case "held":
            return .held(touch: try integer("touch", in: touchRange), edge: try choice("edge", Edge.self), kind: try choice("kind", Kind.self),
                         x: try fraction("x"), y: try fraction("y"))
        case "progress":
            return .progress(touch: try integer("touch", in: touchRange), progress: try fraction("progress"), y: try fraction("y"),
                             stretch: try fraction("stretch", upTo: stretchLimit), active: try flag("active"))
        case "ended":
            return .ended(touch: try integer("touch", in: touchRange), outcome: try choice("outcome", Outcome.self), sender: try choice("sender", Sender.self))
        case "answer":
            return .answer(touch: try integer("touch", in: touchRange), app: try optionalString("app", limit: appLimitCharacters),
                           exclude: try flag("exclude"), sender: try choice("sender", Sender.self), action: try action("action"))
        default:
            throw fail("\"type\" is \(FormatError.quoted(type)); expected \"hello\", \"held\", \"progress\", \"ended\" or \"answer\"")
        }
    }
}

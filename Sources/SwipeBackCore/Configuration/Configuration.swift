/// Every tunable of SwipeBack, with its default, unit and range.
///
/// Defaults and their sources are in DESIGN.md ("Defaults and where they come from");
/// `Configuration.keys` lists each key with its range for readers and the README.
public struct Configuration: Equatable, Sendable {
    /// How far from the stack's leading edge a down may start a swipe, in px (0...10000).
    /// Default 20: Flutter's `_kBackGestureWidth` is 20 logical px.
    public var edgeWidth: Double = 20
    /// How far a pointer must move before the swipe begins or fails, in px (0...100).
    /// Default 8 (Ionic uses 10, libadwaita 16, Flutter 18).
    public var touchSlop: Double = 8
    /// Progress at or past which a slow release commits the pop (0...1). Default 0.5 (Flutter, libadwaita).
    public var commitProgress: Double = 0.5
    /// Release speed at or above which the velocity's direction decides, in widths/s (0...100).
    /// Default 1.0: Flutter's Cupertino back gesture flings at 1 width per second.
    public var flingVelocity: Double = 1.0
    /// Largest velocity the decision uses, in px/s (1...100000). Default 8000: Flutter's `kMaxFlingVelocity`.
    public var maxVelocity: Double = 8000
    /// The end-of-gesture rule.
    public var policy: PopDecisionPolicy = .velocityOrDistance
    /// Deceleration rate of the `projection` policy, per ms (0.9...0.9999).
    /// Default 0.998: UIKit's `UIScrollView.DecelerationRate.normal`.
    public var projectionDeceleration: Double = 0.998
    /// Spring stiffness for the settle and animated push/pop, 1/s^2 with mass 1 (1...100000). Default 1000 (libadwaita).
    public var springStiffness: Double = 1000
    /// Spring damping ratio (0.1...10); 1 is critically damped (libadwaita's default).
    public var springDampingRatio: Double = 1.0
    /// How far the page beneath lags behind, as a fraction of the width (0...1). Default 0.3 (UIKit's 30 %).
    public var parallax: Double = 0.3
    /// Opacity of the black dim over the page beneath at progress 0 (0...1). Default 0.1 (Ionic 10 %).
    public var dimAlpha: Double = 0.1
    /// Width of the shadow at the moving page's leading edge, in px (0...200). Default 16.
    public var shadowWidth: Double = 16
    /// Whether a horizontal drag anywhere on the page may start the pop (iOS 26 content pop gesture).
    public var contentSwipe: Bool = false
    /// Touchpad scroll distance for a full swipe, in px (1...10000). Default 400 (libadwaita's base distance).
    public var touchpadDistance: Double = 400
    /// Time after the last touchpad scroll delta that ends the swipe, in ms (1...5000). Default 150.
    public var touchpadEndTimeout: Double = 150
    /// Key names that act as back commands. Default libadwaita's: Alt+Left, XF86Back, Escape.
    public var backKeys: [String] = ["Alt+Left", "XF86Back", "Escape"]
    /// Mouse buttons that act as back commands. Default `[8]`.
    public var backButtons: [Int] = [8]
    /// Kiosk idle time before returning to the root, in s (0...86400); 0 turns it off. Default 120.
    public var kioskIdleTimeout: Double = 120
    /// The key chord that quits a kiosk (for example `Ctrl+Alt+Shift+Q`); nil means no way out.
    public var kioskExitChord: String? = nil

    /// The built-in defaults.
    public init() {}
}

extension Configuration {
    /// What a configuration key holds, for readers that validate files.
    public enum ValueKind: Sendable, Equatable {
        /// A finite number within `range`, in the key's unit.
        case number(ClosedRange<Double>, unit: String)
        /// `true` or `false`.
        case boolean
        /// One of the listed strings.
        case choice([String])
        /// An array of strings.
        case strings
        /// An array of integers.
        case integers
        /// A string or null.
        case optionalString
    }

    /// One configuration key: its exact name, its kind and its one-line meaning.
    public struct Key: Sendable {
        /// The key's name, as in config files and scenario headers.
        public let name: String
        /// What the key holds, with its range and unit for numbers.
        public let kind: ValueKind
        /// One line for help text and the README.
        public let summary: String
    }

    /// Every key, in the order of DESIGN.md's table.
    public static let keys: [Key] = [
        Key(name: "edgeWidth", kind: .number(0...10000, unit: "px"), summary: "distance from the leading edge where a swipe may start"),
        Key(name: "touchSlop", kind: .number(0...100, unit: "px"), summary: "movement before a swipe begins or fails"),
        Key(name: "commitProgress", kind: .number(0...1, unit: ""), summary: "progress at which a slow release commits"),
        Key(name: "flingVelocity", kind: .number(0...100, unit: "widths/s"), summary: "release speed at which the direction decides"),
        Key(name: "maxVelocity", kind: .number(1...100000, unit: "px/s"), summary: "largest velocity the decision uses"),
        Key(name: "policy", kind: .choice(PopDecisionPolicy.allCases.map(\.rawValue)), summary: "end-of-gesture rule"),
        Key(name: "projectionDeceleration", kind: .number(0.9...0.9999, unit: "per ms"), summary: "deceleration of the projection policy"),
        Key(name: "springStiffness", kind: .number(1...100000, unit: "1/s^2"), summary: "settle spring stiffness (mass 1)"),
        Key(name: "springDampingRatio", kind: .number(0.1...10, unit: ""), summary: "settle spring damping ratio (1 = critical)"),
        Key(name: "parallax", kind: .number(0...1, unit: "of width"), summary: "lag of the page beneath"),
        Key(name: "dimAlpha", kind: .number(0...1, unit: ""), summary: "dim over the page beneath"),
        Key(name: "shadowWidth", kind: .number(0...200, unit: "px"), summary: "shadow at the moving page's edge"),
        Key(name: "contentSwipe", kind: .boolean, summary: "full-width content swipe"),
        Key(name: "touchpadDistance", kind: .number(1...10000, unit: "px"), summary: "touchpad scroll for a full swipe"),
        Key(name: "touchpadEndTimeout", kind: .number(1...5000, unit: "ms"), summary: "touchpad swipe end after the last delta"),
        Key(name: "backKeys", kind: .strings, summary: "keys that go back"),
        Key(name: "backButtons", kind: .integers, summary: "mouse buttons that go back"),
        Key(name: "kioskIdleTimeout", kind: .number(0...86400, unit: "s"), summary: "kiosk idle return to root (0 = off)"),
        Key(name: "kioskExitChord", kind: .optionalString, summary: "kiosk exit chord (null = none)"),
    ]

    /// A value for one key, as read from a file.
    public enum Value: Sendable, Equatable {
        /// A number in the key's unit.
        case number(Double)
        /// A boolean.
        case boolean(Bool)
        /// A string, or nil for null.
        case string(String?)
        /// An array of strings.
        case strings([String])
        /// An array of integers.
        case integers([Int])
    }

    /// The value of `key`, or nil for an unknown key.
    public func value(of key: String) -> Value? {
        switch key {
        case "edgeWidth": return .number(edgeWidth)
        case "touchSlop": return .number(touchSlop)
        case "commitProgress": return .number(commitProgress)
        case "flingVelocity": return .number(flingVelocity)
        case "maxVelocity": return .number(maxVelocity)
        case "policy": return .string(policy.rawValue)
        case "projectionDeceleration": return .number(projectionDeceleration)
        case "springStiffness": return .number(springStiffness)
        case "springDampingRatio": return .number(springDampingRatio)
        case "parallax": return .number(parallax)
        case "dimAlpha": return .number(dimAlpha)
        case "shadowWidth": return .number(shadowWidth)
        case "contentSwipe": return .boolean(contentSwipe)
        case "touchpadDistance": return .number(touchpadDistance)
        case "touchpadEndTimeout": return .number(touchpadEndTimeout)
        case "backKeys": return .strings(backKeys)
        case "backButtons": return .integers(backButtons)
        case "kioskIdleTimeout": return .number(kioskIdleTimeout)
        case "kioskExitChord": return .string(kioskExitChord)
        default: return nil
        }
    }

    /// Sets `key` to `value`; the caller has checked the value against `Configuration.keys`.
    ///
    /// - Returns: false when the key is unknown or the value has the wrong kind.
    @discardableResult
    public mutating func set(_ key: String, to value: Value) -> Bool {
        switch (key, value) {
        case ("edgeWidth", .number(let v)): edgeWidth = v
        case ("touchSlop", .number(let v)): touchSlop = v
        case ("commitProgress", .number(let v)): commitProgress = v
        case ("flingVelocity", .number(let v)): flingVelocity = v
        case ("maxVelocity", .number(let v)): maxVelocity = v
        case ("policy", .string(let s?)):
            guard let p = PopDecisionPolicy(rawValue: s) else { return false }
            policy = p
        case ("projectionDeceleration", .number(let v)): projectionDeceleration = v
        case ("springStiffness", .number(let v)): springStiffness = v
        case ("springDampingRatio", .number(let v)): springDampingRatio = v
        case ("parallax", .number(let v)): parallax = v
        case ("dimAlpha", .number(let v)): dimAlpha = v
        case ("shadowWidth", .number(let v)): shadowWidth = v
        case ("contentSwipe", .boolean(let b)): contentSwipe = b
        case ("touchpadDistance", .number(let v)): touchpadDistance = v
        case ("touchpadEndTimeout", .number(let v)): touchpadEndTimeout = v
        case ("backKeys", .strings(let s)): backKeys = s
        case ("backButtons", .integers(let b)): backButtons = b
        case ("kioskIdleTimeout", .number(let v)): kioskIdleTimeout = v
        case ("kioskExitChord", .string(let s)): kioskExitChord = s
        default: return false
        }
        return true
    }
}

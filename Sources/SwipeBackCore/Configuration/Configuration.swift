// SPDX-License-Identifier: Apache-2.0
/// Every tunable of SwipeBack, with its default, unit and range.
///
/// Defaults and their sources are in DESIGN.md ("Defaults and where they come from");
/// `Configuration.keys` lists each key with its range for readers and the README.
public struct Configuration: Equatable, Sendable {
    /// The feel the tunables started from (`Feel`): choosing one sets every tunable it covers,
    /// except keys given explicitly. Default `uikit`, today's defaults.
    public var feel: Feel = .uikit
    /// The keys given explicitly (by a file, a scenario header or the tuner): a feel chosen later
    /// leaves them as they are.
    public internal(set) var explicitKeys: Set<String> = []
    /// The swipe's recognition, decision and settle: the keys every host's swipe reads.
    public var gesture = GestureSettings()
    /// The page-stack window: how a transition looks, its keys and buttons, its forward list and its font.
    public var window = WindowSettings()
    /// `swipeback kiosk`: the idle timeout, the exit chord, the screen and the output it covers.
    public var kiosk = KioskSettings()
    /// `swipeback system` and `swipeback input`: the edge strips, the decision, the style, the actions and the apps.
    public var system = SystemSettings()

    /// The built-in defaults.
    public init() {}
}

/// The flat key names (the configuration file's and the tuner's), each its section's value.
extension Configuration {
    /// `gesture.edgeWidth`, the key `edgeWidth`.
    public var edgeWidth: Double {
        get { gesture.edgeWidth }
        set { gesture.edgeWidth = newValue }
    }
    /// `gesture.touchSlop`, the key `touchSlop`.
    public var touchSlop: Double {
        get { gesture.touchSlop }
        set { gesture.touchSlop = newValue }
    }
    /// `gesture.commitProgress`, the key `commitProgress`.
    public var commitProgress: Double {
        get { gesture.commitProgress }
        set { gesture.commitProgress = newValue }
    }
    /// `gesture.flingVelocity`, the key `flingVelocity`.
    public var flingVelocity: Double {
        get { gesture.flingVelocity }
        set { gesture.flingVelocity = newValue }
    }
    /// `gesture.maxVelocity`, the key `maxVelocity`.
    public var maxVelocity: Double {
        get { gesture.maxVelocity }
        set { gesture.maxVelocity = newValue }
    }
    /// `gesture.policy`, the key `policy`.
    public var policy: PopDecisionPolicy {
        get { gesture.policy }
        set { gesture.policy = newValue }
    }
    /// `gesture.projectionDeceleration`, the key `projectionDeceleration`.
    public var projectionDeceleration: Double {
        get { gesture.projectionDeceleration }
        set { gesture.projectionDeceleration = newValue }
    }
    /// `gesture.springStiffness`, the key `springStiffness`.
    public var springStiffness: Double {
        get { gesture.springStiffness }
        set { gesture.springStiffness = newValue }
    }
    /// `gesture.springDampingRatio`, the key `springDampingRatio`.
    public var springDampingRatio: Double {
        get { gesture.springDampingRatio }
        set { gesture.springDampingRatio = newValue }
    }
    /// `gesture.overshoot`, the key `overshoot`.
    public var overshoot: Bool {
        get { gesture.overshoot }
        set { gesture.overshoot = newValue }
    }
    /// `gesture.contentSwipe`, the key `contentSwipe`.
    public var contentSwipe: Bool {
        get { gesture.contentSwipe }
        set { gesture.contentSwipe = newValue }
    }
    /// `gesture.touchpadDistance`, the key `touchpadDistance`.
    public var touchpadDistance: Double {
        get { gesture.touchpadDistance }
        set { gesture.touchpadDistance = newValue }
    }
    /// `gesture.touchpadEndTimeout`, the key `touchpadEndTimeout`.
    public var touchpadEndTimeout: Double {
        get { gesture.touchpadEndTimeout }
        set { gesture.touchpadEndTimeout = newValue }
    }
    /// `gesture.forwardSwipe`, the key `forwardSwipe`.
    public var forwardSwipe: Bool {
        get { gesture.forwardSwipe }
        set { gesture.forwardSwipe = newValue }
    }
    /// `gesture.historyMenuDelay`, the key `historyMenuDelay`.
    public var historyMenuDelay: Double {
        get { gesture.historyMenuDelay }
        set { gesture.historyMenuDelay = newValue }
    }
    /// `window.parallax`, the key `parallax`.
    public var parallax: Double {
        get { window.parallax }
        set { window.parallax = newValue }
    }
    /// `window.dimAlpha`, the key `dimAlpha`.
    public var dimAlpha: Double {
        get { window.dimAlpha }
        set { window.dimAlpha = newValue }
    }
    /// `window.shadowWidth`, the key `shadowWidth`.
    public var shadowWidth: Double {
        get { window.shadowWidth }
        set { window.shadowWidth = newValue }
    }
    /// `window.transition`, the key `transition`.
    public var transition: TransitionStyle {
        get { window.transition }
        set { window.transition = newValue }
    }
    /// `window.reduceMotion`, the key `reduceMotion`.
    public var reduceMotion: ReduceMotion {
        get { window.reduceMotion }
        set { window.reduceMotion = newValue }
    }
    /// `window.backKeys`, the key `backKeys`.
    public var backKeys: [String] {
        get { window.backKeys }
        set { window.backKeys = newValue }
    }
    /// `window.backButtons`, the key `backButtons`.
    public var backButtons: [Int] {
        get { window.backButtons }
        set { window.backButtons = newValue }
    }
    /// `window.forwardHistory`, the key `forwardHistory`.
    public var forwardHistory: Int {
        get { window.forwardHistory }
        set { window.forwardHistory = newValue }
    }
    /// `window.forwardKeys`, the key `forwardKeys`.
    public var forwardKeys: [String] {
        get { window.forwardKeys }
        set { window.forwardKeys = newValue }
    }
    /// `window.forwardButtons`, the key `forwardButtons`.
    public var forwardButtons: [Int] {
        get { window.forwardButtons }
        set { window.forwardButtons = newValue }
    }
    /// `window.fontFamily`, the key `fontFamily`.
    public var fontFamily: String? {
        get { window.fontFamily }
        set { window.fontFamily = newValue }
    }
    /// `kiosk.idleTimeout`, the key `kioskIdleTimeout`.
    public var kioskIdleTimeout: Double {
        get { kiosk.idleTimeout }
        set { kiosk.idleTimeout = newValue }
    }
    /// `kiosk.exitChord`, the key `kioskExitChord`.
    public var kioskExitChord: KeyChord? {
        get { kiosk.exitChord }
        set { kiosk.exitChord = newValue }
    }
    /// `kiosk.screenBlanking`, the key `kioskScreenBlanking`.
    public var kioskScreenBlanking: KioskScreenBlanking {
        get { kiosk.screenBlanking }
        set { kiosk.screenBlanking = newValue }
    }
    /// `kiosk.wakeGuard`, the key `kioskWakeGuard`.
    public var kioskWakeGuard: Double {
        get { kiosk.wakeGuard }
        set { kiosk.wakeGuard = newValue }
    }
    /// `kiosk.output`, the key `kioskOutput`.
    public var kioskOutput: String? {
        get { kiosk.output }
        set { kiosk.output = newValue }
    }
    /// `system.edgeWidth`, the key `systemEdgeWidth`.
    public var systemEdgeWidth: Double {
        get { system.edgeWidth }
        set { system.edgeWidth = newValue }
    }
    /// `system.commitDistance`, the key `systemCommitDistance`.
    public var systemCommitDistance: Double {
        get { system.commitDistance }
        set { system.commitDistance = newValue }
    }
    /// `system.decisionTimeout`, the key `systemDecisionTimeout`.
    public var systemDecisionTimeout: Double {
        get { system.decisionTimeout }
        set { system.decisionTimeout = newValue }
    }
    /// `system.style`, the key `systemStyle`.
    public var systemStyle: SystemStyle {
        get { system.style }
        set { system.style = newValue }
    }
    /// `system.forward`, the key `systemForward`.
    public var systemForward: Bool {
        get { system.forward }
        set { system.forward = newValue }
    }
    /// `system.backAction`, the key `systemBackAction`.
    public var systemBackAction: SystemAction {
        get { system.backAction }
        set { system.backAction = newValue }
    }
    /// `system.forwardAction`, the key `systemForwardAction`.
    public var systemForwardAction: SystemAction {
        get { system.forwardAction }
        set { system.forwardAction = newValue }
    }
    /// `system.appActions`, the key `systemAppActions`.
    public var systemAppActions: [SystemAppAction] {
        get { system.appActions }
        set { system.appActions = newValue }
    }
    /// `system.inputBackAction`, the key `inputBackAction`.
    public var inputBackAction: SystemAction {
        get { system.inputBackAction }
        set { system.inputBackAction = newValue }
    }
    /// `system.inputForwardAction`, the key `inputForwardAction`.
    public var inputForwardAction: SystemAction {
        get { system.inputForwardAction }
        set { system.inputForwardAction = newValue }
    }
    /// `system.inputSessionUser`, the key `inputSessionUser`.
    public var inputSessionUser: String {
        get { system.inputSessionUser }
        set { system.inputSessionUser = newValue }
    }
    /// `system.inputRotation`, the key `inputRotation`.
    public var inputRotation: Double {
        get { system.inputRotation }
        set { system.inputRotation = newValue }
    }
    /// `system.exclude`, the key `systemExclude`.
    public var systemExclude: [String] {
        get { system.exclude }
        set { system.exclude = newValue }
    }
}

/// The swipe's recognition, decision and settle: the keys every host's swipe reads.
///
/// A section of `Configuration`. The configuration file's keys are flat (`Configuration.keys`):
/// `Configuration` has a property of each key's name that is its section's value.
public struct GestureSettings: Equatable, Sendable {
    /// How far from the stack's leading edge a down may start a swipe, in layout units (0...10000):
    /// px at scale 1, times the layout scale (`AppModel.layoutScale`, `Xft.dpi` / 96) on screen.
    /// Default 20: Flutter's `_kBackGestureWidth` is 20 logical px.
    public var edgeWidth: Double = 20
    /// How far a pointer must move before the swipe begins or fails, in layout units (0...100):
    /// px at scale 1, times the layout scale on screen.
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
    /// Whether dragging back past the start rubber-bands (at most `StackNavigation.overshootLimit`
    /// of the width, libadwaita's `OVERSHOOT_DISTANCE_MULTIPLIER` 0.1) and springs back on release;
    /// false clamps at the start. The logged progress stays in 0...1 either way. Default false.
    public var overshoot: Bool = false
    /// Whether a horizontal drag anywhere on the page may start the pop (iOS 26 content pop gesture).
    public var contentSwipe: Bool = false
    /// Touchpad scroll distance for a full swipe, in px (1...10000). Default 400 (libadwaita's base distance).
    public var touchpadDistance: Double = 400
    /// Time after the last touchpad scroll delta that ends the swipe, in ms (1...5000). Default 150.
    public var touchpadEndTimeout: Double = 150
    /// Whether a drag from the trailing edge toward the leading edge pushes the forward list's
    /// first page, following the finger (libadwaita's forward swipe). Default false.
    public var forwardSwipe: Bool = false
    /// How long a press on the system back button must rest, within `touchSlop`, to open the
    /// history menu, in ms (100...5000). Default 500: UIKit's `UILongPressGestureRecognizer`
    /// `minimumPressDuration` of 0.5 s.
    public var historyMenuDelay: Double = 500

    /// The built-in defaults.
    public init() {}
}

/// The page-stack window: how a transition looks, its keys and buttons, its forward list and its font.
///
/// A section of `Configuration`. The configuration file's keys are flat (`Configuration.keys`):
/// `Configuration` has a property of each key's name that is its section's value.
public struct WindowSettings: Equatable, Sendable {
    /// How far the page beneath lags behind, as a fraction of the width (0...1). Default 0.3 (UIKit's 30 %).
    public var parallax: Double = 0.3
    /// Opacity of the black dim over the page beneath at progress 0 (0...1). Default 0.1 (Ionic 10 %).
    public var dimAlpha: Double = 0.1
    /// Width of the shadow at the moving page's leading edge, in px (0...200). Default 16.
    public var shadowWidth: Double = 16
    /// How transitions draw their two pages. Default `parallax`, UIKit's look.
    public var transition: TransitionStyle = .parallax
    /// Whether non-interactive transitions crossfade over `StackNavigation.reducedMotionDuration`
    /// (150 ms) instead of moving. Default `auto`: when the desktop's XSETTINGS
    /// `Gtk/EnableAnimations` is 0. Swipes follow the finger and settle either way (libadwaita 1.9).
    public var reduceMotion: ReduceMotion = .auto
    /// Key names that act as back commands. Default libadwaita's: Alt+Left, XF86Back, Escape.
    public var backKeys: [String] = ["Alt+Left", "XF86Back", "Escape"]
    /// Mouse buttons that act as back commands. Default `[8]`.
    public var backButtons: [Int] = [8]
    /// How many popped pages each stack keeps for going forward again, in pages (0...100); 0
    /// turns forward off. Default 10.
    public var forwardHistory: Int = 10
    /// Key names that push the forward list's first page again. Default `Alt+Right` and
    /// `XF86Forward`: the browsers' and libadwaita's forward keys, mirroring `backKeys`.
    public var forwardKeys: [String] = ["Alt+Right", "XF86Forward"]
    /// Mouse buttons that do the same. Default `[9]`, the forward button (X11 button 9).
    public var forwardButtons: [Int] = [9]
    /// The font family pages are set in, like `"Noto Sans"`, under a page's or element's own
    /// `font`; nil or `"DejaVu Sans"` is the shipped font. Characters the family lacks come from
    /// the system's fonts; a family the system lacks falls back to DejaVu Sans, with a warning.
    public var fontFamily: String? = "DejaVu Sans"

    /// The built-in defaults.
    public init() {}
}

/// `swipeback kiosk`: the idle timeout, the exit chord, the screen and the output it covers.
///
/// A section of `Configuration`. The configuration file's keys are flat (`Configuration.keys`):
/// `Configuration` has a property of each key's name that is its section's value.
public struct KioskSettings: Equatable, Sendable {
    /// Kiosk idle time before returning to the root, in s (0...86400); 0 turns it off. Default 120.
    public var idleTimeout: Double = 120
    /// The key chord that quits a kiosk (for example `Ctrl+Alt+Shift+Q`); nil means no way out.
    public var exitChord: KeyChord? = nil
    /// What the kiosk does with the server's screen saver and DPMS: `leave` them (default) or
    /// `inhibit` them while it runs.
    public var screenBlanking: KioskScreenBlanking = .leave
    /// How long after the screen saver ends a touch or click only wakes the screen, in ms
    /// (0...10000; 0 turns the guard off). Default 300: longer than a tap (a tap's down and up are
    /// 50-150 ms apart) so the tap that woke the screen never lands, and short enough that the next
    /// deliberate tap acts.
    public var wakeGuard: Double = 300
    /// The RandR output (or RandR 1.5 monitor) the kiosk covers, like `"HDMI-1"`; nil covers the
    /// primary output's monitor, or the whole screen when there is none.
    public var output: String? = nil

    /// The built-in defaults.
    public init() {}
}

/// `swipeback system` and `swipeback input`: the edge strips, the decision, the style, the actions and the apps.
///
/// A section of `Configuration`. The configuration file's keys are flat (`Configuration.keys`):
/// `Configuration` has a property of each key's name that is its section's value.
public struct SystemSettings: Equatable, Sendable {
    /// Width of the screen-edge strip where `swipeback system` takes a touch, in mm (1...30), at
    /// least 16 px. Default 6 mm: about the 24 px measured to bound a reject's cost at 96 dpi, and
    /// Android's 24-30 dp back-gesture inset on phones.
    public var edgeWidth: Double = 6
    /// How far a system swipe must move inward for a slow release to commit, in mm (1...200).
    /// Default 20 mm, about Android's back-arrow activation (16 dp) with room for a finger.
    public var commitDistance: Double = 20
    /// How long an edge touch may stay undecided before it goes to the app, in ms (50...2000).
    /// Default 200: Mutter waits 150 ms, Android 250 ms.
    public var decisionTimeout: Double = 200
    /// The system swipe's feedback: `arrow` (an indicator at the finger) or `page` (the app slides).
    public var style: SystemStyle = .arrow
    /// Whether a swipe from the trailing edge sends forward. Default false.
    public var forward: Bool = false
    /// The action sent for back unless `systemAppActions` names the app. Default button 8.
    public var backAction: SystemAction = .button(8)
    /// The action sent for forward unless `systemAppActions` names the app. Default button 9.
    public var forwardAction: SystemAction = .button(9)
    /// Per-app actions (written `CLASS=BACK` or `CLASS=BACK|FORWARD`), before the built-in table.
    public var appActions: [SystemAppAction] = []
    /// What `swipeback input` sends for back, through its virtual keyboard or mouse: `key:CHORD`,
    /// `button:N` or `none` (no command: it runs as root). Default `key:XF86Back` (KEY_BACK), which
    /// Chromium, GTK and Qt apps take on Wayland and X11 alike.
    public var inputBackAction: SystemAction = .key(KeyChord(modifiers: [], key: "XF86Back"))
    /// What `swipeback input` sends for forward (`systemForward`). Default `key:XF86Forward`.
    public var inputForwardAction: SystemAction = .key(KeyChord(modifiers: [], key: "XF86Forward"))
    /// Where logind does not run: the user (a name or a uid) whose session side may connect to
    /// `swipeback input`'s session channel. Default empty: only root. With logind the user of
    /// seat0's active session may, and this key is not read.
    public var inputSessionUser: String = ""
    /// How far the display is turned clockwise from its touchscreen, degrees (0, 90, 180 or 270;
    /// `swipeback input` refuses another), for `swipeback input` when udev gives no
    /// `LIBINPUT_CALIBRATION_MATRIX`. Default 0.
    public var inputRotation: Double = 0
    /// Apps (WM_CLASS class or instance, any case) whose edge touches the system swipe never takes.
    /// Default: the common terminals, where Alt+Left and button 8 mean something else.
    public var exclude: [String] = SystemAction.terminals

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

        /// Whether it is a number.
        public var isNumber: Bool {
            if case .number = self { return true }
            return false
        }
    }

    /// One configuration key: its exact name, its kind, its meaning, and its step in the tuner.
    ///
    /// This table is the one place keys are listed: the file reader validates against it, the
    /// tuning overlay takes its tunables and steps from it, and `swipeback help config`, the manual
    /// page and docs/CONFIGURATION.md's table are written from it (a test compares them).
    public struct Key: Sendable {
        /// The key's name, as in config files and scenario headers.
        public let name: String
        /// What the key holds, with its range and unit for numbers.
        public let kind: ValueKind
        /// What the key does, in a sentence or two: CONFIGURATION.md's and the manual's text.
        public let summary: String
        /// The change of one key press in `swipeback tune`, in the key's unit (0 for a choice,
        /// which a press switches); nil for keys the tuner does not offer.
        public let tuningStep: Double?
        /// The unit of a value that is not a number (`key names`, `mouse buttons`); empty otherwise.
        public let valueLabel: String
        /// Whether a number must be whole (a count): readers refuse fractions.
        public let isWhole: Bool
        /// Reads the key's value from a configuration.
        let get: @Sendable (Configuration) -> Value
        /// Writes a value of the key's kind into a configuration; false for a value of another kind.
        let put: @Sendable (inout Configuration, Value) -> Bool
        /// Where it is stored, for keys stored in one property (`Feel` names its keys by it).
        let path: (AnyKeyPath & Sendable)?
        /// What is wrong with a value of the right kind (an action or a chord that does not read).
        let check: @Sendable (Value) -> ValueProblem?

        /// A key of the table, read and written through `get` and `put`.
        init(_ name: String, _ kind: ValueKind, _ summary: String, tuningStep: Double? = nil, valueLabel: String = "",
             isWhole: Bool = false,
             path: (AnyKeyPath & Sendable)? = nil, check: @escaping @Sendable (Value) -> ValueProblem? = { _ in nil },
             get: @escaping @Sendable (Configuration) -> Value, put: @escaping @Sendable (inout Configuration, Value) -> Bool) {
            self.name = name
            self.check = check
            self.path = path
            self.isWhole = isWhole
            self.kind = kind
            self.summary = summary
            self.tuningStep = tuningStep
            self.valueLabel = valueLabel
            self.get = get
            self.put = put
        }

        /// A key stored at `path`: `wrap` turns the stored value into a `Value`, `unwrap` back (nil
        /// for a value of another kind).
        static func stored<T>(_ name: String, _ path: WritableKeyPath<Configuration, T> & Sendable, _ kind: ValueKind,
                              _ summary: String, tuningStep: Double? = nil, valueLabel: String = "", isWhole: Bool = false,
                              check: @escaping @Sendable (Value) -> ValueProblem? = { _ in nil },
                              wrap: @escaping @Sendable (T) -> Value, unwrap: @escaping @Sendable (Value) -> T?) -> Key {
            Key(name, kind, summary, tuningStep: tuningStep, valueLabel: valueLabel, isWhole: isWhole, path: path, check: check,
                get: { wrap($0[keyPath: path]) },
                put: { configuration, value in
                    guard let stored = unwrap(value) else { return false }
                    configuration[keyPath: path] = stored
                    return true
                })
        }

        /// A number key stored at `path`, in `range` and `unit`.
        static func number(_ name: String, _ path: WritableKeyPath<Configuration, Double> & Sendable, _ range: ClosedRange<Double>,
                           _ unit: String, _ summary: String, tuningStep: Double? = nil,
                           check: @escaping @Sendable (Value) -> ValueProblem? = { _ in nil }) -> Key {
            stored(name, path, .number(range, unit: unit), summary, tuningStep: tuningStep, check: check, wrap: { .number($0) },
                   unwrap: { if case .number(let n) = $0 { n } else { nil } })
        }

        /// What is wrong with `value`, a value of the key's kind, or nil when the key takes it: an
        /// action, a chord or a `systemAppActions` entry that does not read, an `inputRotation`
        /// that is not a quarter turn. The reader asks this of every value it reads, so the
        /// configuration holds only values that read.
        ///
        /// - Parameter value: the value as read from a file.
        public func problem(with value: Value) -> ValueProblem? { check(value) }

        /// The key's unit: a number's unit, else `valueLabel` (may be empty).
        public var unit: String {
            if case .number(_, let unit) = kind { return unit }
            return valueLabel
        }

        /// The allowed values in words: `0...10000` for numbers, the choices for a choice, empty otherwise.
        public var rangeText: String {
            switch kind {
            case .number(let range, _): return Configuration.numberText(range.lowerBound) + "..." + Configuration.numberText(range.upperBound)
            case .choice(let choices): return choices.joined(separator: ", ")
            case .boolean: return "true, false"
            case .strings, .integers, .optionalString: return ""
            }
        }

        /// The built-in default as JSON text: `20`, `0.5`, `"velocityOrDistance"`, `["Alt+Left"]`, `null`.
        public var defaultText: String {
            switch Configuration().value(of: name) {
            case .number(let n)?: return Configuration.numberText(n)
            case .boolean(let b)?: return b ? "true" : "false"
            case .string(let s?)?: return "\"" + s + "\""
            case .string(nil)?: return "null"
            case .strings(let list)?: return "[" + list.map { "\"" + $0 + "\"" }.joined(separator: ", ") + "]"
            case .integers(let list)?: return "[" + list.map(String.init).joined(separator: ", ") + "]"
            case nil: return ""
            }
        }
    }

    /// A number as a person writes it: `20`, `0.5`, `0.9999`.
    public static func numberText(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }


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
        Self.keys.first { $0.name == key }?.get(self)
    }

    /// Sets `key` to `value`; the caller has checked the value against `Configuration.keys`.
    ///
    /// - Returns: false when the key is unknown or the value has the wrong kind.
    @discardableResult
    public mutating func set(_ key: String, to value: Value) -> Bool {
        guard let entry = Self.keys.first(where: { $0.name == key }) else { return false }
        guard entry.put(&self, value) else { return false }
        if key == "feel" {
            // The feel's tunables, except those given explicitly.
            for setting in feel.settings where !explicitKeys.contains(setting.key) {
                _ = Self.keys.first { $0.name == setting.key }?.put(&self, setting.value)
            }
        } else {
            explicitKeys.insert(key)
        }
        return true
    }
}

extension Configuration {
    /// Whether animated pushes and pops crossfade instead of moving: `reduceMotion` `always`, or
    /// `auto` when the desktop asks for reduced motion.
    ///
    /// - Parameter desktopReducesMotion: whether the desktop asks (XSETTINGS `Gtk/EnableAnimations` 0).
    public func reducesMotion(desktopReducesMotion: Bool) -> Bool {
        switch reduceMotion {
        case .always: return true
        case .never: return false
        case .auto: return desktopReducesMotion
        }
    }
}

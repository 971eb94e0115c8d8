// SPDX-License-Identifier: Apache-2.0
/// The system swipe's feedback (`systemStyle`).
public enum SystemStyle: String, Sendable, CaseIterable {
    /// An indicator at the finger's height that stretches with the drag (Android's back arrow).
    case arrow
    /// The app's window slides with the finger over a dimmed backdrop, as the in-window pop does.
    case page
}

/// What `swipeback system` sends to the app under a committed swipe.
public enum SystemAction: Equatable, Sendable, CustomStringConvertible {
    /// A mouse button press and release at the touch-down point (XTest), 1...255.
    case button(Int)
    /// A key chord (XTest, or `swipeback input`'s virtual keyboard), as `backKeys` names keys:
    /// `Alt+Left`, `XF86Back`. Whether the host has the key is the host's to say
    /// (`SystemActionCheck`).
    case key(KeyChord)
    /// A shell command, run with `SWIPEBACK_WINDOW` (the window id) and `SWIPEBACK_CLASS` set.
    case command(String)
    /// Nothing: the swipe is taken and nothing is sent.
    case none

    /// Reads `button:N`, `key:CHORD`, `command:SHELL` or `none`; a chord's modifiers may come in
    /// any order and case (`key:shift+alt+Left` is `key:Alt+Shift+Left`; a key's name of more than
    /// one letter is kept as written, as X's names are case-sensitive).
    ///
    /// - Returns: nil for any other text (the configuration reader names the file and key).
    public init?(_ text: String) {
        if text == "none" { self = .none; return }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let kind = text[..<colon], value = String(text[text.index(after: colon)...])
        switch kind {
        case "button":
            // Digits only, no sign and no leading zero: `button:8`, as the log writes it.
            guard value.first != "0", value.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(value), (1...255).contains(n) else { return nil }
            self = .button(n)
        case "key":
            guard !value.contains(" "), let chord = KeyChord(value) else { return nil }
            self = .key(chord)
        case "command":
            guard !value.trimmingSpaces.isEmpty else { return nil }
            self = .command(value)
        default: return nil
        }
    }

    /// The text form, as the configuration and the event log write it.
    public var description: String {
        switch self {
        case .button(let n): return "button:\(n)"
        case .key(let chord): return "key:\(chord)"
        case .command(let line): return "command:\(line)"
        case .none: return "none"
        }
    }

    /// Whether it is sent by a keyboard or a mouse (a key, a button, or nothing), as opposed to
    /// a command the session runs.
    public var isSentByDevices: Bool {
        if case .command = self { return false }
        return true
    }

    /// The forward twin of a back action: button 8 -> 9, `Alt+Left` -> `Alt+Right`, `XF86Back` ->
    /// `XF86Forward`; a command or anything else has none.
    public var forwardTwin: SystemAction {
        switch self {
        case .button(8): return .button(9)
        case .key(let chord) where chord.key.hasSuffix("Left"):
            return .key(KeyChord(modifiers: Set(chord.modifiers), key: String(chord.key.dropLast(4)) + "Right"))
        case .key(let chord) where chord.key.hasSuffix("Back"):
            return .key(KeyChord(modifiers: Set(chord.modifiers), key: String(chord.key.dropLast(4)) + "Forward"))
        default: return .none
        }
    }

    /// The common terminals' WM_CLASS names and Wayland app ids, the default of `systemExclude`:
    /// in a terminal, Alt+Left is a key for the shell and button 8 may paste or scroll.
    public static let terminals = ["XTerm", "URxvt", "Alacritty", "kitty", "Gnome-terminal", "Xfce4-terminal", "konsole",
                                   "Terminator", "Tilix", "st-256color", "foot", "org.wezfurlong.wezterm", "Lxterminal",
                                   "Mate-terminal", "Qterminal", "footclient", "org.gnome.Terminal", "org.gnome.Console",
                                   "org.kde.konsole", "com.gexperts.Tilix"]

    /// Built-in per-app actions, after `systemAppActions`, by WM_CLASS or Wayland app id: apps
    /// where no back exists or the back keys edit text get nothing (a swipe on them is taken and
    /// does nothing, so it cannot type); VS Code's back is its own chord; Firefox and Files
    /// (Nautilus) get Alt+Left, their keyboard back (their documented shortcuts), which on Wayland
    /// goes through `swipeback input`'s keyboard where a mouse button would go to the pointer's app.
    public static let builtIn: [SystemAppAction] = [
        .init("Emacs", .none, .none), .init("Gvim", .none, .none), .init("Gimp", .none, .none), .init("Inkscape", .none, .none),
        .init("org.gnome.gedit", .none, .none), .init("org.inkscape.Inkscape", .none, .none),
        .init("Code", .key(KeyChord(modifiers: [.ctrl, .alt], key: "minus")), .key(KeyChord(modifiers: [.ctrl, .shift], key: "minus"))),
        .init("firefox", .key(KeyChord(modifiers: [.alt], key: "Left")), .key(KeyChord(modifiers: [.alt], key: "Right"))),
        .init("org.gnome.Nautilus", .key(KeyChord(modifiers: [.alt], key: "Left")), .key(KeyChord(modifiers: [.alt], key: "Right"))),
    ]

    /// The action for an app: `systemAppActions`, then the built-in table, then
    /// `systemBackAction` / `systemForwardAction`. Classes match the WM_CLASS class or instance in
    /// any case.
    ///
    /// - Parameters:
    ///   - kind: back or forward.
    ///   - classNames: the window's WM_CLASS instance and class.
    ///   - configuration: the `system...` keys, as the reader parsed them.
    public static func action(for kind: SystemSwipeKind, classNames: [String], configuration: Configuration) -> SystemAction {
        appAction(for: kind, classNames: classNames, configuration: configuration)
            ?? (kind == .back ? configuration.systemBackAction : configuration.systemForwardAction)
    }

    /// An app's own action: `systemAppActions`, then the built-in table; nil when neither names it.
    ///
    /// - Parameters:
    ///   - kind: back or forward.
    ///   - classNames: the app's names: WM_CLASS instance and class on X11, the app_id on Wayland.
    ///   - configuration: the `system...` keys, as the reader parsed them.
    public static func appAction(for kind: SystemSwipeKind, classNames: [String], configuration: Configuration) -> SystemAction? {
        let names = Set(classNames.map { $0.lowercased() })
        let entry = configuration.systemAppActions.first { names.contains($0.appClass.lowercased()) }
            ?? builtIn.first { names.contains($0.appClass.lowercased()) }
        return entry.map { kind == .back ? $0.back : $0.forward }
    }

    /// Whether an app is in `systemExclude`.
    public static func isExcluded(classNames: [String], configuration: Configuration) -> Bool {
        let excluded = Set(configuration.systemExclude.map { $0.lowercased() })
        return classNames.contains { excluded.contains($0.lowercased()) }
    }

    /// The forms an action is written in, for messages.
    public static let forms = "button:N (1...255), key:CHORD, command:SHELL or none"
    /// The forms of an action a keyboard or mouse sends (`swipeback input`'s, which runs no
    /// command as root), for messages.
    public static let deviceForms = "key:CHORD, button:N or none (swipeback input runs no command: it runs as root)"
}

/// An entry of `systemAppActions`: an app's own back and forward actions.
public struct SystemAppAction: Equatable, Sendable, CustomStringConvertible {
    /// The app's WM_CLASS class or instance, or its Wayland app id, matched in any case.
    public let appClass: String
    /// What back sends to it.
    public let back: SystemAction
    /// What forward sends to it.
    public let forward: SystemAction

    /// An entry of `appClass` with its two actions.
    public init(_ appClass: String, _ back: SystemAction, _ forward: SystemAction) {
        self.appClass = appClass
        self.back = back
        self.forward = forward
    }

    /// Reads `CLASS=BACK` or `CLASS=BACK|FORWARD`. Without a forward it is the back's forward
    /// twin (`SystemAction.forwardTwin`). A `command:` back action takes the rest of the entry,
    /// `|` included (a shell pipe), and has no forward.
    ///
    /// - Returns: nil when it is not of that form or an action does not read.
    public init?(_ text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let appClass = String(text[..<equals]), rest = String(text[text.index(after: equals)...])
        guard !appClass.isEmpty else { return nil }
        if rest.hasPrefix("command:") {
            guard let back = SystemAction(rest) else { return nil }
            self.init(appClass, back, .none)
            return
        }
        let parts = rest.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, let back = SystemAction(parts[0]) else { return nil }
        if parts.count == 2 {
            guard let forward = SystemAction(parts[1]) else { return nil }
            self.init(appClass, back, forward)
        } else {
            self.init(appClass, back, back.forwardTwin)
        }
    }

    /// The entry as the configuration writes it: `CLASS=BACK|FORWARD`, or `CLASS=command:SHELL`.
    public var description: String {
        if case .command = back { return appClass + "=" + back.description }
        return appClass + "=" + back.description + "|" + forward.description
    }

    /// What an entry is, for messages.
    public static let syntax = "CLASS=ACTION or CLASS=BACK|FORWARD, an action being " + SystemAction.forms
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: Substring {
        let s = self[...]
        guard let first = s.firstIndex(where: { $0 != " " }), let last = s.lastIndex(where: { $0 != " " }) else { return "" }
        return Substring(s[first...last])
    }
}

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
    /// A key chord (XTest), as `backKeys` names keys: `Alt+Left`, `XF86Back`.
    case key(String)
    /// A shell command, run with `SWIPEBACK_WINDOW` (the window id) and `SWIPEBACK_CLASS` set.
    case command(String)
    /// Nothing: the swipe is taken and nothing is sent.
    case none

    /// Reads `button:N`, `key:CHORD`, `command:SHELL` or `none`.
    ///
    /// - Returns: nil for any other text (the caller names the file and key).
    public init?(_ text: String) {
        if text == "none" { self = .none; return }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let kind = text[..<colon], value = String(text[text.index(after: colon)...])
        switch kind {
        case "button":
            guard let n = Int(value), (1...255).contains(n) else { return nil }
            self = .button(n)
        case "key":
            guard !value.isEmpty, !value.contains(" ") else { return nil }
            self = .key(value)
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

    /// The forward twin of a back action: button 8 -> 9, `Alt+Left` -> `Alt+Right`, `XF86Back` ->
    /// `XF86Forward`; a command or anything else has none.
    public var forwardTwin: SystemAction {
        switch self {
        case .button(8): return .button(9)
        case .key(let chord) where chord.hasSuffix("Left"): return .key(String(chord.dropLast(4)) + "Right")
        case .key(let chord) where chord.hasSuffix("Back"): return .key(String(chord.dropLast(4)) + "Forward")
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
    public static let builtIn: [(appClass: String, back: SystemAction, forward: SystemAction)] = [
        ("Emacs", .none, .none), ("Gvim", .none, .none), ("Gimp", .none, .none), ("Inkscape", .none, .none),
        ("org.gnome.gedit", .none, .none), ("org.inkscape.Inkscape", .none, .none),
        ("Code", .key("Ctrl+Alt+minus"), .key("Ctrl+Shift+minus")),
        ("firefox", .key("Alt+Left"), .key("Alt+Right")), ("org.gnome.Nautilus", .key("Alt+Left"), .key("Alt+Right")),
    ]

    /// An entry of `systemAppActions`: `CLASS=BACK` or `CLASS=BACK|FORWARD`. A `command:` back
    /// action takes the rest of the entry, `|` included (a shell pipe), and has no forward.
    ///
    /// - Returns: nil when it is not of that form or an action does not read.
    public static func appEntry(_ text: String) -> (appClass: String, back: SystemAction, forward: SystemAction)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let appClass = String(text[..<equals]), rest = String(text[text.index(after: equals)...])
        guard !appClass.isEmpty else { return nil }
        if rest.hasPrefix("command:") {
            guard let back = SystemAction(rest) else { return nil }
            return (appClass, back, .none)
        }
        let parts = rest.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, let back = SystemAction(parts[0]) else { return nil }
        if parts.count == 2 {
            guard let forward = SystemAction(parts[1]) else { return nil }
            return (appClass, back, forward)
        }
        return (appClass, back, back.forwardTwin)
    }

    /// The action for an app: `systemAppActions`, then the built-in table, then
    /// `systemBackAction` / `systemForwardAction`. Classes match the WM_CLASS class or instance in
    /// any case.
    ///
    /// - Parameters:
    ///   - kind: back or forward.
    ///   - classNames: the window's WM_CLASS instance and class.
    ///   - configuration: the `system...` keys (already checked by `SystemAction.problems`).
    public static func action(for kind: SystemSwipeKind, classNames: [String], configuration: Configuration) -> SystemAction {
        if let own = appAction(for: kind, classNames: classNames, configuration: configuration) { return own }
        let fallback = kind == .back ? configuration.systemBackAction : configuration.systemForwardAction
        return SystemAction(fallback) ?? .none
    }

    /// An app's own action: `systemAppActions`, then the built-in table; nil when neither names it.
    ///
    /// - Parameters:
    ///   - kind: back or forward.
    ///   - classNames: the app's names: WM_CLASS instance and class on X11, the app_id on Wayland.
    ///   - configuration: the `system...` keys (already checked by `SystemAction.problems`).
    public static func appAction(for kind: SystemSwipeKind, classNames: [String], configuration: Configuration) -> SystemAction? {
        let names = Set(classNames.map { $0.lowercased() })
        let entries = configuration.systemAppActions.compactMap(appEntry) + builtIn
        return entries.first { names.contains($0.appClass.lowercased()) }.map { kind == .back ? $0.back : $0.forward }
    }

    /// Whether an app is in `systemExclude`.
    public static func isExcluded(classNames: [String], configuration: Configuration) -> Bool {
        let excluded = Set(configuration.systemExclude.map { $0.lowercased() })
        return classNames.contains { excluded.contains($0.lowercased()) }
    }

    /// Every `system...` action value that does not read, as `"key" is "text"; expected ...` lines.
    public static func problems(in configuration: Configuration) -> [String] {
        var lines: [String] = []
        let forms = "button:N (1...255), key:CHORD, command:SHELL or none"
        for (key, text) in [("systemBackAction", configuration.systemBackAction), ("systemForwardAction", configuration.systemForwardAction)]
        where SystemAction(text) == nil {
            lines.append("\"\(key)\" is \"\(text)\"; expected \(forms)")
        }
        for (index, entry) in configuration.systemAppActions.enumerated() where appEntry(entry) == nil {
            lines.append("\"systemAppActions\"[\(index)] is \"\(entry)\"; expected CLASS=ACTION or CLASS=BACK|FORWARD, an action being \(forms)")
        }
        return lines
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: Substring {
        let s = self[...]
        guard let first = s.firstIndex(where: { $0 != " " }), let last = s.lastIndex(where: { $0 != " " }) else { return "" }
        return Substring(s[first...last])
    }
}

// SPDX-License-Identifier: Apache-2.0

/// A key with the modifiers held: the one form of key names in the configuration, the event log
/// and `swipeback system`'s key actions (`Alt+Left`, `Escape`, `Ctrl+Alt+Shift+Q`).
///
/// Written as the modifiers in the order Ctrl, Alt, Shift, Super, then the key's X name (a single
/// letter upper-cased), joined by `+`. Whether X knows the key's name is the X layer's to check
/// (`KeyTranslation`).
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// A modifier key, in the order chords are written.
    public enum Modifier: String, CaseIterable, Sendable {
        /// Control.
        case ctrl = "Ctrl"
        /// Alt (X's Mod1).
        case alt = "Alt"
        /// Shift.
        case shift = "Shift"
        /// Super (X's Mod4).
        case superKey = "Super"
    }

    /// The modifiers held, in the written order.
    public let modifiers: [Modifier]
    /// The key's X name (`Left`, `XF86Back`, `Q`).
    public let key: String

    /// What a chord is, for messages: "modifiers (Ctrl, Alt, Shift, Super) and one X key name joined by +".
    public static let syntax = "modifiers (Ctrl, Alt, Shift, Super) and one X key name joined by +"

    /// A chord of `key` with `modifiers`, written in order.
    ///
    /// - Parameters:
    ///   - modifiers: the modifiers held, in any order.
    ///   - key: the key's X name; a single letter is upper-cased.
    public init(modifiers: Set<Modifier>, key: String) {
        self.modifiers = Modifier.allCases.filter(modifiers.contains)
        self.key = key.count == 1 ? key.uppercased() : key
    }

    /// Reads a written chord, modifiers in any order and any case (`ctrl+alt+q`); nil when it is
    /// not one: an empty part, a repeated or unknown modifier, or no key.
    ///
    /// - Parameter text: the chord as written.
    public init?(_ text: String) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let key = parts.last, !key.isEmpty else { return nil }
        var modifiers: Set<Modifier> = []
        for part in parts.dropLast() {
            guard let modifier = Modifier.allCases.first(where: { $0.rawValue.lowercased() == part.lowercased() }),
                  modifiers.insert(modifier).inserted else { return nil }
        }
        self.init(modifiers: modifiers, key: key)
    }

    /// The chord as written: `Ctrl+Alt+Q`.
    public var description: String {
        (modifiers.map(\.rawValue) + [key]).joined(separator: "+")
    }
}

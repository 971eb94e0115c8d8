// SPDX-License-Identifier: Apache-2.0
import CX11

/// Key presses to the key names of the configuration (`Alt+Left`, `Escape`, `Ctrl+Alt+Shift+Q`).
public enum KeyTranslation {
    /// A configured key chord as `name(keysym:state:)` would write it (`ctrl+alt+q` becomes
    /// `Ctrl+Alt+Q`), or nil when it is not one: modifiers among Ctrl, Alt, Shift and Super, then
    /// one key X knows by name.
    public static func normalizedChord(_ chord: String) -> String? {
        let parts = chord.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let key = parts.last, !key.isEmpty else { return nil }
        let order = ["Ctrl", "Alt", "Shift", "Super"]
        var modifiers: [String] = []
        for part in parts.dropLast() {
            guard let modifier = order.first(where: { $0.lowercased() == part.lowercased() }), !modifiers.contains(modifier) else { return nil }
            modifiers.append(modifier)
        }
        let keyName = key.count == 1 ? key.lowercased() : key
        guard XStringToKeysym(keyName) != UInt(NoSymbol) else { return nil }
        return (order.filter(modifiers.contains) + [key.count == 1 ? key.uppercased() : key]).joined(separator: "+")
    }

    /// The keysyms to press for a chord, modifiers first (Ctrl, Alt, Shift, Super as their left
    /// keys), then the key: what sending the chord with XTest takes (`swipeback system`'s
    /// `key:` actions). Nil when `normalizedChord` refuses it.
    public static func keysyms(ofChord chord: String) -> [KeySym]? {
        guard let normal = normalizedChord(chord) else { return nil }
        let modifierKeys = ["Ctrl": "Control_L", "Alt": "Alt_L", "Shift": "Shift_L", "Super": "Super_L"]
        return normal.split(separator: "+").map { part in
            let name = modifierKeys[String(part)] ?? (part.count == 1 ? part.lowercased() : String(part))
            return XStringToKeysym(name)
        }
    }

    /// The name of a key press: modifiers in the order Ctrl, Alt, Shift, Super, then the keysym's
    /// X name (single letters upper-cased); nil for a bare modifier key or an unnamed keysym.
    ///
    /// - Parameters:
    ///   - keysym: the unshifted keysym (`XLookupKeysym(event, 0)`).
    ///   - state: the event's modifier mask (`ControlMask`, `Mod1Mask` for Alt, `ShiftMask`, `Mod4Mask`).
    public static func name(keysym: KeySym, state: UInt32) -> String? {
        guard keysym != 0, let raw = XKeysymToString(keysym) else { return nil }
        var key = String(cString: raw)
        let modifierKeys: Set<String> = ["Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R",
                                         "Super_L", "Super_R", "Meta_L", "Meta_R", "ISO_Level3_Shift", "Caps_Lock", "Num_Lock"]
        if modifierKeys.contains(key) { return nil }
        if key.count == 1 { key = key.uppercased() }
        var parts: [String] = []
        if state & UInt32(ControlMask) != 0 { parts.append("Ctrl") }
        if state & UInt32(Mod1Mask) != 0 { parts.append("Alt") }
        if state & UInt32(ShiftMask) != 0 { parts.append("Shift") }
        if state & UInt32(Mod4Mask) != 0 { parts.append("Super") }
        return (parts + [key]).joined(separator: "+")
    }
}

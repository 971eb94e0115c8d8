// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore

/// Key presses to the key names of the configuration (`Alt+Left`, `Escape`, `Ctrl+Alt+Shift+Q`).
public enum KeyTranslation {
    /// The keysyms to press for a chord, modifiers first (Ctrl, Alt, Shift, Super as their left
    /// keys), then the key: what sending the chord with XTest takes (`swipeback system`'s
    /// `key:` actions). Nil when X has no key of that name.
    ///
    /// - Parameter chord: the chord.
    public static func keysyms(ofChord chord: KeyChord) -> [KeySym]? {
        let key = XStringToKeysym(xName(chord.key))
        guard key != UInt(NoSymbol) else { return nil }
        let modifierKeys: [KeyChord.Modifier: String] = [.ctrl: "Control_L", .alt: "Alt_L", .shift: "Shift_L", .superKey: "Super_L"]
        return chord.modifiers.map { XStringToKeysym(modifierKeys[$0]!) } + [key]
    }

    /// The configuration reader's check of the chords X sends or takes (a `key:` action of
    /// `swipeback system`, the kiosk's exit chord): X must know the chord's key by name.
    ///
    /// - Parameter keys: the configuration keys to check (`systemBackAction`, `kioskExitChord`, ...).
    public static func check(keys: [String]) -> SystemActionCheck {
        SystemActionCheck(keys: keys) { action in
            guard case .key(let chord) = action, keysyms(ofChord: chord) == nil else { return nil }
            return KeyChord.syntax + ", with a key X knows by name (\"" + chord.key + "\" is not one), like \"Alt+Left\" or \"XF86Back\""
        }
    }

    /// The X name of a chord's key: a single letter's keysym is the lower-case one.
    private static func xName(_ key: String) -> String { key.count == 1 ? key.lowercased() : key }

    /// The name of a key press: modifiers in the order Ctrl, Alt, Shift, Super, then the keysym's
    /// X name (single letters upper-cased); nil for a bare modifier key or an unnamed keysym.
    ///
    /// - Parameters:
    ///   - keysym: the unshifted keysym (`XLookupKeysym(event, 0)`).
    ///   - state: the event's modifier mask (`ControlMask`, `Mod1Mask` for Alt, `ShiftMask`, `Mod4Mask`).
    public static func name(keysym: KeySym, state: UInt32) -> String? {
        guard keysym != 0, let raw = XKeysymToString(keysym) else { return nil }
        let key = String(cString: raw)
        let modifierKeys: Set<String> = ["Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R",
                                         "Super_L", "Super_R", "Meta_L", "Meta_R", "ISO_Level3_Shift", "Caps_Lock", "Num_Lock"]
        if modifierKeys.contains(key) { return nil }
        var modifiers: Set<KeyChord.Modifier> = []
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.ctrl) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(Mod4Mask) != 0 { modifiers.insert(.superKey) }
        return KeyChord(modifiers: modifiers, key: key).description
    }
}
